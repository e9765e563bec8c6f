import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CurrencyMismatchError } from '../errors/currency-mismatch-error.js';
import { PaxmanError } from '../errors/paxman-error.js';
import { formatDecimal, parseDecimal, quantizeDecimal } from './decimal.js';
import { addMoney, compareMoney, formatMoney, money, moneyEquals, parseMoney, quantizeMoney, subtractMoney } from './money.js';
import { currencyMinorUnits, isIsoCurrencyCode } from './currency.js';

describe('Money', () => {
  it('adds 0.1 and 0.2 to exactly 0.3', () => {
    expect(formatMoney(addMoney(money('0.1', 'USD'), money(0.2, 'USD')))).toEqual({ amount: '0.30', currency: 'USD' });
  });

  it('refuses to mix currencies', () => {
    const error = (() => {
      try {
        addMoney(money('1', 'USD'), money('1', 'EUR'));
      } catch (caught) {
        return caught;
      }
    })();
    expect(error).toBeInstanceOf(CurrencyMismatchError);
    expect(PaxmanError.isInstance(error) && error.code).toBe('CURRENCY_MISMATCH');
    expect(() => subtractMoney(money('1', 'USD'), money('1', 'GBP'))).toThrow(CurrencyMismatchError);
    expect(() => compareMoney(money('1', 'USD'), money('1', 'GBP'))).toThrow(CurrencyMismatchError);
  });

  it('rejects codes that are not ISO 4217 and malformed amounts', () => {
    expect(() => money('1', 'usd')).toThrow(/ISO 4217/);
    expect(() => money('1', 'ABC')).toThrow(/ISO 4217/);
    expect(() => money('1,000.00', 'USD')).toThrow(/decimal/);
    expect(() => money(Number.NaN, 'USD')).toThrow(/finite/);
    expect(isIsoCurrencyCode('CHF')).toBe(true);
    expect(currencyMinorUnits('JPY')).toBe(0);
    expect(currencyMinorUnits('KWD')).toBe(3);
    expect(currencyMinorUnits('USD')).toBe(2);
    // Looked up case-insensitively, as the currency list does; an unknown code has 2.
    expect(currencyMinorUnits('jpy')).toBe(0);
    expect(currencyMinorUnits('ABC')).toBe(2);
  });

  it('quantizes with banker’s rounding', () => {
    expect(formatDecimal(quantizeDecimal(parseDecimal('2.345'), 2))).toBe('2.34');
    expect(formatDecimal(quantizeDecimal(parseDecimal('2.355'), 2))).toBe('2.36');
    expect(formatDecimal(quantizeDecimal(parseDecimal('-2.5'), 0))).toBe('-2');
    expect(formatMoney(quantizeMoney(money('1234.5', 'JPY')))).toEqual({ amount: '1234', currency: 'JPY' });
    expect(formatMoney(quantizeMoney(money('1.005', 'USD')))).toEqual({ amount: '1.00', currency: 'USD' });
  });

  it('formats without exponents and parses back', () => {
    expect(formatDecimal(parseDecimal('0.00000001'))).toBe('0.00000001');
    expect(formatDecimal(parseDecimal('1e3'.replace('e3', '000')))).toBe('1000');
    expect(formatDecimal(parseDecimal('-0'))).toBe('0');
    expect(moneyEquals(parseMoney({ amount: '1.50', currency: 'EUR' }), money('1.5', 'EUR'))).toBe(true);
    expect(() => parseMoney({ amount: 1.5, currency: 'EUR' })).toThrow();
  });

  const cents = fc.integer({ min: -10_000_000_00, max: 10_000_000_00 });
  const amount = cents.map((value) => (value / 100).toFixed(2));

  it('has no float drift: summing cent amounts equals the integer sum of cents', () => {
    fc.assert(
      fc.property(fc.array(cents, { maxLength: 50 }), (values) => {
        const total = values.reduce((sum, value) => addMoney(sum, money((value / 100).toFixed(2), 'EUR')), money('0', 'EUR'));
        const expected = values.reduce((sum, value) => sum + BigInt(value), 0n);
        expect(total.amount.times(100).toFixed(0)).toBe(expected.toString());
      }),
    );
  });

  it('addition and subtraction are inverse; compare agrees with subtraction', () => {
    fc.assert(
      fc.property(amount, amount, (left, right) => {
        const a = money(left, 'USD');
        const b = money(right, 'USD');
        expect(moneyEquals(subtractMoney(addMoney(a, b), b), a)).toBe(true);
        const difference = subtractMoney(a, b).amount;
        expect(compareMoney(a, b)).toBe(difference.isZero() ? 0 : difference.isNegative() ? -1 : 1);
      }),
    );
  });

  it('round-trips through its JSON form', () => {
    fc.assert(
      fc.property(amount, fc.constantFrom('USD', 'EUR', 'JPY', 'KWD'), (value, currency) => {
        const original = money(value, currency);
        expect(moneyEquals(parseMoney(formatMoney(original)), original)).toBe(true);
      }),
    );
  });
});
