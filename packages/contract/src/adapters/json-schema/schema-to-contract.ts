/**
 * JSON Schema → canonical fields. Shared by the JSON Schema, OpenAPI and Zod adapters
 * (Zod goes through its own JSON Schema form). The conversion first *resolves* a schema —
 * follows local `$ref`s, merges `allOf` members, turns `X | null` unions (`anyOf`/`oneOf`,
 * `type: [x, "null"]`, OpenAPI 3.0 `nullable`) into a nullable flag — and then maps the
 * flat result onto one `FieldInput`, recursing into `properties` and `items`.
 *
 * Every problem is collected (never thrown), with a JSON pointer into the source document,
 * so one adapt call reports everything that is wrong at once. Constraints are produced in
 * the order their keywords appear in the schema, which is what makes export → adapt exact.
 */
import { FieldType, isFieldType, isPlainObject, type JsonValue } from '@paxman/core';
import type { ContractProblem } from '../../adapter.js';
import type { FieldInput } from '../../define-field.js';
import type { Constraint, EnumValue, NumberEncoding } from '../../model.js';
import { numberToDecimalString } from '../../output-encoding.js';
import { ANNOTATION_KEYWORDS, OPENAPI_ANNOTATION_KEYWORDS, PaxmanKeyword, ROOT_ONLY_PAXMAN_KEYWORDS, SUPPORTED_KEYWORDS } from './keywords.js';
import { formatConstraints } from './formats.js';

/** Which flavour of JSON Schema is being read. */
export type SchemaDialect = 'json-schema' | 'draft-04' | 'openapi-3.0' | 'openapi-3.1' | 'zod';

export interface ConversionOptions {
  readonly dialect: SchemaDialect;
  /** Code for constructs the canonical model cannot represent (`UNSUPPORTED_JSON_SCHEMA_FEATURE`, …). */
  readonly unsupportedCode: string;
  /** The whole document, against which `#/…` references resolve. */
  readonly document: unknown;
}

/** The contract-level facts read from the root schema. */
export interface ConvertedRoot {
  readonly fields: readonly FieldInput[];
  readonly description: string | null;
  /** `x-paxman-id`, else `title`, else the last segment of `$id`; null when none. */
  readonly contractId: string | null;
  readonly version: string | null;
  readonly policy: unknown;
  /** Keywords kept as annotations, with where they are (INFO notes, never errors). */
  readonly annotations: readonly ContractProblem[];
}

/** Keywords of JSON Schema validation vocabularies the model cannot express (reported in every dialect). */
const KNOWN_UNSUPPORTED_KEYWORDS: ReadonlySet<string> = new Set([
  'multipleOf',
  'patternProperties',
  'propertyNames',
  'not',
  'if',
  'then',
  'else',
  'dependentRequired',
  'dependentSchemas',
  'dependencies',
  'unevaluatedProperties',
  'unevaluatedItems',
  'minProperties',
  'maxProperties',
  'prefixItems',
  'additionalItems',
  'contains',
  'minContains',
  'maxContains',
  '$dynamicRef',
  '$dynamicAnchor',
  '$recursiveRef',
  '$recursiveAnchor',
  '$anchor',
  'contentSchema',
  'discriminator',
  'nullable',
]);

/**
 * Set by a front end (the Zod adapter) on a node it knows cannot be represented; its
 * value is the message. The field is reported once and skipped.
 */
export const UNREPRESENTABLE_KEYWORD = 'x-paxman-unrepresentable';

interface Resolved {
  readonly schema: Record<string, unknown>;
  readonly nullable: boolean;
  /** `$ref`s followed to reach this schema (kept on the stack while its members are converted, to detect cycles). */
  readonly refs: readonly string[];
}

/** The most fields a schema may expand to (members of objects and array items included). */
export const MAX_CONTRACT_FIELDS = 10_000;

interface State {
  readonly options: ConversionOptions;
  readonly problems: ContractProblem[];
  /** Notes on keywords kept as annotations (a `format` without a meaning): never errors. */
  readonly annotations: ContractProblem[];
  /** Fields expanded so far (bounded by `MAX_CONTRACT_FIELDS`). */
  readonly fieldCount: { value: number };
  readonly refStack: string[];
}

/**
 * Converts the root (object) schema at `pointer` into canonical field inputs. Problems are
 * appended to `problems`; the result is null when the root itself is unusable.
 */
export function convertRootSchema(schema: unknown, pointer: string, options: ConversionOptions, problems: ContractProblem[]): ConvertedRoot | null {
  // The root's own pointer is on the stack from the start, so a member referring back to it is a cycle.
  const state: State = { options, problems, annotations: [], fieldCount: { value: 0 }, refStack: [pointer] };
  const resolved = resolve(schema, pointer, state);
  if (resolved === null) return null;
  const root = resolved.schema;
  checkKeywords(root, pointer, true, state);
  const jsonType = jsonTypeOf(root, pointer, state);
  if (jsonType !== 'object' || (root[PaxmanKeyword.TYPE] !== undefined && root[PaxmanKeyword.TYPE] !== FieldType.OBJECT)) {
    problems.push({ code: 'UNSUPPORTED_FIELD_TYPE', path: pointer, message: `The root schema must describe an object (type: "object" with properties), got ${JSON.stringify(root.type ?? null)}.` });
    return null;
  }
  if (!isPlainObject(root.properties) || Object.keys(root.properties).length === 0) {
    problems.push({ code: 'INVALID_FIELD', path: `${pointer}/properties`, message: 'The root schema needs at least one property: each property becomes a contract field.' });
    return null;
  }
  state.refStack.push(...resolved.refs);
  const fields = objectMembers(root, pointer, '', state);
  return {
    fields,
    description: typeof root.description === 'string' ? root.description : null,
    contractId: contractIdOf(root),
    version: typeof root[PaxmanKeyword.VERSION] === 'string' ? (root[PaxmanKeyword.VERSION] as string) : null,
    policy: root[PaxmanKeyword.POLICY] ?? {},
    annotations: state.annotations,
  };
}

