/**
 * PERCENT: `19%`, `19 %`, `7,5 %`, `19 percent`, `19 per cent`, `19 pct`, `19 Prozent`,
 * `19 pour cent`. The value is the number as written (`"19"`), not divided by 100.
 */
import { decimalSeparatorFor, scanNumerals } from './numeral.js';
import { isWordCharacterAt, makeHit } from './text-scan.js';
import type { RecognizedValue, RecognizerOptions } from './types.js';

const PERCENT_SIGN = /[ \u00a0\u202f]?(?:%|\uff05|(?:percent|per cent|pct\.?|prozent|pour cent|por ciento|procent|per cento|por cento)(?![\p{L}\p{N}]))/iuy;

/** Finds PERCENT values. */
export function findPercents(text: string, options: RecognizerOptions): RecognizedValue[] {
  const hits: RecognizedValue[] = [];
  for (const numeral of scanNumerals(text, { decimalSeparator: decimalSeparatorFor(options) })) {
    const next = text[numeral.end] === ' ' || text[numeral.end] === '\u00a0' || text[numeral.end] === '\u202f' ? text[numeral.end + 1] : text[numeral.end];
    if (next === undefined || !/[%\uff05pP]/.test(next)) continue;
    PERCENT_SIGN.lastIndex = numeral.end;
    const match = PERCENT_SIGN.exec(text);
    if (match === null) continue;
    const end = numeral.end + match[0].length;
    if (match[0].endsWith('%') && isWordCharacterAt(text, end)) continue;
    const detail: Record<string, string | string[]> = {};
    if (numeral.decimalSeparator !== null) detail['decimalSeparator'] = numeral.decimalSeparator;
    if (numeral.ambiguous && numeral.alternative !== null) detail['alternatives'] = [numeral.alternative];
    hits.push(makeHit('PERCENT', text, numeral.start, end, numeral.value, numeral.ambiguous, detail));
  }
  return hits;
}
