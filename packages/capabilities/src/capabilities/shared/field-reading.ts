/**
 * Deriving, once per field at plan time, how its values are read: the field type, what a
 * STRING holds (an e-mail, an identifier, a party name, …), the ENUM values with
 * synonyms, and the longest acceptable STRING. The result goes into step configs (only
 * what differs from the defaults), so `invoke` reads it without looking at the contract
 * again.
 */
import type { CanonicalField } from '@paxman/contract';
import type { JsonValue } from '@paxman/core';
import type { FieldLabels, Lexicon } from '@paxman/values';
import { compileEnumMatcher, defaultLexicon, splitIdentifier } from '@paxman/values';
import { foldWord } from './layout-words.js';
import type { StringSemantic, ValueReading } from './read-typed-value.js';

const IDENTIFIER_CONCEPTS = new Set(['invoice-number', 'purchase-order', 'quote-number', 'order-number', 'customer-number', 'tax-id', 'bic']);
const PARTY_CONCEPTS = new Set(['supplier', 'buyer', 'ship-to']);
/** Longest STRING value read when the contract sets no `max_length`. */
const DEFAULT_MAX_LENGTH = 300;

/** What a STRING field holds (a word of its name may say so: the packs' url and phone words). */
export function stringSemantic(field: CanonicalField, labels: FieldLabels, lexicon: Lexicon = defaultLexicon()): StringSemantic {
  const words = splitIdentifier(field.name).toLowerCase().split(' ');
  const format = field.constraints.find((constraint) => constraint.kind === 'format')?.params.format;
  const concepts = new Set(labels.concepts);
  if (format === 'email' || concepts.has('email') || words.includes('email')) return 'email';
  if (format === 'uri' || concepts.has('website') || nameHasWordOf(words, lexicon, 'url-words')) return 'url';
  if (concepts.has('iban') || words.includes('iban')) return 'iban';
  if (concepts.has('phone') || nameHasWordOf(words, lexicon, 'phone-words')) return 'phone';
  if (concepts.has('payment-card')) return 'payment-card';
  if (field.tags.includes('party') || [...concepts].some((concept) => PARTY_CONCEPTS.has(concept))) return 'party';
  if (field.tags.includes('identifier') || [...concepts].some((concept) => IDENTIFIER_CONCEPTS.has(concept))) return 'identifier';
  if (concepts.has('payment-terms')) return 'terms';
  if (concepts.has('governing-law')) return 'place';
  // How long something lasts: a field named "term" or "duration", or whose description says so.
  if (words.includes('duration') || (words.length === 1 && words[0] === 'term') || /\bhow long\b|\bduration\b/i.test(field.description ?? '')) return 'duration';
  const last = words.at(-1);
  if (last === 'number' || last === 'no' || last === 'id' || last === 'ref' || last === 'reference') return 'identifier';
  return 'text';
}

/** The reading of a field's values. */
export function valueReadingForField(field: CanonicalField, labels: FieldLabels, lexicon: Lexicon = defaultLexicon()): ValueReading {
  const maxLength = field.constraints.find((constraint) => constraint.kind === 'max_length')?.params.max;
  return {
    fieldType: field.type,
    semantic: field.type === 'STRING' ? stringSemantic(field, labels, lexicon) : 'text',
    enumValues: field.enumValues.map((entry) => ({ value: entry.value, synonyms: [...entry.synonyms] })),
    maxLength: typeof maxLength === 'number' && maxLength > 0 ? Math.min(maxLength, 500) : DEFAULT_MAX_LENGTH,
    percentAs: percentReading(field, lexicon),
  };
}

/** True when a word of a field's name is a word of the class in the lexicon's packs. */
function nameHasWordOf(words: readonly string[], lexicon: Lexicon, wordClass: 'percent-words' | 'rate-words' | 'url-words' | 'phone-words'): boolean {
  const entries = new Set(lexicon.rawWords(wordClass).map(foldWord));
  return words.some((word) => entries.has(foldWord(word)));
}

/** How a DECIMAL field reads a percentage: as points when its name says percent (`discount_pct`), as a fraction when it says rate (`tax_rate`), else not at all. */
function percentReading(field: CanonicalField, lexicon: Lexicon): ValueReading['percentAs'] {
  if (field.type !== 'DECIMAL') return 'reject';
  const words = splitIdentifier(field.name).toLowerCase().split(' ');
  if (nameHasWordOf(words, lexicon, 'percent-words')) return 'points';
  if (nameHasWordOf(words, lexicon, 'rate-words')) return 'fraction';
  return 'reject';
}

/**
 * A ValueReading as JSON for a step config, stating only what differs from the defaults
 * (`semantic: 'text'`, no ENUM values, `maxLength: 300`, `percentAs: 'reject'`); an ENUM
 * value without synonyms is written as its bare string, as the Dict DSL writes it.
 */
export function readingToJson(reading: ValueReading): JsonValue {
  const json: Record<string, JsonValue> = { fieldType: reading.fieldType };
  if (reading.semantic !== 'text') json.semantic = reading.semantic;
  if (reading.enumValues.length > 0) {
    json.enumValues = reading.enumValues.map((entry) => (entry.synonyms.length === 0 ? entry.value : { value: entry.value, synonyms: [...entry.synonyms] }));
  }
  if (reading.maxLength !== DEFAULT_MAX_LENGTH) json.maxLength = reading.maxLength;
  if (reading.percentAs !== 'reject') json.percentAs = reading.percentAs;
  return json;
}

/**
 * A ValueReading back from a step config (trusted: the planner stored what `configure`
 * returned), with its ENUM values compiled for scanning (`enumMatcher`): a capability
 * that keeps the reading with its prepared plan compiles them once for every run.
 */
export function readingFromJson(value: JsonValue | undefined): ValueReading {
  const record = (value ?? {}) as Readonly<Record<string, JsonValue>>;
  const enumValues = (Array.isArray(record.enumValues) ? record.enumValues : []).map((entry) =>
    typeof entry === 'string' ? { value: entry, synonyms: [] } : (entry as unknown as ValueReading['enumValues'][number]),
  );
  return Object.freeze({
    fieldType: record.fieldType as ValueReading['fieldType'],
    semantic: (record.semantic ?? 'text') as StringSemantic,
    enumValues,
    ...(enumValues.length > 0 ? { enumMatcher: compileEnumMatcher(enumValues) } : {}),
    maxLength: typeof record.maxLength === 'number' ? record.maxLength : DEFAULT_MAX_LENGTH,
    percentAs: record.percentAs === 'fraction' || record.percentAs === 'points' ? record.percentAs : 'reject',
  });
}
