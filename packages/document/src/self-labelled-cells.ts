/**
 * Lines whose cells each carry their own label: `Ticket n° 004512        Caisse 2`,
 * `TVA 5,5%  HT 8,53  TVA 0,47`, `Datum 14.03.2024   Uhrzeit 18:42:11`. When every cell of
 * a line of two or more is a label, one space, then a number (with its separators, a
 * sign, a percent sign), each cell is a pair of its own — not the first cell a key and the
 * second its value. Layout only, no words: a label is one by its shape, and a currency
 * before its amount (`RM 5.00`, `EUR 9,00`, `zł 12,50`) is no label.
 */
import { readCurrency } from '@paxman/values';
import { isLabelShape, trimBounds } from './label-shape.js';
import type { LineCell } from './line-cells.js';

/** A number standing as a value at the end of a cell: digits with separators, a sign before, a percent sign after. */
const NUMBER_VALUE = /^[-−+]?\d[\d.,:/-]*%?$/;
/** Fewest letters a label of a self-labelled cell has (a lone letter is a code or a mark). */
const MIN_LABEL_LETTERS = 2;

/** A cell read as its own pair: the bounds of its label and of its number. */
export interface SelfLabelledCell {
  readonly key: readonly [number, number];
  readonly value: readonly [number, number];
}

/** The cells of a line as pairs, or null unless there are two or more and every one is a label and a number. */
export function selfLabelledCells(text: string, cells: readonly LineCell[]): SelfLabelledCell[] | null {
  if (cells.length < 2) return null;
  const found: SelfLabelledCell[] = [];
  for (const cell of cells) {
    const space = text.lastIndexOf(' ', cell.end - 1);
    if (space <= cell.start) return null;
    if (!NUMBER_VALUE.test(text.slice(space + 1, cell.end))) return null;
    const [keyStart, keyEnd] = trimBounds(text, cell.start, space);
    if (!isLabelShape(text, keyStart, keyEnd) || letterCount(text.slice(keyStart, keyEnd)) < MIN_LABEL_LETTERS) return null;
    if (readCurrency(text.slice(keyStart, keyEnd)) !== null) return null;
    found.push({ key: [keyStart, keyEnd], value: [space + 1, cell.end] });
  }
  return found;
}

function letterCount(text: string): number {
  let letters = 0;
  for (const character of text) if (/\p{L}/u.test(character)) letters += 1;
  return letters;
}
