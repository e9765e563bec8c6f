/**
 * CURRENCY: ISO 4217 codes written in upper case as whole words (validated against the
 * ISO list), and currency symbols mapped to their code (`€` → EUR; `$` → USD, flagged
 * `symbol-ambiguous` like in MONEY). Codes that are also words (`ALL`, `TRY`) count only
 * next to a number.
 */
import { isIsoCurrencyCode } from '@paxman/core';
import { CURRENCY_SYMBOLS, WORD_LIKE_CODES, markerKeysLongestFirst, type CurrencyMarker } from './currency-symbols.js';
import { builtInLegalFormCodes, endsLegalForm, type LegalFormCodes } from './legal-form-codes.js';
import { escapeRegExp, isDigitAt, makeHit } from './text-scan.js';
import type { RecognizedValue, RecognizerOptions } from './types.js';

const SYMBOLS = markerKeysLongestFirst(CURRENCY_SYMBOLS).filter((key) => !/^[a-z.]+$/.test(key) || key.includes('$'));
// Upper-case codes and symbols; the few lower-case symbol prefixes (`us$`) are spelled out both ways.
const SPELLINGS = SYMBOLS.flatMap((key) => (key.toUpperCase() === key ? [key] : [key, key.toUpperCase()])).sort(
  (left, right) => right.length - left.length,
);
/** A code: three capitals standing alone. */
const CODE_PATTERN = /(?<![A-Za-z0-9\u00c0-\u024f])[A-Z]{3}(?![A-Za-z\u00c0-\u024f])/g;
const SYMBOL_PATTERN = new RegExp(SPELLINGS.map(escapeRegExp).join('|'), 'y');

/**
 * Symbols are found from their anchor, the first character that is no ASCII letter or dot
 * (`$` of `us$`, `č` of `kč`): a cheap search for anchors, then the symbol pattern tried
 * only on the few positions before each, instead of a long alternation at every position.
 */
function anchorIndex(spelling: string): number {
  const index = spelling.search(/[^A-Za-z.]/);
  if (index === -1) throw new Error(`Currency symbol "${spelling}" has no anchor character`);
  return index;
}
const ANCHOR_REACH = Math.max(...SPELLINGS.map(anchorIndex));
const ANCHORS = new RegExp(`[${[...new Set(SPELLINGS.map((spelling) => spelling.charAt(anchorIndex(spelling))))].map(escapeRegExp).join('')}]`, 'g');
const FIRST_CHARACTERS: ReadonlySet<string> = new Set(SPELLINGS.map((spelling) => spelling[0] ?? ''));

function nearNumber(text: string, start: number, end: number): boolean {
  return isDigitAt(text, end) || isDigitAt(text, end + 1) || isDigitAt(text, start - 1) || isDigitAt(text, start - 2);
}

/** Code units of a code (`CODE_PATTERN` matches three ASCII capitals). */
const CODE_LENGTH = 3;

/** Where the first code at or after `from` starts, or -1 (a test, not an exec: no match object). */
function nextCode(text: string, from: number): number {
  CODE_PATTERN.lastIndex = from;
  return CODE_PATTERN.test(text) ? CODE_PATTERN.lastIndex - CODE_LENGTH : -1;
}

/**
 * The first symbol at or after `from`. A symbol starting at `p` has its anchor in
 * `[p, p + ANCHOR_REACH]` and no anchor before it, so with `q` the first anchor at or
 * after `from` it starts in `[q - ANCHOR_REACH, q]`, or after `q`.
 */
function nextSymbol(text: string, from: number): RegExpExecArray | null {
  ANCHORS.lastIndex = from;
  // Anchors are single code units (no `u` flag), so one ends where `test` leaves `lastIndex`.
  while (ANCHORS.test(text)) {
    const anchorAt = ANCHORS.lastIndex - 1;
    for (let start = Math.max(from, anchorAt - ANCHOR_REACH); start <= anchorAt; start += 1) {
      if (!FIRST_CHARACTERS.has(text[start] ?? '')) continue;
      SYMBOL_PATTERN.lastIndex = start;
      const match = SYMBOL_PATTERN.exec(text);
      if (match !== null) return match;
    }
    ANCHORS.lastIndex = anchorAt + 1;
  }
  return null;
}

/** One currency mark: an ISO code, or a symbol with the codes it may stand for. */
type MarkVisitor = (start: number, end: number, code: string, symbol: CurrencyMarker | null) => void;

/**
 * Calls `visit` for every currency code and symbol of `text`, in order: the leftmost mark
 * next, a code before a symbol at the same position (as one alternation of both would). A
 * code that ends a legal form of `legalForms` ("SDN BHD") is no currency.
 */
function scanMarks(text: string, legalForms: LegalFormCodes, visit: MarkVisitor): void {
  let code = nextCode(text, 0);
  let symbol = nextSymbol(text, 0);
  while (code !== -1 || symbol !== null) {
    const isCode = code !== -1 && (symbol === null || code <= symbol.index);
    const start = isCode ? code : symbol!.index;
    const written = isCode ? text.slice(code, code + CODE_LENGTH) : symbol![0];
    const end = start + written.length;
    if (code !== -1 && code < end) code = nextCode(text, end);
    if (symbol !== null && symbol.index < end) symbol = nextSymbol(text, end);
    if (isCode) {
      if (!isIsoCurrencyCode(written)) continue;
      if (WORD_LIKE_CODES.has(written) && !nearNumber(text, start, end)) continue;
      if (endsLegalForm(legalForms, text, start, written)) continue;
      visit(start, end, written, null);
      continue;
    }
    const marker = CURRENCY_SYMBOLS.get(written.toLowerCase());
    if (marker === undefined) continue;
    if (/^[a-z]/i.test(written) && /[\p{L}\p{N}]/u.test(text[start - 1] ?? '')) continue;
    visit(start, end, marker.code, marker);
  }
}

/** Finds CURRENCY values (ISO codes). */
export function findCurrencies(text: string, options: RecognizerOptions): RecognizedValue[] {
  const hits: RecognizedValue[] = [];
  scanMarks(text, options.legalFormCodes ?? builtInLegalFormCodes(), (start, end, code, marker) => {
    if (marker === null) {
      hits.push(makeHit('CURRENCY', text, start, end, code, false, { currencySource: 'code' }));
    } else if (marker.candidates.length > 1) {
      const hint = options.defaultCurrency;
      const resolved = typeof hint === 'string' && marker.candidates.includes(hint) ? hint : marker.code;
      hits.push(
        makeHit('CURRENCY', text, start, end, resolved, false, {
          currencySource: 'symbol-ambiguous',
          currencyCandidates: marker.candidates,
        }),
      );
    } else {
      hits.push(makeHit('CURRENCY', text, start, end, marker.code, false, { currencySource: 'symbol' }));
    }
  });
  return hits;
}

/**
 * Adds one to `counts` for every currency `findCurrencies` would report as a code or an
 * unambiguous symbol (the ambiguous `$`, `kr`, `¥` are left out), without building hits.
 */
export function countCertainCurrencies(text: string, counts: Map<string, number>, legalForms: LegalFormCodes = builtInLegalFormCodes()): void {
  scanMarks(text, legalForms, (_start, _end, code, marker) => {
    if (marker === null || marker.candidates.length <= 1) counts.set(code, (counts.get(code) ?? 0) + 1);
  });
}
