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
 *
 * A repeated line usually starts a repeated run (a page header, a section printed again):
 * once a line is found to repeat an earlier one, the lines after it are compared with the
 * lines after that one by comparing whole stretches of the text at once (`RunFollower`),
 * and a line inside a stretch found equal, as long as the earlier line, is that line's
 * text without being cut out or looked up.
 */
export function splitLines(text: string, layer: string, start = 0, end = text.length, firstIndex = 0, same?: number[]): DocumentLine[] {
  const lines: DocumentLine[] = [];
  const seen = same === undefined ? null : sameTextFinder(text, lines);
  const run = same === undefined ? null : runFollower(text, end, lines);
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
    let lineText: string;
    const following = run === null ? -1 : run.follows(lineStart, lineEnd);
    if (following !== -1) {
      // The line of the earlier run it repeats: its text (the first line's string) and that line's first.
      lineText = lines[following]!.text;
      same!.push(same![following]!);
    } else {
      lineText = text.slice(lineStart, lineEnd);
      if (seen !== null) {
        const earlier = seen(lineText, lineStart, lineEnd);
        if (earlier !== -1) lineText = lines[earlier]!.text;
        same!.push(earlier === -1 ? lines.length : earlier);
        run!.restart(earlier, lineStart, lineEnd);
      }
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

/** Characters compared at once when a run is first followed; doubled after each equal stretch, up to `LONGEST_STRETCH`. */
const FIRST_STRETCH = 256;
const LONGEST_STRETCH = 65_536;

/** Follows a run of lines repeating an earlier run (see `splitLines`). */
interface RunFollower {
  /**
   * The earlier line that the line `[start, end)` (the next line split) repeats as part of
   * the run being followed, or -1 when it is not known to (then the line is looked up by
   * text and `restart` called).
   */
  follows(start: number, end: number): number;
  /** After a lookup: follow the lines after `earlier` (the first line with the text of `[start, end)`), or nothing when -1. */
  restart(earlier: number, start: number, end: number): void;
}

/**
 * A line repeats line `next` of the earlier run when it starts as far after it as the run
 * did (`shift`), is as long, and its text is known to equal the text `shift` characters
 * before it. What is known equal grows by stretches compared natively (a string comparison
 * of two cut-out stretches, doubled while they are equal), so a section printed again costs
 * a few comparisons, not one per line; where a stretch differs, halving finds the first
 * character that differs, and the run is followed up to it. Equal text and equal length
 * make the texts equal, so the line found is the line a lookup by text would find.
 */
function runFollower(text: string, end: number, lines: readonly DocumentLine[]): RunFollower {
  // The line expected to hold the next line's text (-1: none followed), and how far before it stands.
  let next = -1;
  let shift = 0;
  // `text[x] === text[x - shift]` in the stretches compared, which cover each line followed up to `equalTo`.
  let equalTo = 0;
  // The text differs at `equalTo`: the run ends there.
  let ended = false;
  let stretch = FIRST_STRETCH;
  const equal = (from: number, to: number): boolean => text.slice(from, to) === text.slice(from - shift, to - shift);
  return {
    follows(start, lineEnd) {
      if (next === -1) return -1;
      const span = lines[next]!.span;
      if (span.start !== start - shift || span.end !== lineEnd - shift) {
        next = -1;
        return -1;
      }
      if (lineEnd > equalTo) {
        const from = Math.max(equalTo, start);
        const to = Math.min(end, Math.max(lineEnd, from + stretch));
        if (!ended && equal(from, to)) {
          equalTo = to;
          stretch = Math.min(LONGEST_STRETCH, stretch * 2);
        } else {
          if (!ended) {
            // The first difference: [from, from + low) is equal, [from, from + high) is not.
            let low = 0;
            let high = to - from;
            while (high - low > 1) {
              const middle = (low + high) >> 1;
              if (equal(from + low, from + middle)) low = middle;
              else high = middle;
            }
            equalTo = from + low;
            ended = true;
          }
          if (lineEnd > equalTo) {
            next = -1;
            return -1;
          }
        }
      }
      next += 1;
      return next - 1;
    },
    restart(earlier, start, lineEnd) {
      next = earlier === -1 ? -1 : earlier + 1;
      if (earlier === -1) return;
      shift = start - lines[earlier]!.span.start;
      equalTo = lineEnd;
      ended = false;
      stretch = FIRST_STRETCH;
    },
  };
}
