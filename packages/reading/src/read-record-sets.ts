/**
 * `readRecordSets(document)`: every record set of a document, read once (a capability keeps
 * the result in the run memo and binds fields to it). Text, e-mail and PDF text layers are
 * read as lines (tables under a header, else item lines with none: `item-lines.ts`); HTML
 * tables and the CSV grid as grids; JSON arrays of objects by their keys. Each row's arithmetic and the set's sum are checked here, where the printed totals
 * are at hand; the reconciler turns the outcome into confidence.
 */
import type { Document, DocumentLine } from '@paxman/document';
import { type Lexicon, defaultLexicon, normalizeLabel } from '@paxman/values';
import { type RecordKnowledge, allTerms, recordKnowledge } from '@paxman/knowledge';
import { readGrid, readJsonArrays, type GridRecords } from './grid-tables.js';
import { withoutColumnLabel } from './column-label.js';
import { type HeaderTerms, compileHeaderTerms } from './header-terms.js';
import { type ItemLines, readItemLines } from './item-lines.js';
import { readLineTables } from './line-tables.js';
import type { RecordRow, RecordSet } from './record-set.js';
import { type PrintedTotal, checkRow, checkSum, totalsOnLines } from './row-arithmetic.js';

/** Options of a reading: the record knowledge and the lexicon to read with (the built-in packs by default). */
export interface ReadRecordSetsOptions {
  readonly knowledge?: RecordKnowledge;
  /** The lexicon whose summary concepts (totals, tax, payment, change, rounding) end a run of item lines without a header. */
  readonly lexicon?: Lexicon;
}

/**
 * Concepts of the lines under a receipt's items: totals, tax, charges, payment, change,
 * rounding. A line naming one is no item. A payment card's number is not among them: its
 * line prints a masked number, never an amount, and its short labels are words of goods
 * in other languages ("PAN" over a card number; "Pan de barra 0,65" is bread).
 */
const SUMMARY_CONCEPTS: ReadonlySet<string> = new Set(['total', 'subtotal', 'tax', 'tax-rate', 'discount', 'shipping', 'amount-paid', 'amount-due', 'rounding', 'tendered', 'change', 'payment-method']);

/** True when a text names a summary concept of `lexicon`. */
function summaryLabel(lexicon: Lexicon): (text: string) => boolean {
  return (text) => lexicon.conceptsOfLabel(normalizeLabel(text).text).some((concept) => SUMMARY_CONCEPTS.has(concept));
}

function primaryLines(document: Document): DocumentLine[] {
  const layer = document.primaryLayer;
  const own = document.lines.filter((line) => line.span.layer === layer);
  return own.length > 0 ? own : [...document.lines];
}

/**
 * Items and adjustments: in a table whose rows print a quantity and a unit price, a row
 * that lacks either (an allowance or a charge at a rate, a line of a tax breakdown under
 * the rows) adjusts the set rather than being an item of it. A table that prints no unit
 * prices at all keeps every row.
 */
function separateAdjustments(rows: readonly RecordRow[]): { items: RecordRow[]; adjustments: RecordRow[] } {
  const priced = (row: RecordRow): boolean => row.cells['quantity']?.number != null && row.cells['unit_price']?.number != null;
  if (!rows.some(priced)) return { items: [...rows], adjustments: [] };
  return { items: rows.filter(priced), adjustments: rows.filter((row) => !priced(row)) };
}

/** A row's description without a column label printed in place of a value (`column-label.ts`). */
function cleanRow(row: RecordRow['cells'], terms: HeaderTerms): RecordRow['cells'] {
  const description = row['description'];
  if (description === undefined) return row;
  const cleaned = withoutColumnLabel(description, 'description', terms);
  return cleaned === description ? row : { ...row, description: cleaned };
}

function recordSet(source: RecordSet['source'], header: RecordSet['header'], cells: readonly RecordRow['cells'][], totals: readonly PrintedTotal[], terms: HeaderTerms): RecordSet {
  const rows: RecordRow[] = cells.map((row) => ({ cells: cleanRow(row, terms), check: checkRow(row) }));
  const { items, adjustments } = separateAdjustments(rows);
  return Object.freeze({ source, header, rows: items, adjustments, sum: checkSum(rows, totals) });
}

/** A record set of item lines: its items, its adjustments (discounts), and how they add up. */
function fromItemLines(itemLines: ItemLines, totals: readonly PrintedTotal[]): RecordSet {
  const rows: RecordRow[] = itemLines.items.map((cells) => ({ cells, check: checkRow(cells) }));
  const adjustments: RecordRow[] = itemLines.adjustments.map((cells) => ({ cells, check: checkRow(cells) }));
  return Object.freeze({ source: 'item-lines', header: {}, rows, adjustments, sum: checkSum([...rows, ...adjustments], totals) });
}

function fromGrid(grid: GridRecords, terms: HeaderTerms): RecordSet {
  return recordSet(grid.source, grid.header, grid.rows, grid.totals, terms);
}

/** Every record set of `document`, in reading order (line tables, then grids, then JSON arrays). */
export function readRecordSets(document: Document, options: ReadRecordSetsOptions = {}): readonly RecordSet[] {
  const knowledge = options.knowledge ?? recordKnowledge();
  const terms = compileHeaderTerms(knowledge);
  const words = { itemsTotal: allTerms(knowledge.itemsTotal), grandTotal: allTerms(knowledge.grandTotal) };
  const totalsWords = [...new Set([...words.itemsTotal, ...words.grandTotal])].sort((left, right) => right.length - left.length);
  const decimalSeparator = document.context.decimalSeparator;
  const sets: RecordSet[] = [];
  if (document.kind === 'text' || document.kind === 'pdf' || document.kind === 'email' || document.kind === 'image') {
    const lines = primaryLines(document);
    for (const table of readLineTables(lines, { terms, totalsWords, decimalSeparator })) {
      sets.push(recordSet('text-table', table.header, table.rows.map((row) => row.cells), totalsOnLines(table.totalsLines, words, decimalSeparator), terms));
    }
    // Item lines without a header (a receipt's), when no table with a header holds the items.
    if (sets.length === 0) {
      const itemLines = readItemLines(lines, { isSummaryLabel: summaryLabel(options.lexicon ?? defaultLexicon()), totalsWords, headerTerms: terms.terms });
      // Amounts in several currencies add up to no printed total.
      const set = itemLines === null ? null : fromItemLines(itemLines, itemLines.mixedCurrencies ? [] : totalsOnLines(itemLines.linesAfter, words, decimalSeparator));
      // One line with an amount is an item only when the total under it says so.
      if (set !== null && (set.rows.length >= 2 || set.sum.agrees === true)) sets.push(set);
    }
  }
  for (const table of document.tables) {
    if (table.source === 'text') continue;
    const grid = readGrid(table, table.source === 'html' ? 'html-table' : 'csv', terms, words, decimalSeparator);
    if (grid !== null) sets.push(fromGrid(grid, terms));
  }
  for (const grid of readJsonArrays(document, knowledge, terms, decimalSeparator)) sets.push(fromGrid(grid, terms));
  return Object.freeze(sets);
}
