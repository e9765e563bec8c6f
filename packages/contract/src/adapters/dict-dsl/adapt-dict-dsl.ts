/**
 * Dict DSL → `CanonicalContract`. The grammar is the v1 Dict DSL (inventory §3.3) with
 * its error codes, extended with `description` (contract), `nullable`, `labels`,
 * `confidence_threshold`, `fallback`, `extraction_pattern`, `currency` (MONEY),
 * `derived {expression, tolerance}`, `lookup {table, key_field, entries}`, enum values
 * with synonyms, and nested fields: `fields` on OBJECT (members `buyer.name`) and on
 * ARRAY (members of each item, `line_items[].amount`), or `items` on ARRAY for scalar
 * items (`tags[]`). Keys are snake_case; the model is camelCase.
 *
 * Unlike v1, unknown keys are reported rather than ignored (a typo such as `requried`
 * must not silently change a contract), and the adapter never stops at the first
 * problem: it builds what it can, runs the validator on that, and throws one
 * `InvalidContractError` listing every problem.
 */
import {
  FieldType,
  InvalidPolicyError,
  PaxmanError,
  formatDecimal,
  isDecimalString,
  isFieldType,
  isPlainObject,
  parseDecimal,
  validatePolicyInput,
  type JsonValue,
  type Policy,
  type PolicyInput,
} from '@paxman/core';
import type { ContractProblem } from '../../adapter.js';
import { invalidContractError } from '../../contract-error.js';
import { defineContract, type FieldInput } from '../../define-field.js';
import { parseContractSource } from '../../parse-source.js';
import type { CanonicalContract, Constraint, EnumValue } from '../../model.js';
import { IDENTIFIER_PATTERN, MAX_FIELD_DEPTH, validateContract } from '../../validator/validate-contract.js';
import { DSL_POLICY_KEYS } from './policy-keys.js';

/** The format id of the Dict DSL. */
export const DICT_DSL_FORMAT = 'dict-dsl';

const CONTRACT_KEYS = ['id', 'version', 'description', 'fields', 'constraints', 'policy'];
const COMMON_FIELD_KEYS = [
  'type',
  'nullable',
  'description',
  'labels',
  'tags',
  'constraints',
  'default',
  'enum_values',
  'confidence_threshold',
  'fallback',
  'extraction_pattern',
  'derived',
  'lookup',
  'currency',
  'fields',
  'items',
];
const FIELD_KEYS = ['name', 'required', ...COMMON_FIELD_KEYS];
const CONSTRAINT_KEYS = ['kind', 'params'];
/** Canonical path used while checking a field whose name is unusable (never reaches the model). */
const PLACEHOLDER_PATH = '#unusable';

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/**
 * Adapts a Dict DSL contract (an object, or its JSON / YAML text). Throws `InvalidContractError` whose `context.problems`
 * lists every problem (its code is the problems' code when they share one).
 * @example adaptDictDsl({ id: 'invoice', fields: [{ name: 'total', type: 'MONEY', required: true }] })
 */
