/**
 * Reading the text next to a label as a value of the field's type, with the field's
 * recognizer. A value that does not read as the type is refused (null) rather than
 * guessed: "Total: see attached" yields nothing for a MONEY field, an e-mail address is
 * not a supplier name, and an identifier must look like one.
 */
import type { EnumValue } from '@paxman/contract';
import { formatDecimal, parseDecimal, type FieldType, type JsonValue } from '@paxman/core';
import type { EnumMatcher, RecognizedValue, RecognizerOptions } from '@paxman/values';
import type { ValueRecognizers } from './recognizer-port.js';
import { type LayoutWords, type MentionedWordClass, wordsOf } from './layout-words.js';
import { withoutAddressWords } from './addressed-name.js';

/** What a STRING field holds, when the contract says or the name implies it. */
export type StringSemantic = 'email' | 'phone' | 'iban' | 'url' | 'payment-card' | 'party' | 'identifier' | 'terms' | 'place' | 'duration' | 'text';

/** How to read values of one field; stored in step configs as JSON (`readingToJson`). */
export interface ValueReading {
  readonly fieldType: FieldType;
  readonly semantic: StringSemantic;
  readonly enumValues: readonly EnumValue[];
  /**
   * `enumValues` compiled once when the reading is read back from its config
   * (`readingFromJson`), for the ENUM scans; never written to a config.
   */
  readonly enumMatcher?: EnumMatcher;
  /** Longest STRING value accepted. */
  readonly maxLength: number;
  /**
   * A number written as a percentage ("8.25%"): a `rate` field takes the fraction
   * (`0.0825`), a `pct`/`percent` field the points (`8.25`); any other numeric field
   * refuses it — a rate is not an amount.
   */
  readonly percentAs: 'fraction' | 'points' | 'reject';
}

/** `options` with the reading's ENUM values (and their matcher, when compiled) for an ENUM scan. */
export function enumScanOptions(options: RecognizerOptions, reading: ValueReading): RecognizerOptions {
  return reading.enumMatcher === undefined ? { ...options, enumValues: reading.enumValues } : { ...options, enumValues: reading.enumValues, enumMatcher: reading.enumMatcher };
}

/** A value read from a piece of text; offsets relative to that text. */
export interface ReadValue {
  readonly value: JsonValue;
  readonly start: number;
  readonly end: number;
  readonly ambiguous: boolean;
  readonly detail: Readonly<Record<string, JsonValue>>;
}

const SEMANTIC_KIND = { email: 'EMAIL', phone: 'PHONE', iban: 'IBAN', url: 'URL', 'payment-card': 'PAYMENT_CARD' } as const;

/**
 * A recognizer hit's detail as evidence records it. The currencies an ambiguous symbol may
 * stand for (`currencyCandidates`: 26 for "$") are the recognizer's data, the same for
 * every "$"; evidence keeps how many there were (`currencyCandidateCount`), and nothing
 * when the currency was settled otherwise (`settled`: a code next to the amount, the label).
 */
export function evidenceDetail(detail: Readonly<Record<string, JsonValue>>, settled = false): Record<string, JsonValue> {
  if (!('currencyCandidates' in detail)) return { ...detail };
  const { currencyCandidates: candidates, ...rest } = detail;
  return !settled && Array.isArray(candidates) ? { ...rest, currencyCandidateCount: candidates.length } : rest;
}

function fromHit(hit: RecognizedValue, value: JsonValue = hit.value, extra: Readonly<Record<string, JsonValue>> = {}, settled = false): ReadValue {
  return { value, start: hit.start, end: hit.end, ambiguous: hit.ambiguous, detail: { ...evidenceDetail(hit.detail, settled), ...extra } };
}

/**
 * Parses the whole text as one value, else takes the only hit found in it. Two values
 * next to one label ("24.99   29.99") are refused: picking one would be a guess.
 */
function parseOrFirst(recognizers: ValueRecognizers, kind: Parameters<ValueRecognizers['parseValue']>[0], text: string, options: RecognizerOptions): RecognizedValue | null {
  const parsed = safe(() => recognizers.parseValue(kind, text, options));
  if (parsed) return parsed;
  const hits = safe(() => recognizers.findValues(kind, text, options)) ?? [];
  if (hits.length !== 1) return null;
  // A number with a percent sign after it is a rate ("A= 19,0%"), never an amount or a count.
  if ((kind === 'MONEY' || kind === 'DECIMAL' || kind === 'INTEGER') && PERCENT_AFTER.test(text.slice(hits[0]!.end))) return null;
  return hits[0]!;
}

