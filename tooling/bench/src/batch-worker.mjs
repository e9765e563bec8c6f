/**
 * Worker for the batch benchmark: normalizes `count` documents round-robin and posts how
 * many it did, plus the time the documents after the first `warmUp` took (steady state).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { normalize } from 'paxman';

const { documents, count, offset, warmUp } = workerData;
let done = 0;
let steadyStart = performance.now();
for (let index = 0; index < count; index += 1) {
  if (index === warmUp) steadyStart = performance.now();
  const document = documents[(index + offset) % documents.length];
  await normalize(document.input, { contract: document.contract, policy: { allowLocalInference: false, allowRemoteInference: false } });
  done += 1;
}
parentPort.postMessage({ done, steadyDocuments: Math.max(0, done - warmUp), steadyMs: performance.now() - steadyStart });
