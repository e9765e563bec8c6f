/**
 * A small benchmark harness: runs a function until both a minimum number of iterations
 * and a minimum time are reached (after warm-up), and reports the median and spread of
 * the per-iteration times. Numbers, not assertions: nothing here fails a build.
 */
import { performance } from 'node:perf_hooks';

/** Linear-interpolated percentile of an ascending array (NaN when empty). */
export function percentile(sorted, fraction) {
  if (sorted.length === 0) return Number.NaN;
  const position = (sorted.length - 1) * fraction;
  const lower = Math.floor(position);
  const upper = Math.ceil(position);
  return sorted[lower] + (sorted[upper] - sorted[lower]) * (position - lower);
}

/**
 * @param {string} name
 * @param {() => unknown | Promise<unknown>} fn
 * @param {{ warmup?: number, minIterations?: number, minTimeMs?: number, maxIterations?: number, bytes?: number }} [options]
 */
export async function measure(name, fn, options = {}) {
  const { warmup = 5, minIterations = 20, minTimeMs = 500, maxIterations = 100_000, bytes } = options;
  for (let index = 0; index < warmup; index += 1) await fn();
  const samples = [];
  const started = performance.now();
  while ((samples.length < minIterations || performance.now() - started < minTimeMs) && samples.length < maxIterations) {
    const before = performance.now();
    await fn();
    samples.push(performance.now() - before);
  }
  return summarizeSamples(name, samples, bytes === undefined ? {} : { bytes });
}

/**
 * Median, p10, p90, min and max of per-iteration times in milliseconds; with `bytes`, the
 * throughput at the median in MB/s. Extra members are copied onto the result.
 * @param {string} name
 * @param {readonly number[]} samples
 * @param {{ bytes?: number, [key: string]: unknown }} [extra]
 */
export function summarizeSamples(name, samples, extra = {}) {
  const { bytes, ...rest } = extra;
  const sorted = [...samples].sort((a, b) => a - b);
  const median = percentile(sorted, 0.5);
  const result = {
    name,
    iterations: samples.length,
    medianMs: median,
    p10Ms: percentile(sorted, 0.1),
    p90Ms: percentile(sorted, 0.9),
    minMs: sorted.length === 0 ? Number.NaN : sorted[0],
    maxMs: sorted.length === 0 ? Number.NaN : sorted[sorted.length - 1],
    ...rest,
  };
  if (bytes !== undefined) result.throughputMBps = bytes / 1e6 / (median / 1000);
  return result;
}

/** Formats results as an aligned table. */
export function formatResults(results) {
  const rows = results.map((result) => [
    result.name,
    String(result.iterations),
    Number.isNaN(result.medianMs) ? '-' : result.medianMs.toFixed(4),
    Number.isNaN(result.p10Ms) ? '' : `${result.p10Ms.toFixed(4)}–${result.p90Ms.toFixed(4)}`,
    result.throughputMBps === undefined ? '' : result.throughputMBps.toFixed(1),
    result.note ?? '',
  ]);
  const header = ['benchmark', 'n', 'median ms', 'p10–p90 ms', 'MB/s', 'note'];
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column].length)));
  const line = (cells) => cells.map((cell, column) => cell.padEnd(widths[column])).join('  ').trimEnd();
  return [line(header), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)].join('\n');
}
