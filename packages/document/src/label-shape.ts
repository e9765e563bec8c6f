/**
 * Whether a piece of text has the shape of a label ("Invoice No", "Tax (8.25%)",
 * "Bill To"): short, starting with a letter or `#`, a few words. Used by the key-value
 * detectors to tell `Label: value` from prose and times (`09:14`).
 */

const LETTER = /\p{L}/u;
const LEADING_BULLET = new Set(['-', '*', '•', '·', '–', '—', '>', '+', '○', '▪', '►']);

/** Maximum characters of a label. */
export const LABEL_MAX_LENGTH = 60;

/** True when `character` is a Unicode letter. */
export function isLetter(character: string): boolean {
  const code = character.charCodeAt(0);
  if (code < 0x80) return (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a);
  return LETTER.test(character);
}

/** `isLetter` for the character at `index` of `text`, without allocating for ASCII. */
export function isLetterAt(text: string, index: number): boolean {
  const code = text.charCodeAt(index);
  if (code < 0x80) return (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a);
  return LETTER.test(text[index]!);
}

/** Moves `start` past a leading bullet (`- `, `• `, `> `) and spaces. */
export function skipBullet(text: string, start: number, end: number): number {
  let index = start;
  while (index < end && (LEADING_BULLET.has(text[index]!) || text[index] === ' ' || text[index] === '\t')) index += 1;
  return index;
}

/** True when text[start, end) (already trimmed) looks like a label. */
export function isLabelShape(text: string, start: number, end: number): boolean {
  const length = end - start;
  if (length < 1 || length > LABEL_MAX_LENGTH) return false;
  const first = text[start]!;
  if (!(first === '#' || first === '№' || isLetter(first))) return false;
  let words = 1;
  let letters = 0;
  for (let index = start; index < end; index += 1) {
    const code = text.charCodeAt(index);
    if (code === 0x20) {
      words += 1;
      if (words > 8) return false;
    } else if (code === 0x2f && text.charCodeAt(index + 1) === 0x2f) {
      return false;
    } else if (code > 0x40 && isLetterAt(text, index)) {
      letters += 1;
    }
  }
  return letters > 0;
}

/** True when text[start, end) contains an ASCII digit. */
export function hasDigit(text: string, start: number, end: number): boolean {
  for (let index = start; index < end; index += 1) {
    const code = text.charCodeAt(index);
    if (code >= 0x30 && code <= 0x39) return true;
  }
  return false;
}

/** Trims spaces (and tabs, CR, NBSP) at both ends of [start, end); returns the trimmed bounds. */
export function trimBounds(text: string, start: number, end: number): [number, number] {
  let left = start;
  let right = end;
  while (left < right && isWhitespaceCode(text.charCodeAt(left))) left += 1;
  while (right > left && isWhitespaceCode(text.charCodeAt(right - 1))) right -= 1;
  return [left, right];
}

/** Whitespace as `\s` knows it, by code unit. */
export function isWhitespaceCode(code: number): boolean {
  if (code <= 0x20) return code === 0x20 || (code >= 0x09 && code <= 0x0d);
  return code === 0xa0 || code === 0x1680 || (code >= 0x2000 && code <= 0x200a) || code === 0x2028 || code === 0x2029 || code === 0x202f || code === 0x205f || code === 0x3000 || code === 0xfeff;
}
