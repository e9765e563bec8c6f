import { isIsoCurrencyCode } from '@paxman/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findCurrencies } from './currency-code.js';
import { CURRENCY_SYMBOLS, WORD_LIKE_CODES, markerKeysLongestFirst } from './currency-symbols.js';
import { escapeRegExp, isDigitAt } from './text-scan.js';

/** The scan as first written: one alternation of codes and symbols tried at every position. */
function referenceMarks(text: string): [number, number, string][] {
  const symbols = markerKeysLongestFirst(CURRENCY_SYMBOLS).filter((key) => !/^[a-z.]+$/.test(key) || key.includes('$'));
  const source = symbols
    .flatMap((key) => (key.toUpperCase() === key ? [key] : [key, key.toUpperCase()]))
    .sort((left, right) => right.length - left.length)
    .map(escapeRegExp)
    .join('|');
  const pattern = new RegExp(`(?<![A-Za-z0-9\\u00c0-\\u024f])(?<code>[A-Z]{3})(?![A-Za-z\\u00c0-\\u024f])|(?<symbol>${source})`, 'g');
  const near = (start: number, end: number) => isDigitAt(text, end) || isDigitAt(text, end + 1) || isDigitAt(text, start - 1) || isDigitAt(text, start - 2);
  const marks: [number, number, string][] = [];
  for (const match of text.matchAll(pattern)) {
    const start = match.index;
    const end = start + match[0].length;
    const code = match.groups?.['code'];
    if (code !== undefined) {
      if (isIsoCurrencyCode(code) && (!WORD_LIKE_CODES.has(code) || near(start, end))) marks.push([start, end, code]);
      continue;
    }
    const marker = CURRENCY_SYMBOLS.get(match[0].toLowerCase());
    if (marker === undefined || (/^[a-z]/i.test(match[0]) && /[\p{L}\p{N}]/u.test(text[start - 1] ?? ''))) continue;
    marks.push([start, end, marker.code]);
  }
  return marks;
}

const PIECES = [
  'USD', 'EUR', 'CAN$', 'US$', 'us$', 'Us$', 'u.s.$', 'U.S$', 'cn¥', 'CN¥', 'kč', 'KČ', 'Kč', 'zł', 'ZŁ', 'ரூ', '$', '€', '£', '¥',
  '元', 'R$', 'ABC$', 'aUSD', 'EURO', 'TRY', 'ALL', ' ', '5', '12.50', 'x', 'é', '.', 'A', 'S', 'u', 'ca', '\n',
];

describe('findCurrencies', () => {
  it('finds exactly the marks of one code-or-symbol alternation tried at every position', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...PIECES), { maxLength: 20 }), (pieces) => {
        const text = pieces.join('');
        // Without a hint an ambiguous symbol reads as its most common code, as the reference does.
        const found = findCurrencies(text, {}).map((hit) => [hit.start, hit.end, hit.value]);
        expect(found).toEqual(referenceMarks(text));
      }),
      { numRuns: 1000, seed: 11 },
    );
  });
});
