/**
 * Checks a canonical value against every constraint of its field. Contract patterns run
 * on RE2 (`re2js`, linear time), never on backtracking JavaScript RegExp. Bounds compare
 * decimals exactly and honour exclusive bounds; MONEY bounds apply to the amount. Each
 * failure names the constraint and says why, so a dropped candidate can be explained.
 */
import type { CanonicalField, Constraint } from '@paxman/contract';
import { type Decimal, type JsonValue, canonicalJson, comparePlainDecimalText, isCalendarDate, isIsoCurrencyCode, isPlainObject, parseDecimal } from '@paxman/core';
import { compileSafeRegex } from '@paxman/values';

export interface ConstraintFailure {
  readonly kind: string;
  readonly params: Readonly<Record<string, JsonValue>>;
  readonly reason: string;
}

/** Every constraint `value` breaks (empty when it satisfies them all). */
export function checkConstraints(field: CanonicalField, value: JsonValue): readonly ConstraintFailure[] {
  // A null passed type parsing only for a nullable field; constraints describe non-null values.
  if (value === null || field.constraints.length === 0) return [];
  let failures: ConstraintFailure[] | null = null;
  for (const constraint of field.constraints) {
    const reason = checkConstraint(field, constraint, value);
    if (reason !== null) (failures ??= []).push({ kind: constraint.kind, params: constraint.params, reason });
  }
  return failures ?? [];
}

/** The number of code points of `text` (what `[...text].length` counts, lone surrogates one each), without an array. */
function codePointLength(text: string): number {
  let count = 0;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code >= 0xd800 && code <= 0xdbff && index + 1 < text.length) {
      const next = text.charCodeAt(index + 1);
      if (next >= 0xdc00 && next <= 0xdfff) index += 1;
    }
    count += 1;
  }
  return count;
}

function textOf(value: JsonValue): string | null {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return null;
}

function numericOf(field: CanonicalField, value: JsonValue): Decimal | null {
  try {
    if (field.type === 'MONEY' && isPlainObject(value) && typeof value.amount === 'string') return parseDecimal(value.amount);
    if (typeof value === 'number') return parseDecimal(value);
    if (typeof value === 'string' && (field.type === 'DECIMAL' || field.type === 'INTEGER')) return parseDecimal(value);
  } catch {
    return null;
  }
  return null;
}



function readBound(params: Readonly<Record<string, JsonValue>>, key: 'min' | 'max'): Decimal | string | null {
  const raw = params[key];
  if (typeof raw === 'number') return parseDecimal(raw);
  if (typeof raw === 'string') {
    if (isCalendarDate(raw)) return raw;
    try {
      return parseDecimal(raw);
    } catch {
      return null;
    }
  }
  return null;
}

function checkConstraint(field: CanonicalField, constraint: Constraint, value: JsonValue): string | null {
  const params = constraint.params;
  switch (constraint.kind) {
    case 'min_length':
    case 'max_length': {
      const text = textOf(value);
      if (text === null) return null;
      const length = codePointLength(text);
      const limit = Number(params[constraint.kind === 'min_length' ? 'min' : 'max']);
      if (!Number.isFinite(limit)) return `${constraint.kind} has no numeric limit`;
      if (constraint.kind === 'min_length' && length < limit) return `length ${length} < min ${limit}`;
      if (constraint.kind === 'max_length' && length > limit) return `length ${length} > max ${limit}`;
      return null;
    }
    case 'pattern': {
      const regex = params.regex;
      if (typeof regex !== 'string') return 'pattern constraint has no regex';
      const text = textOf(value);
      if (text === null) return null;
      let compiled: ReturnType<typeof compileSafeRegex>;
      try {
        compiled = compileSafeRegex(regex);
      } catch (error) {
        return `pattern ${JSON.stringify(regex)} is not valid RE2: ${error instanceof Error ? error.message : String(error)}`;
      }
      return compiled.test(text) ? null : `value does not match pattern ${JSON.stringify(regex)}`;
    }
    case 'min_value':
    case 'max_value':
    case 'exclusive_min_value':
    case 'exclusive_max_value':
      return checkBound(field, constraint, value);
    case 'enum': {
      const values = params.values;
      if (!Array.isArray(values)) return 'enum constraint has no values list';
      return allowedEncodings(values).has(canonicalJson(value)) ? null : `${JSON.stringify(value)} is not one of ${JSON.stringify(values)}`;
    }
    case 'iso_4217': {
      const code = field.type === 'MONEY' && isPlainObject(value) ? value.currency : value;
      if (code === null || code === undefined) return null;
      return isIsoCurrencyCode(code) ? null : `${JSON.stringify(code)} is not an ISO 4217 currency code`;
    }
    case 'format':
      return checkFormat(String(params.format), value);
    case 'min_items':
    case 'max_items': {
      if (!Array.isArray(value)) return null;
      const limit = Number(params[constraint.kind === 'min_items' ? 'min' : 'max']);
      if (!Number.isFinite(limit)) return `${constraint.kind} has no numeric limit`;
      if (constraint.kind === 'min_items' && value.length < limit) return `${value.length} items < min ${limit}`;
      if (constraint.kind === 'max_items' && value.length > limit) return `${value.length} items > max ${limit}`;
      return null;
    }
    default:
      return null;
  }
}

