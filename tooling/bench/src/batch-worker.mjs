/** Worker for the batch benchmark: normalizes `count` documents round-robin, posts the count. */
import { parentPort, workerData } from 'node:worker_threads';
import { normalize } from 'paxman';

const { documents, count, offset } = workerData;
let done = 0;
for (let index = 0; index < count; index += 1) {
  const document = documents[(index + offset) % documents.length];
  await normalize(document.input, { contract: document.contract, policy: { allowLocalInference: false, allowRemoteInference: false } });
  done += 1;
}
parentPort.postMessage(done);
