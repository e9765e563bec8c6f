/**
 * Deriving, once per field at plan time, how its values are read: the field type, what a
 * STRING holds (an e-mail, an identifier, a party name, …), the ENUM values with
 * synonyms, and the longest acceptable STRING. The result goes into step configs, so
 * `invoke` reads it without looking at the contract again.
 */
import type { CanonicalField } from '@paxman/contract';
import type { JsonValue } from '@paxman/core';
import type { FieldLabels } from '../../lexicon/labels-for-field.js';
import { splitIdentifier } from '../../lexicon/normalize-label.js';
import type { StringSemantic, ValueReading } from './read-typed-value.js';

const IDENTIFIER_CONCEPTS = new Set(['invoice-number', 'purchase-order', 'quote-number', 'order-number', 'customer-number', 'tax-id', 'bic']);
const PARTY_CONCEPTS = new Set(['supplier', 'buyer', 'ship-to']);

/** What a STRING field holds. */
export function stringSemantic(field: CanonicalField, labels: FieldLabels): StringSemantic {
  const words = splitIdentifier(field.name).toLowerCase().split(' ');
  const format = field.constraints.find((constraint) => constraint.kind === 'format')?.params.format;
  const concepts = new Set(labels.concepts);
  if (format === 'email' || concepts.has('email') || words.includes('email')) return 'email';
  if (format === 'uri' || concepts.has('website') || words.includes('url') || words.includes('website')) return 'url';
  if (concepts.has('iban') || words.includes('iban')) return 'iban';
  if (concepts.has('phone') || words.includes('phone') || words.includes('telephone')) return 'phone';
  if (concepts.has('payment-card')) return 'payment-card';
  if (field.tags.includes('party') || [...concepts].some((concept) => PARTY_CONCEPTS.has(concept))) return 'party';
  if (field.tags.includes('identifier') || [...concepts].some((concept) => IDENTIFIER_CONCEPTS.has(concept))) return 'identifier';
  if (concepts.has('payment-terms')) return 'terms';
  const last = words.at(-1);
  if (last === 'number' || last === 'no' || last === 'id' || last === 'ref' || last === 'reference') return 'identifier';
  return 'text';
}

/** The reading of a field's values. */
export function valueReadingForField(field: CanonicalField, labels: FieldLabels): ValueReading {
  const maxLength = field.constraints.find((constraint) => constraint.kind === 'max_length')?.params.max;
  return {
    fieldType: field.type,
    semantic: field.type === 'STRING' ? stringSemantic(field, labels) : 'text',
    enumValues: field.enumValues.map((entry) => ({ value: entry.value, synonyms: [...entry.synonyms] })),
    maxLength: typeof maxLength === 'number' && maxLength > 0 ? Math.min(maxLength, 500) : 300,
    percentAs: percentReading(field),
  };
}

function percentReading(field: CanonicalField): ValueReading['percentAs'] {
  if (field.type !== 'DECIMAL') return 'reject';
  const words = splitIdentifier(field.name).toLowerCase().split(' ');
  if (words.includes('pct') || words.includes('percent') || words.includes('percentage')) return 'points';
  if (words.includes('rate') || words.includes('ratio')) return 'fraction';
  return 'reject';
}

/** A ValueReading as JSON for a step config. */
export function readingToJson(reading: ValueReading): JsonValue {
  return { fieldType: reading.fieldType, semantic: reading.semantic, enumValues: reading.enumValues.map((entry) => ({ value: entry.value, synonyms: [...entry.synonyms] })), maxLength: reading.maxLength, percentAs: reading.percentAs };
}

/** A ValueReading back from a step config (trusted: the planner stored what `configure` returned). */
export function readingFromJson(value: JsonValue | undefined): ValueReading {
  const record = (value ?? {}) as Readonly<Record<string, JsonValue>>;
  return {
    fieldType: record.fieldType as ValueReading['fieldType'],
    semantic: (record.semantic ?? 'text') as StringSemantic,
    enumValues: (Array.isArray(record.enumValues) ? record.enumValues : []) as unknown as ValueReading['enumValues'],
    maxLength: typeof record.maxLength === 'number' ? record.maxLength : 300,
    percentAs: record.percentAs === 'fraction' || record.percentAs === 'points' ? record.percentAs : 'reject',
  };
}
