import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { comparePlainDecimalText, decimalTextOverPowerOfTen, formatDecimal, formatDecimalText, parseDecimal } from './decimal.js';

const digits = (max: number) => fc.array(fc.constantFrom('0', '0', '1', '5', '9'), { minLength: 0, maxLength: max }).map((list) => list.join(''));
/** Decimal-looking texts: a sign or none, digits, maybe a point and more digits (empty parts included). */
const decimalText = fc.tuple(fc.constantFrom('', '-', '+', ' '), digits(25), fc.boolean(), digits(35)).map(([sign, whole, point, fraction]) => `${sign}${whole}${point ? '.' : ''}${fraction}`);

/** On decimal texts and counts 0–6, `actual` writes what the Decimal `reference` writes, and throws where it throws. */
function agreesWithReference(actual: (value: string, count: number) => string, reference: (value: string, count: number) => string, numRuns: number): void {
  fc.assert(
    fc.property(decimalText, fc.integer({ min: 0, max: 6 }), (value, count) => {
      let expected: string;
      try {
        expected = reference(value, count);
      } catch {
        expect(() => actual(value, count)).toThrow();
        return;
      }
      expect(actual(value, count)).toBe(expected);
    }),
    { numRuns },
  );
}

describe('formatDecimalText', () => {
  it('writes what formatDecimal(parseDecimal(text)) writes', () => {
    agreesWithReference(formatDecimalText, (value, places) => formatDecimal(parseDecimal(value), places), 2000);
  });

  it('keeps the places asked for and drops a negative zero sign', () => {
    expect(formatDecimalText('12.50')).toBe('12.5');
    expect(formatDecimalText('12.50', 2)).toBe('12.50');
    expect(formatDecimalText('12', 2)).toBe('12.00');
    expect(formatDecimalText('-0.00')).toBe('0');
    expect(formatDecimalText('-0.00', 2)).toBe('0.00');
    expect(formatDecimalText('-3.10', 1)).toBe('-3.1');
    expect(formatDecimalText('007.5')).toBe('7.5');
  });
});

describe('comparePlainDecimalText', () => {
  it('compares plain texts as parseDecimal(left).comparedTo(parseDecimal(right)) does', () => {
    const digits = (max: number) => fc.array(fc.constantFrom('0', '0', '1', '5', '9'), { minLength: 0, maxLength: max }).map((list) => list.join(''));
    const text = fc.tuple(fc.constantFrom('', '-', '+'), digits(6), fc.boolean(), digits(5)).map(([sign, whole, point, fraction]) => `${sign}${whole}${point ? '.' : ''}${fraction}`);
    fc.assert(
      fc.property(text, text, (left, right) => {
        const compared = comparePlainDecimalText(left, right);
        if (compared === null) return;
        expect(compared).toBe(parseDecimal(left).comparedTo(parseDecimal(right)));
      }),
      { numRuns: 3000 },
    );
  });

  it('answers null for anything not in plain form', () => {
    expect(comparePlainDecimalText('10.5', '9.75')).toBe(1);
    expect(comparePlainDecimalText('-0.00', '0')).toBe(0);
    expect(comparePlainDecimalText('-2.5', '-2.49')).toBe(-1);
    expect(comparePlainDecimalText('-900', '-900.0')).toBe(0);
    expect(comparePlainDecimalText('007', '7')).toBeNull();
    expect(comparePlainDecimalText('1', ' 1')).toBeNull();
    expect(comparePlainDecimalText('.5', '0.5')).toBeNull();
  });
});

describe('decimalTextOverPowerOfTen', () => {
  it('writes what formatDecimal(parseDecimal(text).dividedBy(10 ** exponent)) writes', () => {
    agreesWithReference(decimalTextOverPowerOfTen, (value, exponent) => formatDecimal(parseDecimal(value).dividedBy(10 ** exponent)), 3000);
  });

  it('moves the point of a percentage and trims zeros', () => {
    expect(decimalTextOverPowerOfTen('8.25', 2)).toBe('0.0825');
    expect(decimalTextOverPowerOfTen('100', 2)).toBe('1');
    expect(decimalTextOverPowerOfTen('1250.50', 2)).toBe('12.505');
    expect(decimalTextOverPowerOfTen('-0.0', 2)).toBe('0');
    expect(decimalTextOverPowerOfTen('-5', 2)).toBe('-0.05');
    expect(decimalTextOverPowerOfTen('0', 0)).toBe('0');
    expect(decimalTextOverPowerOfTen('07.5', 2)).toBe('0.075');
  });
});
