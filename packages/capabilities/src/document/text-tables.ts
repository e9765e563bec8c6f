/**
 * Aligned-column text tables: blocks of consecutive lines that split into two or more
 * cells (runs of 2+ spaces, tabs, `|` pipes). Rule lines (`----`, `|---|---|`, `====`)
 * continue a block without being rows. The first row is the header when it reads like
 * one (every cell has letters, few digits). One or two single-cell lines between rows
 * (section headings, wrapped descriptions) are passed over. Columns come from the header (or the widest
 * row) by character position; a row cell goes to the column it overlaps most, and a
 * column a row leaves empty gets an empty cell at the row's end.
 */
import type { DocumentLine, Table, TableCell } from '../document.js';
import { isLetterAt } from './label-shape.js';
import { isRuleLine, type LineCell } from './line-cells.js';

interface Column {
  start: number;
  end: number;
}

function isHeaderLike(text: string, cells: readonly LineCell[]): boolean {
  for (const cell of cells) {
    let letters = 0;
    let digits = 0;
    for (let index = cell.start; index < cell.end; index += 1) {
      const code = text.charCodeAt(index);
      if (code >= 0x30 && code <= 0x39) digits += 1;
      else if (code > 0x40 && isLetterAt(text, index)) letters += 1;
    }
    if (letters === 0 || digits * 3 > letters) return false;
  }
  return true;
}

function cellOf(text: string, layer: string, cell: LineCell): TableCell {
  return { text: text.slice(cell.start, cell.end), span: { start: cell.start, end: cell.end, layer } };
}

function overlap(column: Column, start: number, end: number): number {
  return Math.min(column.end, end) - Math.max(column.start, start);
}

/** Places the cells of one row into `columns` (positions relative to the line start). */
function placeRow(text: string, layer: string, line: DocumentLine, cells: readonly LineCell[], columns: readonly Column[]): TableCell[] {
  const placed: (LineCell | undefined)[] = Array.from({ length: columns.length });
  if (cells.length === columns.length) {
    cells.forEach((cell, index) => (placed[index] = cell));
  } else {
    for (const cell of cells) {
      const start = cell.start - line.span.start;
      const end = cell.end - line.span.start;
      let best = 0;
      let bestScore = -Infinity;
      columns.forEach((column, index) => {
        const score = overlap(column, start, end);
        const distance = -Math.abs((column.start + column.end) / 2 - (start + end) / 2);
        const combined = score > 0 ? score : distance - 1000;
        if (combined > bestScore) {
          bestScore = combined;
          best = index;
        }
      });
      const existing = placed[best];
      // Two cells in one column: merge them into one span (the text between is source text too).
      placed[best] = existing === undefined ? cell : { start: Math.min(existing.start, cell.start), end: Math.max(existing.end, cell.end) };
    }
  }
  return placed.map((cell) =>
    cell === undefined ? { text: '', span: { start: line.span.end, end: line.span.end, layer } } : cellOf(text, layer, cell),
  );
}

function buildTable(text: string, layer: string, lines: readonly DocumentLine[], cells: readonly (readonly LineCell[])[], rowIndexes: readonly number[]): Table | null {
  if (rowIndexes.length < 2) return null;
  const firstIndex = rowIndexes[0]!;
  const firstCells = cells[firstIndex]!;
  const headerLike = isHeaderLike(text, firstCells);
  // Columns: from the header, or from the row with the most cells.
  let columnSource = firstIndex;
  if (!headerLike) for (const index of rowIndexes) if (cells[index]!.length > cells[columnSource]!.length) columnSource = index;
  const sourceLine = lines[columnSource]!;
  const columns = cells[columnSource]!.map((cell) => ({ start: cell.start - sourceLine.span.start, end: cell.end - sourceLine.span.start }));
  const bodyIndexes = headerLike ? rowIndexes.slice(1) : rowIndexes;
  const rows = bodyIndexes.map((index) => placeRow(text, layer, lines[index]!, cells[index]!, columns));
  const header = headerLike ? placeRow(text, layer, lines[firstIndex]!, firstCells, columns) : null;
  return { source: 'text', header, rows };
}

/**
 * The text tables of `lines` (all in `layer`). `cells[i]` are the cells of `lines[i]`;
 * lines in `skipLines` (labelled `Label: value` lines) end a block.
 */
export function detectTextTables(
  text: string,
  layer: string,
  lines: readonly DocumentLine[],
  cells: readonly (readonly LineCell[])[],
  skipLines: ReadonlySet<number>,
): Table[] {
  const tables: Table[] = [];
  let block: number[] = [];
  const flush = (): void => {
    const table = buildTable(text, layer, lines, cells, block);
    if (table !== null) tables.push(table);
    block = [];
  };
  const isRow = (index: number): boolean => cells[index]!.length >= 2 && !skipLines.has(index);
  const single = (index: number): boolean => cells[index]?.length === 1 && !skipLines.has(index);
  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index]!;
    if (isRuleLine(text, line.span.start, line.span.end)) continue;
    if (isRow(index)) {
      // A header-like line with another column count starts a new table.
      if (block.length > 0 && cells[index]!.length !== cells[block[0]!]!.length && isHeaderLike(text, cells[index]!)) flush();
      block.push(index);
      continue;
    }
    // One or two single-cell lines (a section heading, a wrapped description) inside a
    // table do not end it when a row follows.
    if (block.length > 0 && single(index)) {
      if (index + 1 < lines.length && isRow(index + 1)) continue;
      if (single(index + 1) && index + 2 < lines.length && isRow(index + 2)) continue;
    }
    flush();
  }
  flush();
  return tables;
}