function contractIdOf(root: Record<string, unknown>): string | null {
  const explicit = root[PaxmanKeyword.CONTRACT_ID];
  if (typeof explicit === 'string' && explicit.trim().length > 0) return explicit;
  if (typeof root.title === 'string' && root.title.trim().length > 0) return root.title;
  if (typeof root.$id === 'string') {
    const segment = root.$id.replace(/[#?].*$/, '').split('/').filter((part) => part.length > 0).pop();
    if (segment !== undefined) return segment.replace(/(\.schema)?\.(json|ya?ml)$/i, '');
  }
  return null;
}

// ---------------------------------------------------------------------------------------
// resolution: $ref, allOf, nullable unions
// ---------------------------------------------------------------------------------------

function resolve(schema: unknown, pointer: string, state: State): Resolved | null {
  if (typeof schema === 'boolean') {
    state.problems.push({ code: state.options.unsupportedCode, path: pointer, message: `Boolean schema ${String(schema)} is not supported; write an object schema with a type.` });
    return null;
  }
  if (!isPlainObject(schema)) {
    state.problems.push({ code: 'INVALID_FIELD', path: pointer, message: `A schema must be an object, got ${describe(schema)}.` });
    return null;
  }
  let current: Record<string, unknown> = { ...schema };
  let nullable = false;
  const refs: string[] = [];

  if ('$ref' in current) {
    const { $ref: reference, ...siblings } = current;
    const target = resolveReference(reference, pointer, state);
    if (target === null) return null;
    nullable ||= target.nullable;
    refs.push(...target.refs);
    current = merge(target.schema, siblings, pointer, state);
  }

  if ('allOf' in current) {
    const { allOf, ...rest } = current;
    if (!Array.isArray(allOf) || allOf.length === 0) {
      state.problems.push({ code: 'INVALID_FIELD', path: `${pointer}/allOf`, message: 'allOf must be a non-empty array of schemas.' });
      return null;
    }
    let merged: Record<string, unknown> = {};
    let allNullable = true;
    let failed = false;
    allOf.forEach((member: unknown, index) => {
      const part = resolve(member, `${pointer}/allOf/${index}`, state);
      if (part === null) {
        failed = true;
        return;
      }
      allNullable &&= part.nullable;
      refs.push(...part.refs);
      merged = merge(merged, part.schema, `${pointer}/allOf/${index}`, state);
    });
    if (failed) return null;
    nullable ||= allNullable;
    current = merge(merged, rest, pointer, state);
  }

  for (const keyword of ['anyOf', 'oneOf'] as const) {
    if (!(keyword in current)) continue;
    const { [keyword]: alternatives, ...rest } = current;
    if (!Array.isArray(alternatives) || alternatives.length === 0) {
      state.problems.push({ code: 'INVALID_FIELD', path: `${pointer}/${keyword}`, message: `${keyword} must be a non-empty array of schemas.` });
      return null;
    }
    const nonNull = alternatives.map((alternative: unknown, index) => ({ alternative, index })).filter(({ alternative }) => !isNullSchema(alternative));
    if (nonNull.length !== 1) {
      state.problems.push({
        code: state.options.unsupportedCode,
        path: `${pointer}/${keyword}`,
        message: `${keyword} is supported only as "one schema or null" (a nullable field); this one has ${nonNull.length} non-null alternatives.`,
      });
      return null;
    }
    const only = nonNull[0]!;
    const part = resolve(only.alternative, `${pointer}/${keyword}/${only.index}`, state);
    if (part === null) return null;
    nullable ||= alternatives.length > nonNull.length || part.nullable;
    refs.push(...part.refs);
    current = merge(part.schema, rest, pointer, state);
  }

  if (Array.isArray(current.type)) {
    const types = current.type as unknown[];
    const nonNullTypes = types.filter((type) => type !== 'null');
    if (nonNullTypes.length < types.length) nullable = true;
    if (nonNullTypes.length === 1) {
      current = { ...current, type: nonNullTypes[0] };
    } else {
      state.problems.push({
        code: state.options.unsupportedCode,
        path: `${pointer}/type`,
        message: nonNullTypes.length === 0 ? 'A field whose only type is "null" carries no value.' : `A field must have one type (optionally with "null"), got ${JSON.stringify(types)}.`,
      });
      return null;
    }
  }

  if (state.options.dialect === 'openapi-3.0' && 'nullable' in current) {
    const { nullable: flag, ...rest } = current;
    if (typeof flag !== 'boolean') state.problems.push({ code: 'INVALID_FIELD', path: `${pointer}/nullable`, message: 'nullable must be true or false.' });
    nullable ||= flag === true;
    current = rest;
  }
  return { schema: current, nullable, refs };
}

function resolveReference(reference: unknown, pointer: string, state: State): Resolved | null {
  const at = `${pointer}/$ref`;
  if (typeof reference !== 'string') {
    state.problems.push({ code: 'INVALID_REF', path: at, message: `$ref must be a string, got ${describe(reference)}.` });
    return null;
  }
  if (!reference.startsWith('#')) {
    state.problems.push({ code: state.options.unsupportedCode, path: at, message: `Remote reference "${reference}" is not supported; only references inside the document ("#/…") are.` });
    return null;
  }
  if (reference !== '#' && !reference.startsWith('#/')) {
    state.problems.push({ code: state.options.unsupportedCode, path: at, message: `Anchor reference "${reference}" is not supported; use a JSON pointer ("#/$defs/Name").` });
    return null;
  }
  if (state.refStack.includes(reference)) {
    const cycle = [...state.refStack.slice(state.refStack.indexOf(reference)), reference].join(' → ');
    state.problems.push({ code: 'INVALID_REF', path: at, message: `Recursive reference ${cycle}: a recursive schema has no finite set of fields.` });
    return null;
  }
  const target = followPointer(state.options.document, reference);
  if (target === undefined) {
    state.problems.push({ code: 'INVALID_REF', path: at, message: `Reference "${reference}" does not point to anything in the document.` });
    return null;
  }
  state.refStack.push(reference);
  const resolved = resolve(target, reference, state);
  state.refStack.pop();
  return resolved === null ? null : { ...resolved, refs: [reference, ...resolved.refs] };
}

function followPointer(document: unknown, reference: string): unknown {
  const tokens = reference === '#' ? [] : reference.slice(2).split('/');
  let node: unknown = document;
  for (const rawToken of tokens) {
    let token: string;
    try {
      token = decodeURIComponent(rawToken).replace(/~1/g, '/').replace(/~0/g, '~');
    } catch {
      return undefined;
    }
    if (Array.isArray(node) && /^\d+$/.test(token)) node = node[Number(token)];
    else if (isPlainObject(node) && Object.hasOwn(node, token)) node = node[token];
    else return undefined;
  }
  return node;
}

function isNullSchema(schema: unknown): boolean {
  if (!isPlainObject(schema)) return false;
  const onlyNull = schema.type === 'null' || schema.const === null || (Array.isArray(schema.enum) && schema.enum.length === 1 && schema.enum[0] === null);
  return onlyNull && Object.keys(schema).every((key) => ['type', 'const', 'enum', 'description', 'title', '$comment'].includes(key));
}

/** Keywords whose later value simply replaces an earlier one when schemas are merged. */
function isOverridable(key: string): boolean {
  return ANNOTATION_KEYWORDS.has(key) || key === 'description' || key === 'default' || key.startsWith('x-') || OPENAPI_ANNOTATION_KEYWORDS.has(key);
}

/** Merges `addition` into `base` (allOf semantics): properties combine, required unions, equal keywords agree. */
function merge(base: Record<string, unknown>, addition: Record<string, unknown>, pointer: string, state: State): Record<string, unknown> {
  const result: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(addition)) {
    if (!(key in result)) {
      result[key] = value;
    } else if (key === 'properties' && isPlainObject(result.properties) && isPlainObject(value)) {
      const properties: Record<string, unknown> = { ...result.properties };
      for (const [name, schema] of Object.entries(value)) {
        const merged = Object.hasOwn(properties, name) && !deepEqual(properties[name], schema) ? { allOf: [properties[name], schema] } : schema;
        // defineProperty, not assignment: a property named "__proto__" must stay a property
        Object.defineProperty(properties, name, { value: merged, enumerable: true, writable: true, configurable: true });
      }
      result.properties = properties;
    } else if (key === 'required' && Array.isArray(result.required) && Array.isArray(value)) {
      result.required = [...new Set([...(result.required as unknown[]), ...value])];
    } else if (isOverridable(key)) {
      result[key] = value;
    } else if (!deepEqual(result[key], value)) {
      state.problems.push({
        code: state.options.unsupportedCode,
        path: pointer,
        message: `Combined schemas disagree on "${key}" (${JSON.stringify(result[key])} vs ${JSON.stringify(value)}); Paxman cannot intersect them.`,
      });
    }
  }
  return result;
}

// ---------------------------------------------------------------------------------------
// fields
// ---------------------------------------------------------------------------------------

/** The JSON type a resolved schema describes (explicit or implied by its keywords), or null. */
function jsonTypeOf(schema: Record<string, unknown>, pointer: string, state: State): string | null {
  if (typeof schema.type === 'string') return schema.type;
  if (schema.type !== undefined) {
    state.problems.push({ code: 'INVALID_FIELD', path: `${pointer}/type`, message: `type must be a string, got ${describe(schema.type)}.` });
    return null;
  }
  if (schema[PaxmanKeyword.TYPE] === FieldType.MONEY || schema.properties !== undefined) return 'object';
  if (schema.items !== undefined) return 'array';
  const values = Array.isArray(schema.enum) ? (schema.enum as unknown[]) : 'const' in schema ? [schema.const] : null;
  if (values !== null) {
    const nonNull = values.filter((value) => value !== null);
    if (nonNull.length > 0 && nonNull.every((value) => typeof value === 'string')) return 'string';
    if (nonNull.length > 0 && nonNull.every((value) => Number.isSafeInteger(value))) return 'integer';
    if (nonNull.length > 0 && nonNull.every((value) => typeof value === 'number')) return 'number';
    if (nonNull.length > 0 && nonNull.every((value) => typeof value === 'boolean')) return 'boolean';
  }
  if (typeof schema.format === 'string' || schema.pattern !== undefined || schema.minLength !== undefined || schema.maxLength !== undefined) return 'string';
  return null;
}

/**
 * The canonical type a schema of JSON type `jsonType` describes when it carries no
 * `x-paxman-type`: strings with `enum`/`const` are ENUM, `format: date` is DATE.
 */
export function naturalFieldType(jsonType: string, schema: Readonly<Record<string, unknown>>): FieldType | null {
  switch (jsonType) {
    case 'object':
      return FieldType.OBJECT;
    case 'array':
      return FieldType.ARRAY;
    case 'integer':
      return FieldType.INTEGER;
    case 'number': {
      // `type: number` restricted to integers (a numeric enum) is an INTEGER written as a JSON number
      const values = Array.isArray(schema.enum) ? (schema.enum as unknown[]) : 'const' in schema ? [schema.const] : null;
      const nonNull = values?.filter((value) => value !== null) ?? [];
      return nonNull.length > 0 && nonNull.every((value) => Number.isSafeInteger(value)) ? FieldType.INTEGER : FieldType.DECIMAL;
    }
    case 'boolean':
      return FieldType.BOOLEAN;
    case 'string':
      if (Array.isArray(schema.enum) || 'const' in schema) return FieldType.ENUM;
      if (schema.format === 'date') return FieldType.DATE;
      return FieldType.STRING;
    default:
      return null;
  }
}

const COMPATIBLE_JSON_TYPES: Readonly<Record<FieldType, readonly string[]>> = {
  STRING: ['string'],
  ENUM: ['string'],
  DATE: ['string'],
  BOOLEAN: ['boolean'],
  INTEGER: ['integer', 'number', 'string'],
  DECIMAL: ['number', 'integer', 'string'],
  MONEY: ['object'],
  OBJECT: ['object'],
  ARRAY: ['array'],
};

function fieldTypeOf(schema: Record<string, unknown>, jsonType: string | null, pointer: string, state: State): FieldType | null {
  const declared = schema[PaxmanKeyword.TYPE];
  if (declared !== undefined) {
    if (!isFieldType(declared)) {
      state.problems.push({ code: 'UNSUPPORTED_FIELD_TYPE', path: `${pointer}/${PaxmanKeyword.TYPE}`, message: `${PaxmanKeyword.TYPE} ${JSON.stringify(declared)} is not one of ${Object.values(FieldType).join(', ')}.` });
      return null;
    }
    const effectiveJsonType = jsonType ?? COMPATIBLE_JSON_TYPES[declared][0]!;
    if (!COMPATIBLE_JSON_TYPES[declared].includes(effectiveJsonType)) {
      state.problems.push({
        code: 'UNSUPPORTED_FIELD_TYPE',
        path: `${pointer}/${PaxmanKeyword.TYPE}`,
        message: `${PaxmanKeyword.TYPE} ${declared} needs JSON type ${COMPATIBLE_JSON_TYPES[declared].join(' or ')}, but the schema says ${effectiveJsonType}.`,
      });
      return null;
    }
    return declared;
  }
  if (jsonType === null) {
    state.problems.push({ code: state.options.unsupportedCode, path: pointer, message: 'A field schema must declare a type (string, number, integer, boolean, object or array).' });
    return null;
  }
  const natural = naturalFieldType(jsonType, schema);
  if (natural === null) {
    state.problems.push({ code: 'UNSUPPORTED_FIELD_TYPE', path: `${pointer}/type`, message: `JSON type ${JSON.stringify(jsonType)} has no canonical field type.` });
  }
  return natural;
}

function checkKeywords(schema: Record<string, unknown>, pointer: string, isRoot: boolean, state: State): void {
  const { dialect, unsupportedCode } = state.options;
  for (const key of Object.keys(schema)) {
    if (SUPPORTED_KEYWORDS.has(key) || ANNOTATION_KEYWORDS.has(key)) continue;
    if ((dialect === 'openapi-3.0' || dialect === 'openapi-3.1') && OPENAPI_ANNOTATION_KEYWORDS.has(key)) continue;
    if (key === UNREPRESENTABLE_KEYWORD) continue;
    if (key.startsWith('x-paxman-')) {
      if (!(Object.values(PaxmanKeyword) as string[]).includes(key)) {
        state.problems.push({ code: 'INVALID_FIELD', path: `${pointer}/${escapeToken(key)}`, message: `Unknown Paxman keyword "${key}".` });
      } else if (!isRoot && ROOT_ONLY_PAXMAN_KEYWORDS.has(key)) {
        state.problems.push({ code: 'INVALID_FIELD', path: `${pointer}/${escapeToken(key)}`, message: `"${key}" belongs on the root schema only.` });
      }
      continue;
    }
    if (key.startsWith('x-')) continue;
    if (KNOWN_UNSUPPORTED_KEYWORDS.has(key) || dialect !== 'zod') {
      state.problems.push({
        code: unsupportedCode,
        path: `${pointer}/${escapeToken(key)}`,
        message: key === 'nullable' ? '"nullable" is an OpenAPI 3.0 keyword; in JSON Schema write type: [..., "null"].' : `Keyword "${key}" is not supported by Paxman contracts.`,
      });
    }
  }
}

/** The members of an object schema (its properties), with paths under `prefix`. */
function objectMembers(schema: Record<string, unknown>, pointer: string, prefix: string, state: State): FieldInput[] {
  const properties = schema.properties ?? {};
  if (!isPlainObject(properties)) {
    state.problems.push({ code: 'INVALID_FIELD', path: `${pointer}/properties`, message: `properties must be an object, got ${describe(properties)}.` });
    return [];
  }
  const required = schema.required ?? [];
  let requiredNames: readonly string[] = [];
  if (!Array.isArray(required) || !required.every((name) => typeof name === 'string')) {
    state.problems.push({ code: 'INVALID_FIELD', path: `${pointer}/required`, message: 'required must be an array of property names.' });
  } else {
    requiredNames = required as string[];
    for (const name of requiredNames) {
      if (!Object.hasOwn(properties, name)) state.problems.push({ code: 'INVALID_FIELD', path: `${pointer}/required`, message: `Required property "${name}" is not declared in properties.` });
    }
  }
  const additional = schema.additionalProperties;
  // `{}` (any value) is the same as `true`; Zod's loose objects write it.
  if (additional !== undefined && typeof additional !== 'boolean' && !(isPlainObject(additional) && Object.keys(additional).length === 0)) {
    state.problems.push({
      code: state.options.unsupportedCode,
      path: `${pointer}/additionalProperties`,
      message: 'additionalProperties with a schema (a map of arbitrary keys) is not supported; declare the properties.',
    });
  }
  const members: FieldInput[] = [];
  for (const [name, propertySchema] of Object.entries(properties)) {
    // Counted while expanding: `$ref`s that fan out must not expand to millions of fields first.
    state.fieldCount.value += 1;
    if (state.fieldCount.value > MAX_CONTRACT_FIELDS) {
      if (state.fieldCount.value === MAX_CONTRACT_FIELDS + 1) {
        state.problems.push({ code: 'CONTRACT_TOO_LARGE', path: `${pointer}/properties/${escapeToken(name)}`, message: `The schema expands to more than ${MAX_CONTRACT_FIELDS} fields (through $ref, every reference is a copy); a contract that large is refused.` });
      }
      return members;
    }
    const path = prefix.length === 0 ? name : `${prefix}.${name}`;
    const member = convertField(propertySchema, `${pointer}/properties/${escapeToken(name)}`, path, requiredNames.includes(name), state);
    if (member !== null) members.push(member);
  }
  return members;
}

function convertField(schema: unknown, pointer: string, path: string, required: boolean, state: State): FieldInput | null {
  const resolved = resolve(schema, pointer, state);
  if (resolved === null) return null;
  return convertResolved(resolved, pointer, path, required, state);
}

function convertResolved(resolved: Resolved, pointer: string, path: string, required: boolean, state: State): FieldInput | null {
  const schema = resolved.schema;
  const unrepresentable = schema[UNREPRESENTABLE_KEYWORD];
  if (unrepresentable !== undefined) {
    state.problems.push({ code: state.options.unsupportedCode, path: pointer, message: String(unrepresentable) });
    return null;
  }
  checkKeywords(schema, pointer, false, state);
  const jsonType = jsonTypeOf(schema, pointer, state);
  const type = fieldTypeOf(schema, jsonType, pointer, state);
  if (type === null) return null;
  state.refStack.push(...resolved.refs);
  try {
    let nullable = resolved.nullable;
    const field: { -readonly [K in keyof FieldInput]: FieldInput[K] } = { path, type, required };
    let enumValues: EnumValue[] = [];

    // enum / const
    const listed = Array.isArray(schema.enum) ? (schema.enum as unknown[]) : 'const' in schema ? [schema.const] : null;
    if (schema.enum !== undefined && !Array.isArray(schema.enum)) {
      state.problems.push({ code: 'INVALID_FIELD', path: `${pointer}/enum`, message: 'enum must be an array of values.' });
    }
    const listedValues = listed?.filter((value) => value !== null) ?? null;
    if (listed !== null && listedValues !== null && listedValues.length < listed.length) nullable = true;
    if (type === FieldType.ENUM) {
      if (listedValues === null || listedValues.length === 0) {
        state.problems.push({ code: 'MISSING_ENUM_VALUES', path: pointer, message: 'An ENUM field needs enum (or const) values.' });
      } else if (!listedValues.every((value) => typeof value === 'string' && value.length > 0)) {
        state.problems.push({ code: 'INVALID_FIELD', path: `${pointer}/enum`, message: 'ENUM values must be non-empty strings.' });
      } else {
        enumValues = enumValuesOf(listedValues as string[], schema[PaxmanKeyword.ENUM_SYNONYMS], pointer, state);
      }
    } else if (schema[PaxmanKeyword.ENUM_SYNONYMS] !== undefined) {
      state.problems.push({ code: 'INVALID_FIELD', path: `${pointer}/${PaxmanKeyword.ENUM_SYNONYMS}`, message: 'Enum synonyms belong on ENUM fields only.' });
    }

    field.nullable = nullable;
    field.enumValues = enumValues;
    const description = typeof schema.description === 'string' ? schema.description : typeof schema.title === 'string' ? schema.title : null;
    if (description !== null) field.description = description;
    if (schema.description !== undefined && typeof schema.description !== 'string') {
      state.problems.push({ code: 'INVALID_FIELD', path: `${pointer}/description`, message: 'description must be a string.' });
    }

    // number encoding, MONEY members
    let amountConstraints: Constraint[] = [];
    if (type === FieldType.INTEGER || type === FieldType.DECIMAL) {
      field.numberEncoding = (jsonType ?? (type === FieldType.INTEGER ? 'integer' : 'number')) as NumberEncoding;
    } else if (type === FieldType.MONEY) {
      const money = moneyMembers(schema, pointer, state);
      field.numberEncoding = money.encoding;
      amountConstraints = money.constraints;
      if (money.currency !== null) field.currency = money.currency;
    }

    field.constraints = [...amountConstraints, ...constraintsOf(schema, type, pointer, state)];
    Object.assign(field, paxmanAttributes(schema, type, pointer, state));

    if ('default' in schema) {
      field.hasDefault = true;
      field.default = canonicalDefault(type, schema.default as JsonValue);
    }

    // nested members
    if (type === FieldType.OBJECT) {
      field.fields = objectMembers(schema, pointer, path, state);
    } else if (type === FieldType.ARRAY) {
      Object.assign(field, arrayItems(schema, pointer, path, state));
    } else if (type !== FieldType.MONEY && schema.properties !== undefined) {
      state.problems.push({ code: 'INVALID_FIELD', path: `${pointer}/properties`, message: `A ${type} field has no properties.` });
    }
    return field;
  } finally {
    state.refStack.splice(state.refStack.length - resolved.refs.length, resolved.refs.length);
  }
}

function enumValuesOf(values: readonly string[], synonyms: unknown, pointer: string, state: State): EnumValue[] {
  const at = `${pointer}/${PaxmanKeyword.ENUM_SYNONYMS}`;
  let table: Record<string, unknown> = {};
  if (synonyms !== undefined) {
    if (!isPlainObject(synonyms)) {
      state.problems.push({ code: 'INVALID_FIELD', path: at, message: 'Enum synonyms must be an object mapping each value to its other spellings.' });
    } else {
      table = synonyms;
      for (const [value, spellings] of Object.entries(synonyms)) {
        if (!values.includes(value)) state.problems.push({ code: 'INVALID_FIELD', path: `${at}/${escapeToken(value)}`, message: `"${value}" is not one of the enum values.` });
        if (!isStringArray(spellings)) state.problems.push({ code: 'INVALID_FIELD', path: `${at}/${escapeToken(value)}`, message: 'Synonyms must be an array of strings.' });
      }
    }
  }
  const unique = [...new Set(values)];
  return unique.map((value) => ({ value, synonyms: isStringArray(table[value]) ? [...table[value]] : [] }));
}

function moneyMembers(schema: Record<string, unknown>, pointer: string, state: State): { encoding: NumberEncoding | null; constraints: Constraint[]; currency: string | null } {
  const properties = isPlainObject(schema.properties) ? schema.properties : {};
  const result: { encoding: NumberEncoding | null; constraints: Constraint[]; currency: string | null } = { encoding: null, constraints: [], currency: null };
  if (!('amount' in properties) || !('currency' in properties)) {
    state.problems.push({ code: 'INVALID_FIELD', path: `${pointer}/properties`, message: 'A MONEY schema must declare the properties "amount" and "currency".' });
    return result;
  }
  const extra = Object.keys(properties).filter((name) => name !== 'amount' && name !== 'currency');
  if (extra.length > 0) state.problems.push({ code: 'INVALID_FIELD', path: `${pointer}/properties`, message: `A MONEY schema has only "amount" and "currency", not ${extra.join(', ')}.` });
  const amount = resolve(properties.amount, `${pointer}/properties/amount`, state);
  if (amount !== null) {
    const amountType = amount.schema.type;
    if (amountType === 'string' || amountType === 'number' || amountType === 'integer') result.encoding = amountType;
    else state.problems.push({ code: 'INVALID_FIELD', path: `${pointer}/properties/amount/type`, message: 'A MONEY amount must be of type string (decimal), number or integer.' });
    for (const [key, value] of Object.entries(amount.schema)) {
      const constraint = boundConstraint(key, value, amount.schema, `${pointer}/properties/amount`, state);
      if (constraint !== null) result.constraints.push(constraint);
    }
  }
  const currency = resolve(properties.currency, `${pointer}/properties/currency`, state);
  const declared = schema[PaxmanKeyword.CURRENCY];
  if (declared !== undefined && typeof declared !== 'string') {
    state.problems.push({ code: 'INVALID_FIELD', path: `${pointer}/${PaxmanKeyword.CURRENCY}`, message: `${PaxmanKeyword.CURRENCY} must be a currency code string.` });
  }
  let fixed: string | null = typeof declared === 'string' ? declared : null;
  if (currency !== null) {
    const listed = Array.isArray(currency.schema.enum) ? (currency.schema.enum as unknown[]) : 'const' in currency.schema ? [currency.schema.const] : null;
    if (listed !== null) {
      if (listed.length !== 1 || typeof listed[0] !== 'string') {
        state.problems.push({
          code: state.options.unsupportedCode,
          path: `${pointer}/properties/currency`,
          message: 'A MONEY currency may be fixed to one code (const) but not restricted to a list of codes.',
        });
      } else if (fixed !== null && fixed !== listed[0]) {
        state.problems.push({ code: 'INVALID_FIELD', path: `${pointer}/properties/currency`, message: `Currency ${listed[0]} contradicts ${PaxmanKeyword.CURRENCY} ${fixed}.` });
      } else {
        fixed = listed[0];
      }
    }
  }
  result.currency = fixed;
  return result;
}

/** The numeric bound a keyword states (draft-04 boolean exclusive bounds included), or null for other keywords. */
function boundConstraint(key: string, value: unknown, schema: Record<string, unknown>, pointer: string, state: State): Constraint | null {
  const number = (candidate: unknown): JsonValue => (typeof candidate === 'number' || typeof candidate === 'string' ? candidate : String(candidate));
  switch (key) {
    case 'minimum':
      return schema.exclusiveMinimum === true ? { kind: 'exclusive_min_value', params: { min: number(value) } } : { kind: 'min_value', params: { min: number(value) } };
    case 'maximum':
      return schema.exclusiveMaximum === true ? { kind: 'exclusive_max_value', params: { max: number(value) } } : { kind: 'max_value', params: { max: number(value) } };
    case 'exclusiveMinimum':
    case 'exclusiveMaximum': {
      if (typeof value === 'boolean') {
        const partner = key === 'exclusiveMinimum' ? 'minimum' : 'maximum';
        if (value && schema[partner] === undefined) {
          state.problems.push({ code: 'INVALID_CONSTRAINT', path: `${pointer}/${key}`, message: `${key}: true (draft-04 style) needs "${partner}".` });
        }
        return null;
      }
      if (typeof value !== 'number') {
        state.problems.push({ code: 'INVALID_CONSTRAINT', path: `${pointer}/${key}`, message: `${key} must be a number.` });
        return null;
      }
      return key === 'exclusiveMinimum' ? { kind: 'exclusive_min_value', params: { min: value } } : { kind: 'exclusive_max_value', params: { max: value } };
    }
    default:
      return null;
  }
}

/** Constraints stated by the schema's keywords, in keyword order (x-paxman-constraints expand in place). */
function constraintsOf(schema: Record<string, unknown>, type: FieldType, pointer: string, state: State): Constraint[] {
  const constraints: Constraint[] = [];
  for (const [key, value] of Object.entries(schema)) {
    const at = `${pointer}/${escapeToken(key)}`;
    const bound = boundConstraint(key, value, schema, pointer, state);
    if (bound !== null) {
      constraints.push(bound);
      continue;
    }
    switch (key) {
      case 'minLength':
        constraints.push({ kind: 'min_length', params: { min: value as JsonValue } });
        break;
      case 'maxLength':
        constraints.push({ kind: 'max_length', params: { max: value as JsonValue } });
        break;
      case 'pattern':
        constraints.push({ kind: 'pattern', params: { regex: value as JsonValue } });
        break;
      case 'minItems':
        constraints.push({ kind: 'min_items', params: { min: value as JsonValue } });
        break;
      case 'maxItems':
        constraints.push({ kind: 'max_items', params: { max: value as JsonValue } });
        break;
      case 'format': {
        if (type === FieldType.DATE && value === 'date') break;
        if (typeof value !== 'string') {
          state.problems.push({ code: 'INVALID_FIELD', path: at, message: `format must be a string, got ${JSON.stringify(value)}.` });
          break;
        }
        const meaning = formatConstraints(value, type);
        if (meaning !== null) constraints.push(...meaning);
        else state.annotations.push({ code: 'FORMAT_ANNOTATION', path: at, message: `format ${JSON.stringify(value)} has no meaning for a ${type} field here; kept as an annotation (not checked).` });
        break;
      }
      case 'enum':
      case 'const': {
        if (type === FieldType.ENUM) break;
        const values = (key === 'enum' ? (Array.isArray(value) ? (value as JsonValue[]) : []) : [value as JsonValue]).filter((item) => item !== null);
        if (values.length > 0) constraints.push({ kind: 'enum', params: { values } });
        break;
      }
      case 'uniqueItems':
        if (value === true) state.problems.push({ code: state.options.unsupportedCode, path: at, message: 'uniqueItems: true is not supported.' });
        break;
      case PaxmanKeyword.CONSTRAINTS:
        constraints.push(...explicitConstraints(value, at, state));
        break;
      default:
        break;
    }
  }
  return constraints;
}

function explicitConstraints(value: unknown, pointer: string, state: State): Constraint[] {
  if (!Array.isArray(value)) {
    state.problems.push({ code: 'INVALID_CONSTRAINT', path: pointer, message: `${PaxmanKeyword.CONSTRAINTS} must be an array of {kind, params}.` });
    return [];
  }
  const constraints: Constraint[] = [];
  value.forEach((item: unknown, index) => {
    if (!isPlainObject(item) || typeof item.kind !== 'string' || (item.params !== undefined && !isPlainObject(item.params))) {
      state.problems.push({ code: 'INVALID_CONSTRAINT', path: `${pointer}/${index}`, message: 'A constraint must be {kind: string, params?: object}.' });
      return;
    }
    constraints.push({ kind: item.kind as Constraint['kind'], params: (item.params ?? {}) as Constraint['params'] });
  });
  return constraints;
}

type PaxmanAttributes = Pick<FieldInput, 'labels' | 'tags' | 'confidenceThreshold' | 'fallback' | 'extractionPattern' | 'derived' | 'lookup'>;

function paxmanAttributes(schema: Record<string, unknown>, type: FieldType, pointer: string, state: State): PaxmanAttributes {
  const attributes: { -readonly [K in keyof PaxmanAttributes]: PaxmanAttributes[K] } = {};
  const invalid = (key: string, expected: string): void => {
    state.problems.push({ code: 'INVALID_FIELD', path: `${pointer}/${key}`, message: `${key} must be ${expected}.` });
  };
  const labels = schema[PaxmanKeyword.LABELS];
  if (labels !== undefined) {
    if (isStringArray(labels)) attributes.labels = labels;
    else invalid(PaxmanKeyword.LABELS, 'an array of strings');
  }
  const tags = schema[PaxmanKeyword.TAGS];
  if (tags !== undefined) {
    if (isStringArray(tags)) attributes.tags = tags;
    else state.problems.push({ code: 'INVALID_SEMANTIC_TAG', path: `${pointer}/${PaxmanKeyword.TAGS}`, message: `${PaxmanKeyword.TAGS} must be an array of strings.` });
  }
  const threshold = schema[PaxmanKeyword.CONFIDENCE_THRESHOLD];
  if (threshold !== undefined) {
    if (typeof threshold === 'number') attributes.confidenceThreshold = threshold;
    else state.problems.push({ code: 'INVALID_CONFIDENCE_FLOOR', path: `${pointer}/${PaxmanKeyword.CONFIDENCE_THRESHOLD}`, message: 'The confidence threshold must be a number in [0, 1].' });
  }
  const fallback = schema[PaxmanKeyword.FALLBACK];
  if (fallback !== undefined) attributes.fallback = fallback as FieldInput['fallback'];
  const extraction = schema[PaxmanKeyword.EXTRACTION_PATTERN];
  if (extraction !== undefined) {
    if (typeof extraction === 'string') attributes.extractionPattern = extraction;
    else invalid(PaxmanKeyword.EXTRACTION_PATTERN, 'a regular expression string');
  }
  const derived = schema[PaxmanKeyword.DERIVED];
  if (derived !== undefined) {
    if (isPlainObject(derived)) attributes.derived = derived as unknown as FieldInput['derived'];
    else invalid(PaxmanKeyword.DERIVED, 'an object {expression, tolerance?}');
  }
  const lookup = schema[PaxmanKeyword.LOOKUP];
  if (lookup !== undefined) {
    if (isPlainObject(lookup)) attributes.lookup = lookup as unknown as FieldInput['lookup'];
    else invalid(PaxmanKeyword.LOOKUP, 'an object {table, keyField, entries?}');
  }
  if (schema[PaxmanKeyword.CURRENCY] !== undefined && type !== FieldType.MONEY) {
    invalid(PaxmanKeyword.CURRENCY, 'used on MONEY fields only');
  }
  return attributes;
}

function arrayItems(schema: Record<string, unknown>, pointer: string, path: string, state: State): Pick<FieldInput, 'itemType' | 'fields'> {
  if (schema.items === undefined) return { itemType: null, fields: [] };
  const itemsPointer = `${pointer}/items`;
  if (Array.isArray(schema.items)) {
    state.problems.push({ code: state.options.unsupportedCode, path: itemsPointer, message: 'Tuple arrays (items as an array of schemas) are not supported.' });
    return { itemType: null, fields: [] };
  }
  const items = resolve(schema.items, itemsPointer, state);
  if (items === null) return { itemType: null, fields: [] };
  // `items: {}` (any item) is the same as no `items`: an ARRAY without an item type.
  if (Object.keys(items.schema).length === 0 && !items.nullable) return { itemType: null, fields: [] };
  const itemJsonType = jsonTypeOf(items.schema, itemsPointer, state);
  const isPlainObjectItem = itemJsonType === 'object' && (items.schema[PaxmanKeyword.TYPE] === undefined || items.schema[PaxmanKeyword.TYPE] === FieldType.OBJECT);
  if (isPlainObjectItem) {
    checkKeywords(items.schema, itemsPointer, false, state);
    if (items.nullable) {
      state.problems.push({ code: state.options.unsupportedCode, path: itemsPointer, message: 'Arrays whose object items may be null are not supported.' });
    }
    state.refStack.push(...items.refs);
    try {
      return { itemType: FieldType.OBJECT, fields: objectMembers(items.schema, itemsPointer, `${path}[]`, state) };
    } finally {
      state.refStack.splice(state.refStack.length - items.refs.length, items.refs.length);
    }
  }
  if (itemJsonType === 'array') {
    state.problems.push({ code: state.options.unsupportedCode, path: itemsPointer, message: 'Arrays of arrays are not supported.' });
    return { itemType: null, fields: [] };
  }
  const item = convertResolved(items, itemsPointer, `${path}[]`, true, state);
  return item === null ? { itemType: null, fields: [] } : { itemType: item.type, fields: [item] };
}

/** A schema default in the canonical encoding (DECIMAL and MONEY amounts as decimal strings). */
function canonicalDefault(type: FieldType, value: JsonValue): JsonValue {
  if (value === null) return null;
  if (type === FieldType.DECIMAL && typeof value === 'number' && Number.isFinite(value)) return numberToDecimalString(value);
  if (type === FieldType.INTEGER && typeof value === 'string' && /^-?\d+$/.test(value.trim()) && Number.isSafeInteger(Number(value))) return Number(value);
  if (type === FieldType.MONEY && isPlainObject(value) && typeof value.amount === 'number' && Number.isFinite(value.amount)) {
    return { ...value, amount: numberToDecimalString(value.amount) };
  }
  return value;
}

// ---------------------------------------------------------------------------------------
// helpers
// ---------------------------------------------------------------------------------------

function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}

/** Escapes a JSON pointer token (`~` → `~0`, `/` → `~1`). */
export function escapeToken(token: string): string {
  return token.replace(/~/g, '~0').replace(/\//g, '~1');
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'string' ? `the string ${JSON.stringify(value)}` : typeof value;
}

/** Structural equality of JSON-like values. */
export function deepEqual(left: unknown, right: unknown): boolean {
  if (left === right) return true;
  if (Array.isArray(left) && Array.isArray(right)) return left.length === right.length && left.every((item, index) => deepEqual(item, right[index]));
  if (isPlainObject(left) && isPlainObject(right)) {
    const keys = Object.keys(left);
    return keys.length === Object.keys(right).length && keys.every((key) => Object.hasOwn(right, key) && deepEqual(left[key], right[key]));
  }
  return false;
}
