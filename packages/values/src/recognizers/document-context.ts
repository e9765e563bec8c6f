/**
 * Facts about a whole document that settle what a single value cannot: the day/month
 * order (from dates such as `25/03/2024` that admit only one reading, else day-first when
 * the document writes decimal commas or counts in a day-first country's currency), the dominant
 * currency (from codes and unambiguous symbols) and the decimal separator (from numerals
 * such as `1,234.56` or `12,50`). Callers pass them back as `RecognizerOptions`. The
 * Document computes it once per document (from the searched head of its primary text)
 * and carries it as `document.context`.
 */
import { countCertainCurrencies } from './currency-code.js';
import { builtInLegalFormCodes, type LegalFormCodes } from './legal-form-codes.js';
import { WORD_LIKE_CODES } from './currency-symbols.js';
import { builtInDateNames, type DateNames } from './calendar-names.js';
import { findDates, findNumericDates, holdsNumericDate } from './date.js';
import { MONEY_NUMERALS, countCertainMoneyCurrencies } from './money.js';
import { scanNumeralsWith } from './numeral.js';

/** What the document as a whole says about its conventions; null where it says nothing. */
export interface DocumentContext {
  readonly dateOrder: 'DMY' | 'MDY' | null;
  readonly dominantCurrency: string | null;
  readonly decimalSeparator: '.' | ',' | null;
}

/**
 * Currencies of countries that write dates day first, and only so (the pound, the euro, the
 * ringgit, the rupee…). Left out: the dollar and peso of month-first countries (USD, CAD,
 * PHP) and the currencies of year-first countries (CNY, JPY, KRW, TWD, HUF, SEK, LKR, ZAR).
 */
export const DAY_FIRST_CURRENCIES: ReadonlySet<string> = new Set([
  'EUR', 'GBP', 'CHF', 'NOK', 'DKK', 'ISK', 'PLN', 'CZK', 'RON', 'BGN', 'RSD', 'UAH', 'RUB', 'TRY', 'ILS',
  'MYR', 'SGD', 'BND', 'IDR', 'THB', 'VND', 'HKD', 'INR', 'PKR', 'BDT', 'NPR', 'AUD', 'NZD',
  'AED', 'SAR', 'QAR', 'EGP', 'MAD', 'NGN', 'KES', 'GHS',
  'BRL', 'ARS', 'CLP', 'COP', 'PEN', 'UYU', 'MXN',
]);

function majority<T extends string>(counts: ReadonlyMap<T, number>): T | null {
  let best: T | null = null;
  let bestCount = 0;
  let tie = false;
  for (const [key, count] of counts) {
    if (count > bestCount) {
      best = key;
      bestCount = count;
      tie = false;
    } else if (count === bestCount) {
      tie = true;
    }
  }
  return tie ? null : best;
}

function increment<T>(counts: Map<T, number>, key: T): void {
  counts.set(key, (counts.get(key) ?? 0) + 1);
}

/**
 * The votes of the document's numerals: the currency of each amount with a code or an
 * unambiguous symbol, and the decimal separator each unambiguous numeral shows. A numeral,
 * its currency marker and what decides its reading never reach past a line break, so a line
 * votes the same wherever it is printed, and lines read together vote as each would alone.
 * A long document repeats its lines (a page header, the same item on many rows): each
 * distinct line with a digit is read once, together with the lines printed as often as it
 * is, and their votes count that many times.
 */
function countNumeralVotes(printed: PrintedLines, currencies: Map<string, number>, separators: Map<'.' | ',', number>): void {
  const linesByTimes = groupByTimes(printed, (line) => HAS_DIGIT.test(line));
  const groupCurrencies = new Map<string, number>();
  const groupSeparators = new Map<'.' | ',', number>();
  for (const [times, asOften] of linesByTimes) {
    const group = `\n${asOften.join('\n')}\n`;
    // Both numeral readings (MONEY's and the plain one) share one pass of the numeral pattern.
    const [moneyNumerals = [], numerals = []] = scanNumeralsWith(group, [MONEY_NUMERALS, {}]);
    countCertainMoneyCurrencies(group, moneyNumerals, groupCurrencies);
    for (let index = 0; index < numerals.length; index += 1) {
      const numeral = numerals[index]!;
      if (numeral.ambiguous) continue;
      if (numeral.decimalSeparator !== null && !numeral.singleGroup) increment(groupSeparators, numeral.decimalSeparator);
      else if (numeral.groupSeparator === ',') increment(groupSeparators, '.');
      else if (numeral.groupSeparator === '.') increment(groupSeparators, ',');
    }
    addTimes(currencies, groupCurrencies, times);
    addTimes(separators, groupSeparators, times);
  }
}

