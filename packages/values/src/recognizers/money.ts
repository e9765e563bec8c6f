/**
 * MONEY: an amount with a currency marker before or after it (`$1,234.56`, `1.234,56 €`,
 * `EUR 12`, `USD115`, `(1,234.00)`, `-£5`, `$ 75 million`). A document scan reads only
 * amounts that carry a marker; a labelled cell (`mode: 'cell'`) may also be a bare amount,
 * whose currency then comes from the hint or stays null.
 *
 * `detail.currencySource`: `code` (an ISO code was written), `symbol` (a symbol or word
 * that denotes one currency), `symbol-ambiguous` (`$`, `kr`, `¥`: the code is the hint when
 * it is one of the symbol's currencies, else the symbol's most common one), `hint` (bare
 * amount, currency from `defaultCurrency`), `none`.
 */
import { currencyMinorUnits } from '@paxman/core';
import type { JsonValue } from '@paxman/core';
import {
  CURRENCY_SYMBOLS,
  CURRENCY_WORDS,
  WORD_LIKE_CODES,
  codeFromText,
  mayTouchAmount,
  markerKeysLongestFirst,
  type CurrencyMarker,
} from './currency-symbols.js';
import { scanNumerals, type Numeral, type NumeralOptions } from './numeral.js';
import { escapeRegExp, isWordCharacterAt, makeHit } from './text-scan.js';
import type { RecognizedValue, RecognizerMode, RecognizerOptions } from './types.js';


const SYMBOL_KEYS = markerKeysLongestFirst(CURRENCY_SYMBOLS).filter((key) => key !== '$');
const SYMBOL_ALTERNATION = SYMBOL_KEYS.map(escapeRegExp).join('|');
const WORD_ALTERNATION = markerKeysLongestFirst(CURRENCY_WORDS)
  .map((key) => escapeRegExp(key).replace(/ /g, '[ \\u00a0]+'))
  .join('|');
/** Dollar prefixes that may stand apart from the `$` (`US $ 150`, `C $ 16.4`); single letters that are words may not. */
const SPACED_DOLLAR_PREFIX = 'us|u\\.s\\.?|c|hk|nz|mex|nt';
const TIGHT_DOLLAR_PREFIX = 'ca|can|au|a|s|sg|mx|r|cn|jp';

const PREFIX_PATTERN = new RegExp(
  `(?<![\\p{L}\\p{N}])(?<marker>(?:(?:${SPACED_DOLLAR_PREFIX})[ \\u00a0]?|(?:${TIGHT_DOLLAR_PREFIX}))?\\$|(?<code>[A-Za-z]{3})[ \\u00a0]?\\$|${SYMBOL_ALTERNATION}|(?<scaledCode>[MKkT][A-Z]{3})|(?<bareCode>[A-Za-z]{3}))(?<gap>[ \\u00a0]?)$`,
  'iu',
);
const SCALE_SOURCE = '(?<scale>thousand|million|billion|trillion|mn|bn|mio\\.?|mrd\\.?)';
const SUFFIX_PATTERN = new RegExp(
  `[ \\u00a0]?(?:${SCALE_SOURCE}[ \\u00a0]?)?(?<marker>${WORD_ALTERNATION}|${SYMBOL_ALTERNATION}|\\$|(?<scaledCode>[MKkT][A-Z]{3})|(?<code>[A-Za-z]{3}))(?![\\p{L}\\p{N}])(?:[ \\u00a0](?<scaleAfter>thousand|million|billion|trillion)(?![\\p{L}\\p{N}]))?`,
  'iuy',
);
/** Minor units after a written currency: `3 dollars 50 cents`, `15 dollars and 50`, `17 USD 25`. */
const MINOR_PATTERN = /[ \u00a0]+(?:and[ \u00a0]+)?(?<minor>\d{2})(?:[ \u00a0]?(?:cents?|pence|ct)(?![\p{L}\p{N}]))?(?![\p{L}\p{N}%]|[.,:/-]\d)/iuy;
/** Thousands/millions prefixed to a code, as in finance: `30 MUSD`, `kEUR 12`, `TEUR` (German Tausend). */
const CODE_SCALE: Readonly<Record<string, number>> = { M: 6, K: 3, k: 3, T: 3 };
const SCALE_PATTERN = new RegExp(`[ \\u00a0]?${SCALE_SOURCE}(?![\\p{L}\\p{N}])`, 'iuy');
const SCALE_EXPONENT: Readonly<Record<string, number>> = {
  thousand: 3,
  million: 6,
  mn: 6,
  mio: 6,
  'mio.': 6,
  billion: 9,
  bn: 9,
  mrd: 9,
  'mrd.': 9,
  trillion: 12,
};
/** Longest prefix marker with its gap (`u.s. $ `, `MUSD `). */
const LOOK_BEHIND = 10;
const LETTER = /\p{L}/u;

