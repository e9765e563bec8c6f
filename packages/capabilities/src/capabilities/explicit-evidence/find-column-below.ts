/**
 * A label printed over its value in the same column of a laid-out page, the row between
 * them or around them not being a table the table reader recognised:
 *
 *     Your Reference    Salesperson        Due Date          Payment Terms
 *                       Detlef Hembrock    March 3, 2026     30 days
 *
 *     Beschreibung                 Fälligkeit          Teilzahlung
 *     Bei Zahlung bis zum 13.06.2025 zahlen Sie mit 2,50 % Skonto €
 *                                  13.06.2025
 *
 * A cell of a line of several cells (set apart by two or more spaces) that matches the
 * field's labels exactly or as a synonym — and names no other concept too ("Date" is an
 * issue date and a transaction date: a column of dates under it may be the items') — takes
 * the first cell below it, within a few lines, that overlaps its columns and reads as a
 * date, alone or beside one other cell on its line — unless the line
 * after it holds another such value (a column of values under a label is a table's: "Total"
 * over the items' amounts), or its line has more cells (a table row). Only amounts
 * and dates are read this way (a name below a heading is a party block's). Cells are split
 * once per run, and a field matches each distinct cell text once.
 */
import type { SourceSpan } from '@paxman/core';
import type { DocumentLine } from '@paxman/document';
import type { LabelMatch } from '../shared/label-match.js';
import { nextSameLines } from '../shared/same-lines.js';
import { conceptsOf, recordLabelledValue, type SearchContext } from './search-context.js';

/** How many lines below its label a value may be printed. */
const LINES_BELOW = 3;
/** Rank given up against a label beside its value. */
const COLUMN_PENALTY = 20;
const READ_TYPES = new Set(['DATE']);
/** Most cells the value's line may have: more is a table row. */
const MAX_VALUE_LINE_CELLS = 2;

/** A cell of a line, by its place on the line: the same for every line that prints the same text. */
interface Cell {
  readonly text: string;
  /** Columns `[from, to)` of the cell on its line. */
  readonly from: number;
  readonly to: number;
  /** The text without a final ":" or "." (as a label is matched). */
  readonly label: string;
}

function cellsOf(text: string): readonly Cell[] {
  // Most lines are one cell (no two spaces, no other blank inside): no split needed.
  const from = text.length - text.trimStart().length;
  const trimmed = text.trim();
  if (!/\s{2}|[^\S ]/.test(trimmed)) return [{ text: trimmed, from, to: from + trimmed.length, label: trimmed.replace(/[:.]$/, '') }];
  return [...text.matchAll(/\S+(?: \S+)*/g)].map((match) => ({ text: match[0], from: match.index, to: match.index + match[0].length, label: match[0].replace(/[:.]$/, '') }));
}

/**
 * The primary layer's non-blank lines and their cells, once per run. A line's cells depend
 * on its text alone: a text a long document prints on many lines (a page header, an item
 * row) is split once, when a line of it is first asked about, and no line gets an object
 * of its own.
 */
interface CellLines {
  readonly layer: string;
  readonly lines: readonly DocumentLine[];
  /** For each line, the place of the first line with its text (`primarySameLines`). */
  readonly same: Int32Array;
  /** The cells of each text, by the place of its first line. */
  readonly cellsOfFirst: (readonly Cell[] | undefined)[];
}

function cellLines(context: SearchContext): CellLines {
  return context.index.memo('explicit_evidence/cell-lines', () => {
    const same = context.index.primarySameLines();
    return { layer: context.index.primary.name, lines: context.index.primaryLines(), same, cellsOfFirst: new Array<readonly Cell[] | undefined>(same.length) };
  });
}

/** The cells of the line at `position`. */
function cellsAt(lines: CellLines, position: number): readonly Cell[] {
  const first = lines.same[position]!;
  return (lines.cellsOfFirst[first] ??= cellsOf(lines.lines[first]!.text));
}

/** Where a cell of the line at `position` stands in its layer. */
function spanOf(lines: CellLines, position: number, cell: Cell): SourceSpan {
  const start = lines.lines[position]!.span.start;
  return { start: start + cell.from, end: start + cell.to, layer: lines.layer };
}

