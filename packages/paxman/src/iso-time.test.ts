/** Tests of the remembered-second ISO time text. */
import { describe, expect, it } from 'vitest';
import { isoTime } from './iso-time.js';

describe('isoTime', () => {
  it('writes what Date#toISOString writes, within a second and across seconds', () => {
    const owner = {};
    const base = Date.UTC(2026, 10, 24, 9, 59, 58, 990);
    for (let offset = 0; offset < 2100; offset += 7) {
      const time = base + offset;
      expect(isoTime(owner, time)).toBe(new Date(time).toISOString());
    }
  });

  it('keeps owners apart and handles times outside the fast range', () => {
    const first = {};
    const second = {};
    expect(isoTime(first, 1000)).toBe('1970-01-01T00:00:01.000Z');
    expect(isoTime(second, 1005)).toBe('1970-01-01T00:00:01.005Z');
    expect(isoTime(first, 61_005)).toBe('1970-01-01T00:01:01.005Z');
    expect(isoTime(first, -1)).toBe(new Date(-1).toISOString());
    expect(isoTime(first, 1.5)).toBe(new Date(1.5).toISOString());
    expect(isoTime(first, 253402300800000)).toBe(new Date(253402300800000).toISOString());
    expect(() => isoTime(first, Number.NaN)).toThrow(RangeError);
  });
});
