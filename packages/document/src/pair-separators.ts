/**
 * Key-value pairs printed side by side on one line and parted by a middle dot, a bullet or
 * a bar with spaces around it ("Date : 20260815 · Échéance : 20260914", "Tel: 030 12 | Fax:
 * 030 13"): a line's cell is cut at such a separator when what follows it is labelled too,
 * so each pair keeps its own value instead of the first taking the rest of the line. Layout
 * only: no word of any language.
 */
import type { LineCell } from './line-cells.js';

/** A middle dot, a bullet or a bar between spaces. */
const PAIR_SEPARATOR = /[ \t\u00a0]+[·•|][ \t\u00a0]+/gu;
const ANY_SEPARATOR = /[·•|]/u;

/** True when `text` holds a character that may part pairs (a document or line without one skips the cutting). */
export function mayPartPairs(text: string): boolean {
  return ANY_SEPARATOR.test(text);
}

/**
 * `cells` with each cell cut where a pair separator stands before another labelled part
 * (`isLabelled` of that part). A cell with no such separator is kept as it is; the list is
 * returned itself when nothing is cut.
 */
export function cutAtPairSeparators(text: string, cells: readonly LineCell[], isLabelled: (cell: LineCell) => boolean): readonly LineCell[] {
  let cut: LineCell[] | null = null;
  cells.forEach((cell, index) => {
    const parts = cellParts(text, cell, isLabelled);
    if (parts === null) {
      cut?.push(cell);
      return;
    }
    cut ??= cells.slice(0, index);
    cut.push(...parts);
  });
  return cut ?? cells;
}

/** The parts of a cell cut at pair separators, or null when it has none before a labelled part. */
function cellParts(text: string, cell: LineCell, isLabelled: (cell: LineCell) => boolean): LineCell[] | null {
  const content = text.slice(cell.start, cell.end);
  if (!ANY_SEPARATOR.test(content)) return null;
  const parts: LineCell[] = [];
  let partStart = cell.start;
  for (const separator of content.matchAll(PAIR_SEPARATOR)) {
    const separatorStart = cell.start + separator.index;
    const nextStart = separatorStart + separator[0].length;
    const next = { start: nextStart, end: cell.end };
    // Only a labelled part starts a pair of its own; "Bolts · 12 pcs" stays one cell.
    if (separatorStart <= partStart || !isLabelled(next)) continue;
    parts.push({ start: partStart, end: separatorStart });
    partStart = nextStart;
  }
  if (parts.length === 0) return null;
  parts.push({ start: partStart, end: cell.end });
  return parts;
}
