/**
 * Rows that must add up: quantity × unit price against the row's amount (to the cent, or
 * to the rounding of the printed places), and the sum of the amounts against a total
 * printed under the set. A total that equals the sum agrees; an items total (the words
 * that name a sum before tax) that does not is a disagreement, with both sums; a grand
 * total alone (which may hold tax) that does not equal the sum settles nothing.
 */
import { type Decimal, formatDecimal, parseDecimal } from '@paxman/core';
import type { DocumentLine } from '@paxman/document';
import { isNumberText, readCellNumber } from './cell-number.js';
import { startsWithTerm } from './header-terms.js';
import { linePieces } from './line-tables.js';
import type { RecordRow, RecordSetSum, RowCheck } from './record-set.js';

function decimal(text: string | null | undefined): Decimal | null {
  if (text === null || text === undefined) return null;
  try {
    return parseDecimal(text);
  } catch {
    return null;
  }
}

function places(text: string): number {
  const point = text.indexOf('.');
  return point < 0 ? 0 : text.length - point - 1;
}

/** quantity × unit price against the amount of one row. */
export function checkRow(cells: RecordRow['cells']): RowCheck {
  const quantity = decimal(cells['quantity']?.number);
  const price = decimal(cells['unit_price']?.number);
  const amountText = cells['line_amount']?.number ?? null;
  const amount = decimal(amountText);
  if (quantity === null || price === null || amount === null || amountText === null) return 'unchecked';
  const tolerance = parseDecimal(10).pow(-Math.max(2, places(amountText))).div(2).plus('0.0000001');
  return quantity.times(price).minus(amount).abs().lessThanOrEqualTo(tolerance) ? 'agrees' : 'disagrees';
}

/** A number printed as a total under (or beside) a record set. */
export interface PrintedTotal {
  readonly number: string;
  readonly span: NonNullable<RecordSetSum['printedSpan']>;
  /** True when its label names the sum of the items (before tax), false for a grand total. */
  readonly itemsTotal: boolean;
}

/** The totals printed on lines that open with a totals word: every number right of the word. */
export function totalsOnLines(lines: readonly DocumentLine[], words: { readonly itemsTotal: readonly string[]; readonly grandTotal: readonly string[] }, decimalSeparator: '.' | ',' | null): PrintedTotal[] {
  const totals: PrintedTotal[] = [];
  for (const line of lines) {
    const pieces = linePieces(line.text);
    const labelIndex = pieces.findIndex((piece) => startsWithTerm(piece.text, words.itemsTotal) || startsWithTerm(piece.text, words.grandTotal));
    if (labelIndex < 0) continue;
    const itemsTotal = startsWithTerm(pieces[labelIndex]!.text, words.itemsTotal);
    for (const piece of pieces.slice(labelIndex)) {
      // The label's own piece may end with its number ("Total HT 2535.00").
      const words_ = piece.text.split(' ');
      const candidates = [piece.text, words_[words_.length - 1]!];
      for (const text of candidates) {
        if (!isNumberText(text, decimalSeparator)) continue;
        const number = readCellNumber(text, decimalSeparator);
        if (number === null) continue;
        const offset = piece.text.lastIndexOf(text);
        totals.push({ number, itemsTotal, span: { start: line.span.start + piece.start + offset, end: line.span.start + piece.start + offset + text.length, layer: line.span.layer } });
        break;
      }
    }
  }
  return totals;
}

/** The sum of the rows' amounts against the totals printed with them. */
export function checkSum(rows: readonly RecordRow[], totals: readonly PrintedTotal[]): RecordSetSum {
  let sum = parseDecimal(0);
  let counted = 0;
  for (const row of rows) {
    const amount = decimal(row.cells['line_amount']?.number);
    if (amount !== null) {
      sum = sum.plus(amount);
      counted += 1;
    }
  }
  const sumText = formatDecimal(sum);
  if (counted === 0) return { sum: sumText, printed: null, printedSpan: null, agrees: null };
  const tolerance = parseDecimal('0.005').times(Math.max(1, counted));
  const equal = totals.find((total) => {
    const value = decimal(total.number);
    return value !== null && value.minus(sum).abs().lessThanOrEqualTo(tolerance);
  });
  if (equal !== undefined) return { sum: sumText, printed: equal.number, printedSpan: equal.span, agrees: true };
  // Only an amount with cents can be the printed total the rows miss (not a page or line number).
  const itemsTotal = totals.find((total) => total.itemsTotal && /\.\d{2}$/.test(total.number));
  if (itemsTotal !== undefined) return { sum: sumText, printed: itemsTotal.number, printedSpan: itemsTotal.span, agrees: false };
  return { sum: sumText, printed: null, printedSpan: null, agrees: null };
}
