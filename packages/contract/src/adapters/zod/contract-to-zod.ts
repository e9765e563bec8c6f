/**
 * Canonical contract → a Zod 4 schema. Types map onto Zod's own (`z.int()`, `z.number()`,
 * `z.iso.date()`, `z.enum()`, `money()`, nested `z.object()` / `z.array()`), constraints
 * onto Zod checks where Zod has an exact one (`.min()`, `.max()`, `.regex()`, `.gt()`, …),
 * and everything else onto `.meta({ … })` keys the adapter reads back (labels, thresholds,
 * fallbacks, synonyms, constraints Zod cannot state). Each field's schema is read back
 * once as it is built; when the checks would not reproduce its constraints exactly (order,
 * a regex JavaScript cannot compile, …) the constraints go to `.meta({ constraints })`
 * instead, so adapt(export(contract)) always has the contract's fingerprint.
 */
import { Fallback, FieldType, canonicalJson, type JsonValue } from '@paxman/core';
import type { ZodType } from 'zod';
import { DEFAULT_CONFIDENCE_THRESHOLD } from '../../define-field.js';
import type { CanonicalContract, CanonicalField, Constraint } from '../../model.js';
import { exportDefault, exportEncoding } from '../json-schema/contract-to-schema.js';
import { convertRootSchema } from '../json-schema/schema-to-contract.js';
import { loadZod } from './load-zod.js';
import { money } from './money.js';
import { zodToJsonSchema, type ZodSchemaLike } from './zod-to-json-schema.js';

type AnyZod = ZodType;
type Meta = Record<string, unknown>;

/**
 * The contract as a Zod object schema.
 * @example contractToZod(contract).safeParse(artifact.normalizedData)
 */
export function contractToZod(contract: CanonicalContract): AnyZod {
  const { z } = loadZod();
  const meta: Meta = { title: contract.id };
  if (contract.description !== null) meta.description = contract.description;
  if (contract.version !== '1') meta.version = contract.version;
  if (Object.keys(contract.policy).length > 0) meta.policy = contract.policy;
  return z.object(shapeOf(contract.fields)).meta(meta);
}

function shapeOf(fields: readonly CanonicalField[]): Record<string, AnyZod> {
  return Object.fromEntries(fields.map((field) => [field.name, fieldToZod(field)]));
}

/** One field's Zod schema (with optional / nullable / default / description / meta applied). */
export function fieldToZod(field: CanonicalField): AnyZod {
  const native = buildField(field, true);
  if (field.constraints.length === 0 || constraintsSurvive(field, native)) return native;
  return buildField(field, false);
}

function constraintsSurvive(field: CanonicalField, schema: AnyZod): boolean {
  const { z } = loadZod();
  try {
    const json = zodToJsonSchema(z.object({ [field.name]: schema }) as unknown as ZodSchemaLike);
    const root = convertRootSchema(json, '#', { dialect: 'zod', unsupportedCode: 'UNSUPPORTED_ZOD_FEATURE', document: json }, []);
    const readBack = root?.fields[0]?.constraints;
    return readBack !== undefined && canonicalJson(readBack as unknown as JsonValue) === canonicalJson(field.constraints as unknown as JsonValue);
  } catch {
    return false;
  }
}

function buildField(field: CanonicalField, nativeChecks: boolean): AnyZod {
  const meta: Meta = {};
  const extras: Constraint[] = [];
  let schema = baseSchema(field, meta);
  for (const constraint of field.constraints) {
    const checked = nativeChecks ? applyCheck(schema, constraint, field) : null;
    if (checked === null) extras.push(constraint);
    else schema = checked;
  }
  if (extras.length > 0) meta.constraints = extras.map((constraint) => ({ kind: constraint.kind, params: { ...constraint.params } }));
  if (field.labels.length > 0) meta.labels = [...field.labels];
  if (field.tags.length > 0) meta.tags = [...field.tags];
  if (field.confidenceThreshold !== DEFAULT_CONFIDENCE_THRESHOLD) meta.confidenceThreshold = field.confidenceThreshold;
  if (field.fallback !== Fallback.UNRESOLVED) meta.fallback = field.fallback;
  const synonyms = Object.fromEntries(field.enumValues.filter((enumValue) => enumValue.synonyms.length > 0).map((enumValue) => [enumValue.value, [...enumValue.synonyms]]));
  if (Object.keys(synonyms).length > 0) meta.synonyms = synonyms;
  if (field.extractionPattern !== null) meta.extractionPattern = field.extractionPattern;
  if (field.derived !== null) meta.derived = { ...field.derived };
  if (field.lookup !== null) meta.lookup = { ...field.lookup };
  if (field.nullable) schema = schema.nullable();
  if (field.hasDefault) {
    const value = exportDefault(field);
    // An optional field takes a Zod default (applied by parse); a required one keeps it as metadata only.
    if (field.required) meta.default = value;
    else schema = (schema as unknown as { default(value: unknown): AnyZod }).default(value);
  }
  if (!field.required && !field.hasDefault) schema = schema.optional();
  if (field.description !== null) meta.description = field.description;
  return Object.keys(meta).length > 0 ? schema.meta(meta) : schema;
}

