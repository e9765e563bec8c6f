/**
 * The written-out dates a set of knowledge packs can read: their month and weekday names,
 * the words that link a day, month and year (`of`, `de`), and the words that follow a year
 * printed first (`gada` in `2024. gada 12. martā`), compiled into the patterns the DATE
 * recognizer runs. Mechanism only — every word comes from a pack's `calendar`, so a user's
 * pack for another language adds its dates exactly as a built-in one does. An instance
 * compiles its packs' names once (`compileDateNames`) and passes them in
 * `RecognizerOptions.dateNames`; without them the built-in packs' names are used.
 */
import { lazyConstant } from '@paxman/core';
import { builtInLexicon, type CompiledCalendar } from '@paxman/knowledge';

/** A calendar's names, compiled for the DATE recognizer. */
export interface DateNames {
  /** Month name (lower case) → month number (1–12). */
  readonly months: ReadonlyMap<string, number>;
  /** Weekday name (lower case) → day index (0 = Sunday). */
  readonly weekdays: ReadonlyMap<string, number>;
  /** Length of the longest month name. */
  readonly longestMonth: number;
  /** Letter runs that may be a month name (global). */
  readonly letterRun: RegExp;
  /** The named-date patterns (global, case-insensitive) and the format each reads. */
  readonly patterns: readonly (readonly [RegExp, string])[];
  /** A weekday name ending a text (`Tuesday, `), before a date. */
  readonly weekdayBefore: RegExp | null;
}

const GAP = '[ \\t\\u00a0]';
const ORDINAL = '(?:st|nd|rd|th|er|e|º|ª|\\.)?';
/** No letter or number, nor a number and a date separator, before a date (shared with the numeric patterns of `date.ts`). */
export const BEFORE = '(?<![\\p{L}\\p{N}]|\\p{N}[./:-])';
const AFTER_WORD = '(?![\\p{L}\\p{N}])';
/** No letter or number, nor a separator and a number, after a date ending in a number. */
export const AFTER_NUMBER = '(?![\\p{L}\\p{N}]|[./-]\\p{N})';
/** Names in Latin script are found by a letter-run scan without the `u` flag (faster on long texts). */
const LATIN_NAME = /^[A-Za-z\u00c0-\u024f]+$/;