export function adaptDictDsl(input: unknown): CanonicalContract {
  const source = typeof input === 'string' ? parseContractSource(input) : input;
  const problems: ContractProblem[] = [];
  const report: Report = Object.assign(
    (code: string, path: string, message: string): void => {
      problems.push({ code, path, message });
    },
    { positions: new Map<string, string>(), duplicates: [] as { field: FieldInput; at: string }[] },
  );
  if (!isPlainObject(source)) {
    throw invalidContractError([{ code: 'MISSING_CONTRACT_ID', path: '', message: 'A Dict DSL contract must be an object with an id and fields.' }], DICT_DSL_FORMAT);
  }
  reportUnknownKeys(source, CONTRACT_KEYS, '', 'INVALID_CONTRACT', report);

  const id = source.id;
  if (typeof id !== 'string' || id.trim().length === 0) report('MISSING_CONTRACT_ID', 'id', 'Contract "id" must be a non-empty string.');
  let version = '1';
  if (source.version !== undefined) {
    if (typeof source.version === 'string' && source.version.trim().length > 0) version = source.version;
    else report('INVALID_VERSION', 'version', `Contract "version" must be a non-empty string (quote numbers: "1"), got ${JSON.stringify(source.version)}.`);
  }
  let description: string | null = null;
  if (source.description !== undefined && source.description !== null) {
    if (typeof source.description === 'string') description = source.description;
    else report('INVALID_CONTRACT', 'description', 'Contract "description" must be a string.');
  }
  if (source.constraints !== undefined) {
    if (!Array.isArray(source.constraints)) report('INVALID_CONSTRAINT', 'constraints', 'Contract "constraints" must be a list.');
    else if (source.constraints.length > 0) {
      report('INVALID_CONSTRAINT', 'constraints', 'Contract-level constraints are not supported (v1 stored them but never enforced them); put constraints on fields, or use `derived` for relations between fields.');
    }
  }
  const policy = adaptPolicy(source.policy, report);

  let fields: FieldInput[] = [];
  if (!Array.isArray(source.fields)) report('MISSING_FIELDS', 'fields', 'Contract "fields" must be a list of field specs.');
  else if (source.fields.length === 0) report('EMPTY_FIELDS', 'fields', 'Contract "fields" must not be empty.');
  else fields = adaptFieldList(source.fields, null, 'fields', report);

  let contract: CanonicalContract | null = null;
  if (typeof id === 'string' && id.trim().length > 0 && fields.length > 0) {
    contract = defineContract({ id, version, description, fields, policy, source: { format: DICT_DSL_FORMAT, formatVersion: null, schemaName: null } });
    // Validator problems are moved to source paths; one the adapter already reported
    // (at the same place or around it) is not listed twice.
    const reported = problems.map((problem) => problem.path);
    for (const problem of validateContract(contract)) {
      const path = sourcePath(problem.path, report.positions);
      if (!reported.some((known) => path === known || path.startsWith(`${known}.`) || known.startsWith(`${path}.`) || known.startsWith(`${path}[`))) problems.push({ ...problem, path });
    }
  }
  problems.push(...duplicateDeclarationProblems(report.duplicates, problems));
  if (problems.length > 0 || contract === null) throw invalidContractError(problems, DICT_DSL_FORMAT);
  return contract;
}

/**
 * The validator's problems in declarations left out as duplicates (each checked on its own,
 * its paths moved to where it is declared), so a repeated name never hides a problem.
 */
function duplicateDeclarationProblems(duplicates: Report['duplicates'], known: readonly ContractProblem[]): ContractProblem[] {
  const found: ContractProblem[] = [];
  for (const { field, at } of duplicates) {
    let alone: CanonicalContract;
    try {
      alone = defineContract({ id: 'duplicate', fields: [{ ...field, path: field.name! }] });
    } catch {
      continue; // defineContract rejected the declaration outright: its adapter problems are already listed
    }
    for (const problem of validateContract(alone)) {
      const path = problem.path === field.name || problem.path.startsWith(`${field.name}.`) || problem.path.startsWith(`${field.name}[`) ? `${at}${problem.path.slice(field.name!.length).replace(/^\.?([A-Za-z]+)/, (_, key: string) => `.${MODEL_TO_DSL_KEYS[key] ?? key}`)}` : problem.path;
      if (!known.some((other) => other.path === path && other.code === problem.code)) found.push({ ...problem, path });
    }
  }
  return found;
}

/** Collects a problem; `positions` maps each canonical field path to its place in the source. */
interface Report {
  (code: string, path: string, message: string): void;
  readonly positions: Map<string, string>;
  /** Later declarations of a name already declared: left out of the contract, still checked. */
  readonly duplicates: { readonly field: FieldInput; readonly at: string }[];
}

/** Canonical model member → Dict DSL key, for translating validator paths. */
const MODEL_TO_DSL_KEYS: Readonly<Record<string, string>> = {
  enumValues: 'enum_values',
  confidenceThreshold: 'confidence_threshold',
  extractionPattern: 'extraction_pattern',
  hasDefault: 'default',
  keyField: 'key_field',
  itemType: 'items',
  id: 'name',
};

