/**
 * Type-aware equality for merging: two candidates agree when their agreement keys are
 * equal. MONEY compares the amount numerically and the currency exactly; DECIMAL and
 * INTEGER numerically; STRING after Unicode normalization, whitespace collapsing and case
 * folding (the reported spelling is still the best-evidenced one); other types by
 * canonical JSON.
 */
import type { FieldType } from '@paxman/core';
import { type JsonValue, canonicalJson, formatDecimalText, isAsciiText, isPlainObject, parseDecimal } from '@paxman/core';

/**
 * `parseDecimal(value).toFixed()`, or null when `value` is no decimal. A text (the usual,
 * canonical amount) is rewritten as text by `formatDecimalText`, without a Decimal: the
 * same string, as decimal.js prints a zero without its sign.
 */
function numericKey(value: JsonValue): string | null {
  try {
    if (typeof value === 'string') return formatDecimalText(value);
    if (typeof value === 'number') return parseDecimal(value).toFixed();
  } catch {
    return null;
  }
  return null;
}

/** A string's key: NFKC-normalized (an ASCII text is already), trimmed, white space collapsed, lower case. */
function stringKey(value: string): string {
  const normalized = isAsciiText(value) ? value : value.normalize('NFKC');
  return normalized.trim().replace(/\s+/g, ' ').toLowerCase();
}

/** The key under which `value` (already canonical for `type`) merges with equal values. */
export function agreementKey(type: FieldType, value: JsonValue): string {
  switch (type) {
    case 'MONEY':
      if (isPlainObject(value)) {
        const amount = numericKey(value.amount ?? null) ?? canonicalJson(value.amount ?? null);
        return `${amount} ${typeof value.currency === 'string' ? value.currency : '?'}`;
      }
      return canonicalJson(value);
    case 'DECIMAL':
    case 'INTEGER':
      return numericKey(value) ?? canonicalJson(value);
    case 'STRING':
      return typeof value === 'string' ? stringKey(value) : canonicalJson(value);
    default:
      return canonicalJson(value);
  }
}