/** Symbols that are read only in their own spelling, mapped from their lower-case key. */
const CASE_SENSITIVE_SYMBOLS: ReadonlyMap<string, readonly string[]> = new Map([
  ['ft', ['Ft']],
  ['rm', ['RM']],
  ['rs', ['Rs']],
  ['rs.', ['Rs.']],
  ['kr', ['kr']],
  ['kr.', ['kr.']],
  ['zł', ['zł']],
  ['kč', ['Kč', 'kč']],
]);

/** Letter symbols that are also abbreviations ("RM" for room): read as a currency only before an amount with cents. */
const WRITTEN_WITH_CENTS: ReadonlySet<string> = new Set(['RM']);

interface FoundMarker {
  readonly marker: CurrencyMarker;
  readonly written: string;
  readonly start: number;
  readonly end: number;
  /** Power of ten carried by the marker itself (`MUSD` → 6). */
  readonly exponent: number;
}

function scaledCodeMarker(written: string): { marker: CurrencyMarker; exponent: number } | null {
  const exponent = CODE_SCALE[written[0] ?? ''];
  const iso = written.slice(1);
  if (exponent === undefined || iso !== iso.toUpperCase()) return null;
  const code = codeFromText(iso);
  return code === null ? null : { marker: { code, candidates: [code], source: 'code' }, exponent };
}

/** Multiplies a plain decimal string by 10^exponent without floating point. */
export function shiftDecimal(value: string, exponent: number): string {
  const negative = value.startsWith('-');
  const body = negative ? value.slice(1) : value;
  const [integerPart = '0', fractionPart = ''] = body.split('.');
  const fraction = fractionPart.padEnd(exponent, '0');
  const merged = (integerPart + fraction.slice(0, exponent)).replace(/^0+(?=\d)/, '');
  const rest = fraction.slice(exponent).replace(/0+$/, '');
  const result = rest === '' ? merged : `${merged}.${rest}`;
  return negative && /[1-9]/.test(result) ? `-${result}` : result;
}

function markerFromWritten(written: string, code: string | undefined): CurrencyMarker | null {
  const lower = written.toLowerCase().replace(/[ \u00a0]+/g, ' ');
  if (code !== undefined) {
    if (lower.endsWith('$')) {
      const iso = codeFromText(code) ?? codeFromText(code.toUpperCase());
      return iso === null ? null : { code: iso, candidates: [iso], source: 'code' };
    }
    const iso = codeFromText(code);
    return iso === null ? null : { code: iso, candidates: [iso], source: 'code' };
  }
  const compact = lower.replace(/ /g, '');
  // `100 ft` is feet, `RS 5` no rupee and `Rm 12` a room: these symbols count only as written (`Ft`, `Rs`, `RM`).
  const spellings = CASE_SENSITIVE_SYMBOLS.get(compact);
  if (spellings !== undefined && !spellings.includes(written)) return null;
  return CURRENCY_SYMBOLS.get(compact) ?? CURRENCY_WORDS.get(lower) ?? null;
}

function isAsciiLetterDigitOrSpace(code: number): boolean {
  return (code >= 0x30 && code <= 0x39) || (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a) || code === 0x20;
}

/** True when one of the two code units before `index` is (part of) a letter. */
function letterBefore(text: string, index: number): boolean {
  const first = Math.max(0, index - 2);
  let ascii = true;
  for (let position = first; position < index; position += 1) {
    const code = text.charCodeAt(position);
    if (code >= 128) ascii = false;
    else if ((code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a)) return true;
  }
  return !ascii && LETTER.test(text.slice(first, index));
}

