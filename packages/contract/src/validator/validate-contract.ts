/**
 * The contract validator. It runs on every adapted contract (the registry calls it after
 * each adapter) and on hand-built ones, and reports every problem at once — never just
 * the first — each with a code, the path of the offending node and a message. It never
 * throws, whatever it is given: a malformed contract yields problems, not a crash.
 *
 * Paths in problems are field paths (`buyer.name`, `line_items[].amount`) with a suffix
 * for the offending part (`total.constraints[1]`, `total.default`), or `contract.<key>`
 * for contract-level problems.
 */
import { FieldType, InvalidPolicyError, PaxmanError, isFallback, isFieldType, isIsoCurrencyCode, isPlainObject, validatePolicyInput, isDecimalString } from '@paxman/core';
import type { ContractProblem } from '../adapter.js';
import type { CanonicalContract, CanonicalField } from '../model.js';
import { CONSTRAINT_KINDS, CONSTRAINT_RULES, isConstraintKind, paramShapeProblem } from './constraint-rules.js';
import { defaultProblems } from './default-rules.js';
import { re2CompileError } from '@paxman/core';

/** A field path: identifiers joined by `.`, each optionally followed by `[]`. */
export const FIELD_PATH_PATTERN = /^[A-Za-z_][A-Za-z0-9_]*(?:\[\])?(?:\.[A-Za-z_][A-Za-z0-9_]*(?:\[\])?)*$/;
/** Names that JavaScript objects treat specially: a field so named would be lost, never carried. */
const RESERVED_NAMES: readonly string[] = Object.freeze(['__proto__', 'constructor', 'prototype']);

/** A field name: one identifier. */
export const IDENTIFIER_PATTERN = /^[A-Za-z_][A-Za-z0-9_]*$/;
/** How deep fields may nest (a guard against runaway recursion on hostile input). */
export const MAX_FIELD_DEPTH = 32;
/** A semantic tag: lower-case kebab. */
export const TAG_PATTERN = /^[a-z][a-z0-9-]*$/;
const NUMBER_ENCODINGS: readonly string[] = ['number', 'integer', 'string'];
const NUMERIC_TYPES: readonly string[] = [FieldType.INTEGER, FieldType.DECIMAL, FieldType.MONEY];
const DERIVED_TOKEN = /\s*(?:([A-Za-z_][A-Za-z0-9_]*(?:\[\])?(?:\.[A-Za-z_][A-Za-z0-9_]*(?:\[\])?)*)|(\d+(?:\.\d+)?)|([-+*()]))/y;

/**
 * Every problem in a contract; empty when it is valid.
 * @example validateContract(defineContract({ id: 'c', fields: [{ path: 'total', type: 'MONEY', currency: 'XYZ' }] }))
 * // [{ code: 'INVALID_ISO_4217', path: 'total.currency', message: '…' }]
 */
export function validateContract(contract: CanonicalContract): ContractProblem[] {
  const problems: ContractProblem[] = [];
  if (!isPlainObject(contract)) {
    return [{ code: 'INVALID_CONTRACT', path: 'contract', message: 'A contract must be a plain object.' }];
  }
  if (typeof contract.id !== 'string' || contract.id.trim().length === 0) {
    problems.push({ code: 'MISSING_CONTRACT_ID', path: 'contract.id', message: 'Contract id must be a non-empty string.' });
  }
  if (typeof contract.version !== 'string' || contract.version.trim().length === 0) {
    problems.push({ code: 'INVALID_VERSION', path: 'contract.version', message: 'Contract version must be a non-empty string.' });
  }
  if (contract.description !== null && typeof contract.description !== 'string') {
    problems.push({ code: 'INVALID_CONTRACT', path: 'contract.description', message: 'Contract description must be a string or null.' });
  }
  if (!isPlainObject(contract.source) || typeof contract.source.format !== 'string' || contract.source.format.length === 0) {
    problems.push({ code: 'INVALID_CONTRACT', path: 'contract.source', message: 'Contract source must name its format.' });
  }
  problems.push(...policyProblems(contract.policy));
  if (!Array.isArray(contract.fields)) {
    problems.push({ code: 'MISSING_FIELDS', path: 'contract.fields', message: 'Contract fields must be an array.' });
    return problems;
  }
  if (contract.fields.length === 0) {
    problems.push({ code: 'EMPTY_FIELDS', path: 'contract.fields', message: 'A contract needs at least one field.' });
  }
  const allPaths = new Set<string>();
  collectPaths(contract.fields, allPaths, 1);
  const seen = new Set<string>();
  contract.fields.forEach((field, index) => validateField(field, null, `contract.fields[${index}]`, { problems, seen, allPaths }, 1));
  return problems;
}

