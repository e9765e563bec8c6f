/**
 * Aligned-column text tables: blocks of consecutive lines that split into two or more
 * cells (runs of 2+ spaces, tabs, `|` pipes). Rule lines (`----`, `|---|---|`, `====`)
 * continue a block without being rows. The first row is the header when it reads like
 * one (every cell has letters and few digits, or is a short sign such as `%`). One or two single-cell lines between rows
 * (section headings, wrapped descriptions) are passed over. Columns come from the header (or the widest
 * row) by character position; a row cell goes to the column it overlaps most, and a
 * column a row leaves empty gets an empty cell at the row's end.
 */
import type { DocumentLine, Table, TableCell } from './model.js';
import { isLetterAt } from './label-shape.js';
import { isRuleLine, type LineCell } from './line-cells.js';
import type { LinesCells } from './lines-cells.js';
import { lineAnswers, sameLines } from './same-lines.js';

interface Column {
  start: number;
  end: number;
}

/** Longest cell of signs alone a header may hold ("%", "#", "€"); rule characters never count. */
const MAX_SIGN_CELL = 2;
const RULE_SIGNS = /[-=_*.~]/;

/**
 * True when every cell of a line names a column: letters and few digits, or a short sign
 * that heads a column on its own ("%" over the rates, "#" over the positions, "€" over the
 * amounts) — so long as one cell has letters.
 */
function isHeaderLike(text: string, cells: readonly LineCell[]): boolean {
  let lettered = false;
  for (const cell of cells) {
    let letters = 0;
    let digits = 0;
    for (let index = cell.start; index < cell.end; index += 1) {
      const code = text.charCodeAt(index);
      if (code >= 0x30 && code <= 0x39) digits += 1;
      else if (code > 0x40 && isLetterAt(text, index)) letters += 1;
    }
    if (letters === 0 && digits === 0 && cell.end - cell.start <= MAX_SIGN_CELL && !RULE_SIGNS.test(text.slice(cell.start, cell.end))) continue;
    if (letters === 0 || digits * 3 > letters) return false;
    lettered = true;
  }
  return lettered;
}

function cellOf(text: string, layer: string, cell: LineCell): TableCell {
  return { text: text.slice(cell.start, cell.end), span: { start: cell.start, end: cell.end, layer } };
}

function overlap(column: Column, start: number, end: number): number {
  return Math.min(column.end, end) - Math.max(column.start, start);
}

/**
 * Places the cells of line `index` into `columns` (positions relative to the line start).
 * In the common case, one cell per column, the cells are those split once for the line's
 * text, moved onto the line, with that text's cell strings.
 */
function placeRow(text: string, layer: string, lines: readonly DocumentLine[], linesCells: LinesCells, index: number, columns: readonly Column[]): TableCell[] {
  const line = lines[index]!;
  if (linesCells.count(index) === columns.length) {
    const split = linesCells.split(index);
    const texts = linesCells.texts(index);
    const shift = linesCells.shift(index);
    // Grown by push, as the other branch's row is: every row of every table one packed array (ADR 0060).
    const row: TableCell[] = [];
    for (let column = 0; column < split.length; column += 1) {
      const cell = split[column]!;
      row.push({ text: texts[column]!, span: { start: cell.start + shift, end: cell.end + shift, layer } });
    }
    return row;
  }
  const cells = linesCells.of(index);
  const placed: (LineCell | undefined)[] = new Array<LineCell | undefined>(columns.length).fill(undefined);
  for (const cell of cells) {
    const start = cell.start - line.span.start;
    const end = cell.end - line.span.start;
    let best = 0;
    let bestScore = -Infinity;
    for (let index = 0; index < columns.length; index += 1) {
      const column = columns[index]!;
      const score = overlap(column, start, end);
      const distance = -Math.abs((column.start + column.end) / 2 - (start + end) / 2);
      const combined = score > 0 ? score : distance - 1000;
      if (combined > bestScore) {
        bestScore = combined;
        best = index;
      }
    }
    const existing = placed[best];
    // Two cells in one column: merge them into one span (the text between is source text too).
    placed[best] = existing === undefined ? cell : { start: Math.min(existing.start, cell.start), end: Math.max(existing.end, cell.end) };
  }
  return placed.map((cell) =>
    cell === undefined ? { text: '', span: { start: line.span.end, end: line.span.end, layer } } : cellOf(text, layer, cell),
  );
}

/** Header cells with the continuation line's fragments appended to `value` ("Amount" + "excl. VAT"). */
function withContinuation(text: string, header: readonly TableCell[], headerLine: DocumentLine, continuationLine: DocumentLine, continuation: readonly LineCell[]): TableCell[] {
  const parts: string[][] = header.map(() => []);
  for (const cell of continuation) {
    const start = cell.start - continuationLine.span.start;
    const end = cell.end - continuationLine.span.start;
    let best = -1;
    let bestOverlap = 0;
    header.forEach((headerCell, index) => {
      if (headerCell.text.length === 0) return;
      const column = { start: headerCell.span.start - headerLine.span.start, end: headerCell.span.end - headerLine.span.start };
      const shared = overlap(column, start, end);
      if (shared > bestOverlap) {
        bestOverlap = shared;
        best = index;
      }
    });
    if (best >= 0) parts[best]!.push(text.slice(cell.start, cell.end));
  }
  return header.map((cell, index) => (parts[index]!.length === 0 ? cell : { ...cell, value: [cell.value ?? cell.text, ...parts[index]!].join(' ') }));
}

