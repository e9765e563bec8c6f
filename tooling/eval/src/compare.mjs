/**
 * Type-aware equality of a produced value and an expected one, exactly as
 * `../shared/eval/README.md` defines it: STRING after NFKC + casefold + whitespace
 * collapse + stripping of surrounding punctuation; numbers numerically; MONEY amount
 * numerically and currency exactly; DATE, BOOLEAN and ENUM exactly. Addresses (a STRING
 * field whose name says `address`) are compared as sequences of words — letters and digits,
 * punctuation between them ignored — since receipts and their labels punctuate one address
 * differently ("TAMAN DAYA. 81100" and "TAMAN DAYA, 81100").
 */

/** Canonical text of a decimal number (`"042050.00"` → `"42050"`), or null if not a number. */
export function canonicalNumber(value) {
  const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : typeof value === 'string' ? value.trim() : '';
  const match = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/.exec(text);
  if (!match || (match[2] === '' && (match[3] ?? '') === '')) return null;
  let [, sign, integer, fraction = ''] = match;
  const exponent = Number(match[4] ?? 0);
  let digits = integer + fraction;
  let point = integer.length + exponent;
  if (point < 0) {
    digits = '0'.repeat(-point) + digits;
    point = 0;
  }
  if (point > digits.length) digits = digits + '0'.repeat(point - digits.length);
  integer = digits.slice(0, point).replace(/^0+/, '') || '0';
  fraction = digits.slice(point).replace(/0+$/, '');
  const body = fraction ? `${integer}.${fraction}` : integer;
  return body === '0' ? '0' : `${sign === '-' ? '-' : ''}${body}`;
}

/** The README's STRING normalization. */
export function normalizeString(value) {
  return String(value)
    .normalize('NFKC')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/\s+/gu, ' ')
    .replace(/^[\p{P}\s]+|[\p{P}\s]+$/gu, '');
}

/** Fields compared as a sequence of words: the last part of the path names an address. */
const WORD_SEQUENCE_FIELD = /address$/i;

/** The comparison a field gets: its type, or `WORDS` for an address held as a STRING. */
export function comparisonOf(field, type) {
  const name = field.split('.').pop() ?? field;
  return type === 'STRING' && WORD_SEQUENCE_FIELD.test(name.replace(/\[\]$/, '')) ? 'WORDS' : type;
}

/** The words of a text: runs of letters and digits after the STRING normalization. */
export function wordsOf(value) {
  return normalizeString(value).match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** True when `actual` equals one `expected` value for a field of `type` (or the comparison `WORDS`). */
export function valuesEqual(type, actual, expected) {
  if (expected !== null && typeof expected === 'object' && Array.isArray(expected.any_of)) {
    return expected.any_of.some((alternative) => valuesEqual(type, actual, alternative));
  }
  if (actual === null || actual === undefined) return false;
  switch (type) {
    case 'STRING':
      return typeof actual === 'string' && normalizeString(actual) === normalizeString(expected);
    case 'WORDS':
      return typeof actual === 'string' && wordsOf(actual).join(' ') === wordsOf(expected).join(' ');
    case 'INTEGER':
    case 'DECIMAL': {
      const left = canonicalNumber(actual);
      return left !== null && left === canonicalNumber(expected);
    }
    case 'MONEY': {
      if (typeof actual !== 'object' || typeof expected !== 'object' || expected === null) return false;
      const amount = canonicalNumber(actual.amount);
      return amount !== null && amount === canonicalNumber(expected.amount) && actual.currency === expected.currency;
    }
    case 'DATE':
    case 'ENUM':
      return actual === expected;
    case 'BOOLEAN':
      return actual === expected;
    default:
      return JSON.stringify(actual) === JSON.stringify(expected);
  }
}