function policyProblems(policy: unknown): ContractProblem[] {
  try {
    validatePolicyInput(policy);
    return [];
  } catch (error) {
    if (error instanceof InvalidPolicyError || PaxmanError.isInstance(error)) {
      return [{ code: error.code, path: 'contract.policy', message: error.message }];
    }
    return [{ code: 'INVALID_POLICY', path: 'contract.policy', message: String(error) }];
  }
}

function collectPaths(fields: readonly CanonicalField[], into: Set<string>, depth: number): void {
  for (const field of fields) {
    if (!isPlainObject(field)) continue;
    if (typeof field.path === 'string') into.add(field.path);
    if (Array.isArray(field.fields) && depth < MAX_FIELD_DEPTH) collectPaths(field.fields, into, depth + 1);
  }
}

interface ValidationState {
  readonly problems: ContractProblem[];
  readonly seen: Set<string>;
  readonly allPaths: ReadonlySet<string>;
}

function validateField(field: CanonicalField, parent: CanonicalField | null, position: string, state: ValidationState, depth: number): void {
  const { problems } = state;
  if (!isPlainObject(field)) {
    problems.push({ code: 'INVALID_FIELD', path: position, message: 'A field must be a plain object.' });
    return;
  }
  const validPath = typeof field.path === 'string' && FIELD_PATH_PATTERN.test(field.path);
  const at = validPath ? field.path : position;
  const push = (code: string, suffix: string, message: string): void => {
    problems.push({ code, path: suffix.length > 0 ? `${at}.${suffix}` : at, message });
  };

  // identity: path, id, name, position under the parent, uniqueness
  if (!validPath) {
    push('INVALID_PATH', '', `Field path ${JSON.stringify(field.path ?? null)} is not a valid path (identifiers joined by ".", each optionally followed by "[]").`);
  } else {
    if (state.seen.has(field.path)) push('DUPLICATE_FIELD', '', `Field path "${field.path}" is declared more than once.`);
    state.seen.add(field.path);
    if (field.id !== field.path) push('INVALID_PATH', 'id', `Field id ${JSON.stringify(field.id ?? null)} must equal its path "${field.path}".`);
    const expectedPaths = parent === null ? null : childPaths(parent, field);
    if (expectedPaths !== null && !expectedPaths.includes(field.path)) {
      push('INVALID_PATH', '', `Field path "${field.path}" must be ${expectedPaths.map((path) => `"${path}"`).join(' or ')} under "${parent!.path}".`);
    }
    if (parent === null && !IDENTIFIER_PATTERN.test(field.path)) push('INVALID_PATH', '', `Top-level field path "${field.path}" must be a plain identifier (no "." or "[]").`);
  }
  if (typeof field.name !== 'string' || field.name.length === 0) {
    push('MISSING_FIELD_NAME', 'name', 'Field name must be a non-empty string.');
  } else if (!IDENTIFIER_PATTERN.test(field.name)) {
    push('INVALID_PATH', 'name', `Field name "${field.name}" must be an identifier (letters, digits, underscore; not starting with a digit).`);
  } else if (RESERVED_NAMES.includes(field.name)) {
    push('INVALID_PATH', 'name', `Field name "${field.name}" is reserved: a JavaScript object cannot carry it as data (it would vanish from normalizedData and fieldResults). Rename the field.`);
  } else if (validPath && field.name !== lastSegmentName(field.path)) {
    push('INVALID_PATH', 'name', `Field name "${field.name}" must be the last segment of its path "${field.path}".`);
  }

  // type and flags
  const typeKnown = isFieldType(field.type);
  if (!typeKnown) push('UNKNOWN_FIELD_TYPE', 'type', `Field type ${JSON.stringify(field.type ?? null)} is not one of ${Object.values(FieldType).join(', ')}.`);
  if (typeof field.required !== 'boolean') push('MISSING_REQUIRED_FLAG', 'required', 'Field "required" must be true or false.');
  if (typeof field.nullable !== 'boolean') push('INVALID_FIELD', 'nullable', 'Field "nullable" must be true or false.');
  if (field.description !== null && typeof field.description !== 'string') push('INVALID_FIELD', 'description', 'Field description must be a string or null.');
  validateStrings(field.labels, 'labels', 'label', push, (label) => label.trim().length > 0 ? null : 'must not be blank');
  validateStrings(field.tags, 'tags', 'tag', push, (tag) => (TAG_PATTERN.test(tag) ? null : 'must be lower-case kebab (a-z, 0-9, "-")'), 'INVALID_SEMANTIC_TAG');

  if (typeof field.confidenceThreshold !== 'number' || !Number.isFinite(field.confidenceThreshold) || field.confidenceThreshold < 0 || field.confidenceThreshold > 1) {
    push('INVALID_CONFIDENCE_FLOOR', 'confidenceThreshold', `Confidence threshold must be a number in [0, 1], got ${String(field.confidenceThreshold)}.`);
  }
  if (!isFallback(field.fallback)) {
    push('INVALID_FIELD', 'fallback', `Fallback must be UNRESOLVED, USE_DEFAULT or REQUIRE_HUMAN, got ${JSON.stringify(field.fallback ?? null)}.`);
  } else if (field.fallback === 'USE_DEFAULT' && field.hasDefault !== true) {
    push('INVALID_FIELD', 'fallback', 'Fallback USE_DEFAULT needs a default.');
  }
  if (typeof field.hasDefault !== 'boolean') push('INVALID_FIELD', 'hasDefault', 'hasDefault must be true or false.');

  if (typeKnown) {
    validateTypeSpecific(field, push);
    validateConstraints(field, push);
    if (typeof field.hasDefault === 'boolean') {
      for (const problem of defaultProblems(field, `${at}.default`)) problems.push(problem);
    }
  }
  validatePatterns(field, push);
  validateDerived(field, state.allPaths, push);
  validateLookup(field, state.allPaths, push);

  if (!Array.isArray(field.fields)) {
    push('INVALID_FIELD', 'fields', 'Nested fields must be an array.');
    return;
  }
  if (field.fields.length > 0 && depth >= MAX_FIELD_DEPTH) {
    push('INVALID_FIELD', 'fields', `Fields may nest at most ${MAX_FIELD_DEPTH} levels deep.`);
    return;
  }
  field.fields.forEach((child, index) => validateField(child, field, `${at}.fields[${index}]`, state, depth + 1));
}

