/**
 * Brings a candidate's value into its field type's canonical JSON encoding (MONEY
 * `{amount, currency}`, DECIMAL decimal string, INTEGER number, DATE `YYYY-MM-DD`,
 * BOOLEAN, ENUM the declared value, STRING string). A value that is already canonical
 * passes through normalized; a raw string a capability could not parse is read again
 * with strict rules; anything else fails with a reason, and the candidate is dropped.
 */
import type { CanonicalField } from '@paxman/contract';
import { type JsonValue, formatDecimal, isCalendarDate, formatDecimalText, isDecimalString, isIsoCurrencyCode, isPlainObject, parseDecimal } from '@paxman/core';
import { booleanWord, type CurrencyReading, parseLooseDecimal, parseValue } from '@paxman/values';

export type ParseOutcome =
  | { readonly ok: true; readonly value: JsonValue; readonly reparsed: boolean; readonly currencyReading?: CurrencyReading }
  | { readonly ok: false; readonly reason: string };

const fail = (reason: string): ParseOutcome => ({ ok: false, reason });
const ok = (value: JsonValue, reparsed = false, currencyReading?: CurrencyReading): ParseOutcome =>
  currencyReading === undefined ? { ok: true, value, reparsed } : { ok: true, value, reparsed, currencyReading };

/** Normalizes `value` (falling back to `raw` text) to `field`'s canonical encoding. */
export function parseCandidateValue(field: CanonicalField, value: JsonValue, raw: string): ParseOutcome {
  if (value === null) {
    const text = raw.trim();
    // An explicit null (a JSON null under the field's key) is a value of a nullable field.
    if (field.nullable && (text === '' || text === 'null')) return ok(null);
    return text !== '' && field.type !== 'STRING' ? reparse(field, raw) : fail(field.nullable ? 'the value is null' : 'the value is null and the field is not nullable');
  }
  switch (field.type) {
    case 'STRING':
      return parseString(value);
    case 'INTEGER':
      return parseInteger(value);
    case 'DECIMAL':
      return parseDecimalValue(value);
    case 'BOOLEAN':
      return parseBoolean(value);
    case 'DATE':
      return parseDate(value);
    case 'ENUM':
      return parseEnum(field, value);
    case 'MONEY':
      return parseMoneyValue(value);
    case 'OBJECT':
      return isPlainObject(value) ? ok(value) : fail(`expected an object, got ${describe(value)}`);
    case 'ARRAY':
      return parseArray(field, value);
    default:
      return fail(`unsupported field type ${String(field.type)}`);
  }
}

function reparse(field: CanonicalField, raw: string): ParseOutcome {
  const outcome = parseCandidateValue(field, raw, '');
  return outcome.ok ? { ...outcome, reparsed: true } : fail(`the capability could not parse "${clip(raw)}" and neither could the reconciler: ${outcome.reason}`);
}

function describe(value: JsonValue): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `${typeof value} ${JSON.stringify(value).slice(0, 40)}`;
}

