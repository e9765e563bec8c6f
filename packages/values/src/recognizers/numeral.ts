/**
 * The numeral scanner under MONEY, DECIMAL, INTEGER and PERCENT: finds digit-written
 * numbers with either separator convention (`1,234.56`, `1.234,56`, `1 234,56`,
 * `1'234.56`) and decides what the separators mean, saying so when it cannot be sure.
 *
 * A numeral glued to a longer token is never read: not inside `INV-2024-001`, `192.168.1.2`,
 * `5/17/2018`, `10:30` or `A123`. Whether letters may follow (`115USD`, `180ml`) is left
 * to the caller, which receives the numeral's end.
 */
import { isDigitAt, isWordCharacterAt } from './text-scan.js';

/** One numeral and its reading. */
export interface Numeral {
  readonly start: number;
  readonly end: number;
  readonly negative: boolean;
  /** Plain decimal string: optional `-`, digits, optional `.` and fraction digits. */
  readonly value: string;
  readonly hasFraction: boolean;
  /** The decimal separator the reading used, when the numeral shows one. */
  readonly decimalSeparator: '.' | ',' | null;
  /** The thousands separator the reading used, when any. */
  readonly groupSeparator: string | null;
  /** True when the other reading of a lone `x,yyy` / `x.yyy` / `x yyy` is plausible. */
  readonly ambiguous: boolean;
  /** The other reading of a single-group numeral (a plain decimal string), whether or not it is flagged. */
  readonly alternative: string | null;
  /** True when the numeral is a single group of three after one separator (`1,234`, `1.234`). */
  readonly singleGroup: boolean;
}

/** How to read a lone `x,yyy` / `x.yyy`. */
export interface NumeralOptions {
  readonly decimalSeparator?: '.' | ',' | null;
  /** MONEY: a single three-digit group is a thousands group (decimals of three are rare). */
  readonly preferThousands?: boolean;
  /** MONEY: a letter may touch the numeral's start (`USD115`); the caller checks it is a code. */
  readonly allowLetterBefore?: boolean;
}

