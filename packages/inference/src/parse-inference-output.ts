/**
 * The inference validation boundary (ARCHITECTURE §10): classifies a model's raw answer
 * as `value` (parsed to the field type, grounded by a quote found in the source, and
 * supported by that quote), `absent`, or `unknown` (abstain, with the reason). It prefers
 * a false negative to a false positive: anything malformed, plural, ungrounded,
 * unsupported or instruction-like is `unknown`.
 */
import { Decimal, type JsonValue, isPlainObject, looksLikeInstruction } from '@paxman/core';
import { type RecognizedValue, type RecognizerKind, findValues, parseValue } from '@paxman/values';
import type { CanonicalField } from '@paxman/contract';
import { enclosingLines, groundQuote } from './grounding.js';

export type InferenceVerdict =
  | { readonly kind: 'value'; readonly value: JsonValue; readonly quote: string; readonly span: { readonly start: number; readonly end: number } }
  | { readonly kind: 'absent' }
  | { readonly kind: 'unknown'; readonly reason: string };

const unknown = (reason: string): InferenceVerdict => ({ kind: 'unknown', reason });

const KIND_BY_TYPE: Partial<Record<string, RecognizerKind>> = {
  MONEY: 'MONEY',
  DECIMAL: 'DECIMAL',
  INTEGER: 'INTEGER',
  DATE: 'DATE',
  BOOLEAN: 'BOOLEAN',
  ENUM: 'ENUM',
};

/** The answer object: the whole output, or one fenced code block that is the whole output. */
export function parseAnswer(raw: string): unknown {
  const trimmed = raw.trim();
  const fenced = /^```(?:json)?\s*\n([\s\S]*?)\n?```$/.exec(trimmed);
  const body = fenced ? fenced[1]! : trimmed;
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
}

function normalizeText(text: string): string {
  return text.normalize('NFKC').replace(/\s+/g, ' ').trim().toLowerCase();
}

function sameValue(type: string, left: JsonValue, right: JsonValue): boolean {
  if (type === 'MONEY' && isPlainObject(left) && isPlainObject(right)) {
    return typeof left.amount === 'string' && typeof right.amount === 'string' && new Decimal(left.amount).equals(new Decimal(right.amount));
  }
  if ((type === 'DECIMAL' || type === 'INTEGER') && left !== null && right !== null) {
    try {
      return new Decimal(String(left)).equals(new Decimal(String(right)));
    } catch {
      return false;
    }
  }
  return JSON.stringify(left) === JSON.stringify(right);
}

/** The model's value as the field's canonical JSON value, or a reason it is not one. */
function toFieldValue(field: CanonicalField, raw: unknown): { value: JsonValue } | { reason: string } {
  if (raw === null || raw === undefined) return { reason: 'the answer has a null value (absent must be said as {"absent": true})' };
  if (Array.isArray(raw)) return { reason: 'the answer gives several values' };
  if (field.type === 'STRING') {
    if (typeof raw !== 'string' && typeof raw !== 'number') return { reason: 'a STRING value must be text' };
    const text = String(raw).trim();
    return text.length > 0 ? { value: text } : { reason: 'the value is empty' };
  }
  const kind = KIND_BY_TYPE[field.type];
  if (!kind) return { reason: `fields of type ${field.type} are not filled by inference` };
  let text: string;
  if (field.type === 'MONEY' && isPlainObject(raw)) {
    if (typeof raw.amount !== 'string' && typeof raw.amount !== 'number') return { reason: 'a MONEY value needs an amount' };
    text = `${String(raw.amount)}${typeof raw.currency === 'string' ? ` ${raw.currency}` : ''}`;
  } else if (typeof raw === 'string' || typeof raw === 'number' || typeof raw === 'boolean') {
    text = String(raw);
  } else {
    return { reason: `the value does not have the shape of a ${field.type}` };
  }
  const parsed = parseValue(kind, text, { enumValues: field.enumValues });
  if (!parsed) return { reason: `"${text.slice(0, 80)}" does not parse as ${field.type}` };
  if (parsed.ambiguous) return { reason: `"${text.slice(0, 80)}" has more than one reading as ${field.type}` };
  return { value: parsed.value };
}