/** The paths a child may have under its parent (OBJECT member, ARRAY item member, or the scalar `[]` item). */
function childPaths(parent: CanonicalField, child: CanonicalField): string[] | null {
  if (typeof parent.path !== 'string' || typeof child.name !== 'string') return null;
  if (parent.type === FieldType.OBJECT) return [`${parent.path}.${child.name}`];
  if (parent.type === FieldType.ARRAY) return parent.itemType === FieldType.OBJECT ? [`${parent.path}[].${child.name}`] : [`${parent.path}[]`];
  return null;
}

function lastSegmentName(path: string): string {
  return path.slice(path.lastIndexOf('.') + 1).replace(/\[\]$/, '');
}

function validateStrings(
  value: unknown,
  key: string,
  noun: string,
  push: (code: string, suffix: string, message: string) => void,
  check: (item: string) => string | null,
  code = 'INVALID_FIELD',
): void {
  if (!Array.isArray(value)) {
    push(code, key, `Field ${key} must be an array of strings.`);
    return;
  }
  const seen = new Set<string>();
  value.forEach((item: unknown, index) => {
    if (typeof item !== 'string') {
      push(code, `${key}[${index}]`, `Each ${noun} must be a string.`);
      return;
    }
    const reason = check(item);
    if (reason !== null) push(code, `${key}[${index}]`, `The ${noun} "${item}" ${reason}.`);
    if (seen.has(item)) push(code, `${key}[${index}]`, `The ${noun} "${item}" is listed twice.`);
    seen.add(item);
  });
}