function findPrefix(text: string, numeral: Numeral, cursor: number): FoundMarker | null {
  // Fast path for the common case: a one-character symbol with no letters before it (`$12`, `€ 5`).
  const gap = text[numeral.start - 1] === ' ' || text[numeral.start - 1] === '\u00a0' ? 1 : 0;
  const symbolIndex = numeral.start - 1 - gap;
  const symbol = symbolIndex >= cursor ? text[symbolIndex] : undefined;
  if (symbol !== undefined && !isAsciiLetterDigitOrSpace(symbol.charCodeAt(0))) {
    const single = CURRENCY_SYMBOLS.get(symbol);
    if (single !== undefined && !letterBefore(text, symbolIndex)) {
      return { marker: single, written: symbol, start: symbolIndex, end: numeral.start, exponent: 0 };
    }
  }
  const from = Math.max(cursor, numeral.start - LOOK_BEHIND);
  const before = text.slice(from, numeral.start);
  const match = PREFIX_PATTERN.exec(before);
  if (match === null || match.groups === undefined) return null;
  const written = match.groups['marker'] ?? '';
  const scaledCode = match.groups['scaledCode'];
  if (scaledCode !== undefined) {
    const scaled = scaledCodeMarker(scaledCode);
    return scaled === null ? null : { ...scaled, written, start: from + match.index, end: numeral.start };
  }
  const code = match.groups['code'] ?? match.groups['bareCode'];
  if (match.groups['bareCode'] !== undefined && WORD_LIKE_CODES.has(match.groups['bareCode'])) return null;
  const touching = (match.groups['gap'] ?? '') === '';
  if (touching && match.groups['bareCode'] !== undefined && !mayTouchAmount(match.groups['bareCode'])) return null;
  const marker = markerFromWritten(written, code);
  if (marker === null) {
    // `was $99`: the letters before the `$` are a word, not a code; the `$` alone still counts.
    if (match.groups['code'] !== undefined && written.endsWith('$')) {
      const dollar = CURRENCY_SYMBOLS.get('$');
      const gap = match.groups['gap'] ?? '';
      if (dollar !== undefined) {
        return { marker: dollar, written: '$', start: numeral.start - gap.length - 1, end: numeral.start, exponent: 0 };
      }
    }
    return null;
  }
  const start = from + match.index;
  return { marker, written, start, end: numeral.start, exponent: 0 };
}

function findSuffix(text: string, end: number): { found: FoundMarker; scale: string | undefined } | null {
  if (!suffixPossibleAt(text, end)) return null;
  SUFFIX_PATTERN.lastIndex = end;
  const match = SUFFIX_PATTERN.exec(text);
  if (match === null || match.groups === undefined) return null;
  const written = match.groups['marker'] ?? '';
  const scaledCode = match.groups['scaledCode'];
  const scaled = scaledCode === undefined ? null : scaledCodeMarker(scaledCode);
  const marker = scaled?.marker ?? markerFromWritten(written, match.groups['code']);
  if (marker === null) return null;
  const code = match.groups['code'];
  if (code !== undefined && scaled === null && !/^[ \u00a0]/.test(match[0]) && !mayTouchAmount(code)) return null;
  return {
    found: { marker, written, start: end, end: end + match[0].length, exponent: scaled?.exponent ?? 0 },
    scale: match.groups['scale'] ?? match.groups['scaleAfter'],
  };
}

function resolveCurrency(
  marker: CurrencyMarker,
  options: RecognizerOptions,
): { currency: string; source: 'code' | 'symbol' | 'symbol-ambiguous'; resolvedBy: string | null } {
  if (marker.candidates.length <= 1) return { currency: marker.code, source: marker.source, resolvedBy: null };
  const hint = options.defaultCurrency;
  if (typeof hint === 'string' && marker.candidates.includes(hint)) {
    return { currency: hint, source: 'symbol-ambiguous', resolvedBy: 'hint' };
  }
  return { currency: marker.code, source: 'symbol-ambiguous', resolvedBy: 'most-common' };
}

/** Finds MONEY values. */
export function findMoney(text: string, options: RecognizerOptions, mode: RecognizerMode): RecognizedValue[] {
  const hits: RecognizedValue[] = [];
  locateAmounts(text, scanNumerals(text, MONEY_NUMERALS), mode, (numeral, span) => hits.push(amountHit(text, numeral, span, options)));
  return hits;
}

/** How MONEY reads numerals: a lone `1,234` is a thousand and more, and `USD115` is read. */
export const MONEY_NUMERALS: NumeralOptions = Object.freeze({ preferThousands: true, allowLetterBefore: true });

/**
 * Adds one to `counts` for every amount a document scan (`findMoney(text, {}, 'scan')`)
 * finds with a currency code or an unambiguous symbol, without building hits. `numerals`
 * is `scanNumerals(text, MONEY_NUMERALS)`.
 */
export function countCertainMoneyCurrencies(text: string, numerals: readonly Numeral[], counts: Map<string, number>): void {
  locateAmounts(text, numerals, 'scan', (_numeral, span) => {
    const marker = span.marker?.marker;
    if (marker !== undefined && marker.candidates.length <= 1) counts.set(marker.code, (counts.get(marker.code) ?? 0) + 1);
  });
}