function baseSchema(field: CanonicalField, meta: Meta): AnyZod {
  const { z } = loadZod();
  const encoding = exportEncoding(field);
  switch (field.type) {
    case FieldType.STRING:
      return z.string();
    case FieldType.ENUM:
      return z.enum(field.enumValues.map((enumValue) => enumValue.value) as [string, ...string[]]);
    case FieldType.DATE:
      return z.iso.date();
    case FieldType.BOOLEAN:
      return z.boolean();
    case FieldType.INTEGER:
      if (encoding === 'integer') return z.int();
      meta.paxmanType = FieldType.INTEGER;
      return encoding === 'number' ? z.number() : z.string();
    case FieldType.DECIMAL:
      if (encoding === 'number') return z.number();
      meta.paxmanType = FieldType.DECIMAL;
      return encoding === 'integer' ? z.int() : z.string();
    case FieldType.MONEY:
      return money({ amount: encoding === 'string' ? 'string' : 'number', ...(field.currency === null ? {} : { currency: field.currency }) }) as unknown as AnyZod;
    case FieldType.OBJECT:
      return z.object(shapeOf(field.fields));
    case FieldType.ARRAY:
      if (field.itemType === null) return z.array(z.unknown()); // items of any type: `items: {}`
      return z.array(field.itemType === FieldType.OBJECT ? z.object(shapeOf(field.fields)) : fieldToZod(field.fields[0]!));
  }
}

type Checkable = AnyZod & Record<string, (...args: unknown[]) => AnyZod>;

/** The schema with the constraint as a native Zod check, or null when Zod has no exact one. */
function applyCheck(schema: AnyZod, constraint: Constraint, field: CanonicalField): AnyZod | null {
  const target = schema as Checkable;
  const params = constraint.params;
  const integerParam = (value: JsonValue | undefined): value is number => Number.isSafeInteger(value);
  const numericParam = (value: JsonValue | undefined): value is number => typeof value === 'number' && Number.isFinite(value);
  const numericField = (field.type === FieldType.INTEGER || field.type === FieldType.DECIMAL) && exportEncoding(field) !== 'string';
  switch (constraint.kind) {
    case 'min_length':
      return field.type === FieldType.STRING && integerParam(params.min) ? target.min!(params.min) : null;
    case 'max_length':
      return field.type === FieldType.STRING && integerParam(params.max) ? target.max!(params.max) : null;
    case 'pattern': {
      if (field.type !== FieldType.STRING || typeof params.regex !== 'string') return null;
      try {
        return target.regex!(new RegExp(params.regex, 'u'));
      } catch {
        return null;
      }
    }
    case 'min_value':
      return numericField && numericParam(params.min) ? target.gte!(params.min) : null;
    case 'max_value':
      return numericField && numericParam(params.max) ? target.lte!(params.max) : null;
    case 'exclusive_min_value':
      return numericField && numericParam(params.min) ? target.gt!(params.min) : null;
    case 'exclusive_max_value':
      return numericField && numericParam(params.max) ? target.lt!(params.max) : null;
    case 'min_items':
      return field.type === FieldType.ARRAY && integerParam(params.min) ? target.min!(params.min) : null;
    case 'max_items':
      return field.type === FieldType.ARRAY && integerParam(params.max) ? target.max!(params.max) : null;
    default:
      return null;
  }
}
