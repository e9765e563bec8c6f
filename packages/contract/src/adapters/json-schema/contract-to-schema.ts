/**
 * Canonical contract → JSON Schema draft 2020-12. Every canonical attribute is written,
 * natively where JSON Schema has a keyword for it and as an `x-paxman-*` keyword where it
 * has not, so `adapt(export(contract))` gives back a contract with the same fingerprint.
 *
 * Constraints become native keywords (`minLength`, `minimum`, `format`, …) when the
 * keyword means exactly the constraint for the field's JSON type; the rest go to
 * `x-paxman-constraints`. Because the adapter reads constraints in keyword order, the
 * writer checks that the order survives and otherwise writes every constraint of that
 * field to `x-paxman-constraints` (exact, at the price of less native validation).
 */
import { Fallback, FieldType, isPlainObject, type JsonValue } from '@paxman/core';
import { DEFAULT_CONFIDENCE_THRESHOLD } from '../../define-field.js';
import type { CanonicalContract, CanonicalField, Constraint, NumberEncoding } from '../../model.js';
import { encodeFieldValue, numberToDecimalString } from '../../output-encoding.js';
import { DRAFT_2020_12, PaxmanKeyword, SUPPORTED_FORMATS } from './keywords.js';
import { naturalFieldType } from './schema-to-contract.js';

type Schema = Record<string, unknown>;

/** Options of `contractToJsonSchema`. */
export interface ContractToSchemaOptions {
  /** Write `$schema` (default true; OpenAPI component schemas leave it out). */
  readonly includeSchemaUri?: boolean;
}

/**
 * The contract as a JSON Schema draft 2020-12 document.
 * @example contractToJsonSchema(defineContract({ id: 'invoice', fields: [{ path: 'total', type: 'MONEY', required: true }] }))
 */
export function contractToJsonSchema(contract: CanonicalContract, options: ContractToSchemaOptions = {}): Schema {
  const schema: Schema = {};
  if (options.includeSchemaUri !== false) schema.$schema = DRAFT_2020_12;
  schema.title = contract.id;
  if (contract.description !== null) schema.description = contract.description;
  if (contract.version !== '1') schema[PaxmanKeyword.VERSION] = contract.version;
  if (Object.keys(contract.policy).length > 0) schema[PaxmanKeyword.POLICY] = contract.policy as unknown as JsonValue;
  Object.assign(schema, objectShape(contract.fields));
  return schema;
}

/** The number encoding export writes for a field (its recorded one, else the default per type). */
export function exportEncoding(field: CanonicalField): NumberEncoding {
  if (field.numberEncoding !== null) return field.numberEncoding;
  if (field.type === FieldType.INTEGER) return 'integer';
  if (field.type === FieldType.DECIMAL) return 'number';
  return 'string';
}

function objectShape(fields: readonly CanonicalField[]): Schema {
  const properties: Schema = {};
  for (const field of fields) properties[field.name] = fieldToSchema(field);
  const required = fields.filter((field) => field.required).map((field) => field.name);
  return required.length > 0 ? { type: 'object', properties, required } : { type: 'object', properties };
}

function jsonTypeFor(field: CanonicalField): string {
  switch (field.type) {
    case FieldType.STRING:
    case FieldType.ENUM:
    case FieldType.DATE:
      return 'string';
    case FieldType.BOOLEAN:
      return 'boolean';
    case FieldType.INTEGER:
    case FieldType.DECIMAL:
      return exportEncoding(field);
    case FieldType.MONEY:
    case FieldType.OBJECT:
      return 'object';
    case FieldType.ARRAY:
      return 'array';
  }
}

