/**
 * Whole-process measurements: cold `import('paxman')` in fresh processes, batch
 * throughput with one worker thread per core, and peak RSS normalizing a 100 MB text.
 */
import { execFileSync } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { fileURLToPath } from 'node:url';
import { summarizeSamples } from './harness.mjs';
import { sharedFolder } from './inputs.mjs';

const benchFolder = fileURLToPath(new URL('..', import.meta.url));

export function coldImportBenchmark(runs = 20) {
  const script = "const t=performance.now();await import('paxman');process.stdout.write(String(performance.now()-t));";
  const samples = [];
  for (let index = 0; index < runs; index += 1) {
    samples.push(Number(execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: benchFolder, encoding: 'utf8' })));
  }
  return summarizeSamples("cold import('paxman')", samples);
}

/** Small documents of the shared corpora (text-like inputs ≤ 20 KB) with their contracts. */
export function batchDocuments() {
  const documents = [];
  for (const corpus of readdirSync(`${sharedFolder}eval`, { withFileTypes: true })) {
    if (!corpus.isDirectory()) continue;
    const folder = `${sharedFolder}eval/${corpus.name}`;
    // real-dev is a recipe, not a corpus: its builds live outside the shared folder.
    if (!existsSync(`${folder}/contract.json`)) continue;
    const contract = JSON.parse(readFileSync(`${folder}/contract.json`, 'utf8'));
    for (const file of readdirSync(`${folder}/cases`)) {
      if (file.endsWith('.expected.json') || file.endsWith('.pdf')) continue;
      const bytes = readFileSync(`${folder}/cases/${file}`);
      if (bytes.length <= 20_000) documents.push({ input: bytes.toString('utf8'), contract });
    }
  }
  return documents;
}

export async function batchBenchmark(totalDocuments = 4000) {
  const documents = batchDocuments();
  const workers = availableParallelism();
  const perWorker = Math.ceil(totalDocuments / workers);
  const warmUp = Math.floor(perWorker / 10);
  const started = performance.now();
  const reports = await Promise.all(
    Array.from({ length: workers }, (_, index) =>
      new Promise((resolve, reject) => {
        const worker = new Worker(new URL('./batch-worker.mjs', import.meta.url), { workerData: { documents, count: perWorker, offset: index, warmUp } });
        worker.once('message', resolve);
        worker.once('error', reject);
      }),
    ),
  );
  const seconds = (performance.now() - started) / 1000;
  const processed = reports.reduce((sum, report) => sum + report.done, 0);
  // Steady state: each worker's documents after its warm-up, over the slowest worker's time.
  const steadyDocuments = reports.reduce((sum, report) => sum + report.steadyDocuments, 0);
  const steadySeconds = Math.max(...reports.map((report) => report.steadyMs)) / 1000;
  const steadyRate = steadySeconds > 0 ? (steadyDocuments / steadySeconds).toFixed(0) : 'n/a';
  return {
    name: `batch normalize, ${workers} workers`,
    iterations: processed,
    medianMs: (seconds * 1000) / processed,
    p10Ms: Number.NaN,
    p90Ms: Number.NaN,
    documentsPerSecond: processed / seconds,
    note: `${(processed / seconds).toFixed(0)} documents/s including worker start-up, ${steadyRate}/s after warm-up (${documents.length} distinct small documents)`,
  };
}

export function peakMemoryBenchmark() {
  const output = execFileSync(process.execPath, [fileURLToPath(new URL('./memory-child.mjs', import.meta.url))], { cwd: benchFolder, encoding: 'utf8', maxBuffer: 1 << 20 });
  const { maxRssMb, milliseconds, status } = JSON.parse(output);
  return { name: 'normalize 100 MB text, 20 fields', iterations: 1, medianMs: milliseconds, p10Ms: Number.NaN, p90Ms: Number.NaN, note: `peak RSS ${maxRssMb.toFixed(0)} MB, status ${status}` };
}