function clip(text: string): string {
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

function parseString(value: JsonValue): ParseOutcome {
  if (typeof value === 'string') {
    const trimmed = value.trim();
    return trimmed === '' ? fail('the value is empty') : ok(trimmed);
  }
  if (typeof value === 'number' && Number.isFinite(value)) return ok(String(value), true);
  if (typeof value === 'boolean') return ok(String(value), true);
  return fail(`expected a string, got ${describe(value)}`);
}

function parseInteger(value: JsonValue): ParseOutcome {
  if (typeof value === 'number') {
    return Number.isSafeInteger(value) ? ok(value) : fail(`${value} is not a safe integer`);
  }
  if (typeof value === 'string') {
    // "1,234" / "1.234" is ambiguous as a decimal, but only one reading is an integer.
    const grouped = /^\s*([+-]?)(\d{1,3}(?:([.,])\d{3})(?:\3\d{3})*)\s*$/.exec(value);
    const decimal = parseLooseDecimal(value) ?? (grouped ? `${grouped[1]}${grouped[2]!.replace(/[.,]/g, '')}` : null);
    if (decimal === null) return fail(`"${clip(value)}" is not a number`);
    const parsed = parseDecimal(decimal);
    if (!parsed.isInteger()) return fail(`${decimal} is not an integer`);
    const number = parsed.toNumber();
    return Number.isSafeInteger(number) ? ok(number, !/^[+-]?\d+$/.test(value.trim())) : fail(`${decimal} is not a safe integer`);
  }
  return fail(`expected an integer, got ${describe(value)}`);
}

function parseDecimalValue(value: JsonValue): ParseOutcome {
  if (typeof value === 'number') return Number.isFinite(value) ? ok(formatDecimal(parseDecimal(value))) : fail('not a finite number');
  if (typeof value !== 'string') return fail(`expected a decimal string, got ${describe(value)}`);
  if (isDecimalString(value)) return ok(formatDecimalText(value.trim(), decimalPlaces(value.trim())));
  const decimal = parseLooseDecimal(value);
  return decimal === null ? fail(`"${clip(value)}" is not a decimal number`) : ok(decimal, true);
}

function decimalPlaces(text: string): number {
  const index = text.indexOf('.');
  return index < 0 ? 0 : text.length - index - 1;
}

/** Checkbox marks standing for a boolean by themselves; words ("yes", "paid", "nein") are the values package's (`booleanWord`). */
const BOOLEAN_MARKS: ReadonlyMap<string, boolean> = new Map([
  ['☑', true],
  ['☐', false],
]);

function parseBoolean(value: JsonValue): ParseOutcome {
  if (typeof value === 'boolean') return ok(value);
  if (value === 1 || value === 0) return ok(value === 1, true);
  if (typeof value === 'string') {
    const read = booleanWord(value) ?? BOOLEAN_MARKS.get(value.trim());
    if (read !== undefined) return ok(read, true);
  }
  return fail(`expected a boolean, got ${describe(value)}`);
}

function parseDate(value: JsonValue): ParseOutcome {
  if (typeof value !== 'string') return fail(`expected a date string, got ${describe(value)}`);
  const text = value.trim();
  if (isCalendarDate(text)) return ok(text);
  const isoWithTime = /^(\d{4}-\d{2}-\d{2})[T ]\d{2}:\d{2}/.exec(text);
  if (isoWithTime?.[1] !== undefined && isCalendarDate(isoWithTime[1])) return ok(isoWithTime[1], true);
  // Day.month.year with dots is unambiguous (no convention writes month.day.year with dots).
  const dotted = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(text);
  if (dotted) {
    const iso = `${dotted[3]}-${dotted[2]!.padStart(2, '0')}-${dotted[1]!.padStart(2, '0')}`;
    if (isCalendarDate(iso)) return ok(iso, true);
  }
  const slashedIso = /^(\d{4})[/.](\d{1,2})[/.](\d{1,2})$/.exec(text);
  if (slashedIso) {
    const iso = `${slashedIso[1]}-${slashedIso[2]!.padStart(2, '0')}-${slashedIso[3]!.padStart(2, '0')}`;
    if (isCalendarDate(iso)) return ok(iso, true);
  }
  return fail(`"${clip(text)}" is not a calendar date (YYYY-MM-DD)`);
}

function normalizeWord(text: string): string {
  return text.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase();
}

function parseEnum(field: CanonicalField, value: JsonValue): ParseOutcome {
  if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') return fail(`expected an enum value, got ${describe(value)}`);
  const text = String(value);
  const exact = field.enumValues.find((entry) => entry.value === text);
  if (exact) return ok(exact.value, typeof value !== 'string');
  const wanted = normalizeWord(text);
  const matches = field.enumValues.filter((entry) => normalizeWord(entry.value) === wanted || entry.synonyms.some((synonym) => normalizeWord(synonym) === wanted));
  if (matches.length === 1) return ok(matches[0]!.value, true);
  if (matches.length > 1) return fail(`"${clip(text)}" matches several enum values (${matches.map((entry) => entry.value).join(', ')})`);
  if (field.enumValues.length === 0) return ok(text.trim());
  return fail(`"${clip(text)}" is not one of ${field.enumValues.map((entry) => entry.value).join(', ')}`);
}

function parseMoneyValue(value: JsonValue): ParseOutcome {
  if (isPlainObject(value)) {
    const amount = value.amount;
    const currency = value.currency ?? null;
    if (currency !== null && !isIsoCurrencyCode(currency)) return fail(`currency ${JSON.stringify(currency)} is not an ISO 4217 code`);
    let decimal: string | null = null;
    if (typeof amount === 'number' && Number.isFinite(amount)) decimal = formatDecimal(parseDecimal(amount));
    else if (typeof amount === 'string') decimal = isDecimalString(amount) ? formatDecimalText(amount.trim()) : parseLooseDecimal(amount);
    if (decimal === null) return fail(`amount ${JSON.stringify(amount ?? null)} is not a decimal number`);
    return ok({ amount: decimal, currency });
  }
  if (typeof value === 'number') {
    return Number.isFinite(value) ? ok({ amount: formatDecimal(parseDecimal(value)), currency: null }, true) : fail('not a finite number');
  }
  if (typeof value === 'string') return parseMoneyText(value);
  return fail(`expected money {amount, currency}, got ${describe(value)}`);
}

/**
 * Money written as text, read by the same MONEY recognizer that reads documents
 * (`@paxman/values`), so `¥1,000` or `zł 12,50` read the same on every path. A sign the
 * recognizer left outside the value (`-7,5`) is refused rather than dropped.
 */
function parseMoneyText(text: string): ParseOutcome {
  const hit = parseValue('MONEY', text);
  const money = hit !== null && isPlainObject(hit.value) ? hit.value : null;
  if (hit === null || money === null || typeof money['amount'] !== 'string' || /[-−]/.test(text.slice(0, hit.start))) {
    return fail(`"${clip(text)}" is not an amount`);
  }
  const currency = typeof money['currency'] === 'string' ? money['currency'] : null;
  const source = hit.detail['currencySource'];
  const reading: CurrencyReading = currency !== null && (source === 'code' || source === 'symbol' || source === 'symbol-ambiguous') ? { currency, source } : null;
  return ok({ amount: money['amount'], currency }, true, reading);
}

function parseArray(field: CanonicalField, value: JsonValue): ParseOutcome {
  if (!Array.isArray(value)) return fail(`expected an array, got ${describe(value)}`);
  const itemField = field.fields.length === 1 && field.fields[0]!.path === `${field.path}[]` ? field.fields[0]! : null;
  if (itemField === null) return ok(value);
  const items: JsonValue[] = [];
  let reparsed = false;
  for (const [index, item] of value.entries()) {
    const outcome = parseCandidateValue(itemField, item, '');
    if (!outcome.ok) return fail(`item ${index}: ${outcome.reason}`);
    reparsed ||= outcome.reparsed;
    items.push(outcome.value);
  }
  return ok(items, reparsed);
}
