import { describe, expect, it } from 'vitest';
import { isAsciiText } from './ascii-text.js';

describe('isAsciiText', () => {
  it('is true for ASCII text only, the empty text included', () => {
    expect(isAsciiText('')).toBe(true);
    expect(isAsciiText('Rechnung Nr. 12\t#')).toBe(true);
    expect(isAsciiText('München')).toBe(false);
    expect(isAsciiText('\u0080')).toBe(false);
    expect(isAsciiText('total 😀')).toBe(false);
  });
});
