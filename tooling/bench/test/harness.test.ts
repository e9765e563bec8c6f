import { describe, expect, it } from 'vitest';
import { formatResults, measure, percentile, summarizeSamples } from '../src/harness.mjs';
import { cycling, variantsOf } from '../src/normalize.bench.mjs';
import { batchDocuments } from '../src/process.bench.mjs';

describe('benchmark statistics', () => {
  it('interpolates percentiles of an ascending array', () => {
    expect(percentile([1, 2, 3, 4], 0.5)).toBe(2.5);
    expect(percentile([10], 0.9)).toBe(10);
    expect(percentile([0, 10], 0.1)).toBe(1);
    expect(percentile([], 0.5)).toBeNaN();
  });

  it('summarizes unsorted samples with median, spread and throughput', () => {
    const summary = summarizeSamples('x', [5, 1, 3, 2, 4], { bytes: 3_000_000, note: 'n' });
    expect(summary).toMatchObject({ name: 'x', iterations: 5, medianMs: 3, minMs: 1, maxMs: 5, note: 'n' });
    expect(summary.p10Ms).toBeCloseTo(1.4);
    expect(summary.p90Ms).toBeCloseTo(4.6);
    expect(summary.throughputMBps).toBeCloseTo(1000);
    expect(summarizeSamples('empty', []).medianMs).toBeNaN();
  });

  it('runs warm-up plus at least minIterations and at most maxIterations', async () => {
    let calls = 0;
    const result = await measure('count', () => { calls += 1; }, { warmup: 2, minIterations: 7, minTimeMs: 0 });
    expect(result.iterations).toBe(7);
    expect(calls).toBe(9);
    const capped = await measure('cap', () => undefined, { warmup: 0, minIterations: 1, minTimeMs: 60_000, maxIterations: 3 });
    expect(capped.iterations).toBe(3);
  });

  it('formats an aligned table, with "-" for a failed benchmark', () => {
    const table = formatResults([
      summarizeSamples('fast', [1, 1, 1]),
      { name: 'broken (failed)', iterations: 0, medianMs: Number.NaN, p10Ms: Number.NaN, p90Ms: Number.NaN, note: 'boom' },
    ]);
    const lines = table.split('\n');
    expect(lines).toHaveLength(4);
    expect(lines[0]).toMatch(/^benchmark\s+n\s+median ms/);
    expect(lines[2]).toMatch(/^fast\s+3\s+1\.0000\s+1\.0000–1\.0000/);
    expect(lines[3]).toMatch(/^broken \(failed\)\s+0\s+-\s+boom$/);
  });
});

describe('benchmark inputs', () => {
  it('makes distinct variants of one document that keep its text', () => {
    const input = Buffer.from('Total: 5.00');
    const variants = variantsOf(input, 4);
    expect(new Set(variants.map((variant) => variant.toString())).size).toBe(4);
    for (const variant of variants) expect(variant.subarray(0, input.length).equals(input)).toBe(true);
    const next = cycling(['a', 'b']);
    expect([next(), next(), next()]).toEqual(['a', 'b', 'a']);
  });

  it('batches the small text documents of the shared corpora, never PDFs or expectations', () => {
    const documents = batchDocuments();
    expect(documents.length).toBeGreaterThan(10);
    for (const document of documents) {
      expect(typeof document.input).toBe('string');
      expect(Buffer.byteLength(document.input)).toBeLessThanOrEqual(20_000);
      expect(document.contract).toHaveProperty('fields');
      expect(document.input.startsWith('%PDF')).toBe(false);
    }
  });
});
