import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { firstAtOrAfter } from './sorted-search.js';

describe('firstAtOrAfter', () => {
  it('finds the first start at or after an offset, the length when none is', () => {
    expect(firstAtOrAfter([], 3)).toBe(0);
    expect(firstAtOrAfter([2, 4, 4, 9], 4)).toBe(1);
    expect(firstAtOrAfter([2, 4, 4, 9], 5)).toBe(3);
    expect(firstAtOrAfter([2, 4, 4, 9], 10)).toBe(4);
    expect(firstAtOrAfter(Int32Array.of(1, 3), 0)).toBe(0);
  });

  it('agrees with a walk of the list', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 50 })), fc.integer({ min: -5, max: 60 }), (values, offset) => {
        const starts = [...values].sort((left, right) => left - right);
        const walked = starts.findIndex((start) => start >= offset);
        expect(firstAtOrAfter(starts, offset)).toBe(walked < 0 ? starts.length : walked);
      }),
    );
  });
});