function validateTypeSpecific(field: CanonicalField, push: (code: string, suffix: string, message: string) => void): void {
  // enum values
  if (!Array.isArray(field.enumValues)) {
    push('INVALID_FIELD', 'enumValues', 'enumValues must be an array.');
  } else if (field.type === FieldType.ENUM) {
    if (field.enumValues.length === 0) push('MISSING_ENUM_VALUES', 'enumValues', 'An ENUM field needs at least one value.');
    const spellings = new Map<string, string>();
    field.enumValues.forEach((enumValue, index) => {
      if (!isPlainObject(enumValue) || typeof enumValue.value !== 'string' || enumValue.value.length === 0 || !Array.isArray(enumValue.synonyms) || !enumValue.synonyms.every((synonym) => typeof synonym === 'string' && synonym.length > 0)) {
        push('INVALID_FIELD', `enumValues[${index}]`, 'An enum value must be {value: non-empty string, synonyms: non-empty strings}.');
        return;
      }
      for (const spelling of [enumValue.value, ...enumValue.synonyms]) {
        const owner = spellings.get(spelling);
        if (owner !== undefined) push('INVALID_FIELD', `enumValues[${index}]`, `"${spelling}" is already a spelling of enum value "${owner}".`);
        else spellings.set(spelling, enumValue.value);
      }
    });
  } else if (field.enumValues.length > 0) {
    push('INVALID_FIELD', 'enumValues', `Only ENUM fields have enum values; this field is ${field.type}.`);
  }

  // MONEY currency
  if (field.currency !== null) {
    if (field.type !== FieldType.MONEY) push('INVALID_FIELD', 'currency', `Only MONEY fields have a currency; this field is ${field.type}.`);
    else if (!isIsoCurrencyCode(field.currency)) push('INVALID_ISO_4217', 'currency', `Currency ${JSON.stringify(field.currency)} is not an ISO 4217 code.`);
  }

  // number encoding
  if (field.numberEncoding !== null) {
    if (!NUMBER_ENCODINGS.includes(field.numberEncoding as string)) push('INVALID_FIELD', 'numberEncoding', `numberEncoding must be number, integer or string, got ${JSON.stringify(field.numberEncoding)}.`);
    else if (!NUMERIC_TYPES.includes(field.type)) push('INVALID_FIELD', 'numberEncoding', `Only INTEGER, DECIMAL and MONEY fields have a number encoding; this field is ${field.type}.`);
  }

  // nesting
  const children: readonly CanonicalField[] = Array.isArray(field.fields) ? field.fields : [];
  if (field.type === FieldType.ARRAY) {
    if (field.itemType !== null && !isFieldType(field.itemType)) {
      push('UNKNOWN_FIELD_TYPE', 'itemType', `Item type ${JSON.stringify(field.itemType)} is not a field type.`);
    } else if (field.itemType === null) {
      if (children.length > 0) push('INVALID_FIELD', 'itemType', 'An ARRAY field with nested fields needs an item type.');
    } else if (field.itemType !== FieldType.OBJECT) {
      const item = children[0];
      if (children.length !== 1 || !isPlainObject(item)) {
        push('INVALID_FIELD', 'fields', `An ARRAY of ${field.itemType} needs exactly one item field "${field.path}[]".`);
      } else {
        if (item.type !== field.itemType) push('INVALID_FIELD', 'fields', `The item field's type ${String(item.type)} must equal the item type ${field.itemType}.`);
        if (item.required !== true) push('INVALID_FIELD', 'fields', 'The item field of a scalar ARRAY must be required.');
      }
    }
  } else {
    if (field.itemType !== null) push('INVALID_FIELD', 'itemType', `Only ARRAY fields have an item type; this field is ${field.type}.`);
    if (children.length > 0 && field.type !== FieldType.OBJECT) push('INVALID_FIELD', 'fields', `Only OBJECT and ARRAY fields have nested fields; this field is ${field.type}.`);
  }
}