/** True when the quote itself states the value. */
function quoteSupports(field: CanonicalField, value: JsonValue, quote: string): { supported: boolean; hit?: RecognizedValue } {
  if (field.type === 'STRING') return { supported: typeof value === 'string' && normalizeText(quote).includes(normalizeText(value)) };
  const kind = KIND_BY_TYPE[field.type]!;
  const hits = findValues(kind, quote, { enumValues: field.enumValues }).filter((hit) => !hit.ambiguous);
  const hit = hits.find((candidate) => sameValue(field.type, candidate.value, value));
  return { supported: hit !== undefined, hit };
}

/**
 * Classifies a raw model answer for `field` against the source text it was given.
 * @example parseInferenceOutput('{"value": "INV-7", "quote": "Invoice no. INV-7"}', { field, sourceText })
 */
export function parseInferenceOutput(raw: string, options: { readonly field: CanonicalField; readonly sourceText: string }): InferenceVerdict {
  const { field, sourceText } = options;
  if (typeof raw !== 'string' || raw.trim().length === 0) return unknown('empty answer');
  const answer = parseAnswer(raw);
  if (answer === undefined) return unknown('the answer is not one JSON object');
  if (!isPlainObject(answer)) return unknown('the answer is not a JSON object');
  const keys = Object.keys(answer).sort();
  if (keys.length === 1 && keys[0] === 'absent') return answer.absent === true ? { kind: 'absent' } : unknown('"absent" must be true');
  if (keys.includes('absent')) return unknown('the answer mixes "absent" with a value');
  if (keys.join(',') !== 'quote,value') return unknown(`the answer must have exactly "value" and "quote", got ${keys.join(', ') || 'no keys'}`);
  if (typeof answer.quote !== 'string' || answer.quote.trim().length === 0) return unknown('the quote is missing or empty');
  const quote = answer.quote;
  if (looksLikeInstruction(quote) || (typeof answer.value === 'string' && looksLikeInstruction(answer.value))) {
    return unknown('the answer contains text that reads as an instruction to the model');
  }
  const converted = toFieldValue(field, answer.value);
  if ('reason' in converted) return unknown(converted.reason);
  const grounded = groundQuote(sourceText, quote);
  if (!grounded) return unknown('the quote does not occur in the source');
  if (looksLikeInstruction(enclosingLines(sourceText, grounded.start, grounded.end))) {
    return unknown('the quote comes from document text that reads as an instruction to the model');
  }
  const stated = statedByQuote(field, converted.value, quote);
  if ('reason' in stated) return unknown(stated.reason);
  return { kind: 'value', value: stated.value, quote: sourceText.slice(grounded.start, grounded.end), span: { start: grounded.start, end: grounded.end } };
}

/**
 * A model's value for `field` as the field's canonical value, when `quote` states it: the
 * value parsed to the field type, found in the quote, a MONEY value with the currency the
 * quote states (never one the model added). Shared by single values and the cells of rows.
 */
export function quotedValue(field: CanonicalField, raw: unknown, quote: string): { value: JsonValue } | { reason: string } {
  const converted = toFieldValue(field, raw);
  if ('reason' in converted) return converted;
  return statedByQuote(field, converted.value, quote);
}

function statedByQuote(field: CanonicalField, converted: JsonValue, quote: string): { value: JsonValue } | { reason: string } {
  const support = quoteSupports(field, converted, quote);
  if (!support.supported) return { reason: 'the value is not stated by its quote' };
  if (field.type === 'MONEY' && isPlainObject(converted) && support.hit && isPlainObject(support.hit.value)) {
    // The currency is what the quote states, never what the model added on its own.
    return { value: { amount: converted.amount as string, currency: (support.hit.value.currency as string | null) ?? null } };
  }
  return { value: converted };
}