function buildTable(
  text: string,
  layer: string,
  lines: readonly DocumentLine[],
  cells: LinesCells,
  rowIndexes: readonly number[],
  continuation: number | null = null,
): Table | null {
  if (rowIndexes.length < 2) return null;
  const firstIndex = rowIndexes[0]!;
  const firstCells = cells.of(firstIndex);
  const headerLike = isHeaderLike(text, firstCells);
  // Columns: from the header, or from the row with the most cells.
  let columnSource = firstIndex;
  if (!headerLike) for (const index of rowIndexes) if (cells.count(index) > cells.count(columnSource)) columnSource = index;
  const sourceLine = lines[columnSource]!;
  const columns = cells.of(columnSource).map((cell) => ({ start: cell.start - sourceLine.span.start, end: cell.end - sourceLine.span.start }));
  const bodyIndexes = headerLike ? rowIndexes.slice(1) : rowIndexes;
  const rows = bodyIndexes.map((index) => placeRow(text, layer, lines, cells, index, columns));
  const placed = headerLike ? placeRow(text, layer, lines, cells, firstIndex, columns) : null;
  const header =
    placed !== null && continuation !== null ? withContinuation(text, placed, lines[firstIndex]!, lines[continuation]!, cells.of(continuation)) : placed;
  return { source: 'text', header, rows };
}

/**
 * True when `lower` (the line right under a header line) continues that header: it reads
 * like a header, has fewer cells, and each of its cells lies under one of the header's
 * cells (by character position within the line).
 */
function isHeaderContinuation(upperLine: DocumentLine, upper: readonly LineCell[], lowerLine: DocumentLine, lower: readonly LineCell[], text: string): boolean {
  if (lower.length === 0 || lower.length >= upper.length || !isHeaderLike(text, lower)) return false;
  const columns = upper.map((cell) => ({ start: cell.start - upperLine.span.start, end: cell.end - upperLine.span.start }));
  // A lone cell under the first column is a section heading ("--- Food ---"), not a header fragment.
  if (lower.length === 1 && overlap(columns[0]!, lower[0]!.start - lowerLine.span.start, lower[0]!.end - lowerLine.span.start) > 0) return false;
  return lower.every((cell) => {
    const start = cell.start - lowerLine.span.start;
    const end = cell.end - lowerLine.span.start;
    return columns.some((column) => overlap(column, start, end) > 0);
  });
}

/**
 * The text tables of `lines` (all in `layer`). `cells.of(i)` are the cells of `lines[i]`;
 * lines flagged in `skipLines` (by line number: labelled `Label: value` lines) end a block. Whether a line is a
 * rule, and whether its cells read like a header, is judged once per distinct line text
 * (`same` from `sameLines`).
 */
export function detectTextTables(
  text: string,
  layer: string,
  lines: readonly DocumentLine[],
  cells: LinesCells,
  skipLines: Uint8Array,
  same: Int32Array = sameLines(lines),
): Table[] {
  const tables: Table[] = [];
  const ruleLines = lineAnswers(same, (index) => isRuleLine(text, lines[index]!.span.start, lines[index]!.span.end));
  const headerLikeLines = lineAnswers(same, (index) => isHeaderLike(text, cells.of(index)));
  let block: number[] = [];
  // The line continuing the block's header, if any.
  let continuation: number | null = null;
  const flush = (): void => {
    // Most lines end no block: nothing to build, and the empty block is kept.
    if (block.length === 0) return;
    const table = buildTable(text, layer, lines, cells, block, continuation);
    if (table !== null) tables.push(table);
    block = [];
    continuation = null;
  };
  const isRow = (index: number): boolean => cells.count(index) >= 2 && skipLines[index] !== 1;
  // The header line of the current block when it has no body row yet.
  const pendingHeader = (): number | null => (block.length === 1 && headerLikeLines.get(block[0]!) ? block[0]! : null);
  const single = (index: number): boolean => cells.count(index) === 1 && skipLines[index] !== 1;
  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index]!;
    if (ruleLines.get(index)) continue;
    const header = pendingHeader();
    if (continuation === null && header !== null && header === index - 1 && skipLines[index] !== 1 && isHeaderContinuation(lines[header]!, cells.of(header), line, cells.of(index), text)) {
      continuation = index;
      continue;
    }
    if (isRow(index)) {
      // A header-like line with another column count starts a new table.
      if (block.length > 0 && cells.count(index) !== cells.count(block[0]!) && headerLikeLines.get(index)) flush();
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
