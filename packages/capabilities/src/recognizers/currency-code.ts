/**
 * CURRENCY: ISO 4217 codes written in upper case as whole words (validated against the
 * ISO list), and currency symbols mapped to their code (`€` → EUR; `$` → USD, flagged
 * `symbol-ambiguous` like in MONEY). Codes that are also words (`ALL`, `TRY`) count only
 * next to a number.
 */
import { isIsoCurrencyCode } from '@paxman/core';
import { CURRENCY_SYMBOLS, WORD_LIKE_CODES, markerKeysLongestFirst } from './currency-symbols.js';
import { escapeRegExp, isDigitAt, makeHit } from './text-scan.js';
import type { RecognizedValue, RecognizerOptions } from './types.js';

const SYMBOLS = markerKeysLongestFirst(CURRENCY_SYMBOLS).filter((key) => !/^[a-z.]+$/.test(key) || key.includes('$'));
// Upper-case codes and symbols; the few lower-case symbol prefixes (`us$`) are spelled out both ways.
const SYMBOL_SOURCE = SYMBOLS.flatMap((key) => (key.toUpperCase() === key ? [key] : [key, key.toUpperCase()]))
  .sort((left, right) => right.length - left.length)
  .map(escapeRegExp)
  .join('|');
const PATTERN = new RegExp(
  `(?<![A-Za-z0-9\\u00c0-\\u024f])(?<code>[A-Z]{3})(?![A-Za-z\\u00c0-\\u024f])|(?<symbol>${SYMBOL_SOURCE})`,
  'g',
);

function nearNumber(text: string, start: number, end: number): boolean {
  return isDigitAt(text, end) || isDigitAt(text, end + 1) || isDigitAt(text, start - 1) || isDigitAt(text, start - 2);
}

/** Finds CURRENCY values (ISO codes). */
export function findCurrencies(text: string, options: RecognizerOptions): RecognizedValue[] {
  const hits: RecognizedValue[] = [];
  const pattern = new RegExp(PATTERN.source, PATTERN.flags);
  let match: RegExpExecArray | null;
  while ((match = pattern.exec(text)) !== null) {
    const start = match.index;
    const end = start + match[0].length;
    const code = match.groups?.['code'];
    if (code !== undefined) {
      if (code !== code.toUpperCase() || !isIsoCurrencyCode(code)) continue;
      if (WORD_LIKE_CODES.has(code) && !nearNumber(text, start, end)) continue;
      hits.push(makeHit('CURRENCY', text, start, end, code, false, { currencySource: 'code' }));
      continue;
    }
    const symbol = match.groups?.['symbol'] ?? '';
    const marker = CURRENCY_SYMBOLS.get(symbol.toLowerCase());
    if (marker === undefined) continue;
    if (/^[a-z]/i.test(symbol) && /[\p{L}\p{N}]/u.test(text[start - 1] ?? '')) continue;
    if (marker.candidates.length > 1) {
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
  }
  return hits;
}