/** A validator path (`total.constraints[0]`, `contract.policy`) as a path into the Dict DSL source (`fields[3].constraints[0]`, `policy`). */
function sourcePath(path: string, positions: ReadonlyMap<string, string>): string {
  if (path.startsWith('contract.')) return path.slice('contract.'.length);
  let fieldPath = '';
  for (const candidate of positions.keys()) {
    if ((path === candidate || path.startsWith(`${candidate}.`)) && candidate.length > fieldPath.length) fieldPath = candidate;
  }
  if (fieldPath === '') return path;
  const rest = path
    .slice(fieldPath.length)
    .split('.')
    .map((segment) => segment.replace(/^[A-Za-z]+/, (key) => MODEL_TO_DSL_KEYS[key] ?? key))
    .join('.');
  return `${positions.get(fieldPath)!}${rest}`;
}

function reportUnknownKeys(spec: Record<string, unknown>, known: readonly string[], path: string, code: string, report: Report): void {
  for (const [key, value] of Object.entries(spec)) {
    // A key set to undefined is absent (as in JSON); only keys with a value are unknown.
    if (value !== undefined && !known.includes(key)) report(code, join(path, key), `Unknown key "${key}" (known: ${known.join(', ')}).`);
  }
}

function join(path: string, key: string | number): string {
  if (typeof key === 'number') return `${path}[${key}]`;
  return path.length === 0 ? key : `${path}.${key}`;
}

function adaptPolicy(policy: unknown, report: Report): PolicyInput {
  if (policy === undefined || policy === null) return {};
  const validKeys = Object.keys(DSL_POLICY_KEYS);
  if (!isPlainObject(policy)) {
    report('INVALID_POLICY_KEY', 'policy', `Contract "policy" must be an object with keys among ${validKeys.join(', ')}.`);
    return {};
  }
  const input: Record<string, unknown> = {};
  let valid = true;
  for (const [key, value] of Object.entries(policy)) {
    const policyKey = Object.hasOwn(DSL_POLICY_KEYS, key) ? DSL_POLICY_KEYS[key] : undefined;
    if (policyKey === undefined) {
      report('INVALID_POLICY_KEY', join('policy', key), `Unknown policy key "${key}" (valid: ${validKeys.join(', ')}).`);
      valid = false;
      continue;
    }
    if (policyKey === 'confidenceFloor' && (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || value > 1)) {
      report('INVALID_CONFIDENCE_FLOOR', join('policy', key), `confidence_floor must be a number in [0, 1], got ${JSON.stringify(value)}.`);
      valid = false;
      continue;
    }
    if (BOOLEAN_POLICY_KEYS.includes(policyKey) && typeof value !== 'boolean') {
      report('INVALID_POLICY_KEY', join('policy', key), `${key} must be true or false, got ${JSON.stringify(value)}.`);
      valid = false;
      continue;
    }
    input[policyKey] = value;
  }
  if (!valid) return {};
  try {
    return validatePolicyInput(input) as PolicyInput;
  } catch (error) {
    if (error instanceof InvalidPolicyError || PaxmanError.isInstance(error)) report(error.code, 'policy', error.message);
    else report('INVALID_POLICY', 'policy', String(error));
    return {};
  }
}

const BOOLEAN_POLICY_KEYS: readonly (keyof Policy)[] = ['allowRemoteInference', 'allowLocalInference', 'unresolvedAcceptable', 'recordInferenceIO', 'logRawInput', 'earlyStop'];

/** The parent a field list sits under: its canonical path and type (null at the top). */
interface Parent {
  readonly path: string;
  readonly type: FieldType;
}