/** Where a cell that may be a label stands: its line (a place in `CellLines`) and the cell. */
interface LabelCellPlace {
  readonly position: number;
  readonly cell: Cell;
}

/**
 * The cells of lines of two or more cells, by their text without a final ":" or ".", once
 * per run: each field matches each distinct text once (a long document repeats its column
 * labels). A cell is listed once for its line text (`first`, the place of the text's first
 * line); `nextPlace` chains each line to the next line that prints its text (-1: none),
 * from the first line on, for the cells a field matches.
 */
interface LabelCells {
  readonly byText: ReadonlyMap<string, readonly { readonly first: number; readonly cell: Cell }[]>;
  readonly nextPlace: Int32Array;
}

function labelCells(context: SearchContext): LabelCells {
  return context.index.memo('explicit_evidence/column-label-cells', () => {
    const lines = cellLines(context);
    const { same } = lines;
    const byText = new Map<string, { first: number; cell: Cell }[]>();
    const nextPlace = nextSameLines(same);
    for (let position = 0; position < same.length; position += 1) {
      if (same[position] !== position) continue;
      const cells = cellsAt(lines, position);
      if (cells.length < 2) continue;
      for (const cell of cells) {
        const entries = byText.get(cell.label);
        if (entries === undefined) byText.set(cell.label, [{ first: position, cell }]);
        else entries.push({ first: position, cell });
      }
    }
    return { byText, nextPlace };
  });
}

/** The field's amount or date printed under its label, in the label's column. */
export function findInColumnsBelow(context: SearchContext): void {
  if (!READ_TYPES.has(context.reading.fieldType)) return;
  const lines = cellLines(context);
  const labels = labelCells(context);
  const matched: [LabelCellPlace, LabelMatch][] = [];
  for (const [text, entries] of labels.byText) {
    const match = context.matchKey(text);
    if (match === null || match.strength === 'fuzzy') continue;
    if (context.lexicon.conceptsOfLabel(match.label).length > 1) continue;
    for (const { first, cell } of entries) for (let position = first; position >= 0; position = labels.nextPlace[position]!) matched.push([{ position, cell }, match]);
  }
  // Read in document order, as the lines are.
  matched.sort(([left], [right]) => left.position - right.position || left.cell.from - right.cell.from);
  for (const [{ position, cell }, match] of matched) {
    const below = valueBelow(context, lines, position, cell);
    if (below === null) continue;
    const keySpan = spanOf(lines, position, cell);
    recordLabelledValue(context, { match, keySpan, valueSpan: below.span, valueText: below.text, structured: false, structure: 'column-below', penalty: COLUMN_PENALTY });
  }
}

function readsAsValue(context: SearchContext, cell: Cell): boolean {
  if (!/\d/.test(cell.text) || cell.text.length > 40) return false;
  const kind = context.reading.fieldType === 'DATE' ? 'DATE' : context.reading.fieldType === 'MONEY' ? 'MONEY' : 'DECIMAL';
  return context.recognizers.parseValue(kind, cell.text, context.recognizerOptions) !== null;
}

function overlaps(cell: Cell, label: Cell): boolean {
  return cell.from < label.to && label.from < cell.to;
}

/** The first cell under `label` that reads as the field's value, looking past cells that are text. */
function valueBelow(context: SearchContext, lines: CellLines, position: number, label: Cell): { text: string; span: SourceSpan } | null {
  for (let next = position + 1; next < lines.lines.length && next <= position + LINES_BELOW; next += 1) {
    const cells = cellsAt(lines, next);
    const under = cells.filter((cell) => overlaps(cell, label));
    for (const cell of under) {
      // Another label under this one ends the column.
      if (conceptsOf(context, cell.text).length > 0) return null;
      const span = spanOf(lines, next, cell);
      // A value on a line of many cells is a table row's (a one-row items table), not a label's own.
      if (under.length === 1 && cells.length <= MAX_VALUE_LINE_CELLS && readsAsValue(context, cell)) {
        // A column of values under the label (the next line has one too) is a table's column, not one value.
        const after = next + 1 < lines.lines.length ? cellsAt(lines, next + 1).filter((other) => overlaps(other, label)) : [];
        return after.some((other) => readsAsValue(context, other)) ? null : { text: cell.text, span };
      }
    }
  }
  return null;
}