function validateConstraints(field: CanonicalField, push: (code: string, suffix: string, message: string) => void): void {
  if (!Array.isArray(field.constraints)) {
    push('INVALID_CONSTRAINT', 'constraints', 'Constraints must be an array.');
    return;
  }
  const bounds = new Map<string, number>();
  field.constraints.forEach((constraint, index) => {
    const at = `constraints[${index}]`;
    if (!isPlainObject(constraint)) {
      push('INVALID_CONSTRAINT', at, 'A constraint must be {kind, params}.');
      return;
    }
    if (!isConstraintKind(constraint.kind)) {
      push('UNKNOWN_CONSTRAINT_KIND', `${at}.kind`, `Constraint kind ${JSON.stringify(constraint.kind ?? null)} is not one of ${CONSTRAINT_KINDS.join(', ')}.`);
      return;
    }
    const rule = CONSTRAINT_RULES[constraint.kind];
    if (!rule.types.includes(field.type)) {
      push('INVALID_CONSTRAINT', at, `Constraint ${constraint.kind} does not apply to a ${field.type} field (only ${rule.types.join(', ')}).`);
    }
    if (constraint.kind === 'iso_4217' && field.type === FieldType.ENUM && Array.isArray(field.enumValues)) {
      const notIso = field.enumValues.filter((enumValue) => isPlainObject(enumValue) && !isIsoCurrencyCode(enumValue.value)).map((enumValue) => enumValue.value);
      if (notIso.length > 0) push('INVALID_ISO_4217', at, `The field requires ISO 4217 codes, but enum value(s) ${notIso.map((value) => JSON.stringify(value)).join(', ')} are not.`);
    }
    if (!isPlainObject(constraint.params)) {
      push('INVALID_CONSTRAINT', `${at}.params`, 'Constraint params must be an object.');
      return;
    }
    const params = constraint.params;
    const missing = Object.keys(rule.params).filter((name) => params[name] === undefined).sort();
    if (missing.length > 0) push('CONSTRAINT_PARAM_MISSING', `${at}.params`, `Constraint ${constraint.kind} needs param(s): ${missing.join(', ')}.`);
    const unknown = Object.keys(params).filter((name) => !Object.hasOwn(rule.params, name)).sort();
    if (unknown.length > 0) push('INVALID_CONSTRAINT', `${at}.params`, `Constraint ${constraint.kind} has unknown param(s): ${unknown.join(', ')}.`);
    for (const [name, shape] of Object.entries(rule.params)) {
      const value = params[name];
      if (value === undefined) continue;
      const expected = paramShapeProblem(shape, value);
      if (expected !== null) {
        push('INVALID_CONSTRAINT', `${at}.params.${name}`, `Param ${name} of ${constraint.kind} must be ${expected}, got ${JSON.stringify(value)}.`);
        continue;
      }
      if (shape === 'regex') {
        const reason = re2CompileError(value as string);
        if (reason !== null) push('INVALID_REGEX_PATTERN', `${at}.params.${name}`, `Pattern ${JSON.stringify(value)} does not compile on RE2: ${reason}.`);
      }
      if (shape === 'length' || shape === 'number') bounds.set(constraint.kind, Number(value));
      if (shape === 'values' && field.type === FieldType.INTEGER && !(value as unknown[]).every((item) => typeof item === 'number' && Number.isSafeInteger(item))) {
        push('INVALID_CONSTRAINT', `${at}.params.${name}`, 'Enum values of an INTEGER field must be integers.');
      }
      if (shape === 'values' && field.type === FieldType.ENUM && Array.isArray(field.enumValues)) {
        const known = new Set(field.enumValues.filter(isPlainObject).map((enumValue) => enumValue.value));
        const outside = (value as unknown[]).filter((item) => !known.has(item as string));
        if (outside.length > 0) push('INVALID_CONSTRAINT', `${at}.params.${name}`, `Enum constraint value(s) ${outside.map((item) => JSON.stringify(item)).join(', ')} are not enum values of the field.`);
      }
    }
  });
  for (const [low, high] of [
    ['min_length', 'max_length'],
    ['min_items', 'max_items'],
    ['min_value', 'max_value'],
  ] as const) {
    const lowValue = bounds.get(low);
    const highValue = bounds.get(high);
    if (lowValue !== undefined && highValue !== undefined && lowValue > highValue) {
      push('INVALID_CONSTRAINT', 'constraints', `${low} (${lowValue}) is greater than ${high} (${highValue}); no value can satisfy both.`);
    }
  }
}

