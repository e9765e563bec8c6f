/**
 * Whether a field's `default` fits its type. Defaults are stored JSON-encoded in one
 * canonical form per type, so the same default written in any source format has the same
 * fingerprint: DECIMAL as a decimal string, MONEY as `{amount: <decimal string>,
 * currency: <ISO 4217>}`, DATE as `YYYY-MM-DD`, INTEGER as a safe integer.
 */
import { FieldType, isCalendarDate, isDecimalString, isIsoCurrencyCode, isPlainObject, type JsonValue } from '@paxman/core';
import type { ContractProblem } from '../adapter.js';
import type { CanonicalField } from '../model.js';

/** True for a real calendar date written `YYYY-MM-DD`. */
export function isIsoDate(value: unknown): value is string {
  return typeof value === 'string' && isCalendarDate(value);
}

/** Problems with `field.default` (empty when it fits, or when the field has no default). */
export function defaultProblems(field: CanonicalField, path: string): ContractProblem[] {
  if (!field.hasDefault) {
    return field.default === null ? [] : [{ code: 'INVALID_FIELD', path, message: 'A default is set but hasDefault is false.' }];
  }
  const value = field.default;
  if (value === null) {
    return field.nullable ? [] : [{ code: 'DEFAULT_TYPE_MISMATCH', path, message: 'Default is null but the field is not nullable.' }];
  }
  const mismatch = (expected: string): ContractProblem[] => [
    { code: 'DEFAULT_TYPE_MISMATCH', path, message: `Default of a ${field.type} field must be ${expected}, got ${JSON.stringify(value)}.` },
  ];
  switch (field.type) {
    case FieldType.STRING:
      return typeof value === 'string' ? [] : mismatch('a string');
    case FieldType.INTEGER:
      return typeof value === 'number' && Number.isSafeInteger(value) ? [] : mismatch('a safe integer');
    case FieldType.DECIMAL:
      return isDecimalString(value) ? [] : mismatch('a decimal string such as "12.50"');
    case FieldType.BOOLEAN:
      return typeof value === 'boolean' ? [] : mismatch('true or false');
    case FieldType.DATE:
      return isIsoDate(value) ? [] : mismatch('a calendar date written YYYY-MM-DD');
    case FieldType.ENUM:
      return enumDefaultProblems(field, value, path);
    case FieldType.OBJECT:
      return isPlainObject(value) ? [] : mismatch('an object');
    case FieldType.ARRAY:
      return Array.isArray(value) ? [] : mismatch('an array');
    case FieldType.MONEY:
      return moneyDefaultProblems(field, value, path);
    default:
      return [];
  }
}

function enumDefaultProblems(field: CanonicalField, value: JsonValue, path: string): ContractProblem[] {
  if (typeof value !== 'string') {
    return [{ code: 'DEFAULT_TYPE_MISMATCH', path, message: `Default of an ENUM field must be one of its values (a string), got ${JSON.stringify(value)}.` }];
  }
  if (field.enumValues.length > 0 && !field.enumValues.some((enumValue) => enumValue.value === value)) {
    const allowed = field.enumValues.map((enumValue) => enumValue.value).join(', ');
    return [{ code: 'DEFAULT_TYPE_MISMATCH', path, message: `Default "${value}" is not one of the enum values (${allowed}).` }];
  }
  return [];
}

function moneyDefaultProblems(field: CanonicalField, value: JsonValue, path: string): ContractProblem[] {
  if (!isPlainObject(value)) {
    return [{ code: 'DEFAULT_TYPE_MISMATCH', path, message: `Default of a MONEY field must be {amount, currency}, got ${JSON.stringify(value)}.` }];
  }
  const problems: ContractProblem[] = [];
  const extraKeys = Object.keys(value).filter((key) => key !== 'amount' && key !== 'currency');
  if (extraKeys.length > 0) problems.push({ code: 'DEFAULT_TYPE_MISMATCH', path, message: `MONEY default has unknown key(s): ${extraKeys.join(', ')}.` });
  if (!isDecimalString(value.amount)) {
    problems.push({ code: 'DEFAULT_TYPE_MISMATCH', path, message: `MONEY default amount must be a decimal string such as "12.50", got ${JSON.stringify(value.amount ?? null)}.` });
  }
  if (value.currency === undefined || value.currency === null) {
    problems.push({ code: 'MONEY_REQUIRES_CURRENCY', path, message: 'MONEY default needs a currency.' });
  } else if (!isIsoCurrencyCode(value.currency)) {
    problems.push({ code: 'INVALID_ISO_4217', path, message: `MONEY default currency ${JSON.stringify(value.currency)} is not an ISO 4217 code.` });
  } else if (field.currency !== null && value.currency !== field.currency) {
    problems.push({ code: 'DEFAULT_TYPE_MISMATCH', path, message: `MONEY default currency ${value.currency} differs from the field's currency ${field.currency}.` });
  }
  return problems;
}
