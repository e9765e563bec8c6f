/** Tests of JSON snapshots. */
import { describe, expect, it } from 'vitest';
import { matchesJsonSnapshot, takeJsonSnapshot } from './json-snapshot.js';

describe('JSON snapshots', () => {
  it('match the same data and stop matching once it changes', () => {
    const data: Record<string, unknown> = { a: 1, b: ['x', { c: true, d: null }], e: { 'EUR/USD': '1.08' } };
    const snapshot = takeJsonSnapshot(data)!;
    expect(matchesJsonSnapshot(data, snapshot)).toBe(true);
    expect(matchesJsonSnapshot(structuredClone(data), snapshot)).toBe(true);
    (data.b as unknown[]).push(2);
    expect(matchesJsonSnapshot(data, snapshot)).toBe(false);
    (data.b as unknown[]).pop();
    (data.e as Record<string, unknown>)['EUR/USD'] = '1.09';
    expect(matchesJsonSnapshot(data, snapshot)).toBe(false);
  });

  it('compares key order, types and holes', () => {
    const snapshot = takeJsonSnapshot({ a: 1, b: 2 })!;
    expect(matchesJsonSnapshot({ b: 2, a: 1 }, snapshot)).toBe(false);
    expect(matchesJsonSnapshot({ a: '1', b: 2 }, snapshot)).toBe(false);
    expect(matchesJsonSnapshot({ a: 1, b: 2, c: 3 }, snapshot)).toBe(false);
    expect(matchesJsonSnapshot([1, 2], takeJsonSnapshot([1, 2])!)).toBe(true);
    // eslint-disable-next-line no-sparse-arrays
    expect(matchesJsonSnapshot([1, , 2], takeJsonSnapshot([1, null, 2])!)).toBe(false);
    expect(matchesJsonSnapshot({ 0: 1 }, takeJsonSnapshot([1])!)).toBe(false);
  });

  it('takes no snapshot of data that is not plain JSON', () => {
    expect(takeJsonSnapshot({ a: undefined })).toBeUndefined();
    expect(takeJsonSnapshot({ a: Number.NaN })).toBeUndefined();
    expect(takeJsonSnapshot(new Date(0))).toBeUndefined();
    expect(takeJsonSnapshot({ f: () => 1 })).toBeUndefined();
    // eslint-disable-next-line no-sparse-arrays
    expect(takeJsonSnapshot([1, , 2])).toBeUndefined();
  });
});
