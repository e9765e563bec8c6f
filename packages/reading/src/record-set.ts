/**
 * What the reading layer hands on about a document's records: record sets (a table of
 * invoice lines, receipt item lines, CSV rows, a JSON array of objects), each row a map
 * from header concept to cell, each cell with its source span, and what the set's
 * arithmetic says (quantity × unit price = amount per row; the sum of the amounts against
 * the total printed under the set). Plain frozen data: capabilities bind it to fields.
 */
import type { SourceSpan } from '@paxman/core';

/** Where a record set was read. */
export type RecordSetSource = 'text-table' | 'html-table' | 'csv' | 'json' | 'item-lines';

/** One cell: the text as printed, its span, and its number when the column holds numbers. */
export interface RecordCell {
  readonly text: string;
  readonly span: SourceSpan;
  /** Decimal string for numeric columns (quantity, prices, amounts, rates); null otherwise or unreadable. */
  readonly number: string | null;
}

/** How a row's own arithmetic came out: quantity × unit price against its amount. */
export type RowCheck = 'agrees' | 'disagrees' | 'unchecked';

export interface RecordRow {
  /** Header concept id (`description`, `quantity`, `unit_price`, `line_amount` …) → cell. */
  readonly cells: Readonly<Record<string, RecordCell>>;
  readonly check: RowCheck;
}

/** The set's sum against a total printed under it. */
export interface RecordSetSum {
  /** Sum of the rows' amounts (decimal string). */
  readonly sum: string;
  /** The printed total it was compared with, or null when none was found. */
  readonly printed: string | null;
  readonly printedSpan: SourceSpan | null;
  /** True: equal (within rounding); false: a total is printed and the rows do not reach it; null: nothing to compare with. */
  readonly agrees: boolean | null;
}

export interface RecordSet {
  readonly source: RecordSetSource;
  /** The header cells by concept (absent for item lines without a header). */
  readonly header: Readonly<Record<string, RecordCell>>;
  readonly rows: readonly RecordRow[];
  /**
   * Rows with an amount but without the quantity or the unit price most rows print: an
   * allowance or a charge on the whole set (a discount line, a delivery charge). They are
   * no items, but they count in the sum.
   */
  readonly adjustments: readonly RecordRow[];
  readonly sum: RecordSetSum;
}
