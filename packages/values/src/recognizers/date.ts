/**
 * DATE: calendar dates written with a year — ISO `2024-03-25`, numeric `25/03/2024`,
 * `03.25.24`, `3-25-2024`, and with month names in English and common European languages
 * (`25. März 2024`, `25 mars 2024`, `March 25, 2024`, `25-Mar-2024`, `Mar 25 2024`,
 * `1st of July, 2024`, `25 de marzo de 2024`, `2019/aug/01`, `2024. gada 12. martā`),
 * optionally after a weekday. The names and small words of written-out dates come from the
 * knowledge packs' calendars (`calendar-names.ts`). Every reading is checked against the
 * calendar (no 30 February).
 *
 * A numeric date whose day and month could be swapped (`03/04/2024`) is read with
 * `options.dateOrder` when given (a month-first hint does not apply to dotted dates: dots
 * are a day-first convention, and a US document's slashed dates say nothing of a dotted one
 * its foreign party wrote); otherwise with the locale's order (`en-US` month first, other
 * locales day first) or, lacking one, day first for `.` and month first for `/` and `-` —
 * and flagged `ambiguous` with the other reading in `detail.alternatives`.
 *
 * Two-digit years follow the POSIX pivot: 00–68 → 2000–2068, 69–99 → 1969–1999.
 * Dates without a year (`March 25`) and relative dates (`tomorrow`) are not read: they
 * need a reference date the document does not give.
 */
import { type JsonValue, isValidCalendarDay } from '@paxman/core';
import { AFTER_NUMBER, BEFORE, builtInDateNames, type DateNames } from './calendar-names.js';
import { makeHit, selectNonOverlapping } from './text-scan.js';
import type { RecognizedValue, RecognizerOptions } from './types.js';

const ISO = new RegExp(
  `(?=\\d)${BEFORE}(?<year>\\d{4})(?<separator>[-/.])(?<month>\\d{1,2})\\k<separator>(?<day>\\d{1,2})(?=T\\d|${AFTER_NUMBER})`,
  'gu',
);
const NUMERIC = new RegExp(
  `(?=\\d)${BEFORE}(?<first>\\d{1,2})(?<separator>[-/.])(?<second>\\d{1,2})\\k<separator>(?<year>\\d{4}|\\d{2})${AFTER_NUMBER}`,
  'gu',
);

function isValidDate(year: number, month: number, day: number): boolean {
  return year >= 1000 && year <= 2999 && isValidCalendarDay(year, month, day);
}

function pad(value: number, width: number): string {
  return String(value).padStart(width, '0');
}

