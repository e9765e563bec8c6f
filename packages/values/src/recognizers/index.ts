/**
 * The value recognizers: `findValues` scans a text for every value of a kind,
 * `parseValue` reads a labelled value cell, `inferDocumentContext` reads the document's
 * conventions so both can be told them. Nothing here throws: a recognizer that fails on
 * some input reports no value.
 */
import { findBooleans } from './boolean.js';
import { findCurrencies } from './currency-code.js';
import { findDates, findDatesInCell } from './date.js';
import { findDecimals, findIntegers } from './decimal.js';
import { findEmails } from './email.js';
import { findEnumValues } from './enum-value.js';
import { findIbans } from './iban.js';
import { findMoney } from './money.js';
import { findPaymentCards } from './payment-card.js';
import { findPercents } from './percent.js';
import { findPhones } from './phone.js';
import { makeHit, selectNonOverlapping } from './text-scan.js';
import type { RecognizedValue, RecognizerKind, RecognizerMode, RecognizerOptions } from './types.js';
import { findUrls } from './url.js';

export { inferDocumentContext, type DocumentContext } from './document-context.js';
export { ibanChecksumHolds } from './iban.js';
export { compileEnumMatcher } from './enum-value.js';

function dispatch(kind: RecognizerKind, text: string, options: RecognizerOptions, mode: RecognizerMode): RecognizedValue[] {
  switch (kind) {
    case 'MONEY':
      return findMoney(text, options, mode);
    case 'DECIMAL':
      return findDecimals(text, options, mode);
    case 'INTEGER':
      return findIntegers(text, options, mode);
    case 'PERCENT':
      return findPercents(text, options);
    case 'DATE':
      return mode === 'cell' ? findDatesInCell(text, options) : findDates(text, options);
    case 'BOOLEAN':
      return findBooleans(text, mode);
    case 'ENUM':
      return findEnumValues(text, options.enumValues, options.enumMatcher);
    case 'CURRENCY':
      return findCurrencies(text, options);
    case 'EMAIL':
      return findEmails(text);
    case 'URL':
      return findUrls(text);
    case 'PHONE':
      return findPhones(text, mode);
    case 'IBAN':
      return findIbans(text);
    case 'PAYMENT_CARD':
      return findPaymentCards(text);
    case 'STRING':
      return [];
  }
}

/** Options that change a scan, as a key; enum lists are keyed by identity. */
/**
 * Every value of `kind` in `text`, non-overlapping, in text order. Offsets index `text`,
 * and `text.slice(hit.start, hit.end) === hit.text`. STRING has no scan and returns none.
 *
 * @example
 * findValues('MONEY', 'Total: 1.234,56 € (was $99)')
 * // [{ value: { amount: '1234.56', currency: 'EUR' }, text: '1.234,56 €', … },
 * //  { value: { amount: '99', currency: 'USD' }, detail: { currencySource: 'symbol-ambiguous', … } }]
 */
export function findValues(kind: RecognizerKind, text: string, options: RecognizerOptions = {}): RecognizedValue[] {
  try {
    if (typeof text !== 'string' || text === '') return [];
    return selectNonOverlapping(dispatch(kind, text, options, 'scan'));
  } catch {
    return [];
  }
}

const LEADERS = /^[\s.:·…_=>-]*/u;
const TRAILERS = /[\s.,;:·…_]*$/u;
const PUNCTUATION_ONLY = /^[\s.,;:()[\]*#'"–—-]*$/u;
const NUMERIC_KINDS: ReadonlySet<RecognizerKind> = new Set(['MONEY', 'DECIMAL', 'INTEGER', 'PERCENT', 'PHONE', 'DATE', 'CURRENCY']);

/** The cell without leader dots/colons before and trailing punctuation after. */
function cellBounds(text: string, keepTrailingDot: boolean, numeric = false): { start: number; end: number } {
  let start = (LEADERS.exec(text)?.[0] ?? '').length;
  // A minus right before an amount is its sign, not a leader: "-233,47 €" (a credit note), "Total: -12.00".
  if (numeric && start > 0 && text[start - 1] === '-' && text[start - 2] !== '-' && /[\d$€£¥₹]/u.test(text[start] ?? '')) start -= 1;
  const trailing = keepTrailingDot ? /\s*$/u : TRAILERS;
  const rest = text.slice(start);
  const end = start + rest.length - (trailing.exec(rest)?.[0] ?? '').length;
  return { start, end: Math.max(start, end) };
}

/** True when what the hit leaves of the cell is punctuation, or for numeric kinds at most one unit or label word. */
function residualIsAcceptable(kind: RecognizerKind, residual: string): boolean {
  if (PUNCTUATION_ONLY.test(residual)) return true;
  if (!NUMERIC_KINDS.has(kind) && kind !== 'ENUM') return false;
  const words = residual.split(/[\s.,;:()[\]*#'"–—-]+/u).filter((word) => word !== '');
  return words.length === 1 && words[0]!.length <= 15 && /^[\p{L}$€£¥₹%°]+$/u.test(words[0]!);
}

/**
 * The value of a labelled value cell: the cell (trimmed, without leader dots or colons and
 * trailing punctuation) must essentially be one value of `kind` — currency markers, a
 * unit or label word and punctuation may surround it — else null. MONEY accepts a bare
 * amount here (currency from `defaultCurrency`, else null); BOOLEAN accepts `y`/`n`/`x`/`1`/`0`.
 * STRING returns the cleaned text unless it is empty.
 *
 * @example
 * parseValue('MONEY', ' (1,234.00) ')   // { value: { amount: '-1234.00', currency: null }, … }
 * parseValue('DATE', '25. März 2024')   // { value: '2024-03-25', … }
 * parseValue('DECIMAL', 'call 555-1234') // null
 */
export function parseValue(kind: RecognizerKind, text: string, options: RecognizerOptions = {}): RecognizedValue | null {
  try {
    if (typeof text !== 'string') return null;
    const bounds = cellBounds(text, kind === 'STRING' || kind === 'URL', NUMERIC_KINDS.has(kind));
    if (bounds.end <= bounds.start) return null;
    const cell = text.slice(bounds.start, bounds.end);
    if (kind === 'STRING') {
      return makeHit('STRING', text, bounds.start, bounds.end, cell, false, {});
    }
    const hits = selectNonOverlapping(dispatch(kind, cell, options, 'cell'));
    if (hits.length !== 1) return null;
    const [hit] = hits;
    if (hit === undefined) return null;
    const residual = cell.slice(0, hit.start) + ' ' + cell.slice(hit.end);
    if (!residualIsAcceptable(kind, residual)) return null;
    return makeHit(kind, text, bounds.start + hit.start, bounds.start + hit.end, hit.value, hit.ambiguous, { ...hit.detail });
  } catch {
    return null;
  }
}

export type { EnumMatcher, EnumValue, RecognizedValue, RecognizerKind, RecognizerOptions } from './types.js';