const HAS_DIGIT = /\d/;

/** Each distinct line of a text, with how many times it is printed, in the order of first printing. */
type PrintedLines = ReadonlyMap<string, { times: number }>;

/**
 * The distinct lines of `lines` and their counts: one map lookup per line (a count object,
 * not get-then-set), or — when the caller knows which lines repeat which (`same`) — one
 * count per line and one map entry per distinct line.
 */
function printedLines(lines: readonly string[], same?: ArrayLike<number>): PrintedLines {
  const printed = new Map<string, { times: number }>();
  if (same !== undefined) {
    const times = new Int32Array(lines.length);
    for (let index = 0; index < lines.length; index += 1) {
      const first = same[index]!;
      times[first] = times[first]! + 1;
    }
    for (let index = 0; index < lines.length; index += 1) if (same[index] === index) printed.set(lines[index]!, { times: times[index]! });
    return printed;
  }
  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index]!;
    const count = printed.get(line);
    if (count === undefined) printed.set(line, { times: 1 });
    else count.times += 1;
  }
  return printed;
}

/** The distinct lines that `keep` keeps, grouped by how many times each is printed. */
function groupByTimes(printed: PrintedLines, keep: (line: string) => boolean): Map<number, string[]> {
  const linesByTimes = new Map<number, string[]>();
  for (const [line, { times }] of printed) {
    if (!keep(line)) continue;
    const asOften = linesByTimes.get(times);
    if (asOften === undefined) linesByTimes.set(times, [line]);
    else asOften.push(line);
  }
  return linesByTimes;
}

/** Three capitals standing alone at a line's start or end. */
const CODE_AT_LINE_START = /^[A-Z]{3}(?![A-Za-z\u00c0-\u024f])/;
const CODE_AT_LINE_END = /(?<![A-Za-z0-9\u00c0-\u024f])[A-Z]{3}$/;

/**
 * True when a line's currency marks may depend on the lines around it: a code that is
 * also a word (`ALL`, `TRY`) counts only next to a number, looked for two characters past
 * the code (past the line break when the code starts or ends the line), and a code that
 * ends a legal form ("BHD" of "SDN BHD") is none when the form's other words stand before
 * it, which may be on the line before. Other codes and the symbols are judged by their own
 * characters.
 */
function marksReachPastLine(line: string, legalForms: LegalFormCodes): boolean {
  const first = CODE_AT_LINE_START.exec(line);
  if (first !== null && WORD_LIKE_CODES.has(first[0])) return true;
  const last = CODE_AT_LINE_END.exec(line);
  if (last !== null && WORD_LIKE_CODES.has(last[0])) return true;
  for (const code of legalForms.before.keys()) {
    const at = line.indexOf(code);
    if (at !== -1 && at < legalForms.reach) return true;
  }
  return false;
}

/**
 * Counts the currency codes and unambiguous symbols of the text (`countCertainCurrencies`).
 * A mark never reaches past a line break, so when no line's marks depend on the lines
 * around it, each distinct line is read once, together with the lines printed as often as
 * it is, and its marks count that many times; otherwise the whole text is read.
 */
function countCurrencyMarks(text: string, printed: PrintedLines, currencies: Map<string, number>, legalForms: LegalFormCodes): void {
  for (const line of printed.keys()) {
    if (marksReachPastLine(line, legalForms)) {
      countCertainCurrencies(text, currencies, legalForms);
      return;
    }
  }
  const groupCurrencies = new Map<string, number>();
  for (const [times, asOften] of groupByTimes(printed, () => true)) {
    countCertainCurrencies(`\n${asOften.join('\n')}\n`, groupCurrencies, legalForms);
    addTimes(currencies, groupCurrencies, times);
  }
}

