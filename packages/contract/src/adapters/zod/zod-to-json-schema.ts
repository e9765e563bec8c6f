/**
 * A Zod 4 schema → its JSON Schema form, prepared for the shared JSON Schema conversion.
 * Zod's own `toJSONSchema` (input side, so `.default()` members are optional and output
 * data can be checked with `safeParse`) does the walking; an override cleans what it adds
 * that is not the caller's intent and marks what it cannot express:
 * - the regular expressions Zod writes for the formats Paxman knows (`z.email()`, `z.url()`,
 *   `z.iso.date()`, `z.iso.datetime()`) are dropped — the `format` says it, and those
 *   expressions are not RE2-compatible; for other formats (`z.uuid()`, `.startsWith()`, …)
 *   the regular expression is the meaning, so it stays as the pattern and the format goes;
 * - the ±2^53 bounds of `z.int()` are dropped;
 * - `.meta({ labels, confidenceThreshold, fallback, … })` keys become `x-paxman-*` keywords;
 * - refinements (`.refine`, `.superRefine`, `.check`) and types JSON cannot carry
 *   (`z.date()`, `z.bigint()`, maps, sets, records, tuples, transforms, …) are marked and
 *   later reported as `UNSUPPORTED_ZOD_FEATURE` — never silently dropped.
 */
import { isPlainObject } from '@paxman/core';
import { PaxmanKeyword, SUPPORTED_FORMATS } from '../json-schema/keywords.js';
import { UNREPRESENTABLE_KEYWORD } from '../json-schema/schema-to-contract.js';

/** The minimal view of a Zod 4 schema the adapter relies on. */
export interface ZodSchemaLike {
  readonly _zod: { readonly def: ZodDefinition };
  toJSONSchema?: (params: Record<string, unknown>) => unknown;
}

interface ZodDefinition {
  readonly type: string;
  readonly format?: string;
  readonly pattern?: RegExp;
  readonly checks?: readonly { readonly _zod: { readonly def: { readonly check: string; readonly format?: string; readonly pattern?: RegExp } } }[];
}

/** `.meta()` keys and the JSON Schema keywords they become. */
export const ZOD_META_KEYWORDS: Readonly<Record<string, string>> = Object.freeze({
  labels: PaxmanKeyword.LABELS,
  tags: PaxmanKeyword.TAGS,
  confidenceThreshold: PaxmanKeyword.CONFIDENCE_THRESHOLD,
  fallback: PaxmanKeyword.FALLBACK,
  currency: PaxmanKeyword.CURRENCY,
  synonyms: PaxmanKeyword.ENUM_SYNONYMS,
  extractionPattern: PaxmanKeyword.EXTRACTION_PATTERN,
  derived: PaxmanKeyword.DERIVED,
  lookup: PaxmanKeyword.LOOKUP,
  constraints: PaxmanKeyword.CONSTRAINTS,
  paxmanType: PaxmanKeyword.TYPE,
  contractId: PaxmanKeyword.CONTRACT_ID,
  version: PaxmanKeyword.VERSION,
  policy: PaxmanKeyword.POLICY,
});

const UNREPRESENTABLE: Readonly<Record<string, string>> = Object.freeze({
  date: 'z.date() is not supported: contract output is JSON; use z.iso.date() (a YYYY-MM-DD string).',
  bigint: 'z.bigint() is not supported; use z.int() or a decimal string.',
  symbol: 'z.symbol() has no JSON form.',
  map: 'z.map() is not supported; use z.object() with declared keys.',
  set: 'z.set() is not supported; use z.array().',
  record: 'z.record() (arbitrary keys) is not supported; declare the keys with z.object().',
  tuple: 'z.tuple() is not supported; use z.object() or z.array().',
  transform: 'A transform has no JSON Schema form; declare the input type.',
  custom: 'z.custom() is not supported.',
  function: 'z.function() has no JSON form.',
  promise: 'z.promise() has no JSON form.',
  void: 'z.void() carries no value.',
  undefined: 'z.undefined() carries no value.',
  never: 'z.never() carries no value.',
  nan: 'z.nan() has no JSON form.',
  file: 'z.file() is not supported.',
});

const MAX_SAFE = Number.MAX_SAFE_INTEGER;

/** True for a Zod 4 schema object. */
export function isZodSchema(value: unknown): value is ZodSchemaLike {
  if (value === null || (typeof value !== 'object' && typeof value !== 'function')) return false;
  const internals = (value as { _zod?: unknown })._zod;
  return typeof internals === 'object' && internals !== null && isPlainObjectLike((internals as { def?: unknown }).def);
}

function isPlainObjectLike(value: unknown): boolean {
  return typeof value === 'object' && value !== null;
}

/** The schema's JSON Schema form (draft 2020-12, input side), cleaned and annotated as described above. */
export function zodToJsonSchema(schema: ZodSchemaLike): Record<string, unknown> {
  if (typeof schema.toJSONSchema !== 'function') {
    throw new TypeError('This Zod schema has no toJSONSchema method; Paxman needs Zod 4.1 or later.');
  }
  const result = schema.toJSONSchema({
    target: 'draft-2020-12',
    io: 'input',
    unrepresentable: 'any',
    cycles: 'ref',
    reused: 'inline',
    override: (context: { zodSchema: ZodSchemaLike; jsonSchema: Record<string, unknown> }) => annotate(context.zodSchema, context.jsonSchema),
  });
  if (!isPlainObject(result)) throw new TypeError('Zod produced no JSON Schema object.');
  return result;
}

function annotate(zodSchema: ZodSchemaLike, json: Record<string, unknown>): void {
  const definition = zodSchema._zod.def;
  const unrepresentable = UNREPRESENTABLE[definition.type];
  if (unrepresentable !== undefined) json[UNREPRESENTABLE_KEYWORD] = unrepresentable;
  const checks = (definition.checks ?? []).map((check) => check._zod.def);
  if (checks.some((check) => check.check === 'custom')) {
    json[UNREPRESENTABLE_KEYWORD] = 'Refinements (.refine, .superRefine, .check) cannot be carried into a contract; express the rule as a constraint (min, max, regex, enum).';
  }
  if (definition.type === 'string' && typeof json.format === 'string' && !SUPPORTED_FORMATS.includes(json.format) && typeof json.pattern === 'string') {
    // uuid, cuid, starts_with, ipv4, …: Zod's regex is the whole meaning; keep it as the pattern.
    delete json.format;
  } else if (definition.type === 'string' && typeof json.pattern === 'string') {
    const formatPatterns = [definition.format !== undefined && definition.format !== 'regex' ? definition.pattern : undefined]
      .concat(checks.filter((check) => check.check === 'string_format' && check.format !== 'regex').map((check) => check.pattern))
      .filter((pattern): pattern is RegExp => pattern instanceof RegExp)
      .map((pattern) => pattern.source);
    if (formatPatterns.includes(json.pattern)) delete json.pattern;
  }
  if (definition.type === 'number') {
    if (json.maximum === MAX_SAFE) delete json.maximum;
    if (json.minimum === -MAX_SAFE) delete json.minimum;
  }
  for (const [metaKey, keyword] of Object.entries(ZOD_META_KEYWORDS)) {
    if (metaKey in json) {
      json[keyword] = json[metaKey];
      delete json[metaKey];
    }
  }
}