function adaptFieldList(specs: readonly unknown[], parent: Parent | null, at: string, report: Report): FieldInput[] {
  const fields: FieldInput[] = [];
  const names = new Map<string, number>();
  specs.forEach((spec, index) => {
    const position = join(at, index);
    const field = adaptFieldSpec(spec, parent, position, report);
    if (field === null) return;
    const name = field.name!;
    const first = names.get(name);
    if (first !== undefined) {
      report('DUPLICATE_FIELD', position, `Field "${name}" is declared twice (first at ${join(at, first)}).`);
      report.duplicates.push({ field, at: position });
      return;
    }
    names.set(name, index);
    fields.push(field);
  });
  return fields;
}

function childPath(parent: Parent | null, name: string): string {
  if (parent === null) return name;
  return parent.type === FieldType.ARRAY ? `${parent.path}[].${name}` : `${parent.path}.${name}`;
}

/** One field spec → a `FieldInput`, or null when its name or type is unusable. */
function adaptFieldSpec(spec: unknown, parent: Parent | null, at: string, report: Report): FieldInput | null {
  if (!isPlainObject(spec)) {
    report('INVALID_FIELD', at, 'A field spec must be an object with name, type and required.');
    return null;
  }
  reportUnknownKeys(spec, FIELD_KEYS, at, 'INVALID_FIELD', report);
  const name = spec.name;
  let usable = true;
  if (typeof name !== 'string' || name.length === 0) {
    report('MISSING_FIELD_NAME', join(at, 'name'), 'Field "name" must be a non-empty string.');
    usable = false;
  } else if (!IDENTIFIER_PATTERN.test(name)) {
    report('INVALID_PATH', join(at, 'name'), `Field name "${name}" must be an identifier (letters, digits and "_", not starting with a digit).`);
    usable = false;
  }
  if (spec.required === undefined || typeof spec.required !== 'boolean') {
    report('MISSING_REQUIRED_FLAG', join(at, 'required'), `Field "required" must be true or false${spec.required === undefined ? '' : `, got ${JSON.stringify(spec.required)}`}.`);
  }
  if (!usable) {
    // Still check the rest of the spec for problems, under a placeholder path.
    adaptFieldBody(spec, PLACEHOLDER_PATH, at, report);
    return null;
  }
  const path = childPath(parent, name as string);
  const body = adaptFieldBody(spec, path, at, report);
  if (body === null) return null;
  return { ...body, path, name: name as string, required: spec.required === true };
}

/**
 * Everything in a field spec but its name and required flag (shared by fields and the
 * `items` spec of scalar arrays). Null when the type is unusable.
 */
