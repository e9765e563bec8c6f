/**
 * The cells of every line of a region, asked for by line. A line's cells depend on its
 * text alone, so they are split once per distinct line text (long documents repeat their
 * headers, footers and item rows); a line that repeats an earlier text gets that text's
 * cells moved to where it starts only when its cell positions are asked for, while how
 * many cells it has is answered without moving anything.
 */
import type { DocumentLine } from './model.js';
import { LINE_STRUCTURE_LIMIT } from './limits.js';
import { splitCells, type LineCell } from './line-cells.js';

/** The cells of a region's lines, by line number within the region. */
export interface LinesCells {
  /** How many lines the region has. */
  readonly lineCount: number;
  /** How many cells line `line` has (0 for a line outside the region, and for one longer than `LINE_STRUCTURE_LIMIT`). */
  count(line: number): number;
  /** The cells of line `line`, in layer offsets. */
  of(line: number): readonly LineCell[];
  /** The cells of the first line with line `line`'s text, in that line's offsets (nothing moved). */
  split(line: number): readonly LineCell[];
  /** How far line `line` starts after the first line with its text (what moves `split(line)` onto it). */
  shift(line: number): number;
  /** The text of each of line `line`'s cells (one list for every line with that text). */
  texts(line: number): readonly string[];
}

/**
 * Each line's cells (none for a line longer than `LINE_STRUCTURE_LIMIT`); `same` from
 * `sameLines` tells which lines repeat an earlier line's text.
 */
export function linesCells(text: string, lines: readonly DocumentLine[], same: Int32Array): LinesCells {
  // By the first line with each text, in that line's offsets.
  const split = new Array<readonly LineCell[] | undefined>(lines.length);
  // By a line repeating an earlier text, once asked for.
  const moved = new Array<readonly LineCell[] | undefined>(lines.length);
  // By the first line with each text, once asked for.
  const cellTexts = new Array<readonly string[] | undefined>(lines.length);
  const splitOf = (first: number): readonly LineCell[] => {
    let cells = split[first];
    if (cells === undefined) {
      const { start, end } = lines[first]!.span;
      cells = end - start > LINE_STRUCTURE_LIMIT ? [] : splitCells(text, start, end);
      split[first] = cells;
    }
    return cells;
  };
  return {
    lineCount: lines.length,
    count: (line) => (line >= 0 && line < lines.length ? splitOf(same[line]!).length : 0),
    of(line) {
      const first = same[line]!;
      const cells = splitOf(first);
      if (first === line || cells.length === 0) return cells;
      let lineCells = moved[line];
      if (lineCells === undefined) {
        lineCells = movedCells(cells, lines[line]!.span.start - lines[first]!.span.start);
        moved[line] = lineCells;
      }
      return lineCells;
    },
    split: (line) => splitOf(same[line]!),
    shift: (line) => lines[line]!.span.start - lines[same[line]!]!.span.start,
    texts(line) {
      const first = same[line]!;
      let texts = cellTexts[first];
      if (texts === undefined) {
        texts = splitOf(first).map((cell) => text.slice(cell.start, cell.end));
        cellTexts[first] = texts;
      }
      return texts;
    },
  };
}

/** `LinesCells` over cells already split, one list per line (`cells[i]` for line `i`). */
export function givenLinesCells(text: string, cells: readonly (readonly LineCell[])[]): LinesCells {
  return {
    lineCount: cells.length,
    count: (line) => cells[line]?.length ?? 0,
    of: (line) => cells[line]!,
    split: (line) => cells[line]!,
    shift: () => 0,
    texts: (line) => cells[line]!.map((cell) => text.slice(cell.start, cell.end)),
  };
}

/** New cells `by` characters after `cells` (the same line text printed elsewhere). */
function movedCells(cells: readonly LineCell[], by: number): LineCell[] {
  const moved: LineCell[] = new Array<LineCell>(cells.length);
  for (let index = 0; index < cells.length; index += 1) moved[index] = { start: cells[index]!.start + by, end: cells[index]!.end + by };
  return moved;
}