/** One field's schema. */
export function fieldToSchema(field: CanonicalField): Schema {
  const jsonType = jsonTypeFor(field);
  const schema: Schema = { type: field.nullable ? [jsonType, 'null'] : jsonType };
  if (field.type === FieldType.ENUM) {
    const values: JsonValue[] = field.enumValues.map((enumValue) => enumValue.value);
    schema.enum = field.nullable ? [...values, null] : values;
  }
  if (field.type === FieldType.DATE) schema.format = 'date';
  if (field.description !== null) schema.description = field.description;

  const plan = planConstraints(field, jsonType);
  const amountSchema: Schema = {};
  let extrasWritten = false;
  for (const entry of plan) {
    if (entry.native === null) {
      if (!extrasWritten) {
        schema[PaxmanKeyword.CONSTRAINTS] = plan.filter((candidate) => candidate.native === null).map((candidate) => constraintJson(candidate.constraint));
        extrasWritten = true;
      }
    } else if (field.type === FieldType.MONEY) {
      amountSchema[entry.native[0]] = entry.native[1];
    } else {
      schema[entry.native[0]] = entry.native[1];
    }
  }

  if (field.type === FieldType.MONEY) {
    const amountType = exportEncoding(field);
    const amount: Schema = amountType === 'string' ? { type: 'string', pattern: '^-?\\d+(\\.\\d+)?$' } : { type: amountType };
    const currency: Schema = field.currency === null ? { type: 'string', pattern: '^[A-Z]{3}$' } : { type: 'string', const: field.currency };
    schema.properties = { amount: { ...amount, ...amountSchema }, currency };
    schema.required = ['amount', 'currency'];
    if (field.currency !== null) schema[PaxmanKeyword.CURRENCY] = field.currency;
  } else if (field.type === FieldType.OBJECT) {
    Object.assign(schema, withoutType(objectShape(field.fields)));
  } else if (field.type === FieldType.ARRAY && field.itemType !== null) {
    schema.items = field.itemType === FieldType.OBJECT ? objectShape(field.fields) : fieldToSchema(field.fields[0]!);
  }

  const natural = naturalFieldType(jsonType, schema);
  if (natural !== field.type) schema[PaxmanKeyword.TYPE] = field.type;
  if (field.hasDefault) schema.default = exportDefault(field);
  Object.assign(schema, paxmanAttributes(field));
  return schema;
}

/**
 * The default in the schema's encoding. A decimal that a JSON number cannot carry exactly
 * (`"1.50"`, `"0.10000000000000000001"`) stays a decimal string, so nothing is lost.
 */
export function exportDefault(field: CanonicalField): JsonValue {
  const encoded = encodeFieldValue(field, field.default, exportEncoding(field));
  const amountOf = (value: JsonValue): JsonValue => (field.type === FieldType.MONEY && isPlainObject(value) ? (value.amount as JsonValue) : value);
  const canonical = amountOf(field.default);
  const written = amountOf(encoded);
  if (typeof canonical === 'string' && typeof written === 'number' && numberToDecimalString(written) !== canonical.trim()) return field.default;
  return encoded;
}

function withoutType(schema: Schema): Schema {
  const { type: _type, ...rest } = schema;
  return rest;
}

function paxmanAttributes(field: CanonicalField): Schema {
  const attributes: Schema = {};
  if (field.labels.length > 0) attributes[PaxmanKeyword.LABELS] = [...field.labels];
  if (field.tags.length > 0) attributes[PaxmanKeyword.TAGS] = [...field.tags];
  if (field.confidenceThreshold !== DEFAULT_CONFIDENCE_THRESHOLD) attributes[PaxmanKeyword.CONFIDENCE_THRESHOLD] = field.confidenceThreshold;
  if (field.fallback !== Fallback.UNRESOLVED) attributes[PaxmanKeyword.FALLBACK] = field.fallback;
  const synonyms = Object.fromEntries(field.enumValues.filter((enumValue) => enumValue.synonyms.length > 0).map((enumValue) => [enumValue.value, [...enumValue.synonyms]]));
  if (Object.keys(synonyms).length > 0) attributes[PaxmanKeyword.ENUM_SYNONYMS] = synonyms;
  if (field.extractionPattern !== null) attributes[PaxmanKeyword.EXTRACTION_PATTERN] = field.extractionPattern;
  if (field.derived !== null) attributes[PaxmanKeyword.DERIVED] = { ...field.derived };
  if (field.lookup !== null) attributes[PaxmanKeyword.LOOKUP] = { ...field.lookup };
  return attributes;
}

