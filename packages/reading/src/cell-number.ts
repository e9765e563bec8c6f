/**
 * The number in a table cell: the whole cell (`1.234,50`, `84.50 €`, `-5,00`), else its
 * first word when the rest is a unit or a sign (`2 Stk`, `19%`). A grouping the cell alone
 * cannot settle (`1.234`) is read with the document's decimal separator, and refused when
 * the document states none: an unsure number is no number.
 */
import { parseLooseDecimal } from '@paxman/values';

const AMBIGUOUS = /^([+-]?)(\d{1,3})([.,])(\d{3})$/;

function readWhole(text: string, decimalSeparator: '.' | ',' | null): string | null {
  const trimmed = text.trim().replace(/%$/, '').trim();
  if (trimmed === '' || !/\d/.test(trimmed)) return null;
  const direct = parseLooseDecimal(trimmed);
  if (direct !== null) return direct;
  const ambiguous = AMBIGUOUS.exec(trimmed.replace(/\s*(?:[A-Z]{3}|[^\d\s.,]{1,3})$/u, ''));
  if (ambiguous === null || decimalSeparator === null) return null;
  const [, sign = '', left = '', separator, right = ''] = ambiguous;
  return separator === decimalSeparator ? `${sign}${left}.${right}` : `${sign}${left}${right}`;
}

/** The decimal string a cell states, or null. */
export function readCellNumber(text: string, decimalSeparator: '.' | ',' | null): string | null {
  const whole = readWhole(text, decimalSeparator);
  if (whole !== null) return whole;
  const words = text.trim().split(/\s+/);
  if (words.length < 2) return null;
  // "2 Stk", "10,00 PCE": a number followed by letters only.
  if (words.slice(1).every((word) => /^[\p{L}.]+$/u.test(word))) return readWhole(words[0]!, decimalSeparator);
  return null;
}

/** True when a text is a number and nothing else (with an optional currency mark or percent). */
export function isNumberText(text: string, decimalSeparator: '.' | ',' | null): boolean {
  return /\d/.test(text) && readWhole(text, decimalSeparator) !== null;
}
