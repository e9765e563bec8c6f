/**
 * Splitting a region of a text layer into lines (LF, CRLF or lone CR), as spans; the
 * line text excludes the line break. One object per line, no per-character work beyond
 * one scan.
 */
import type { DocumentLine } from './model.js';

/**
 * The lines of `text[start, end)` in layer `layer`, numbered from `firstIndex`. A final
 * empty line after a trailing line break is not reported.
 *
 * With `same`, the same lines are found in the same pass (`sameLines`): `same` receives,
 * for each line, the position of the first line with its text, and a line that repeats an
 * earlier text holds that line's string, so equal texts are one string.
 */
export function splitLines(text: string, layer: string, start = 0, end = text.length, firstIndex = 0, same?: number[]): DocumentLine[] {
  const lines: DocumentLine[] = [];
  const seen = same === undefined ? null : sameTextFinder(text, lines);
  let lineStart = start;
  let index = firstIndex;
  // Next CR and LF positions are cached: searching afresh from every line start would be quadratic.
  let carriageReturn = -2;
  let newline = -2;
  while (lineStart < end) {
    if (newline !== -1 && newline < lineStart) newline = text.indexOf('\n', lineStart);
    let lineEnd = newline === -1 || newline >= end ? end : newline;
    let next = lineEnd + 1;
    if (carriageReturn !== -1 && carriageReturn < lineStart) carriageReturn = text.indexOf('\r', lineStart);
    if (carriageReturn !== -1 && carriageReturn < lineEnd) {
      if (carriageReturn === lineEnd - 1 && lineEnd < end) {
        lineEnd -= 1;
      } else {
        lineEnd = carriageReturn;
        next = carriageReturn + 1;
      }
    }
    let lineText = text.slice(lineStart, lineEnd);
    if (seen !== null) {
      const earlier = seen(lineText, lineStart, lineEnd);
      if (earlier !== -1) lineText = lines[earlier]!.text;
      same!.push(earlier === -1 ? lines.length : earlier);
    }
    lines.push({ text: lineText, span: { start: lineStart, end: lineEnd, layer }, index });
    index += 1;
    lineStart = next;
  }
  return lines;
}

/**
 * Finds the first earlier line with a text (-1 when none) and remembers a new text as the
 * next line's (`lines.length`). Looking fresh line strings up in a map by text would hash
 * every one of them (a 100 KB text: 2,590 strings, about 0.45 ms); a line is looked up
 * first by a number read from a few of its characters (its length, first, middle and last
 * ones), and compared with the one line that number points at. Lines that share such a
 * number but not their text are looked up by text.
 */
/** The multiplier mixing a line's length and characters into its shape (FNV's 32-bit prime). */
const SHAPE_PRIME = 0x01000193;

function sameTextFinder(text: string, lines: readonly DocumentLine[]): (lineText: string, start: number, end: number) => number {
  const byShape = new Map<number, number>();
  let byText: Map<string, number> | null = null;
  return (lineText, start, end) => {
    const length = end - start;
    let shape = length;
    if (length > 0) {
      shape = Math.imul(shape, SHAPE_PRIME) ^ text.charCodeAt(start);
      shape = Math.imul(shape, SHAPE_PRIME) ^ text.charCodeAt(end - 1);
      shape = Math.imul(shape, SHAPE_PRIME) ^ text.charCodeAt(start + (length >> 1));
      shape = Math.imul(shape, SHAPE_PRIME) ^ text.charCodeAt(start + (length >> 2));
    }
    // A small integer: a map key that is neither allocated nor hashed as a string.
    shape &= 0x3fffffff;
    const candidate = byShape.get(shape);
    if (candidate === undefined) {
      byShape.set(shape, lines.length);
      return -1;
    }
    if (lines[candidate]!.text === lineText) return candidate;
    byText ??= new Map();
    const earlier = byText.get(lineText);
    if (earlier !== undefined) return earlier;
    byText.set(lineText, lines.length);
    return -1;
  };
}