/** Adds `times` × each count of `group` to `counts`, and empties `group`. */
function addTimes<T>(counts: Map<T, number>, group: Map<T, number>, times: number): void {
  for (const [key, count] of group) counts.set(key, (counts.get(key) ?? 0) + count * times);
  group.clear();
}

/** The currency marks `inferDocumentContext` counts in `text`, by currency (for tests: equal to `countCertainCurrencies`'). */
export function currencyMarkCounts(text: string): Map<string, number> {
  const counts = new Map<string, number>();
  countCurrencyMarks(text, printedLines(text.split('\n')), counts, builtInLegalFormCodes());
  return counts;
}

/** The packs' knowledge `inferDocumentContext` reads with; the built-in packs' where absent. */
export interface DocumentContextKnowledge {
  /** The month names a named date is read by (`Lexicon.dateNames`). */
  readonly dateNames?: DateNames;
  /** The legal forms that end in a currency code (`Lexicon.legalFormCodes`). */
  readonly legalFormCodes?: LegalFormCodes;
}

/**
 * Infers the document's date order, dominant currency and decimal separator. A caller
 * that has split `text` into lines already (the Document has) may pass them as `lines`:
 * `text.split('\n')`, where a final empty line may be left out. They are read as that
 * split would have given them, and lines that are the same string objects as the
 * caller's keep one computed hash between the caller's tables and these. An instance
 * passes its packs' `knowledge`. A caller that knows which of `lines` print the same text
 * passes `same`: for each line, the index of the first line with its text (its own index
 * when it is the first); the distinct lines are then not looked up by text.
 *
 * @example
 * inferDocumentContext('Date: 25/03/2024  Total: 1.234,56 €')
 * // { dateOrder: 'DMY', dominantCurrency: 'EUR', decimalSeparator: ',' }
 */
export function inferDocumentContext(text: string, lines?: readonly string[], knowledge: DocumentContextKnowledge = {}, same?: ArrayLike<number>): DocumentContext {
  try {
    // `same` describes the caller's lines only.
    const printed = lines === undefined ? printedLines(text.split('\n')) : printedLines(lines, same !== undefined && same.length === lines.length ? same : undefined);
    const orders = new Map<'DMY' | 'MDY', number>();
    const dateNames = knowledge.dateNames ?? builtInDateNames();
    // Only numeric dates vote; the full date scan is needed only when a named date may overlap one.
    // A text holds a numeric date only when one of its distinct lines does (most documents repeat lines and hold none).
    const dates = holdsNumericDate(`\n${[...printed.keys()].join('\n')}\n`) ? (findNumericDates(text, dateNames) ?? findDates(text, { dateNames })) : [];
    for (const hit of dates) {
      const order = hit.detail['dateOrder'];
      if (hit.detail['format'] === 'numeric' && !hit.ambiguous && (order === 'DMY' || order === 'MDY')) {
        const [first, second] = hit.text.split(/[-/.]/).map((part) => Number(part.replace(/\D/g, '')));
        // 03/03/2024 reads the same both ways: it is no evidence.
        if (first !== second) increment(orders, order);
      }
    }
    const currencies = new Map<string, number>();
    const separators = new Map<'.' | ',', number>();
    countNumeralVotes(printed, currencies, separators);
    countCurrencyMarks(text, printed, currencies, knowledge.legalFormCodes ?? builtInLegalFormCodes());
    // XXX is ISO 4217's "no currency" (and a placeholder: "Tarifnummer XXX"): never the document's.
    currencies.delete('XXX');
    const decimalSeparator = majority(separators);
    const dominantCurrency = majority(currencies);
    // No date settles the order: a decimal-comma document is day-first (no decimal-comma
    // locale writes month first), and so is one in the currency of a day-first country.
    const dateOrder = orders.size > 0 ? majority(orders) : decimalSeparator === ',' || (dominantCurrency !== null && DAY_FIRST_CURRENCIES.has(dominantCurrency)) ? 'DMY' : null;
    return Object.freeze({ dateOrder, dominantCurrency, decimalSeparator });
  } catch {
    return Object.freeze({ dateOrder: null, dominantCurrency: null, decimalSeparator: null });
  }
}