function escape(word: string): string {
  return word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** RegExp source matching any of `words` (longest first), or null when there are none. */
function alternation(words: Iterable<string>): string | null {
  const sorted = [...words].sort((left, right) => right.length - left.length || (left < right ? -1 : 1));
  return sorted.length === 0 ? null : sorted.map(escape).join('|');
}

/** The named-date patterns over a month alternation, its connectors and year markers. */
function namedPatterns(months: string, connectors: string | null, yearMarkers: string | null): (readonly [RegExp, string])[] {
  const month = `(?<month>${months})(?!\\p{L})\\.?`;
  // "25 de marzo de 2024", "1st of July, 2024": a connector may stand between the parts.
  const dayToMonth = connectors === null ? `${GAP}{0,3}[-/.]?${GAP}{0,3}` : `(?:${GAP}{0,3}(?:${connectors})${GAP}{1,3}|${GAP}{0,3}[-/.]?${GAP}{0,3})`;
  const monthToYear = connectors === null ? `${GAP}{0,3}[-/.,]?${GAP}{0,3}` : `(?:,?${GAP}{0,3}(?:${connectors})${GAP}{1,3}|${GAP}{0,3}[-/.,]?${GAP}{0,3})`;
  const patterns: (readonly [RegExp, string])[] = [
    [new RegExp(`${BEFORE}(?<day>\\d{1,2})${ORDINAL}${dayToMonth}${month}${monthToYear}(?<year>\\d{4})${AFTER_WORD}`, 'giu'), 'day-month-year'],
    [
      new RegExp(
        `${BEFORE}(?<day>\\d{1,2})(?<separator>[-/.])(?<month>${months})\\k<separator>(?<year>'?\\d{2})${AFTER_WORD}|${BEFORE}(?<day2>\\d{1,2})${ORDINAL}${GAP}{1,3}(?<month2>${months})\\.?${GAP}{1,3}(?<year2>'\\d{2})${AFTER_WORD}`,
        'giu',
      ),
      'day-month-year',
    ],
    [
      new RegExp(
        `(?<![\\p{L}\\p{N}])${month}${GAP}{0,3}[-/]?${GAP}{0,3}(?<day>\\d{1,2})(?:st|nd|rd|th)?(?:${GAP}{0,3},${GAP}{0,3}|${GAP}{1,3}|${GAP}{0,3}[-/]${GAP}{0,3})${connectors === null ? '' : `(?:(?:${connectors})${GAP}{1,3})?`}(?<year>\\d{4})${AFTER_WORD}`,
        'giu',
      ),
      'month-day-year',
    ],
    [new RegExp(`${BEFORE}(?<year>\\d{4})[-/. ]${month}[-/. ](?<day>\\d{1,2})${AFTER_WORD}`, 'giu'), 'year-month-day'],
    [
      new RegExp(
        `(?<![\\p{L}\\p{N}])(?<month>${months})[-/](?<year>\\d{4})[-/](?<day>\\d{1,2})${AFTER_NUMBER}|${BEFORE}(?<year2>\\d{4})[-/](?<day2>\\d{1,2})[-/](?<month2>${months})${AFTER_WORD}|${BEFORE}(?<day3>\\d{1,2})[-/](?<year3>\\d{4})[-/](?<month3>${months})${AFTER_WORD}`,
        'giu',
      ),
      'other-order',
    ],
  ];
  // "2024. gada 12. martā": the year first, a word that marks it, then the day and the month.
  if (yearMarkers !== null) {
    patterns.push([new RegExp(`${BEFORE}(?<year>\\d{4})\\.?${GAP}{1,3}(?:${yearMarkers})${GAP}{1,3}(?<day>\\d{1,2})\\.?${GAP}{1,3}${month}${AFTER_WORD}`, 'giu'), 'year-day-month']);
  }
  return patterns;
}

/**
 * Compiles a calendar (a compiled lexicon's `calendar`) for the DATE recognizer.
 *
 * @example
 * const names = compileDateNames(compileLexicon([...builtInLexiconPacks(), myPack]).calendar!);
 * findValues('DATE', '12 maaliskuuta 2024', { dateNames: names });
 */
export function compileDateNames(calendar: CompiledCalendar): DateNames {
  const monthAlternation = alternation(calendar.months.keys());
  const weekdayAlternation = alternation(calendar.weekdays.keys());
  const names = [...calendar.months.keys(), ...calendar.weekdays.keys()];
  return Object.freeze({
    months: calendar.months,
    weekdays: calendar.weekdays,
    longestMonth: Math.max(0, ...[...calendar.months.keys()].map((name) => name.length)),
    letterRun: names.every((name) => LATIN_NAME.test(name)) ? /[A-Za-z\u00c0-\u024f]{3,}/g : /\p{L}{3,}/gu,
    patterns: monthAlternation === null ? [] : namedPatterns(monthAlternation, alternation(calendar.connectors), alternation(calendar.yearMarkers)),
    weekdayBefore: weekdayAlternation === null ? null : new RegExp(`(?<![\\p{L}])(?<weekday>${weekdayAlternation})\\.?,?${GAP}{1,3}$`, 'iu'),
  });
}

const NO_CALENDAR: CompiledCalendar = Object.freeze({ months: new Map(), weekdays: new Map(), connectors: [], yearMarkers: [] });

/** The built-in packs' date names, compiled on first use. */
export const builtInDateNames: () => DateNames = lazyConstant(() => compileDateNames(builtInLexicon().calendar ?? NO_CALENDAR));