function isoDate(year: number, month: number, day: number): string {
  return `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
}

/** Expands a written year: four digits as is, two digits by the POSIX pivot. */
export function expandYear(written: string): number {
  const digits = written.replace(/^'/, '');
  const value = Number(digits);
  if (digits.length === 4) return value;
  return value <= 68 ? 2000 + value : 1900 + value;
}

function weekdayOf(year: number, month: number, day: number): number {
  return new Date(Date.UTC(year, month - 1, day)).getUTCDay();
}

interface DateReading {
  readonly start: number;
  readonly end: number;
  readonly year: number;
  readonly month: number;
  readonly day: number;
  readonly ambiguous: boolean;
  readonly detail: Record<string, JsonValue>;
}

function defaultOrder(separator: string, options: RecognizerOptions): 'DMY' | 'MDY' {
  const locale = options.locale?.toLowerCase();
  if (locale !== undefined && locale !== '') {
    return /^en-(us|ph|ca)\b/.test(locale) || locale === 'en' ? 'MDY' : 'DMY';
  }
  return separator === '.' ? 'DMY' : 'MDY';
}

function dayMonthReading(match: RegExpExecArray, options: RecognizerOptions): DateReading | null {
  const groups = match.groups ?? {};
  const first = Number(groups['first']);
  const second = Number(groups['second']);
  const separator = groups['separator'] ?? '/';
  const yearText = groups['year'] ?? '';
  // Two-digit years with one-digit parts look like version numbers (1.2.10).
  if (yearText.length === 2 && (groups['first'] ?? '').length === 1 && (groups['second'] ?? '').length === 1 && separator === '.') {
    return null;
  }
  const year = expandYear(yearText);
  const asDayFirst = isValidDate(year, second, first) ? isoDate(year, second, first) : null;
  const asMonthFirst = isValidDate(year, first, second) ? isoDate(year, first, second) : null;
  const start = match.index;
  const end = match.index + match[0].length;
  const base = { start, end, year } as const;
  const detail: Record<string, JsonValue> = { format: 'numeric' };
  if (yearText.length === 2) detail['twoDigitYear'] = true;
  if (asDayFirst === null && asMonthFirst === null) return null;
  if (asDayFirst === null || asMonthFirst === null || asDayFirst === asMonthFirst) {
    const dayFirst = asDayFirst !== null;
    detail['dateOrder'] = dayFirst ? 'DMY' : 'MDY';
    return { ...base, month: dayFirst ? second : first, day: dayFirst ? first : second, ambiguous: false, detail };
  }
  // Dots are a day-first convention: a month-first hint (votes of the document's slashed dates) does not carry over to them.
  const hinted = options.dateOrder === 'DMY' || (options.dateOrder === 'MDY' && separator !== '.') ? options.dateOrder : null;
  const order = hinted ?? defaultOrder(separator, options);
  detail['dateOrder'] = order;
  if (hinted === null) {
    detail['alternatives'] = [order === 'DMY' ? asMonthFirst : asDayFirst];
  } else {
    detail['dateOrderSource'] = 'hint';
  }
  return {
    ...base,
    month: order === 'DMY' ? second : first,
    day: order === 'DMY' ? first : second,
    ambiguous: hinted === null,
    detail,
  };
}

/**
 * A numeric date. `24-03-25` (two-digit year, dashes) may also be year-month-day: with the
 * `YMD` hint it is read so, without a hint the reading is flagged with that alternative.
 */
function numericReading(match: RegExpExecArray, options: RecognizerOptions): DateReading | null {
  const groups = match.groups ?? {};
  const yearText = groups['year'] ?? '';
  const firstText = groups['first'] ?? '';
  const reading = dayMonthReading(match, options);
  if (yearText.length !== 2 || groups['separator'] !== '-' || firstText.length !== 2) return reading;
  const ymdYear = expandYear(firstText);
  const month = Number(groups['second']);
  const day = Number(yearText);
  if (!isValidDate(ymdYear, month, day)) return reading;
  const ymd = isoDate(ymdYear, month, day);
  if (options.dateOrder === 'YMD') {
    return {
      start: match.index,
      end: match.index + match[0].length,
      year: ymdYear,
      month,
      day,
      ambiguous: false,
      detail: { format: 'numeric', dateOrder: 'YMD', dateOrderSource: 'hint', twoDigitYear: true },
    };
  }
  if (reading === null || options.dateOrder !== undefined) return reading;
  const own = isoDate(reading.year, reading.month, reading.day);
  if (own === ymd) return reading;
  const earlier = (reading.detail['alternatives'] as string[] | undefined) ?? [];
  return { ...reading, ambiguous: true, detail: { ...reading.detail, alternatives: [...earlier, ymd] } };
}

function namedReading(match: RegExpExecArray, format: string, names: DateNames): DateReading | null {
  const groups = match.groups ?? {};
  const monthName = (groups['month'] ?? groups['month2'] ?? groups['month3'] ?? '').toLowerCase();
  const month = names.months.get(monthName);
  const yearText = groups['year'] ?? groups['year2'] ?? groups['year3'] ?? '';
  const year = expandYear(yearText);
  const day = Number(groups['day'] ?? groups['day2'] ?? groups['day3']);
  if (month === undefined || !isValidDate(year, month, day)) return null;
  const detail: Record<string, JsonValue> = { format };
  if (yearText.replace("'", '').length === 2) detail['twoDigitYear'] = true;
  return { start: match.index, end: match.index + match[0].length, year, month, day, ambiguous: false, detail };
}

/**
 * A date pattern tried only where a cheap pattern that every match must satisfy matches:
 * the same matches as scanning with the exact pattern, at a fraction of the cost (the
 * look-behinds of the exact pattern are slow to try at every position of a long text).
 */
interface PrefilteredPattern {
  /** Sticky. */
  readonly exact: RegExp;
  /** Global; matches wherever `exact` does (a necessary condition). */
  readonly candidate: RegExp;
}

function prefiltered(exact: RegExp, candidate: RegExp): PrefilteredPattern {
  return { exact: new RegExp(exact.source, exact.flags.replace('g', '') + 'y'), candidate };
}

const ISO_SCAN = prefiltered(ISO, /\d{4}[-/.]\d{1,2}[-/.]\d/g);
const NUMERIC_SCAN = prefiltered(NUMERIC, /\d{1,2}[-/.]\d{1,2}[-/.]\d\d/g);

function collect(
  pattern: PrefilteredPattern,
  text: string,
  read: (match: RegExpExecArray) => DateReading | null,
  into: DateReading[],
): void {
  const { exact, candidate } = pattern;
  let found: RegExpExecArray | null;
  candidate.lastIndex = 0;
  while ((found = candidate.exec(text)) !== null) {
    exact.lastIndex = found.index;
    const match = exact.exec(text);
    if (match === null) {
      candidate.lastIndex = found.index + 1;
      continue;
    }
    const reading = read(match);
    if (reading !== null) into.push(reading);
    candidate.lastIndex = match.index + match[0].length;
  }
}

/** Finds DATE values (`YYYY-MM-DD`). */
export function findDates(text: string, options: RecognizerOptions): RecognizedValue[] {
  const readings: DateReading[] = [];
  collect(ISO_SCAN, text, (match) => {
    const groups = match.groups ?? {};
    const year = Number(groups['year']);
    const month = Number(groups['month']);
    const day = Number(groups['day']);
    if (!isValidDate(year, month, day)) return null;
    return { start: match.index, end: match.index + match[0].length, year, month, day, ambiguous: false, detail: { format: 'iso', dateOrder: 'YMD' } };
  }, readings);
  collect(NUMERIC_SCAN, text, (match) => numericReading(match, options), readings);
  const names = options.dateNames ?? builtInDateNames();
  collectNamed(text, names, readings);
  const hits = readings.map((reading) => toHit(text, reading, names));
  return selectNonOverlapping(hits);
}

/**
 * The numeric dates (`25/03/2024`) of `text` exactly as `findDates(text, { dateNames })`
 * returns them, without the ISO and month-name scans — or null when a month name stands
 * near one of them, where a named date could claim its text (then call `findDates`). ISO
 * dates cannot overlap a numeric date: both need a digit run that no digit or `digit.`
 * precedes. The built-in packs' names when `dateNames` is absent.
 */
export function findNumericDates(text: string, dateNames?: DateNames): RecognizedValue[] | null {
  const readings: DateReading[] = [];
  const names = dateNames ?? builtInDateNames();
  collect(NUMERIC_SCAN, text, (match) => numericReading(match, NO_OPTIONS), readings);
  const hits: RecognizedValue[] = [];
  for (const reading of readings) {
    // A named date lies within its month name's reach: look for a month name there.
    if (monthNameWithin(text, names, reading.start - REACH_AFTER - names.longestMonth - 1, reading.end + REACH_BEFORE)) return null;
    hits.push(toHit(text, reading, names));
  }
  return hits;
}

const NO_OPTIONS: RecognizerOptions = Object.freeze({});

/**
 * True when `text` holds a numeric date (`findNumericDates` would read one). A numeric date
 * and what decides it (`BEFORE`, `AFTER_NUMBER`: the character next to it, which a line
 * break fails as the start or end of the text does) never reach past a line break, so a
 * text holds one exactly when one of its distinct lines, joined by line breaks, does.
 */
export function holdsNumericDate(text: string): boolean {
  const readings: DateReading[] = [];
  collect(NUMERIC_SCAN, text, (match) => numericReading(match, NO_OPTIONS), readings);
  return readings.length > 0;
}

/** True when a letter run in `[from, to)` (the first may be cut) is a month name. */
function monthNameWithin(text: string, names: DateNames, from: number, to: number): boolean {
  const letterRun = names.letterRun;
  letterRun.lastIndex = Math.max(0, from);
  let run: RegExpExecArray | null;
  while ((run = letterRun.exec(text)) !== null && run.index < to) {
    if (names.months.has(run[0].toLowerCase())) return true;
  }
  return false;
}

/** How far a named date reaches before and after its month name (gaps are bounded). */
const REACH_BEFORE = 24;
const REACH_AFTER = 28;
/** Context kept around a window so look-behinds and look-aheads see the real neighbours. */
const CONTEXT = 2;

/**
 * Named dates: month names are found by a cheap letter-run scan and a map lookup, and the
 * date patterns run only on a small window around each, so a long text costs little.
 */
function collectNamed(text: string, names: DateNames, into: DateReading[]): void {
  const letterRun = names.letterRun;
  letterRun.lastIndex = 0;
  let run: RegExpExecArray | null;
  let covered = -1;
  while ((run = letterRun.exec(text)) !== null) {
    if (!names.months.has(run[0].toLowerCase())) continue;
    const regionStart = Math.max(0, run.index - REACH_BEFORE);
    const regionEnd = Math.min(text.length, run.index + run[0].length + REACH_AFTER);
    const windowStart = Math.max(0, regionStart - CONTEXT);
    const window = text.slice(windowStart, Math.min(text.length, regionEnd + CONTEXT));
    for (const [pattern, format] of names.patterns) {
      pattern.lastIndex = 0;
      let match: RegExpExecArray | null;
      while ((match = pattern.exec(window)) !== null) {
        const start = windowStart + match.index;
        const end = start + match[0].length;
        if (start < regionStart || end > regionEnd || start < covered) continue;
        const reading = namedReading(match, format, names);
        if (reading !== null) into.push({ ...reading, start, end });
      }
    }
    covered = regionStart;
  }
}

/** A cell of eight digits, year first (`20260815`). */
const COMPACT_CELL = /^(?<year>(?:19|20)\d{2})(?<month>\d{2})(?<day>\d{2})$/;

/**
 * The dates of a labelled value cell: those `findDates` reads, and a cell of eight digits
 * written year first (`Date : 20260815`, as many systems print it). A scan never reads
 * eight digits as a date (an order or account number is as likely); a cell a date label
 * stands over is a date. Only year first: it cannot be read another way (a valid
 * day-first or month-first reading would need a month of 19 or 20), and the year must be
 * 1900–2099.
 */
export function findDatesInCell(text: string, options: RecognizerOptions): RecognizedValue[] {
  const compact = COMPACT_CELL.exec(text);
  if (compact === null) return findDates(text, options);
  const year = Number(compact.groups?.['year']);
  const month = Number(compact.groups?.['month']);
  const day = Number(compact.groups?.['day']);
  if (!isValidDate(year, month, day)) return [];
  return [makeHit('DATE', text, 0, text.length, isoDate(year, month, day), false, { format: 'compact', dateOrder: 'YMD' })];
}

function toHit(text: string, reading: DateReading, names: DateNames): RecognizedValue {
  let start = reading.start;
  let ambiguous = reading.ambiguous;
  const detail = { ...reading.detail };
  const before = text.slice(Math.max(0, start - 24), start);
  const weekdayMatch = names.weekdayBefore?.exec(before) ?? null;
  if (weekdayMatch !== null) {
    const weekday = names.weekdays.get((weekdayMatch.groups?.['weekday'] ?? '').toLowerCase());
    if (weekday !== undefined) {
      start -= weekdayMatch[0].length;
      const actual = weekdayOf(reading.year, reading.month, reading.day);
      detail['weekday'] = weekdayMatch.groups?.['weekday'] ?? '';
      if (actual !== weekday) {
        // The stated weekday contradicts the date: something is misread.
        detail['weekdayMismatch'] = true;
        ambiguous = true;
      }
    }
  }
  return makeHit('DATE', text, start, reading.end, isoDate(reading.year, reading.month, reading.day), ambiguous, detail);
}