function adaptFieldBody(spec: Record<string, unknown>, path: string, at: string, report: Report): Mutable<FieldInput> | null {
  // The first declaration of a path keeps its place: a later duplicate must not take over its problems.
  if (!path.startsWith(PLACEHOLDER_PATH) && !report.positions.has(path)) report.positions.set(path, at);
  const type = spec.type;
  let typeKnown = true;
  if (typeof type !== 'string') {
    report('MISSING_TYPE', join(at, 'type'), 'Field "type" must be one of STRING, INTEGER, DECIMAL, BOOLEAN, DATE, ENUM, OBJECT, ARRAY, MONEY.');
    typeKnown = false;
  } else if (!isFieldType(type)) {
    report('UNKNOWN_FIELD_TYPE', join(at, 'type'), `Unknown field type "${type}" (valid: ${Object.values(FieldType).join(', ')}; upper case).`);
    typeKnown = false;
  }
  const fieldType = (typeKnown ? type : FieldType.STRING) as FieldType;
  const field: Mutable<FieldInput> = { path, type: fieldType };

  if (spec.nullable !== undefined) {
    if (typeof spec.nullable === 'boolean') field.nullable = spec.nullable;
    else report('INVALID_FIELD', join(at, 'nullable'), 'Field "nullable" must be true or false.');
  }
  if (spec.description !== undefined && spec.description !== null) {
    if (typeof spec.description === 'string') field.description = spec.description;
    else report('INVALID_FIELD', join(at, 'description'), 'Field "description" must be a string.');
  }
  if (spec.labels !== undefined) {
    if (Array.isArray(spec.labels) && spec.labels.every((label) => typeof label === 'string')) field.labels = spec.labels as string[];
    else report('INVALID_FIELD', join(at, 'labels'), 'Field "labels" must be a list of strings.');
  }
  if (spec.tags !== undefined) {
    if (Array.isArray(spec.tags) && spec.tags.every((tag) => typeof tag === 'string')) field.tags = spec.tags as string[];
    else report('INVALID_SEMANTIC_TAG', join(at, 'tags'), 'Field "tags" must be a list of lower-case kebab strings.');
  }
  if (spec.constraints !== undefined) field.constraints = adaptConstraints(spec.constraints, join(at, 'constraints'), report);
  if (spec.confidence_threshold !== undefined) {
    if (typeof spec.confidence_threshold === 'number') field.confidenceThreshold = spec.confidence_threshold;
    else report('INVALID_CONFIDENCE_FLOOR', join(at, 'confidence_threshold'), `confidence_threshold must be a number in [0, 1], got ${JSON.stringify(spec.confidence_threshold)}.`);
  }
  if (spec.fallback !== undefined) {
    if (typeof spec.fallback === 'string') field.fallback = spec.fallback as FieldInput['fallback'];
    else report('INVALID_FIELD', join(at, 'fallback'), 'Field "fallback" must be UNRESOLVED, USE_DEFAULT or REQUIRE_HUMAN.');
  }
  if (spec.extraction_pattern !== undefined && spec.extraction_pattern !== null) {
    if (typeof spec.extraction_pattern === 'string') field.extractionPattern = spec.extraction_pattern;
    else report('INVALID_FIELD', join(at, 'extraction_pattern'), 'Field "extraction_pattern" must be a regular expression string (RE2 syntax).');
  }
  if (spec.currency !== undefined && spec.currency !== null) {
    if (typeof spec.currency === 'string') field.currency = spec.currency;
    else report('INVALID_ISO_4217', join(at, 'currency'), 'Field "currency" must be an ISO 4217 code such as "EUR".');
  }
  if (spec.derived !== undefined && spec.derived !== null) adaptDerived(spec.derived, field, join(at, 'derived'), report);
  if (spec.lookup !== undefined && spec.lookup !== null) adaptLookup(spec.lookup, field, join(at, 'lookup'), report);

  if (typeKnown) {
    adaptEnumValues(spec, field, at, report);
    adaptDefault(spec, field, at, report);
    adaptNested(spec, field, at, report);
  }
  return typeKnown ? field : null;
}

function adaptConstraints(value: unknown, at: string, report: Report): Constraint[] {
  if (!Array.isArray(value)) {
    report('INVALID_CONSTRAINT', at, 'Field "constraints" must be a list of {kind, params}.');
    return [];
  }
  const constraints: Constraint[] = [];
  value.forEach((item: unknown, index) => {
    const position = join(at, index);
    if (!isPlainObject(item)) {
      report('INVALID_CONSTRAINT', position, 'A constraint must be an object {kind, params}.');
      return;
    }
    reportUnknownKeys(item, CONSTRAINT_KEYS, position, 'INVALID_CONSTRAINT', report);
    if (typeof item.kind !== 'string') {
      report('UNKNOWN_CONSTRAINT_KIND', join(position, 'kind'), 'A constraint needs a "kind".');
      return;
    }
    const params = item.params ?? {};
    if (!isPlainObject(params)) {
      report('INVALID_CONSTRAINT', join(position, 'params'), 'Constraint "params" must be an object.');
      return;
    }
    // Kind and params are checked by the validator (UNKNOWN_CONSTRAINT_KIND, CONSTRAINT_PARAM_MISSING, INVALID_REGEX_PATTERN, …).
    constraints.push({ kind: item.kind as Constraint['kind'], params: params as Constraint['params'] });
  });
  return constraints;
}

