/**
 * DECIMAL and INTEGER: digit-written numbers in either separator convention. A lone
 * `1,234` / `1.234` is read with the document's decimal separator when the caller passes
 * it, else in the English way and flagged ambiguous with the other reading in
 * `detail.alternatives`. A numeral touching letters (`180ml`, `A123`) or part of a longer
 * token (`192.168.1.2`, `5/17/2018`, `INV-2024-001`) is not a number.
 */
import type { JsonValue } from '@paxman/core';
import { findDates } from './date.js';
import { decimalSeparatorFor, scanNumerals, type Numeral } from './numeral.js';
import { isWordCharacterAt, makeHit } from './text-scan.js';
import type { RecognizedValue, RecognizerMode, RecognizerOptions } from './types.js';

function numeralDetail(numeral: Numeral): Record<string, JsonValue> {
  const detail: Record<string, JsonValue> = {};
  if (numeral.decimalSeparator !== null) detail['decimalSeparator'] = numeral.decimalSeparator;
  if (numeral.groupSeparator !== null) detail['groupSeparator'] = numeral.groupSeparator;
  if (numeral.ambiguous && numeral.alternative !== null) detail['alternatives'] = [numeral.alternative];
  return detail;
}

/**
 * Numerals not glued to letters on either side; in a labelled cell a unit may touch the
 * number's end (`12kg`), the cell check then judges the unit.
 */
export function standaloneNumerals(text: string, options: RecognizerOptions, mode: RecognizerMode = 'scan'): readonly Numeral[] {
  const numerals = scanNumerals(text, { decimalSeparator: decimalSeparatorFor(options) });
  if (mode === 'cell') return numerals;
  const dates = findDates(text, {});
  let dateIndex = 0;
  return numerals.filter((numeral) => {
    if (isWordCharacterAt(text, numeral.end)) return false;
    // The day and year of `4. März 2024` are no quantities.
    while (dateIndex < dates.length && (dates[dateIndex]?.end ?? 0) <= numeral.start) dateIndex += 1;
    const date = dates[dateIndex];
    return date === undefined || date.start >= numeral.end;
  });
}

/** Finds DECIMAL values (plain decimal strings such as `"1234.56"`). */
export function findDecimals(text: string, options: RecognizerOptions, mode: RecognizerMode = 'scan'): RecognizedValue[] {
  return standaloneNumerals(text, options, mode).map((numeral) =>
    makeHit('DECIMAL', text, numeral.start, numeral.end, numeral.value, numeral.ambiguous, numeralDetail(numeral)),
  );
}

/**
 * Finds INTEGER values. A numeral with a non-zero fraction is not an integer, nor one beyond
 * the safe integer range; `5.00` is 5.
 */
export function findIntegers(text: string, options: RecognizerOptions, mode: RecognizerMode = 'scan'): RecognizedValue[] {
  const hits: RecognizedValue[] = [];
  for (const numeral of standaloneNumerals(text, options, mode)) {
    const [integerPart = '', fraction = ''] = numeral.value.split('.');
    if (/[1-9]/.test(fraction)) continue;
    const value = Number(integerPart);
    if (!Number.isSafeInteger(value)) continue;
    const detail = numeralDetail(numeral);
    hits.push(makeHit('INTEGER', text, numeral.start, numeral.end, value === 0 ? 0 : value, numeral.ambiguous, detail));
  }
  return hits;
}
