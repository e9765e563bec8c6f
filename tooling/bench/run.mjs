#!/usr/bin/env node
/**
 * `pnpm bench [--json] [suite]`: runs the benchmark suites against the built packages
 * and prints medians and spread (or JSON with `--json`). Suites: profile, normalize,
 * import, batch, memory, batch-app (paxman-batch with 1 and 2 workers), python (the Python reference on the same inputs, with the ratio,
 * and normalize again once warm — after hundreds of runs — with that ratio too),
 * hostile (the hostile inputs at full scale, each in its own process: time, peak RSS, the limit hit) and ocr
 * (seconds per page per engine and for the pair, a folder's batch rate, peak memory; `--images <dir>`, `--pages <n>`) — these two only when named.
 */
import { formatResults } from './src/harness.mjs';
import { normalizeBenchmarks, warmNormalizeBenchmarks } from './src/normalize.bench.mjs';
import { batchBenchmark, coldImportBenchmark, peakMemoryBenchmark } from './src/process.bench.mjs';
import { profileBenchmarks } from './src/profile.bench.mjs';
import { pythonReferenceResults } from './src/python-reference.bench.mjs';
import { batchAppBenchmarks } from './src/batch-app.bench.mjs';
import { hostileBenchmarks } from './src/hostile.bench.mjs';
import { ocrBenchmarks } from './src/ocr.bench.mjs';

const json = process.argv.includes('--json');
const imagesIndex = process.argv.indexOf('--images');
const imageFolder = imagesIndex >= 0 ? process.argv[imagesIndex + 1] : undefined;
const pagesIndex = process.argv.indexOf('--pages');
const pageCount = pagesIndex >= 0 ? Number(process.argv[pagesIndex + 1]) : undefined;
const optionValues = new Set([imagesIndex, pagesIndex].filter((index) => index >= 0).map((index) => index + 1));
const filter = process.argv.slice(2).find((argument, index) => !argument.startsWith('--') && !optionValues.has(index + 2));
const suites = [
  ['profile', profileBenchmarks],
  ['normalize', normalizeBenchmarks],
  ['import', async () => [coldImportBenchmark()]],
  ['batch', async () => [await batchBenchmark()]],
  ['memory', async () => [peakMemoryBenchmark()]],
  ['batch-app', async () => batchAppBenchmarks()],
  // Needs the normalize medians of this run: measured again here when the normalize suite was filtered out.
  // Also times normalize warm (after hundreds of runs), as a long-lived service runs it.
  ['python', async (earlier) => {
    const medians = await normalizeMedians(earlier);
    const warmRows = await warmNormalizeBenchmarks();
    const warm = { large: warmRows[0].medianMs, small: warmRows[1].medianMs };
    return [...warmRows, ...pythonReferenceResults(medians, warm)];
  }],
  ['hostile', async () => hostileBenchmarks(), { onlyWhenNamed: true }],
  // A few minutes on 2 cores; `--images <dir>` reads a folder of photos instead of rendered receipts, `--pages <n>` that many.
  ['ocr', async () => ocrBenchmarks({ ...(imageFolder === undefined ? {} : { folder: imageFolder }), ...(pageCount === undefined ? {} : { pages: pageCount }) }), { onlyWhenNamed: true }],
];

async function normalizeMedians(earlier) {
  const rows = earlier.some((row) => row.name === 'normalize 20 fields, 100 KB') ? earlier : await normalizeBenchmarks();
  const median = (name) => rows.find((row) => row.name === name).medianMs;
  return { large: median('normalize 20 fields, 100 KB'), small: median('normalize 20 fields, small input') };
}
const results = [];
for (const [name, suite, options] of suites) {
  if (filter && !name.includes(filter)) continue;
  if (options?.onlyWhenNamed && filter !== name) continue;
  try {
    results.push(...(await suite(results)));
  } catch (error) {
    results.push({ name: `${name} (failed)`, iterations: 0, medianMs: Number.NaN, p10Ms: Number.NaN, p90Ms: Number.NaN, note: error instanceof Error ? error.message.split('\n')[0] : String(error) });
    process.exitCode = 1;
  }
}
const environment = { node: process.version, platform: `${process.platform}-${process.arch}` };
if (json) console.log(JSON.stringify({ environment, results }, null, 2));
else console.log(`${formatResults(results)}\n\n(${environment.node}, ${environment.platform})`);