function adaptEnumValues(spec: Record<string, unknown>, field: Mutable<FieldInput>, at: string, report: Report): void {
  const raw = spec.enum_values;
  if (field.type !== FieldType.ENUM) {
    if (raw !== undefined) report('INVALID_FIELD', join(at, 'enum_values'), `Only ENUM fields take "enum_values"; this field is ${field.type}.`);
    return;
  }
  if (raw === undefined) {
    const enumConstraint = (field.constraints ?? []).find((constraint) => constraint.kind === 'enum');
    const values = enumConstraint?.params.values;
    if (Array.isArray(values) && values.length > 0 && values.every((value) => typeof value === 'string')) {
      field.enumValues = (values as string[]).map((value) => ({ value, synonyms: [] }));
    } else {
      report('MISSING_ENUM_VALUES', join(at, 'enum_values'), 'An ENUM field needs "enum_values" (or an enum constraint listing its values).');
    }
    return;
  }
  if (!Array.isArray(raw)) {
    report('INVALID_FIELD', join(at, 'enum_values'), 'Field "enum_values" must be a list.');
    return;
  }
  if (raw.length === 0) {
    report('MISSING_ENUM_VALUES', join(at, 'enum_values'), 'Field "enum_values" must not be empty.');
    return;
  }
  const enumValues: EnumValue[] = [];
  raw.forEach((item: unknown, index) => {
    const position = join(join(at, 'enum_values'), index);
    if (typeof item === 'string') enumValues.push({ value: item, synonyms: [] });
    else if (isPlainObject(item) && typeof item.value === 'string' && (item.synonyms === undefined || (Array.isArray(item.synonyms) && item.synonyms.every((synonym) => typeof synonym === 'string')))) {
      reportUnknownKeys(item, ['value', 'synonyms'], position, 'INVALID_FIELD', report);
      enumValues.push({ value: item.value, synonyms: (item.synonyms as string[] | undefined) ?? [] });
    } else report('INVALID_FIELD', position, 'An enum value must be a string or {value: string, synonyms?: [string]}.');
  });
  field.enumValues = enumValues;
}

function adaptDefault(spec: Record<string, unknown>, field: Mutable<FieldInput>, at: string, report: Report): void {
  if (!Object.hasOwn(spec, 'default')) return;
  const value = spec.default;
  const position = join(at, 'default');
  if (value === null) {
    // v1: a null default means "no default"; on a nullable field it is the default null.
    if (field.nullable === true) {
      field.default = null;
      field.hasDefault = true;
    }
    return;
  }
  const mismatch = (expected: string): void => report('DEFAULT_TYPE_MISMATCH', position, `Default of a ${field.type} field must be ${expected}, got ${JSON.stringify(value)}.`);
  switch (field.type) {
    case FieldType.MONEY: {
      if (!isPlainObject(value)) return mismatch('{amount, currency}');
      if (value.amount === undefined || value.currency === undefined) {
        report('MONEY_REQUIRES_CURRENCY', position, 'A MONEY default needs both "amount" and "currency".');
        return;
      }
      const amount = decimalText(value.amount);
      if (amount === null) return mismatch('{amount: a decimal, currency}');
      // The currency is checked (INVALID_ISO_4217) by the validator.
      field.default = { ...value, amount } as JsonValue;
      break;
    }
    case FieldType.DECIMAL: {
      const amount = decimalText(value);
      if (amount === null) return mismatch('a decimal (string or number)');
      field.default = amount;
      break;
    }
    default:
      // Everything else is stored as given; the validator checks it fits the type.
      field.default = value as JsonValue;
  }
  field.hasDefault = true;
}

/** A decimal string for a decimal-like value (a string as given, a number without exponent), or null. */
function decimalText(value: unknown): string | null {
  if (typeof value === 'string') return isDecimalString(value) ? value.trim() : null;
  if (typeof value === 'number' && Number.isFinite(value)) return formatDecimal(parseDecimal(value));
  return null;
}