/** Where an amount stands and what surrounds it; the value is read from it by `amountHit`. */
interface AmountSpan {
  readonly start: number;
  readonly end: number;
  readonly prefix: FoundMarker | null;
  readonly marker: FoundMarker | null;
  readonly scale: string | undefined;
  readonly minor: string | undefined;
  readonly negative: boolean;
}

/** Calls `found` for every amount of `text`, in order, each after the previous one's end. */
function locateAmounts(
  text: string,
  numerals: readonly Numeral[],
  mode: RecognizerMode,
  found: (numeral: Numeral, span: AmountSpan) => void,
): void {
  let cursor = 0;
  // An index loop: this runs once per document over thousands of numerals, often before
  // the optimizing compiler has removed a `for…of` iterator's allocations.
  for (let index = 0; index < numerals.length; index += 1) {
    const numeral = numerals[index]!;
    if (numeral.start < cursor) continue;
    const span = locateAmount(text, numeral, mode, cursor);
    if (span !== null) {
      found(numeral, span);
      cursor = span.end;
    }
  }
}

/** Characters that cannot start or end a currency marker: digits, spaces, plain punctuation. */
const NOT_MARKER = /[\s\d.,;:!?"'()[\]{}<>/*+=|#&@_-]/;
/** `NOT_MARKER` for the ASCII code units, looked up without a regex. */
const ASCII_NOT_MARKER: readonly boolean[] = Array.from({ length: 128 }, (_, code) => NOT_MARKER.test(String.fromCharCode(code)));

/** True when the code unit at `index` may belong to a currency marker (false outside the text). */
function mayBeMarkerAt(text: string, index: number): boolean {
  if (index < 0 || index >= text.length) return false;
  const code = text.charCodeAt(index);
  return code < 128 ? !ASCII_NOT_MARKER[code] : !NOT_MARKER.test(text[index]!);
}

/** True when a marker may stand within two characters of `index` (cheap test before the regexes). */
function markerPossibleNear(text: string, first: number, second: number): boolean {
  return mayBeMarkerAt(text, first) || mayBeMarkerAt(text, second);
}

/**
 * True when a suffix marker or scale word may start at `end`, after at most one space:
 * every one starts with a letter or a symbol (cheap test before the suffix regexes).
 */
function suffixPossibleAt(text: string, end: number): boolean {
  const code = text.charCodeAt(end);
  return mayBeMarkerAt(text, code === 0x20 || code === 0xa0 ? end + 1 : end);
}

function locateAmount(text: string, numeral: Numeral, mode: RecognizerMode, cursor: number): AmountSpan | null {
  const prefixPossible = markerPossibleNear(text, numeral.start - 1, numeral.start - 2);
  const suffixPossible = markerPossibleNear(text, numeral.end, numeral.end + 1) || text.charCodeAt(numeral.end) === 41;
  if (mode === 'scan' && !prefixPossible && !suffixPossible) return null;
  let prefix = prefixPossible ? findPrefix(text, numeral, cursor) : null;
  // "RM 1203" is a room: the ringgit is written with its cents ("RM12.50").
  if (prefix !== null && WRITTEN_WITH_CENTS.has(prefix.written.trim()) && numeral.decimalSeparator === null) prefix = null;
  if (prefix === null && isWordCharacterAt(text, numeral.start - 1)) return null;
  let scale: string | undefined;
  let end = numeral.end;
  let marker: FoundMarker | null = prefix;
  let confirmedBy: FoundMarker | null = null;
  if (prefix !== null) {
    // `$44,678.13 USD`: a code after an ambiguous symbol settles it.
    if (prefix.marker.candidates.length > 1) {
      const after = findSuffix(text, end);
      if (after !== null && after.scale === undefined && after.found.marker.source === 'code' && prefix.marker.candidates.includes(after.found.marker.code)) {
        confirmedBy = after.found;
      }
    }
    SCALE_PATTERN.lastIndex = end;
    const scaleMatch = suffixPossibleAt(text, end) ? SCALE_PATTERN.exec(text) : null;
    if (scaleMatch !== null) {
      scale = scaleMatch.groups?.['scale'];
      end += scaleMatch[0].length;
    }
  } else {
    // `(1,234.00) USD`: the parentheses close before the currency.
    const closedBefore = text.charCodeAt(numeral.start - 1) === 40 && text.charCodeAt(end) === 41;
    const suffix = findSuffix(text, closedBefore ? end + 1 : end);
    if (suffix !== null) {
      marker = suffix.found;
      scale = suffix.scale;
      end = suffix.found.end;
    }
  }
  if (confirmedBy !== null && scale === undefined) {
    marker = { ...confirmedBy, written: `${prefix?.written ?? ''} … ${confirmedBy.written}`, start: prefix?.start ?? confirmedBy.start };
    end = confirmedBy.end;
  }
  let minor: string | undefined;
  const writtenMarker = marker?.written ?? '';
  if (marker !== null && scale === undefined && marker.exponent === 0 && !numeral.hasFraction && /\p{L}$/u.test(writtenMarker) && marker.start >= numeral.end) {
    MINOR_PATTERN.lastIndex = end;
    const minorMatch = MINOR_PATTERN.exec(text);
    // `50 dollar 40 rmb` is two amounts: a number followed by its own currency is no minor part.
    if (minorMatch !== null && findSuffix(text, end + minorMatch[0].length) === null) {
      minor = minorMatch.groups?.['minor'];
      end += minorMatch[0].length;
    }
  }
  if (isWordCharacterAt(text, end)) return null;
  if (marker === null && mode === 'scan') return null;

  let start = prefix === null ? numeral.start : prefix.start;
  let negative = numeral.negative;
  if (prefix === null && marker !== null && marker.start === numeral.end + 1 && text.charCodeAt(numeral.end) === 41) {
    start -= 1;
    negative = true;
  }
  // Accounting negatives: `(1,234.00)`, `($12)`, `(12 €)`; a minus before the symbol: `-$12`.
  if (text.charCodeAt(start - 1) === 40 && text.charCodeAt(end) === 41) {
    start -= 1;
    end += 1;
    negative = true;
  } else if (
    !numeral.negative &&
    prefix !== null &&
    (text.charCodeAt(start - 1) === 45 || text.charCodeAt(start - 1) === 0x2212) &&
    !isWordCharacterAt(text, start - 2)
  ) {
    start -= 1;
    negative = true;
  }
  return { start, end, prefix, marker, scale, minor, negative };
}

function amountHit(text: string, numeral: Numeral, span: AmountSpan, options: RecognizerOptions): RecognizedValue {
  const { start, end, prefix, marker, scale, minor, negative } = span;
  const exponent = (scale === undefined ? 0 : (SCALE_EXPONENT[scale.toLowerCase()] ?? 0)) + (marker?.exponent ?? 0);
  const finish = (written: string): string => {
    let result = minor === undefined ? written : `${written}.${minor}`;
    if (negative && !result.startsWith('-') && /[1-9]/.test(result)) result = `-${result}`;
    return exponent > 0 ? shiftDecimal(result, exponent) : result;
  };
  let amount = finish(numeral.value);

  const detail: Record<string, JsonValue> = {};
  let currency: string | null = null;
  if (marker !== null) {
    const resolved = resolveCurrency(marker.marker, options);
    currency = resolved.currency;
    detail['currencySource'] = resolved.source;
    detail['marker'] = marker.written;
    if (resolved.resolvedBy !== null) {
      detail['currencyResolvedBy'] = resolved.resolvedBy;
      detail['currencyCandidates'] = marker.marker.candidates;
    }
  } else if (typeof options.defaultCurrency === 'string' && options.defaultCurrency !== '') {
    currency = options.defaultCurrency;
    detail['currencySource'] = 'hint';
  } else {
    detail['currencySource'] = 'none';
  }
  if (scale !== undefined) detail['scale'] = scale.toLowerCase();
  if (marker !== null && marker.exponent > 0) detail['scale'] = `1e${marker.exponent}`;
  if (minor !== undefined) detail['minorUnits'] = minor;
  if (numeral.decimalSeparator !== null) detail['decimalSeparator'] = numeral.decimalSeparator;

  let ambiguous = numeral.ambiguous;
  // `2024 EUR pricing`: a bare year-like integer before a code may be a year.
  if (prefix === null && marker !== null && marker.marker.source === 'code' && /^(?:19|20)\d\d$/.test(numeral.value) && numeral.groupSeparator === null) {
    ambiguous = true;
    detail['possibleYear'] = true;
  }
  let alternative = numeral.alternative;
  if (numeral.singleGroup && currency !== null && currencyMinorUnits(currency) === 3) {
    // `KWD 1.234`: a currency with three decimals makes the decimal reading the likely one.
    ambiguous = true;
    if (numeral.groupSeparator !== null && numeral.alternative !== null) {
      alternative = numeral.value;
      amount = finish(numeral.alternative);
    }
  }
  if (ambiguous && alternative !== null) {
    detail['alternatives'] = [finish(alternative)];
  }
  return makeHit('MONEY', text, start, end, { amount, currency }, ambiguous, detail);
}
