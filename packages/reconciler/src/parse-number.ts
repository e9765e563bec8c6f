/**
 * Re-parsing of raw numeric text that a capability could not turn into a canonical value
 * (`"1.234,56 €"`, `"(12.00)"`, `"USD 1,234.50"`). It strips currency marks, reads both
 * separator conventions and refuses anything it cannot read with certainty (`"1.234"`
 * alone could be either convention): a refusal drops the candidate, it never guesses.
 */
import { isIsoCurrencyCode } from '@paxman/core';

/** How a currency was read from text: an ISO code, an unambiguous symbol, or an ambiguous one. */
export type CurrencyReading = { readonly currency: string; readonly source: 'code' | 'symbol' | 'symbol-ambiguous' } | null;

const UNAMBIGUOUS_SYMBOLS: Readonly<Record<string, string>> = Object.freeze({
  '€': 'EUR',
  '£': 'GBP',
  '₹': 'INR',
  '₩': 'KRW',
  '₪': 'ILS',
  '₽': 'RUB',
  '₺': 'TRY',
  '₱': 'PHP',
  '₫': 'VND',
  '฿': 'THB',
  'US$': 'USD',
  'C$': 'CAD',
  'A$': 'AUD',
  'NZ$': 'NZD',
  'HK$': 'HKD',
  'S$': 'SGD',
  'R$': 'BRL',
  'Fr.': 'CHF',
});
/** Symbols used by several currencies; the reading names the most common one and says it is ambiguous. */
const AMBIGUOUS_SYMBOLS: Readonly<Record<string, string>> = Object.freeze({ $: 'USD', '¥': 'JPY', kr: 'SEK' });

/** Reads a currency mark from text: an ISO code first, then a symbol. */
export function readCurrency(text: string): CurrencyReading {
  for (const match of text.matchAll(/(?<![A-Za-z])([A-Z]{3})(?![A-Za-z])/g)) {
    const code = match[1];
    if (code !== undefined && isIsoCurrencyCode(code)) return { currency: code, source: 'code' };
  }
  const symbols = Object.keys(UNAMBIGUOUS_SYMBOLS).sort((left, right) => right.length - left.length);
  for (const symbol of symbols) {
    if (text.includes(symbol)) return { currency: UNAMBIGUOUS_SYMBOLS[symbol] as string, source: 'symbol' };
  }
  for (const [symbol, currency] of Object.entries(AMBIGUOUS_SYMBOLS)) {
    if (text.includes(symbol)) return { currency, source: 'symbol-ambiguous' };
  }
  return null;
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