/** The canonical JSON of each allowed value of an enum constraint. */
function allowedEncodings(values: readonly JsonValue[]): ReadonlySet<string> {
  return new Set(values.map((allowed) => canonicalJson(allowed)));
}

/** What `numericOf` would parse, as text; null when it would parse nothing. */
function numericTextOf(field: CanonicalField, value: JsonValue): string | null {
  if (field.type === 'MONEY' && isPlainObject(value) && typeof value.amount === 'string') return value.amount;
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : null;
  if (typeof value === 'string' && (field.type === 'DECIMAL' || field.type === 'INTEGER')) return value;
  return null;
}

/**
 * The comparison of a value with a decimal bound, both in plain text form (a canonical
 * amount and a contract bound such as `0`), made on the text without a Decimal; null when
 * either is in another form (a date bound, exponents, spaces), for `checkBound`'s own parse.
 */
function plainBoundComparison(field: CanonicalField, raw: JsonValue | undefined, value: JsonValue): number | null {
  const bound = typeof raw === 'number' ? (Number.isFinite(raw) ? String(raw) : null) : typeof raw === 'string' ? raw : null;
  const text = bound === null ? null : numericTextOf(field, value);
  return text === null ? null : comparePlainDecimalText(text, bound!);
}

function checkBound(field: CanonicalField, constraint: Constraint, value: JsonValue): string | null {
  const isMinimum = constraint.kind === 'min_value' || constraint.kind === 'exclusive_min_value';
  const exclusive = constraint.kind.startsWith('exclusive_');
  // A value inside a plain bound is told apart as text; only a failure (to be described) or an
  // unusual form builds Decimals.
  const plain = plainBoundComparison(field, constraint.params[isMinimum ? 'min' : 'max'], value);
  if (plain !== null && (isMinimum ? (exclusive ? plain > 0 : plain >= 0) : exclusive ? plain < 0 : plain <= 0)) return null;
  const bound = readBound(constraint.params, isMinimum ? 'min' : 'max');
  if (bound === null) return `${constraint.kind} has no usable bound`;
  let comparison: number;
  let number: Decimal | null = null;
  if (typeof bound === 'string') {
    if (typeof value !== 'string' || !isCalendarDate(value)) return null;
    comparison = value < bound ? -1 : value > bound ? 1 : 0;
  } else {
    number = numericOf(field, value);
    if (number === null) return field.type === 'STRING' || field.type === 'ENUM' || field.type === 'BOOLEAN' ? null : 'value is not numeric';
    comparison = number.comparedTo(bound);
  }
  const passes = isMinimum ? (exclusive ? comparison > 0 : comparison >= 0) : exclusive ? comparison < 0 : comparison <= 0;
  if (passes) return null;
  // Only a failure is described.
  const shown = number === null ? (value as string) : number.toFixed();
  const boundText = typeof bound === 'string' ? bound : bound.toFixed();
  if (isMinimum) {
    if (exclusive && comparison <= 0) return `${shown} is not > ${boundText} (exclusive minimum)`;
    if (!exclusive && comparison < 0) return `${shown} < min ${boundText}`;
  } else {
    if (exclusive && comparison >= 0) return `${shown} is not < ${boundText} (exclusive maximum)`;
    if (!exclusive && comparison > 0) return `${shown} > max ${boundText}`;
  }
  return null;
}

const EMAIL = /^[^\s@]{1,64}@[^\s@]{1,255}\.[^\s@.]{2,63}$/u;
const DATE_TIME = /^(\d{4}-\d{2}-\d{2})[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(?:[Zz]|[+-]\d{2}:?\d{2})?$/;

function checkFormat(format: string, value: JsonValue): string | null {
  if (typeof value !== 'string') return null;
  switch (format) {
    case 'date':
      return isCalendarDate(value) ? null : `${JSON.stringify(value)} is not a date (YYYY-MM-DD)`;
    case 'date-time': {
      const match = DATE_TIME.exec(value);
      const valid = match !== null && isCalendarDate(match[1]!) && Number(match[2]) < 24 && Number(match[3]) < 60 && Number(match[4] ?? 0) < 61;
      return valid ? null : `${JSON.stringify(value)} is not an ISO 8601 date-time`;
    }
    case 'email':
      return value.length <= 320 && EMAIL.test(value) ? null : `${JSON.stringify(value)} is not an e-mail address`;
    case 'uri': {
      try {
        const url = new URL(value);
        return /^[a-z][a-z0-9+.-]*:$/i.test(url.protocol) ? null : `${JSON.stringify(value)} is not a URI`;
      } catch {
        return `${JSON.stringify(value)} is not a URI`;
      }
    }
    default:
      return null;
  }
}