/** A percent sign right after a number, a space allowed. */
const PERCENT_AFTER = /^ ?%/;

function safe<T>(read: () => T): T | null {
  try {
    return read();
  } catch {
    return null;
  }
}

/**
 * Reads `text` as a value of the field. `labelCurrency` is a currency the label states
 * ("Total (EUR)"); it fills a MONEY value whose text names no currency.
 */
export function readTypedValue(
  text: string,
  reading: ValueReading,
  recognizers: ValueRecognizers,
  options: { readonly recognizerOptions: RecognizerOptions; readonly labelCurrency?: string | null; readonly layout: LayoutWords },
): ReadValue | null {
  const recognizerOptions = options.recognizerOptions;
  if (reading.fieldType === 'MONEY' || reading.fieldType === 'DECIMAL' || reading.fieldType === 'INTEGER') {
    const percent = safe(() => recognizers.parseValue('PERCENT', text, recognizerOptions));
    if (percent && typeof percent.value === 'string') {
      if (reading.percentAs === 'reject' || reading.fieldType !== 'DECIMAL') return null;
      const value = reading.percentAs === 'points' ? percent.value : formatDecimal(parseDecimal(percent.value).dividedBy(100));
      return fromHit(percent, value, { percent: percent.value, percentAs: reading.percentAs });
    }
    if (looksLikeIdentifier(text)) return null;
    // "30 days", "3 items", "2 pcs": a count or a duration, not an amount.
    if (reading.fieldType !== 'INTEGER' && isCountOrDuration(text, options.layout)) return null;
  }
  switch (reading.fieldType) {
    case 'MONEY': {
      const hit = parseOrFirst(recognizers, 'MONEY', text, { ...recognizerOptions, defaultCurrency: null });
      if (hit && isMoneyValue(hit.value)) {
        const stated = adjacentCurrencyCode(text, hit, recognizers, recognizerOptions);
        const ambiguous = hit.value.currency === null || String(hit.detail.currencySource ?? '').includes('ambiguous');
        if (stated && ambiguous) {
          // "$21,114.00 EUR": the code written next to the amount settles an ambiguous "$".
          return {
            value: { amount: hit.value.amount, currency: stated.code },
            start: Math.min(hit.start, stated.start),
            end: Math.max(hit.end, stated.end),
            ambiguous: hit.ambiguous,
            detail: { ...evidenceDetail(hit.detail, true), currencySource: 'code-adjacent' },
          };
        }
        if (ambiguous && options.labelCurrency && options.labelCurrency !== hit.value.currency) {
          return fromHit(hit, { amount: hit.value.amount, currency: options.labelCurrency }, { currencySource: 'label' }, true);
        }
        if (hit.value.currency === null && options.labelCurrency) {
          return fromHit(hit, { amount: hit.value.amount, currency: options.labelCurrency }, { currencySource: 'label' });
        }
        if (hit.value.currency === null && recognizerOptions.defaultCurrency) {
          return fromHit(hit, { amount: hit.value.amount, currency: recognizerOptions.defaultCurrency }, { currencySource: 'document' });
        }
        return fromHit(hit);
      }
      const number = parseOrFirst(recognizers, 'DECIMAL', text, recognizerOptions);
      if (number && typeof number.value === 'string') {
        const currency = options.labelCurrency ?? recognizerOptions.defaultCurrency ?? null;
        return fromHit(number, { amount: number.value, currency }, { currencySource: options.labelCurrency ? 'label' : currency ? 'document' : 'none' });
      }
      return null;
    }
    case 'DECIMAL': {
      const money = parseOrFirst(recognizers, 'MONEY', text, { ...recognizerOptions, defaultCurrency: null });
      const number = parseOrFirst(recognizers, 'DECIMAL', text, recognizerOptions);
      if (money && isMoneyValue(money.value) && (!number || money.start <= number.start)) {
        return fromHit(money, money.value.amount, { fromMoney: true, currency: money.value.currency });
      }
      return number && typeof number.value === 'string' ? fromHit(number) : null;
    }
    case 'INTEGER': {
      const hit = parseOrFirst(recognizers, 'INTEGER', text, recognizerOptions);
      return hit && typeof hit.value === 'number' ? fromHit(hit) : null;
    }
    case 'DATE': {
      const hit = parseOrFirst(recognizers, 'DATE', text, recognizerOptions);
      return hit && typeof hit.value === 'string' ? fromHit(hit, hit.value, hit.ambiguous ? { ambiguous: true } : {}) : null;
    }
    case 'BOOLEAN': {
      const hit = safe(() => recognizers.parseValue('BOOLEAN', text, recognizerOptions));
      return hit && typeof hit.value === 'boolean' ? fromHit(hit) : null;
    }
    case 'ENUM': {
      const hit = parseOrFirst(recognizers, 'ENUM', text, enumScanOptions(recognizerOptions, reading));
      if (hit && typeof hit.value === 'string') return fromHit(hit);
      // An ENUM of currency codes: "$" or "US dollars" next to a currency label.
      if (reading.enumValues.length > 0 && reading.enumValues.every((entry) => /^[A-Z]{3}$/.test(entry.value))) {
        const currency = parseOrFirst(recognizers, 'CURRENCY', text, recognizerOptions);
        if (currency && typeof currency.value === 'string' && reading.enumValues.some((entry) => entry.value === currency.value)) return fromHit(currency);
      }
      return null;
    }
    case 'STRING':
      return readString(text, reading, recognizers, recognizerOptions, options.layout);
    default:
      return null;
  }
}