function constraintJson(constraint: Constraint): JsonValue {
  return { kind: constraint.kind, params: { ...constraint.params } };
}

interface PlannedConstraint {
  readonly constraint: Constraint;
  /** The native keyword and its value, or null for `x-paxman-constraints`. */
  readonly native: readonly [string, JsonValue] | null;
}

function planConstraints(field: CanonicalField, jsonType: string): PlannedConstraint[] {
  const used = new Set<string>();
  const planned = field.constraints.map((constraint): PlannedConstraint => {
    const native = nativeKeyword(constraint, field, jsonType);
    if (native === null || used.has(native[0])) return { constraint, native: null };
    used.add(native[0]);
    return { constraint, native };
  });
  // The adapter reads native keywords in order with x-paxman-constraints expanded where it
  // stands; MONEY reads its amount keywords first. Fall back to all-explicit when that order differs.
  const shape = planned.map((entry) => (entry.native === null ? 'X' : 'N')).join('');
  const reproducible = field.type === FieldType.MONEY ? /^N*X*$/.test(shape) : /^N*X*N*$/.test(shape);
  return reproducible ? planned : planned.map((entry) => ({ constraint: entry.constraint, native: null }));
}

function nativeKeyword(constraint: Constraint, field: CanonicalField, jsonType: string): readonly [string, JsonValue] | null {
  const params = constraint.params;
  const numericJson = field.type === FieldType.MONEY ? exportEncoding(field) !== 'string' : jsonType === 'number' || jsonType === 'integer';
  const numeric = (value: JsonValue | undefined): value is number => typeof value === 'number' && Number.isFinite(value);
  switch (constraint.kind) {
    case 'min_length':
      return jsonType === 'string' && field.type !== FieldType.ENUM && Number.isSafeInteger(params.min) ? ['minLength', params.min!] : null;
    case 'max_length':
      return jsonType === 'string' && field.type !== FieldType.ENUM && Number.isSafeInteger(params.max) ? ['maxLength', params.max!] : null;
    case 'pattern':
      // JSON Schema patterns are ECMA-262; an RE2-only construct such as (?P<name>…) stays a Paxman keyword.
      return jsonType === 'string' && typeof params.regex === 'string' && compilesInJavaScript(params.regex) ? ['pattern', params.regex] : null;
    case 'min_value':
      return numericJson && numeric(params.min) ? ['minimum', params.min] : null;
    case 'max_value':
      return numericJson && numeric(params.max) ? ['maximum', params.max] : null;
    case 'exclusive_min_value':
      return numericJson && numeric(params.min) ? ['exclusiveMinimum', params.min] : null;
    case 'exclusive_max_value':
      return numericJson && numeric(params.max) ? ['exclusiveMaximum', params.max] : null;
    case 'min_items':
      return jsonType === 'array' && Number.isSafeInteger(params.min) ? ['minItems', params.min!] : null;
    case 'max_items':
      return jsonType === 'array' && Number.isSafeInteger(params.max) ? ['maxItems', params.max!] : null;
    case 'format':
      return field.type === FieldType.STRING && typeof params.format === 'string' && SUPPORTED_FORMATS.includes(params.format) ? ['format', params.format] : null;
    case 'enum': {
      const values = Array.isArray(params.values) ? (params.values as JsonValue[]) : null;
      if (values === null || values.length === 0) return null;
      const fits =
        (field.type === FieldType.STRING && jsonType === 'string' && values.every((value) => typeof value === 'string')) ||
        (field.type === FieldType.INTEGER && jsonType === 'integer' && values.every((value) => Number.isSafeInteger(value)));
      return fits ? ['enum', field.nullable ? [...values, null] : values] : null;
    }
    default:
      return null;
  }
}

function compilesInJavaScript(pattern: string): boolean {
  try {
    new RegExp(pattern, 'u');
    return true;
  } catch {
    return false;
  }
}
