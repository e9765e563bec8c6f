/**
 * Money: a Decimal amount with an ISO 4217 currency, as a frozen plain object plus
 * functions. Arithmetic refuses to mix currencies (`CurrencyMismatchError`); amounts are
 * never summed by the reconciler, only compared.
 *
 * @example
 * const total = money('811.88', 'USD');
 * formatMoney(addMoney(total, money('0.12', 'USD'))); // { amount: '812.00', currency: 'USD' }
 */
import { CurrencyMismatchError } from '../errors/currency-mismatch-error.js';
import { InvalidMoneyError } from '../errors/invalid-money-error.js';
import { isPlainObject } from '../json.js';
import { type CurrencyCode, currencyMinorUnits, isIsoCurrencyCode } from './currency.js';
import { type Decimal, formatDecimal, parseDecimal, quantizeDecimal } from './decimal.js';

export interface Money {
  readonly amount: Decimal;
  readonly currency: CurrencyCode;
}

/** The JSON encoding of money in artifacts: `{ amount: "811.88", currency: "USD" }`. */
export interface MoneyJson {
  readonly amount: string;
  readonly currency: CurrencyCode;
}

/** Builds money from a decimal string or number and an ISO 4217 code. */
export function money(amount: string | number | Decimal, currency: string): Money {
  if (!isIsoCurrencyCode(currency)) {
    throw new InvalidMoneyError(`Not an ISO 4217 currency code: "${String(currency)}".`, { code: 'INVALID_ISO_4217', context: { currency: String(currency) } });
  }
  return Object.freeze({ amount: parseDecimal(amount), currency });
}

function assertSameCurrency(left: Money, right: Money, operation: string): void {
  if (left.currency !== right.currency) {
    throw new CurrencyMismatchError(`Cannot ${operation} ${left.currency} and ${right.currency}.`, {
      context: { currencyA: left.currency, currencyB: right.currency },
    });
  }
}

export function addMoney(left: Money, right: Money): Money {
  assertSameCurrency(left, right, 'add');
  return Object.freeze({ amount: left.amount.plus(right.amount), currency: left.currency });
}

export function subtractMoney(left: Money, right: Money): Money {
  assertSameCurrency(left, right, 'subtract');
  return Object.freeze({ amount: left.amount.minus(right.amount), currency: left.currency });
}

/** -1, 0 or 1. Throws `CurrencyMismatchError` across currencies. */
export function compareMoney(left: Money, right: Money): -1 | 0 | 1 {
  assertSameCurrency(left, right, 'compare');
  return left.amount.comparedTo(right.amount) as -1 | 0 | 1;
}

/** Same currency and numerically equal amounts (`1.5 USD` equals `1.50 USD`). */
export function moneyEquals(left: Money, right: Money): boolean {
  return left.currency === right.currency && left.amount.equals(right.amount);
}

/** Rounds half to even to `places` (default: the currency's minor units). */
export function quantizeMoney(value: Money, places: number = currencyMinorUnits(value.currency)): Money {
  return Object.freeze({ amount: quantizeDecimal(value.amount, places), currency: value.currency });
}

/**
 * JSON form with the amount as a plain decimal string, padded to the currency's minor
 * units (`0.3 USD` → `"0.30"`; `1234 JPY` → `"1234"`; extra precision is kept).
 */
export function formatMoney(value: Money): MoneyJson {
  return Object.freeze({ amount: formatDecimal(value.amount, currencyMinorUnits(value.currency)), currency: value.currency });
}

/** Parses the JSON form back. */
export function parseMoney(value: unknown): Money {
  if (!isPlainObject(value) || typeof value.amount !== 'string' || typeof value.currency !== 'string') {
    throw new InvalidMoneyError('Money must be { amount: <decimal string>, currency: <ISO 4217 code> }.');
  }
  return money(value.amount, value.currency);
}
