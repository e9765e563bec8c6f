/**
 * Small scanning helpers shared by the recognizers: character classes tested without
 * allocation, hit construction, and the leftmost-longest non-overlapping selection.
 */
import type { JsonValue } from '@paxman/core';
import type { RecognizedValue, RecognizerKind } from './types.js';

const LETTER_OR_DIGIT = /[\p{L}\p{N}_]/u;

/** True when the code unit at `index` is a letter, digit or underscore (false outside the text). */
export function isWordCharacterAt(text: string, index: number): boolean {
  if (index < 0 || index >= text.length) return false;
  const code = text.charCodeAt(index);
  if (code < 128) {
    return (
      (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 95
    );
  }
  // Surrogates: test the whole code point.
  const codePoint = text.codePointAt(code >= 0xdc00 && code <= 0xdfff && index > 0 ? index - 1 : index) ?? 0;
  return LETTER_OR_DIGIT.test(String.fromCodePoint(codePoint));
}

/** True when the code unit at `index` is an ASCII digit. */
export function isDigitAt(text: string, index: number): boolean {
  if (index < 0 || index >= text.length) return false;
  const code = text.charCodeAt(index);
  return code >= 48 && code <= 57;
}

/** Builds a frozen hit whose `text` is exactly `text.slice(start, end)`. */
export function makeHit(
  kind: RecognizerKind,
  text: string,
  start: number,
  end: number,
  value: JsonValue,
  ambiguous: boolean,
  detail: Record<string, JsonValue> = {},
): RecognizedValue {
  return Object.freeze({
    value,
    start,
    end,
    text: text.slice(start, end),
    kind,
    ambiguous,
    detail: Object.freeze(detail),
  });
}

/**
 * Keeps a non-overlapping subset in text order: at each position the earliest hit wins,
 * the longer one on a tie. Input need not be sorted.
 */
export function selectNonOverlapping(hits: readonly RecognizedValue[]): RecognizedValue[] {
  const sorted = [...hits].sort((left, right) => left.start - right.start || right.end - left.end);
  const kept: RecognizedValue[] = [];
  let cursor = -1;
  for (const hit of sorted) {
    if (hit.start >= cursor && hit.end > hit.start) {
      kept.push(hit);
      cursor = hit.end;
    }
  }
  return kept;
}

/**
 * Escapes a literal for use inside a RegExp source, in and out of character classes and
 * with the `u` flag (where `\-` outside a class is a syntax error, so `-` becomes `\x2d`).
 */
export function escapeRegExp(literal: string): string {
  return literal.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&').replace(/-/g, '\\x2d');
}
