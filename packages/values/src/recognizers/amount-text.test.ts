/** Tests of the strict re-parser for raw amounts and currency marks. */
import { describe, expect, it } from 'vitest';
import { parseLooseDecimal, readCurrency } from './amount-text.js';

describe('parseLooseDecimal', () => {
  it.each([
    ['1.234,56 €', '1234.56'],
    ['1,234.56', '1234.56'],
    ['USD 1,234.50', '1234.50'],
    ['(12.00)', '-12.00'],
    ['-7,5', '-7.5'],
    ['1 234 567,89', '1234567.89'],
    ["1'234.50", '1234.50'],
    ['0.125', '0.125'],
    ['42', '42'],
    ['1.234.567', '1234567'],
  ])('reads %s as %s', (text, expected) => {
    expect(parseLooseDecimal(text)).toBe(expected);
  });

  it.each(['1.234', '1,234', 'twelve', '', '1,2,3', '12.34.56,7', '--', '1.23,45,6'])('refuses %j rather than guess', (text) => {
    expect(parseLooseDecimal(text)).toBeNull();
  });
});

describe('readCurrency', () => {
  it('prefers ISO codes, then unambiguous symbols, and flags ambiguous ones', () => {
    expect(readCurrency('EUR 5')).toEqual({ currency: 'EUR', source: 'code' });
    expect(readCurrency('€5')).toEqual({ currency: 'EUR', source: 'symbol' });
    expect(readCurrency('US$ 5')).toEqual({ currency: 'USD', source: 'symbol' });
    expect(readCurrency('$5')).toEqual({ currency: 'USD', source: 'symbol-ambiguous' });
    expect(readCurrency('5.00')).toBeNull();
    expect(readCurrency('ABC 5')).toBeNull();
  });
});
