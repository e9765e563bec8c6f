/**
 * What a grounded model quote shows about its value (ADR 0023), stated as core's
 * `model-quote` grounds so the reconciler grades a model answer by the same table as any
 * other evidence:
 *
 * - `addresses-model`: the quote itself reads as an instruction to a model;
 * - `instruction-line`: a line the quote touches does;
 * - `labelled`: the quote, on one line, names the field next to the value — a term of the
 *   field's own labels or of its concept (the very terms the planner gives the label
 *   finder, `labelsForField`), so no word list of its own;
 * - `exact`: the quote holds the value, nothing more is known.
 *
 * "Names the field" is a structural test on words, not a grammar: a concept term (a
 * complete phrase of the lexicon) must occur whole; one of the field's exact labels (the
 * caller's words: "delivery city" from `delivery_city`) needs its first word — the
 * qualifier that tells this field from its siblings, where the last word names the value's
 * kind ("city", "date", "number") — and half its words. Words match when equal or when they
 * share a stem (a common prefix of at least five letters reaching to within two letters
 * of the shorter word: "deliver" / "delivery", "Lieferung" / "liefern"), so inflection in
 * running text still counts. Words of the value itself never count as its label.
 */
import { type JsonValue, type ModelQuote, instructionPhrase, isPlainObject } from '@paxman/core';
import type { CanonicalField } from '@paxman/contract';
import { type Lexicon, defaultLexicon, labelsForField, normalizeLabelText } from '@paxman/values';

/** Shortest common prefix that makes two different words one stem. */
const MIN_STEM_LENGTH = 5;
/** Letters a word may have beyond the shared stem (an inflection or derivation suffix). */
const MAX_SUFFIX_LENGTH = 2;

function wordsOf(text: string): string[] {
  return normalizeLabelText(text)
    .split(' ')
    .filter((word) => word.length > 0);
}

/** True when `left` and `right` are the same word or share a stem. */
export function sameStem(left: string, right: string): boolean {
  if (left === right) return true;
  const shorter = Math.min(left.length, right.length);
  let common = 0;
  while (common < shorter && left[common] === right[common]) common += 1;
  return common >= MIN_STEM_LENGTH && common >= shorter - MAX_SUFFIX_LENGTH;
}

function valueWords(value: JsonValue): string[] {
  if (isPlainObject(value)) return Object.values(value).flatMap((member) => valueWords(member ?? null));
  return value === null ? [] : wordsOf(String(value));
}

function occurs(word: string, quoteWords: readonly string[]): boolean {
  return quoteWords.some((quoteWord) => sameStem(word, quoteWord));
}

/** True when the quote names the field (see the module comment) in a language of the lexicon (the instance's packs). */
export function quoteNamesField(field: CanonicalField, quote: string, value: JsonValue, lexicon: Lexicon = defaultLexicon()): boolean {
  if (quote.includes('\n')) return false;
  const own = new Set(valueWords(value));
  const quoteWords = wordsOf(quote).filter((word) => !own.has(word));
  if (quoteWords.length === 0) return false;
  const labels = labelsForField(field, lexicon);
  for (const term of labels.synonyms) {
    const words = wordsOf(term);
    if (words.length > 0 && words.every((word) => occurs(word, quoteWords))) return true;
  }
  for (const label of labels.exact) {
    const words = wordsOf(label);
    if (words.length === 0 || !occurs(words[0]!, quoteWords)) continue;
    if (words.filter((word) => occurs(word, quoteWords)).length * 2 >= words.length) return true;
  }
  return false;
}

/** The lines of `text` that the span touches. */
function enclosingLines(text: string, span: { readonly start: number; readonly end: number }): string {
  const lineStart = text.lastIndexOf('\n', span.start - 1) + 1;
  const lineEnd = text.indexOf('\n', span.end);
  return text.slice(lineStart, lineEnd === -1 ? text.length : lineEnd);
}

/** What a grounded quote shows, with the instruction phrase that decided it when one did. */
export interface QuoteGrounds {
  readonly quote: ModelQuote;
  readonly instructionPhrase?: string;
}

/**
 * Grounds of a grounded quote at `span` of `sourceText` for `value` of `field`.
 * @example quoteGrounds({ field: deliveryCity, quote: 'please deliver the pallets to our warehouse in Rotterdam', value: 'Rotterdam', sourceText, span }) // { quote: 'labelled' }
 */
export function quoteGrounds(options: {
  readonly field: CanonicalField;
  readonly quote: string;
  readonly value: JsonValue;
  readonly sourceText: string;
  readonly span: { readonly start: number; readonly end: number };
  /** The instance's lexicon (default: the built-in packs'). */
  readonly lexicon?: Lexicon;
}): QuoteGrounds {
  const own = instructionPhrase(options.quote);
  if (own !== null) return { quote: 'addresses-model', instructionPhrase: own };
  const nearby = instructionPhrase(enclosingLines(options.sourceText, options.span));
  if (nearby !== null) return { quote: 'instruction-line', instructionPhrase: nearby };
  return { quote: quoteNamesField(options.field, options.quote, options.value, options.lexicon) ? 'labelled' : 'exact' };
}
