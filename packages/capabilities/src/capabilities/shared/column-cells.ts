/**
 * The cells of a line printed in columns: its texts between gaps of three spaces or more,
 * each with where it starts on the line. One reading of columns for every head that prints
 * two blocks side by side (a letterhead beside a sender's details, a seller's heading beside
 * the buyer's), so the letterhead and the party blocks split a line the same way.
 */

/** A gap of three spaces or more between a line's columns. */
export const COLUMN_GAP = /\s{3,}/;

/** How far (in characters) a cell may start from a column's start and still be in it. */
const COLUMN_SLACK = 3;

/** A column cell: its text and where it starts on its line. */
export interface ColumnCell {
  readonly text: string;
  readonly offset: number;
}

/** The line's cells, left to right (one cell for a line without a column gap). */
export function columnCells(text: string): ColumnCell[] {
  return [...text.matchAll(/\S+(?:\s{1,2}\S+)*/g)].map((match) => ({ text: match[0], offset: match.index }));
}

/** The cell of the line that starts at `offset`, a little slack allowed; undefined when the column is empty there. */
export function cellAt(text: string, offset: number): ColumnCell | undefined {
  return columnCells(text).find((cell) => Math.abs(cell.offset - offset) <= COLUMN_SLACK);
}