function adaptDerived(value: unknown, field: Mutable<FieldInput>, at: string, report: Report): void {
  if (!isPlainObject(value) || typeof value.expression !== 'string') {
    report('INVALID_FIELD', at, 'Field "derived" must be {expression: string, tolerance?: decimal}.');
    return;
  }
  reportUnknownKeys(value, ['expression', 'tolerance'], at, 'INVALID_FIELD', report);
  if (value.tolerance === undefined || value.tolerance === null) {
    field.derived = { expression: value.expression };
    return;
  }
  const tolerance = decimalText(value.tolerance);
  if (tolerance === null) {
    report('INVALID_FIELD', join(at, 'tolerance'), `Derived tolerance must be a decimal, got ${JSON.stringify(value.tolerance)}.`);
    return;
  }
  field.derived = { expression: value.expression, tolerance };
}

function adaptLookup(value: unknown, field: Mutable<FieldInput>, at: string, report: Report): void {
  if (!isPlainObject(value) || typeof value.table !== 'string' || typeof value.key_field !== 'string') {
    report('INVALID_FIELD', at, 'Field "lookup" must be {table: string, key_field: field path or "@document", entries?: object}.');
    return;
  }
  reportUnknownKeys(value, ['table', 'key_field', 'entries'], at, 'INVALID_FIELD', report);
  if (value.entries !== undefined && !isPlainObject(value.entries)) {
    report('INVALID_FIELD', join(at, 'entries'), 'Lookup "entries" must be an object mapping keys to values.');
    return;
  }
  field.lookup = value.entries === undefined ? { table: value.table, keyField: value.key_field } : { table: value.table, keyField: value.key_field, entries: value.entries as Record<string, JsonValue> };
}

function adaptNested(spec: Record<string, unknown>, field: Mutable<FieldInput>, at: string, report: Report): void {
  const parent: Parent = { path: field.path, type: field.type };
  if (spec.items !== undefined && field.type !== FieldType.ARRAY) {
    report('INVALID_FIELD', join(at, 'items'), `Only ARRAY fields take "items"; this field is ${field.type}.`);
  }
  if (spec.fields !== undefined && field.type !== FieldType.OBJECT && field.type !== FieldType.ARRAY) {
    report('INVALID_FIELD', join(at, 'fields'), `Only OBJECT and ARRAY fields take nested "fields"; this field is ${field.type}.`);
    return;
  }
  if (field.type === FieldType.ARRAY && spec.items !== undefined) {
    if (spec.fields !== undefined) {
      report('INVALID_FIELD', join(at, 'items'), 'An ARRAY field takes either "fields" (object items) or "items" (scalar items), not both.');
      return;
    }
    adaptScalarItems(spec.items, field, join(at, 'items'), report);
    return;
  }
  if (spec.fields === undefined) return;
  if (field.path.split('.').length >= MAX_FIELD_DEPTH) {
    report('INVALID_FIELD', join(at, 'fields'), `Fields may nest at most ${MAX_FIELD_DEPTH} levels deep.`);
    return;
  }
  if (!Array.isArray(spec.fields)) {
    report('INVALID_FIELD', join(at, 'fields'), 'Nested "fields" must be a list of field specs.');
    return;
  }
  if (field.type === FieldType.ARRAY) field.itemType = FieldType.OBJECT;
  field.fields = adaptFieldList(spec.fields, parent, join(at, 'fields'), report);
}

function adaptScalarItems(items: unknown, field: Mutable<FieldInput>, at: string, report: Report): void {
  if (!isPlainObject(items)) {
    report('INVALID_FIELD', at, 'Array "items" must be a field spec without name and required, e.g. {type: "STRING"}.');
    return;
  }
  reportUnknownKeys(items, COMMON_FIELD_KEYS.filter((key) => key !== 'fields' && key !== 'items'), at, 'INVALID_FIELD', report);
  if (items.type === FieldType.OBJECT || items.type === FieldType.ARRAY) {
    report('INVALID_FIELD', join(at, 'type'), items.type === FieldType.OBJECT ? 'For object items, list their members in the ARRAY field\'s "fields".' : 'Arrays of arrays are not supported.');
    return;
  }
  const item = adaptFieldBody(items, `${field.path}[]`, at, report);
  if (item === null) return;
  field.itemType = item.type;
  field.fields = [{ ...item, required: true }];
}