function validatePatterns(field: CanonicalField, push: (code: string, suffix: string, message: string) => void): void {
  if (field.extractionPattern === null) return;
  if (typeof field.extractionPattern !== 'string' || field.extractionPattern.length === 0) {
    push('INVALID_FIELD', 'extractionPattern', 'Extraction pattern must be a non-empty string or null.');
    return;
  }
  const reason = re2CompileError(field.extractionPattern);
  if (reason !== null) push('INVALID_REGEX_PATTERN', 'extractionPattern', `Extraction pattern ${JSON.stringify(field.extractionPattern)} does not compile on RE2: ${reason}.`);
}

function validateDerived(field: CanonicalField, allPaths: ReadonlySet<string>, push: (code: string, suffix: string, message: string) => void): void {
  const derived = field.derived;
  if (derived === null) return;
  if (!isPlainObject(derived) || typeof derived.expression !== 'string') {
    push('INVALID_FIELD', 'derived', 'derived must be {expression, tolerance?}.');
    return;
  }
  if (!NUMERIC_TYPES.includes(field.type)) push('INVALID_FIELD', 'derived', `Only INTEGER, DECIMAL and MONEY fields can be derived; this field is ${String(field.type)}.`);
  if (derived.tolerance !== undefined && (!isDecimalString(derived.tolerance) || derived.tolerance.trim().startsWith('-'))) {
    push('INVALID_FIELD', 'derived.tolerance', `Tolerance must be a non-negative decimal string, got ${JSON.stringify(derived.tolerance)}.`);
  }
  const references = derivedReferences(derived.expression);
  if (references === null) {
    push('INVALID_FIELD', 'derived.expression', `Expression ${JSON.stringify(derived.expression)} is not arithmetic over field paths (+, -, *, parentheses, numbers).`);
    return;
  }
  for (const reference of references) {
    if (reference === field.path) push('INVALID_FIELD', 'derived.expression', `Expression refers to the field itself ("${reference}").`);
    else if (!allPaths.has(reference)) push('INVALID_FIELD', 'derived.expression', `Expression refers to unknown field "${reference}".`);
  }
}

/** The field paths an arithmetic expression refers to, or null when it does not parse. */
export function derivedReferences(expression: string): string[] | null {
  const references: string[] = [];
  let depth = 0;
  let expectOperand = true;
  DERIVED_TOKEN.lastIndex = 0;
  let position = 0;
  const text = expression.trimEnd();
  if (text.trim().length === 0) return null;
  while (position < text.length) {
    DERIVED_TOKEN.lastIndex = position;
    const match = DERIVED_TOKEN.exec(text);
    if (!match) return null;
    position = DERIVED_TOKEN.lastIndex;
    const [, path, number, symbol] = match;
    if (path !== undefined || number !== undefined) {
      if (!expectOperand) return null;
      if (path !== undefined) references.push(path);
      expectOperand = false;
    } else if (symbol === '(') {
      if (!expectOperand) return null;
      depth += 1;
    } else if (symbol === ')') {
      if (expectOperand || depth === 0) return null;
      depth -= 1;
    } else {
      if (expectOperand) return null;
      expectOperand = true;
    }
  }
  return depth === 0 && !expectOperand ? references : null;
}

function validateLookup(field: CanonicalField, allPaths: ReadonlySet<string>, push: (code: string, suffix: string, message: string) => void): void {
  const lookup = field.lookup;
  if (lookup === null) return;
  if (!isPlainObject(lookup) || typeof lookup.table !== 'string' || lookup.table.length === 0 || typeof lookup.keyField !== 'string') {
    push('INVALID_FIELD', 'lookup', 'lookup must be {table: non-empty string, keyField, entries?}.');
    return;
  }
  if (lookup.keyField !== '@document' && !allPaths.has(lookup.keyField)) {
    push('INVALID_FIELD', 'lookup.keyField', `Lookup key field "${lookup.keyField}" is neither a field path nor "@document".`);
  } else if (lookup.keyField === field.path) {
    push('INVALID_FIELD', 'lookup.keyField', 'A field cannot be its own lookup key.');
  }
  if (lookup.entries !== undefined && !isPlainObject(lookup.entries)) push('INVALID_FIELD', 'lookup.entries', 'Lookup entries must be an object.');
}
