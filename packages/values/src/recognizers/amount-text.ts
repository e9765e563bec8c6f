/**
 * Strict reading of raw amount text that a capability could not turn into a canonical value
 * (`"1.234,56 €"`, `"(12.00)"`, `"USD 1,234.50"`). It strips currency marks, reads both
 * separator conventions and refuses anything it cannot read with certainty (`"1.234"`
 * alone could be either convention): a refusal drops the candidate, it never guesses.
 */
import { isPlainObject } from '@paxman/core';
import { findCurrencies } from './currency-code.js';
import { findMoney } from './money.js';

/** How a currency was read from text: an ISO code, an unambiguous symbol, or an ambiguous one. */
export type CurrencyReading = { readonly currency: string; readonly source: 'code' | 'symbol' | 'symbol-ambiguous' } | null;

const STATED_SOURCES = new Set(['code', 'symbol', 'symbol-ambiguous']);

/**
 * The currency `text` states, read by the same MONEY recognizer that finds amounts in
 * documents (so `₦500.00`, `zł 12,50` and `¥1,000` read the same everywhere), else the
 * first ISO 4217 code in it; null when it states none.
 * @example readCurrency('zł 12,50') // { currency: 'PLN', source: 'symbol' }
 */
export function readCurrency(text: string): CurrencyReading {
  const money = findMoney(text, {}, 'cell').find((hit) => isPlainObject(hit.value) && hit.value['currency'] !== null);
  const currency = money !== undefined && isPlainObject(money.value) ? money.value['currency'] : null;
  const source = money?.detail['currencySource'];
  if (typeof currency === 'string' && typeof source === 'string' && STATED_SOURCES.has(source)) {
    return { currency, source: source as 'code' | 'symbol' | 'symbol-ambiguous' };
  }
  const code = findCurrencies(text, {}).find((hit) => hit.detail['currencySource'] === 'code' || /^[A-Z]{3}$/.test(hit.text));
  return code !== undefined && typeof code.value === 'string' ? { currency: code.value, source: 'code' } : null;
}

/**
 * A plain decimal string read from numeric text, or null when the text is not a single
 * number or its separators are ambiguous.
 * @example parseLooseDecimal('1.234,56 €') // '1234.56'
 */
export function parseLooseDecimal(text: string): string | null {
  let body = text.trim();
  let negative = false;
  if (/^\(.*\)$/.test(body)) {
    negative = true;
    body = body.slice(1, -1).trim();
  }
  // Remove currency codes and symbols at either end.
  body = body.replace(/^(?:[A-Z]{3}|[^\d\s+\-.,]{1,3}\.?)\s*/, '').replace(/\s*(?:[A-Z]{3}|[^\d\s.,]{1,3})$/, '').trim();
  if (body.startsWith('-') || body.startsWith('−')) {
    negative = !negative;
    body = body.slice(1).trim();
  } else if (body.startsWith('+')) {
    body = body.slice(1).trim();
  }
  if (body.endsWith('-')) {
    negative = !negative;
    body = body.slice(0, -1).trim();
  }
  body = body.replace(/[\s\u00a0\u202f']/g, '');
  if (!/^[\d.,]+$/.test(body) || !/\d/.test(body)) return null;
  const lastDot = body.lastIndexOf('.');
  const lastComma = body.lastIndexOf(',');
  let integerPart: string;
  let fractionPart = '';
  if (lastDot >= 0 && lastComma >= 0) {
    const decimalSeparator = lastDot > lastComma ? '.' : ',';
    const thousandsSeparator = decimalSeparator === '.' ? ',' : '.';
    const index = body.lastIndexOf(decimalSeparator);
    integerPart = body.slice(0, index);
    fractionPart = body.slice(index + 1);
    if (integerPart.includes(decimalSeparator) || !isGrouped(integerPart, thousandsSeparator)) return null;
    integerPart = integerPart.split(thousandsSeparator).join('');
  } else if (lastDot >= 0 || lastComma >= 0) {
    const separator = lastDot >= 0 ? '.' : ',';
    const parts = body.split(separator);
    if (parts.length > 2) {
      if (!isGrouped(body, separator)) return null;
      integerPart = parts.join('');
    } else {
      const [left = '', right = ''] = parts;
      // "1.234" / "1,234": thousands in one convention, a decimal in the other — refuse.
      if (right.length === 3 && left.length > 0 && left !== '0') return null;
      integerPart = left;
      fractionPart = right;
    }
  } else {
    integerPart = body;
  }
  if (!/^\d*$/.test(integerPart) || !/^\d*$/.test(fractionPart) || integerPart + fractionPart === '') return null;
  const digits = `${integerPart === '' ? '0' : integerPart}${fractionPart === '' ? '' : `.${fractionPart}`}`;
  return negative ? `-${digits}` : digits;
}

function isGrouped(text: string, separator: string): boolean {
  const groups = text.split(separator);
  const [first = '', ...rest] = groups;
  return first.length >= 1 && first.length <= 3 && rest.every((group) => group.length === 3);
}