// Alternatives: grouped (lead, separator, more groups, fraction) | plain digits with fraction | bare fraction.
// Every quantifier is followed by a character it cannot match, so a scan stays linear.
const NUMERAL_PATTERN =
  /([-\u2212](?:[ \u00a0])?)?(?:(\d{1,2}(?:,\d\d)+,\d{3}(?:\.\d+)?)(?![\d,])|(\d{1,3})((?:([,.'\u2019\u00a0\u202f ])\d{3})(?:\5\d{3})*)([.,]\d+)?|(\d+)([.,]\d+)?|[.,](\d+))/g;

/** Digits with an optional fraction, read at one position when a grouped reading fails. */
const PLAIN_PATTERN = /(\d+)([.,]\d+)?/y;
/** A comma list of integers (`22,24,26,31`) that is not thousands grouping. */
const LIST_PATTERN = /\d+(?:,\d+){2,}/y;

const SPACES = new Set([' ', '\u00a0', '\u202f']);

function stripLeadingZeros(digits: string): string {
  let index = 0;
  while (index < digits.length - 1 && digits.charCodeAt(index) === 48) index += 1;
  return digits.slice(index);
}

function compose(negative: boolean, integerDigits: string, fraction: string): string {
  const integerPart = stripLeadingZeros(integerDigits === '' ? '0' : integerDigits);
  const body = fraction === '' ? integerPart : `${integerPart}.${fraction}`;
  return negative && /[1-9]/.test(body) ? `-${body}` : body;
}

/** True when a numeral ending at `end` runs on into a longer token (`.5`, `/2018`, `-001`, `:30`). */
function continuesAfter(text: string, end: number): boolean {
  if (isDigitAt(text, end)) return true;
  const next = text.charCodeAt(end);
  // . , / : - followed by a digit
  if ((next === 46 || next === 44 || next === 47 || next === 58 || next === 45) && isDigitAt(text, end + 1)) {
    return true;
  }
  return false;
}

/** True when a numeral starting at `start` is the tail of a longer token. */
function continuesBefore(text: string, start: number, allowLetterBefore: boolean): boolean {
  if (isDigitAt(text, start - 1)) return true;
  if (!allowLetterBefore && isWordCharacterAt(text, start - 1)) return true;
  const previous = text.charCodeAt(start - 1);
  // . , / : - ^ % preceded by a letter or digit (192.168, 5/17, INV-2024, 10:30, %2020)
  if (
    (previous === 46 || previous === 44 || previous === 47 || previous === 58 || previous === 45 || previous === 94 || previous === 37) &&
    isWordCharacterAt(text, start - 2)
  ) {
    return true;
  }
  return false;
}

/**
 * Scans `text` for numerals, in order. Numerals glued to longer digit tokens are skipped;
 * the caller checks what letters follow.
 */
export function scanNumerals(text: string, options: NumeralOptions = {}): readonly Numeral[] {
  return scanNumeralsWith(text, [options])[0] ?? [];
}

/**
 * `scanNumerals` once per options set, in that order: the scans run side by side over
 * the same pattern matches, found once, so reading a text two ways costs little more than
 * one way.
 */
export function scanNumeralsWith(text: string, optionsList: readonly NumeralOptions[]): (readonly Numeral[])[] {
  const scans = optionsList.map((options, index) => newScan(options, index));
  if (scans.length === 1) runScan(text, scans[0]!, liveMatches(text));
  else if (scans.length > 1) runSideBySide(text, scans);
  return scans.map((scan) => Object.freeze(scan.found));
}

/** Where the scan resumes; a reading that takes more or less than its match moves it. */
interface ScanPosition {
  lastIndex: number;
}

/** One scan in progress. */
interface Scan {
  readonly options: NumeralOptions;
  /** Its place in the caller's list. */
  readonly index: number;
  readonly found: Numeral[];
  readonly position: ScanPosition;
  done: boolean;
}

function newScan(options: NumeralOptions, index: number): Scan {
  return { options, index, found: [], position: { lastIndex: 0 }, done: false };
}

/** The first match at or after a position, as a global scan of the pattern would find it. */
type NextMatch = (from: number) => RegExpExecArray | null;

const NUMERAL_SCAN = new RegExp(NUMERAL_PATTERN.source, 'g');

function liveMatches(text: string): NextMatch {
  return (from) => {
    NUMERAL_SCAN.lastIndex = from;
    return NUMERAL_SCAN.exec(text);
  };
}

/**
 * The reading of one match, kept for the other scans of a side-by-side run: when the
 * options cannot change how a match reads (`readingIgnoresOptions`), every scan that
 * steps onto the same match takes the same numeral and resumes at the same place.
 */
interface SharedReading {
  match: RegExpExecArray | null;
  numeral: Numeral | null;
  lastIndex: number;
}

/**
 * True when `readMatch` reads `match` the same whatever the options: the options only
 * decide whether a letter may touch the numeral's start (none does here) and how a lone
 * `x,yyy` / `x.yyy` group reads (not such a group here).
 */
function readingIgnoresOptions(text: string, match: RegExpExecArray): boolean {
  if (isWordCharacterAt(text, match.index - 1)) return false;
  return match[3] === undefined || match[6] !== undefined || (match[4] ?? '').length !== 4;
}

/** Reads the next match of `scan`; marks it done when there is none. */
function stepScan(text: string, scan: Scan, nextMatch: NextMatch, shared: SharedReading | null = null): void {
  const match = nextMatch(scan.position.lastIndex);
  if (match === null) {
    scan.done = true;
    return;
  }
  scan.position.lastIndex = match.index + match[0].length;
  if (match[1] === undefined && match[0].includes(',') && readList(text, match.index, scan.found, scan.position)) return;
  if (shared !== null && shared.match === match) {
    scan.position.lastIndex = shared.lastIndex;
    if (shared.numeral !== null) scan.found.push(shared.numeral);
    return;
  }
  const numeral = readMatch(text, match, scan.options, scan.position);
  if (numeral !== null) scan.found.push(numeral);
  if (shared !== null && readingIgnoresOptions(text, match)) {
    shared.match = match;
    shared.numeral = numeral;
    shared.lastIndex = scan.position.lastIndex;
  }
}

function runScan(text: string, scan: Scan, nextMatch: NextMatch): void {
  while (!scan.done) stepScan(text, scan, nextMatch);
}

/** Searches remembered by a side-by-side run: enough for scans a few matches apart. */
const REMEMBERED_SEARCHES = 4;

/**
 * Runs several scans side by side (always the one furthest behind next) over one set of
 * pattern matches. The last few searches are remembered with where each started: a
 * search from anywhere between that start and the match found finds the same match (no
 * match starts in between), so scans that keep together search the text once, and a
 * match that reads the same under every scan's options is read once.
 */
function runSideBySide(text: string, scans: readonly Scan[]): void {
  const searchedFrom: number[] = new Array<number>(REMEMBERED_SEARCHES).fill(Infinity);
  const searchFound: (RegExpExecArray | null)[] = new Array<RegExpExecArray | null>(REMEMBERED_SEARCHES).fill(null);
  let newest = 0;
  const nextMatch: NextMatch = (from) => {
    for (let slot = 0; slot < REMEMBERED_SEARCHES; slot += 1) {
      const match = searchFound[slot]!;
      if (searchedFrom[slot]! <= from && (match === null || from <= match.index)) return match;
    }
    NUMERAL_SCAN.lastIndex = from;
    const match = NUMERAL_SCAN.exec(text);
    newest = (newest + 1) % REMEMBERED_SEARCHES;
    searchedFrom[newest] = from;
    searchFound[newest] = match;
    return match;
  };
  const shared: SharedReading = { match: null, numeral: null, lastIndex: 0 };
  for (;;) {
    let behind: Scan | undefined;
    for (const scan of scans) if (!scan.done && (behind === undefined || scan.position.lastIndex < behind.position.lastIndex)) behind = scan;
    if (behind === undefined) return;
    stepScan(text, behind, nextMatch, shared);
  }
}

/**
 * A comma list of integers where some item is not a three-digit group (`22,24,26,31`) is
 * a list, not one number: each item is read on its own. Returns true when it read one.
 */
function readList(text: string, start: number, found: Numeral[], position: ScanPosition): boolean {
  if (!isDigitAt(text, start) || continuesBefore(text, start, false)) return false;
  LIST_PATTERN.lastIndex = start;
  const list = LIST_PATTERN.exec(text);
  if (list === null) return false;
  const end = start + list[0].length;
  const items = list[0].split(',');
  if (items.slice(1).every((item) => item.length === 3)) return false;
  if (continuesAfter(text, end) || isWordCharacterAt(text, end)) return false;
  let offset = start;
  for (const item of items) {
    found.push(plainNumeral(offset, offset + item.length, false, item, '', null));
    offset += item.length + 1;
  }
  position.lastIndex = end;
  return true;
}

function readMatch(
  text: string,
  match: RegExpExecArray,
  options: NumeralOptions,
  position: ScanPosition,
): Numeral | null {
  const signText = match[1] ?? '';
  let start = match.index;
  const negative = signText !== '';
  if (negative && (isWordCharacterAt(text, start - 1) || isDigitAt(text, start - 1))) {
    // A hyphen inside a token (INV-2024): not a sign, and the digits belong to the token.
    return null;
  }
  const digitsStart = start + signText.length;
  if (!negative) start = digitsStart;
  if (continuesBefore(text, negative ? start : digitsStart, options.allowLetterBefore === true)) return null;

  const end = match.index + match[0].length;
  const indian = match[2];
  if (indian !== undefined) {
    if (continuesAfter(text, end)) return null;
    const [integerPart = '', fractionPart = ''] = indian.split('.');
    return {
      ...plainNumeral(start, end, negative, integerPart.replace(/,/g, ''), fractionPart, fractionPart === '' ? null : '.'),
      groupSeparator: ',',
    };
  }
  const lead = match[3];
  if (lead !== undefined) {
    const separator = match[5] ?? ',';
    const groups = match[4] ?? '';
    const fraction = match[6];
    const groupCount = groups.length / 4;
    const leadEnd = digitsStart + lead.length;
    const fallBackToLead = (): Numeral | null => {
      // The grouped reading cut a longer run (`9.2321312`): read the run plainly if it ends cleanly.
      PLAIN_PATTERN.lastIndex = digitsStart;
      const plain = PLAIN_PATTERN.exec(text);
      if (plain !== null && plain[0].length > lead.length) {
        const plainEnd = digitsStart + plain[0].length;
        position.lastIndex = plainEnd;
        if (continuesAfter(text, plainEnd)) return null;
        const fraction = plain[2];
        return plainNumeral(start, plainEnd, negative, plain[1] ?? '', fraction === undefined ? '' : fraction.slice(1), fraction === undefined ? null : (fraction[0] as '.' | ','));
      }
      position.lastIndex = leadEnd;
      if (continuesAfter(text, leadEnd) && !SPACES.has(separator)) return null;
      return plainNumeral(start, leadEnd, negative, lead, '', null);
    };
    if (fraction !== undefined && fraction[0] === separator) return fallBackToLead();
    if (lead.length > 1 && lead[0] === '0') return fallBackToLead();
    const isSpace = SPACES.has(separator);
    // One plain-space group before a `.` fraction is most often two table columns: `2 100.00`.
    if (separator === ' ' && groupCount === 1 && fraction !== undefined && fraction[0] === '.') {
      return fallBackToLead();
    }
    if (continuesAfter(text, end)) {
      if (isSpace || fraction === undefined) return fallBackToLead();
      return null;
    }
    const groupDigits = groups.replace(/[^0-9]/g, '');
    const fractionDigits = fraction === undefined ? '' : fraction.slice(1);
    if (groupCount === 1 && fraction === undefined && (separator === ',' || separator === '.')) {
      return singleGroupNumeral(start, end, negative, lead, groupDigits, separator, options);
    }
    const decimalSeparator = fraction === undefined ? null : (fraction[0] as '.' | ',');
    // One group after a plain space (`2 150,00`) may be two table columns; a no-break or
    // thin space (French typography) is not.
    const spaceAmbiguous = separator === ' ' && groupCount === 1;
    return {
      start,
      end,
      negative,
      value: compose(negative, lead + groupDigits, fractionDigits),
      hasFraction: fraction !== undefined,
      decimalSeparator,
      groupSeparator: separator,
      ambiguous: spaceAmbiguous,
      alternative: spaceAmbiguous ? compose(negative, groupDigits, fractionDigits) : null,
      singleGroup: false,
    };
  }
  if (continuesAfter(text, end)) return null;
  const plain = match[7];
  if (plain !== undefined) {
    const fraction = match[8];
    return plainNumeral(
      start,
      end,
      negative,
      plain,
      fraction === undefined ? '' : fraction.slice(1),
      fraction === undefined ? null : (fraction[0] as '.' | ','),
    );
  }
  const bare = match[9] ?? '';
  const bareSeparator = text[digitsStart] === ',' ? ',' : '.';
  return plainNumeral(start, end, negative, '0', bare, bareSeparator);
}

function plainNumeral(
  start: number,
  end: number,
  negative: boolean,
  integerDigits: string,
  fractionDigits: string,
  decimalSeparator: '.' | ',' | null,
): Numeral {
  return {
    start,
    end,
    negative,
    value: compose(negative, integerDigits, fractionDigits),
    hasFraction: fractionDigits !== '',
    decimalSeparator,
    groupSeparator: null,
    ambiguous: false,
    alternative: null,
    singleGroup: false,
  };
}

function singleGroupNumeral(
  start: number,
  end: number,
  negative: boolean,
  lead: string,
  group: string,
  separator: '.' | ',',
  options: NumeralOptions,
): Numeral {
  const asThousands = compose(negative, lead + group, '');
  const asDecimal = compose(negative, lead, group);
  let thousands: boolean;
  let ambiguous = false;
  if (lead === '0') {
    thousands = false;
  } else if (options.decimalSeparator === separator) {
    thousands = false;
  } else if (options.decimalSeparator === ',' || options.decimalSeparator === '.') {
    thousands = true;
  } else if (options.preferThousands === true) {
    thousands = true;
  } else {
    // English default: `1,234` is a thousand and more, `4.800` is four point eight; both flagged.
    thousands = separator === ',';
    ambiguous = true;
  }
  return {
    start,
    end,
    negative,
    value: thousands ? asThousands : asDecimal,
    hasFraction: !thousands,
    decimalSeparator: thousands ? null : separator,
    groupSeparator: thousands ? separator : null,
    ambiguous,
    alternative: thousands ? asDecimal : asThousands,
    singleGroup: true,
  };
}

const DECIMAL_COMMA_LANGUAGES: ReadonlySet<string> = new Set([
  'de', 'fr', 'es', 'it', 'nl', 'pt', 'pl', 'ru', 'uk', 'cs', 'sk', 'sl', 'hr', 'sr', 'bg', 'ro', 'hu', 'sv', 'da', 'nb', 'nn', 'no', 'fi', 'et', 'lv', 'lt', 'tr', 'el', 'id', 'vi',
]);
const DECIMAL_POINT_LANGUAGES: ReadonlySet<string> = new Set(['en', 'ja', 'zh', 'ko', 'he', 'th', 'hi', 'ms', 'tl', 'ga', 'mt']);

/**
 * The decimal separator to assume: the explicit option, else the locale's (`de-DE` → `,`,
 * `en-US` → `.`; `de-CH` and `it-CH` use `.`), else null (unknown).
 */
export function decimalSeparatorFor(options: { readonly decimalSeparator?: '.' | ',' | null; readonly locale?: string }): '.' | ',' | null {
  if (options.decimalSeparator === '.' || options.decimalSeparator === ',') return options.decimalSeparator;
  const locale = options.locale?.toLowerCase() ?? '';
  if (/-(ch|li)\b/.test(locale)) return '.';
  const language = locale.split(/[-_]/)[0] ?? '';
  if (DECIMAL_COMMA_LANGUAGES.has(language)) return ',';
  if (DECIMAL_POINT_LANGUAGES.has(language)) return '.';
  return null;
}
