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
  const seen = same === undefined ? null : new Map<string, number>();
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
      const earlier = seen.get(lineText);
      if (earlier === undefined) seen.set(lineText, lines.length);
      else lineText = lines[earlier]!.text;
      same!.push(earlier ?? lines.length);
    }
    lines.push({ text: lineText, span: { start: lineStart, end: lineEnd, layer }, index });
    index += 1;
    lineStart = next;
  }
  return lines;
}