/**
 * How many quotes a text opens and does not close (negative: closes more than it opens):
 * straight double quotes pair with each other; „ and “ open, ” and “ close (German and
 * English), « opens and » closes.
 */
function openQuotes(text: string): number {
  const count = (pattern: RegExp): number => text.match(pattern)?.length ?? 0;
  const straight = count(/"/g);
  if (straight % 2 === 1) return text.trimStart().startsWith('"') || /\s"\S/.test(text) ? 1 : -1;
  return count(/[„«]/g) + count(/“(?=\S)/g) - count(/[”»]/g) - count(/(?<=\S)“/g);
}

/** An ISO 4217 code written right before or after a money hit ("$811.88 USD", "EUR 12.00"). */
function adjacentCurrencyCode(text: string, hit: RecognizedValue, recognizers: ValueRecognizers, options: RecognizerOptions): { code: string; start: number; end: number } | null {
  const codes = safe(() => recognizers.findValues('CURRENCY', text, options)) ?? [];
  for (const code of codes) {
    if (typeof code.value !== 'string' || !/^[A-Z]{3}$/i.test(code.text.trim())) continue;
    const gapAfter = code.start - hit.end;
    const gapBefore = hit.start - code.end;
    if ((gapAfter >= 0 && gapAfter <= 2 && /^\s*$/.test(text.slice(hit.end, code.start))) || (gapBefore >= 0 && gapBefore <= 2 && /^\s*$/.test(text.slice(code.end, hit.start)))) {
      return { code: code.value, start: code.start, end: code.end };
    }
  }
  return null;
}

/** True when a number is followed by a unit of a count or a duration of the packs ("30 days", "2pcs", "14 Tage"). */
function isCountOrDuration(text: string, layout: LayoutWords): boolean {
  for (const match of text.matchAll(/\d\s*(\p{L}+)/gu)) if (layout.lengthAt('count-units', [match[1]!], 0) === 1) return true;
  return false;
}

/** True when the text has a contact label of the packs right before a colon or a stop ("Tel:", "Fax."). */
function hasContactLabel(text: string, layout: LayoutWords): boolean {
  return wordsOf(text).some((word) => layout.lengthAt('contact-labels', [word.word], 0) === 1 && /^\s*[:.]/.test(text.slice(word.end)));
}

/** A long run of digits with no separator or currency marker is a number of some record, not an amount. */
function looksLikeIdentifier(text: string): boolean {
  const trimmed = text.trim();
  return /^\d{9,}$/.test(trimmed) || /^[A-Z]{1,4}[-/]?\d{5,}$/i.test(trimmed);
}

/** The amount of a DECIMAL value or of a MONEY value's `amount`, as text; null for anything else. */
export function amountTextOf(value: JsonValue): string | null {
  if (typeof value === 'string') return value;
  return isMoneyValue(value) ? value.amount : null;
}

/** The currency of a MONEY value, or null. */
export function currencyOf(value: JsonValue): string | null {
  return isMoneyValue(value) ? value.currency : null;
}

function isMoneyValue(value: JsonValue): value is { readonly amount: string; readonly currency: string | null } {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && typeof (value as Record<string, JsonValue>).amount === 'string';
}

function readString(text: string, reading: ValueReading, recognizers: ValueRecognizers, options: RecognizerOptions, layout: LayoutWords): ReadValue | null {
  const semantic = reading.semantic;
  if (semantic === 'email' || semantic === 'phone' || semantic === 'iban' || semantic === 'url' || semantic === 'payment-card') {
    const hit = parseOrFirst(recognizers, SEMANTIC_KIND[semantic], text, options);
    return hit && typeof hit.value === 'string' ? fromHit(hit) : null;
  }
  let start = 0;
  let end = text.length;
  while (start < end && /[\s"'“”‘’«»]/.test(text[start]!)) start += 1;
  while (end > start && /[\s"'“”‘’«»,;:]/.test(text[end - 1]!)) end -= 1;
  // A quote inside the value keeps its partner at the value's edge (`SIA "Mājas Komforts"`, `"Best" Ltd`).
  if (end < text.length && /["“”»’]/.test(text[end]!) && openQuotes(text.slice(start, end)) > 0) end += 1;
  if (start > 0 && /["„“«‘]/.test(text[start - 1]!) && openQuotes(text.slice(start, end)) < 0) start -= 1;
  if (semantic === 'identifier') {
    // An identifier is one token with a digit ("INV-2026-001", "PO 9876" keeps its first
    // token only when that token has the digit), or an upper-case code.
    const token = /^[^\s]+/.exec(text.slice(start, end))?.[0] ?? '';
    const whole = text.slice(start, end);
    // A plain number with decimals ("49,99", "1.234,56") is an amount, not an identifier.
    if (/\d/.test(token) && token.length <= reading.maxLength && !/^[-+]?\d{1,3}(?:[.,\s]\d{3})*[.,]\d{1,2}$/.test(token)) {
      const trimmed = token.replace(/[.,;:)]+$/, '');
      // A date written with separators ("20/09/2023", "2024-01-15") is a date, not a number of anything.
      if (/\d[-/.]\d/.test(trimmed) && safe(() => recognizers.parseValue('DATE', trimmed, options)) !== null) return null;
      return { value: trimmed, start, end: start + trimmed.length, ambiguous: false, detail: {} };
    }
    if (/^[A-Z0-9][A-Z0-9\-/._]{2,}$/.test(whole) && /[A-Z]/.test(whole)) return { value: whole, start, end, ambiguous: false, detail: {} };
    // Upper-case tokens and digits with single spaces ("F 1234K20/1234/12", "INV 2026 001").
    if (whole.length <= Math.min(reading.maxLength, 40) && /\d/.test(whole) && /^[A-Z0-9][A-Z0-9\-/._]*(?: [A-Z0-9\-/._]+)+$/.test(whole)) {
      return { value: whole, start, end, ambiguous: false, detail: {} };
    }
    return null;
  }
  if (semantic === 'place') return readPlace(text, start, end, layout);
  if (semantic === 'duration') return readDuration(text, start, end, layout);
  if (end - start > Math.min(reading.maxLength, 300) || end <= start) return null;
  if (semantic === 'party') {
    // How a letter addresses a party is no part of its name ("Mme Claire Lefèvre"), nor a name alone ("Herrn").
    const name = withoutAddressWords({ text: text.slice(start, end), span: { start, end, layer: '' } }, layout);
    if (name === 'next-line') return null;
    ({ start, end } = name.span);
  }
  const value = text.slice(start, end).replace(/\s+/g, ' ');
  if (!/\p{L}|\p{N}/u.test(value)) return null;
  // A party is a name: not an address, a link, a parenthesised remark or a sentence.
  if (semantic === 'party' && (/@|https?:\/\/|^\d{5,}\b/i.test(value) || hasContactLabel(value, layout) || !/\p{L}{2}/u.test(value) || /^[([].*[)\]]$/.test(value) || /(?:\b\p{Ll}+\b\s+){4}/u.test(value))) return null;
  // Payment terms are a condition ("Net 30", "14 Tage netto"); a bare date under a terms
  // label ("Zahlungsziel 21.05.14") is the due date, not the terms.
  if (semantic === 'terms' && safe(() => recognizers.parseValue('DATE', value, options))) return null;
  // Nor a date or an amount ("From: Jan 1, 2026").
  if (semantic === 'party' && (safe(() => recognizers.parseValue('DATE', value, options)) || safe(() => recognizers.parseValue('MONEY', value, options)))) return null;
  return { value, start, end, ambiguous: false, detail: {} };
}

/** How many characters lead a place under a label and are no part of it: a place lead of the packs and its spaces ("the laws of the …"). */
function placeLeadLength(text: string, layout: LayoutWords): number {
  const end = /^\p{L}/u.test(text) ? layout.afterStart('place-leads', text) : null;
  const spaces = end === null ? null : /^\s+/.exec(text.slice(end));
  return end === null || spaces === null ? 0 : end + spaces[0].length;
}
/** Longest place name read, in words ("Commonwealth of the Northern Mariana Islands"). */
const MAX_PLACE_WORDS = 6;

/**
 * A place (a state, country or province, as a governing-law label names it): a short name
 * on one line whose words are capitalised but for connectors, with no digit or bracket. A
 * sentence under a "Governing Law" heading ("This Agreement shall be governed by …"), a
 * section number or a placeholder ("[to be completed]") is not a place; the clause reader
 * reads the sentence.
 */
function readPlace(text: string, from: number, to: number, layout: LayoutWords): ReadValue | null {
  const lineEnd = text.slice(from, to).search(/[\r\n]/);
  let end = lineEnd >= 0 ? from + lineEnd : to;
  while (end > from && /[\s.,;:]/.test(text[end - 1]!)) end -= 1;
  const start = from + placeLeadLength(text.slice(from, end), layout);
  const value = text.slice(start, end).replace(/\s+/g, ' ');
  if (value.length < 2 || /[\d()[\]{}<>@/_*]/.test(value)) return null;
  const words = value.split(' ');
  if (words.length > MAX_PLACE_WORDS) return null;
  const named = words.every((word, position) => /^\p{Lu}/u.test(word) || (position > 0 && /^\p{Ll}/u.test(word) && layout.lengthAt('place-connectors', [word.replace(/,$/, '')], 0) === 1));
  return named ? { value, start, end, ambiguous: false, detail: {} } : null;
}

/** A number (digits, a word, or both: "two (2)") and a word that may be a unit of time. */
const DURATION = /(?<![\p{L}\d])(?:(\d{1,4})|(\p{L}+)(?:[\s-]*\((\d{1,4})\))?)[\s-]+(\p{L}+)/giu;
/**
 * The units a duration's value is written in (`2 years`, the format of the value, not words read from a
 * document), each with the word class of the packs that holds how the unit is printed.
 */
const DURATION_UNITS: readonly (readonly [MentionedWordClass, string])[] = [
  ['duration-days', 'day'],
  ['duration-weeks', 'week'],
  ['duration-months', 'month'],
  ['duration-years', 'year'],
];

/** The unit of the value a printed unit word stands for ("years" → `year`), or null. */
function durationUnit(word: string, layout: LayoutWords): string | null {
  return DURATION_UNITS.find(([wordClass]) => layout.lengthAt(wordClass, [word], 0) === 1)?.[1] ?? null;
}

/**
 * A duration: a number and a unit of time, written "2 years", "two (2) years", "eighteen
 * months", read as `<number> <unit>s`. A bare number under a "Term" heading is a section
 * number, not a duration.
 */
function readDuration(text: string, from: number, to: number, layout: LayoutWords): ReadValue | null {
  const searched = text.slice(from, to);
  let match: RegExpExecArray | null = null;
  let unit: string | null = null;
  // The first number followed by a unit of the packs; a start whose word is no unit is passed over.
  for (DURATION.lastIndex = 0; unit === null && (match = DURATION.exec(searched)) !== null; DURATION.lastIndex = match.index + 1) unit = durationUnit(match[4]!, layout);
  if (match === null || unit === null) return null;
  // Digits first; a word the packs write a number with ("two", "zwei", "deux") otherwise.
  const count = match[1] !== undefined ? Number(match[1]) : match[3] !== undefined ? Number(match[3]) : layout.numberOf(match[2]!);
  if (count === null || !Number.isFinite(count) || count <= 0) return null;
  const start = from + match.index;
  return { value: `${count} ${unit}${count === 1 ? '' : 's'}`, start, end: start + match[0].length, ambiguous: false, detail: {} };
}
