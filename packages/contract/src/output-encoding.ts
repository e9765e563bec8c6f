/**
 * Output encoding: canonical values → the caller's own encoding. Paxman works on one
 * canonical encoding (DECIMAL as a decimal string, MONEY `{amount: <decimal string>,
 * currency}`, INTEGER a number, DATE `YYYY-MM-DD`); a JSON Schema or Zod contract may
 * declare numbers as JSON numbers (or integers as strings). The adapters record that in
 * each field's `numberEncoding`, and `encodeForSource` applies it recursively so that a
 * SUCCESS artifact's `normalizedData` validates against the caller's schema.
 *
 * Values that are not in the canonical shape are passed through unchanged: this module
 * never invents or drops information, it only changes the JSON representation of numbers.
 */
import { FieldType, isDecimalString, isPlainObject, type JsonValue } from '@paxman/core';
import type { CanonicalContract, CanonicalField, NumberEncoding } from './model.js';

/**
 * Re-encodes canonical `normalizedData` (keyed by field name, nested for OBJECT and ARRAY
 * fields) in the encoding the contract's source format declares. Keys that name no field
 * are kept as they are.
 * @example encodeForSource(contract, { total: { amount: '12.50', currency: 'EUR' } })
 * // { total: { amount: 12.5, currency: 'EUR' } } when the schema declares `amount` a number
 */
export function encodeForSource(contract: CanonicalContract, normalizedData: Readonly<Record<string, JsonValue>>): Record<string, JsonValue> {
  return encodeMembers(contract.fields, normalizedData);
}

/**
 * One field's canonical value in its source encoding (used for output and for writing
 * defaults back into a schema). `encoding` overrides the field's own `numberEncoding`.
 */
export function encodeFieldValue(field: CanonicalField, value: JsonValue, encoding: NumberEncoding | null = field.numberEncoding): JsonValue {
  if (value === null) return null;
  switch (field.type) {
    case FieldType.INTEGER:
      return encodeNumber(value, encoding ?? 'integer');
    case FieldType.DECIMAL:
      return encodeNumber(value, encoding ?? 'string');
    case FieldType.MONEY:
      if (isPlainObject(value) && 'amount' in value) {
        return { ...(value as Record<string, JsonValue>), amount: encodeNumber(value.amount as JsonValue, encoding ?? 'string') };
      }
      return value;
    case FieldType.OBJECT:
      return isPlainObject(value) && field.fields.length > 0 ? encodeMembers(field.fields, value as Record<string, JsonValue>) : value;
    case FieldType.ARRAY:
      return Array.isArray(value) ? value.map((item: JsonValue) => encodeItem(field, item)) : value;
    default:
      return value;
  }
}

function encodeItem(field: CanonicalField, item: JsonValue): JsonValue {
  if (field.itemType === FieldType.OBJECT) {
    return isPlainObject(item) ? encodeMembers(field.fields, item as Record<string, JsonValue>) : item;
  }
  const itemField = field.fields[0];
  return itemField === undefined ? item : encodeFieldValue(itemField, item);
}

/** Each output key's field by name (the first field of that name). */
function fieldIndexOf(fields: readonly CanonicalField[]): ReadonlyMap<string, CanonicalField> {
  const byName = new Map<string, CanonicalField>();
  for (const field of fields) if (!byName.has(field.name)) byName.set(field.name, field);
  return byName;
}

function encodeMembers(fields: readonly CanonicalField[], data: Readonly<Record<string, JsonValue>>): Record<string, JsonValue> {
  const result: Record<string, JsonValue> = {};
  const byName = fieldIndexOf(fields);
  for (const key of Object.keys(data)) {
    const value = data[key]!;
    const field = byName.get(key);
    if (field === undefined) {
      result[key] = value;
      continue;
    }
    // An optional, non-nullable member with no value is left out: `null` would break the caller's schema.
    if (value === null && !field.nullable && !field.required) continue;
    result[key] = encodeFieldValue(field, value);
  }
  return result;
}

/** A canonical number (decimal string or JS number) in the given encoding; anything else unchanged. */
function encodeNumber(value: JsonValue, encoding: NumberEncoding): JsonValue {
  if (encoding === 'string') {
    if (typeof value === 'number' && Number.isFinite(value)) return numberToDecimalString(value);
    return value;
  }
  if (typeof value === 'string' && isDecimalString(value)) {
    const number = Number(value.trim());
    return Number.isFinite(number) ? number : value;
  }
  return value;
}

/** A finite JS number as a plain decimal string, never in exponent notation. */
export function numberToDecimalString(value: number): string {
  const text = String(value);
  if (!/e/i.test(text)) return text === '-0' ? '0' : text;
  return toPlainDecimal(text);
}

function toPlainDecimal(exponential: string): string {
  const match = /^(-?)(\d+)(?:\.(\d+))?e([+-]\d+)$/i.exec(exponential);
  if (!match) return exponential;
  const [, sign, integerPart, fractionPart = '', exponentText] = match;
  const digits = `${integerPart}${fractionPart}`;
  const point = integerPart!.length + Number(exponentText);
  if (point <= 0) return `${sign}0.${'0'.repeat(-point)}${digits}`.replace(/0+$/, '').replace(/\.$/, '');
  if (point >= digits.length) return `${sign}${digits}${'0'.repeat(point - digits.length)}`;
  return `${sign}${digits.slice(0, point)}.${digits.slice(point)}`;
}
