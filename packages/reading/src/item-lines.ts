/**
 * Item lines without a header: the rows of a receipt (or of a short invoice) that print no
 * column names —
 *
 *     Latte (large)        $4.75
 *     SMIRNOFF VODKA 0,7L 12,99 C
 *     2 x 1,29             2,58 A
 *     Widget Pro       10 x $50.00  = $500.00
 *
 * A line is an item when it ends with an amount with cents (a currency mark or code and a
 * one- or two-character tax code may follow) and holds a description of its own (two
 * letters or more) that names no summary concept of the packs (a total, a tax, a payment,
 * change, rounding …). A quantity and a unit price printed on the line (`10 x $50.00`, `2
 * Stk x 0,99`) are read with it; a line that holds only them is joined to the item next to
 * it whose amount they make (quantity × unit price), or — when it prints its own amount —
 * to the description printed alone on the line above it. A unit price may be quoted per
 * unit (`0,842 kg x 2,99 EUR/kg`); a count may open the line (`2 x Croissant  1,20  2,40`,
 * its unit price taken only when count × price makes the amount). A line with a negative
 * amount between items or right under the last one (a discount, a coupon) adjusts the set
 * and counts in its sum.
 *
 * The set is the last run of item lines before the first summary line of the document, so
 * a header's figures and the payment lines under a total are never items; without a summary
 * line there is no set. Every word comes from the packs (through `isSummaryLabel` and the
 * totals words); this module knows shapes only: amounts, signs, "x", lines.
 */
import type { SourceSpan } from '@paxman/core';
import type { DocumentLine } from '@paxman/document';
import { readCurrency } from '@paxman/values';
import { readCellNumber } from './cell-number.js';
import { type HeaderTerms, findTerms, startsWithTerm } from './header-terms.js';
import type { RecordCell } from './record-set.js';

/** What reading item lines needs from the reading of the document. */
export interface ItemLineOptions {
  /** True when a text (a line's description) names a summary concept: a total, a tax, a payment, change, rounding. */
  readonly isSummaryLabel: (text: string) => boolean;
  /** Words that open a totals line (the items total and the grand total, every language). */
  readonly totalsWords: readonly string[];
  /** The column header terms: a "description" made of them only ("ITEM QTY") is a header, not an item. */
  readonly headerTerms: HeaderTerms['terms'];
}

/** One item or adjustment read from item lines: cells by concept. */
export type ItemLineCells = Readonly<Record<string, RecordCell>>;

/** Item lines read from a document: the items, the adjustments among them, and the lines after them (for the sum check). */
export interface ItemLines {
  readonly items: readonly ItemLineCells[];
  readonly adjustments: readonly ItemLineCells[];
  /** The lines after the last item (the totals area). */
  readonly linesAfter: readonly DocumentLine[];
  /** True when the amounts are printed in more than one currency: they do not add up to one total. */
  readonly mixedCurrencies: boolean;
}

/** Lines after the items that are searched for the totals they add up to. */
const TOTALS_LINES = 8;
/** Longest description read as an item's (a sentence is no item). */
const DESCRIPTION_CHARACTERS = 80;

interface Token {
  readonly text: string;
  readonly start: number;
  readonly end: number;
}

/** An amount with cents, alone in its token, with an optional sign and currency mark around it. */
const AMOUNT_TOKEN = /^([-−]?)(?:[$€£¥₹]|[A-Z]{1,3}(?=[-−\d]))?([-−]?)(\d{1,3}(?:[.,' ]\d{3})*[.,]\d{2}|\d+[.,]\d{2})(-?)[$€£¥₹]?$/u;
/** A unit price: an amount with two or three decimals (`0,899`), with an optional currency mark. */
const PRICE_TOKEN = /^(?:[$€£¥₹]|[A-Z]{1,3}(?=\d))?(\d{1,3}(?:[.,' ]\d{3})*[.,]\d{2,3}|\d+[.,]\d{2,3})[$€£¥₹]?$/u;
const QUANTITY_TOKEN = /^\d{1,4}(?:[.,]\d{1,3})?$/;
const TIMES = new Set(['x', 'X', '×', '*', '@']);
/** A currency standing apart from its amount ("$ 4.75", "RM 4.75", "4.75 USD"): a mark the MONEY recognizer reads as one. */
function isCurrency(text: string): boolean {
  return text.length <= 4 && !/\d/.test(text) && readCurrency(`${text} 1.00`) !== null;
}
/** A tax code after the amount ("A", "B", "1", "*"). */
const TAX_CODE = /^(?:[A-Z0-9*]{1,2})$/;
const LETTERS = /\p{L}.*\p{L}/u;

function tokensOf(text: string): Token[] {
  return [...text.matchAll(/\S+/g)].map((match) => ({ text: match[0], start: match.index, end: match.index + match[0].length }));
}

/** What one line holds, as an item line may hold it. */
interface LineReading {
  readonly line: DocumentLine;
  readonly description: Token | null;
  readonly quantity: Token | null;
  readonly unitPrice: Token | null;
  readonly amount: Token | null;
  /** The amount's decimal string (negative for a discount). */
  readonly amountNumber: string | null;
  readonly quantityNumber: string | null;
  readonly unitPriceNumber: string | null;
  /** The currency printed with the amount ("$40,000.00 USD", "€12,000.00"), or null. */
  readonly currency: string | null;
}

/** The amount at the end of a line's tokens (after a currency or tax code), or null. */
function trailingAmount(tokens: readonly Token[]): { index: number; number: string } | null {
  let index = tokens.length - 1;
  // A currency code or tax code after the amount ("4.75 USD", "12,99 C", "2,58 A").
  if (index > 0 && !AMOUNT_TOKEN.test(tokens[index]!.text) && (TAX_CODE.test(tokens[index]!.text) || isCurrency(tokens[index]!.text))) index -= 1;
  const token = tokens[index];
  if (token === undefined) return null;
  const match = AMOUNT_TOKEN.exec(token.text);
  if (match === null) return null;
  const negative = match[1] !== '' || match[2] !== '' || match[4] !== '';
  // The digits always have cents here (`12,99`, `1.234,56`): the cell reader settles them without the document's separator.
  const number = readCellNumber(`${negative ? '-' : ''}${match[3]!}`, null);
  return number === null ? null : { index, number };
}

/**
 * The amount with a thousands group printed apart ("SEK 6 400,00": `6` and `400,00` are one
 * number): only when a currency stands right before the group, which a quantity never
 * follows. Otherwise "2 400,00" stays a count and an amount.
 */
function groupedAmount(tokens: readonly Token[], amount: { index: number; number: string }): { from: number; index: number; number: string } {
  const group = tokens[amount.index - 1];
  const before = tokens[amount.index - 2];
  const integer = /^(-?)(\d+)\./.exec(amount.number);
  if (group === undefined || before === undefined || integer === null || integer[2]!.length !== 3 || !/^\d{1,3}$/.test(group.text) || !isCurrency(before.text)) {
    return { from: amount.index, ...amount };
  }
  return { from: amount.index - 1, index: amount.index, number: `${integer[1]!}${group.text}${amount.number.slice(integer[1]!.length)}` };
}

/**
 * A quantity and unit price printed as columns before the amount, with no sign between them
 * ("10   SEK 640,00   SEK 6 400,00"): taken only when quantity × price makes the amount, the
 * check that tells these columns from numbers in a description ("Lens 50 mm").
 */
function columnsBefore(rest: readonly Token[], amountNumber: string): { from: number; to: number; quantity: Token; price: Token } | null {
  const priceIndex = rest.length - 1;
  const price = rest[priceIndex];
  if (price === undefined || !PRICE_TOKEN.test(price.text)) return null;
  let quantityIndex = priceIndex - 1;
  if (quantityIndex > 0 && isCurrency(rest[quantityIndex]!.text)) quantityIndex -= 1;
  const quantity = rest[quantityIndex];
  if (quantity === undefined || quantityIndex === 0 || !QUANTITY_TOKEN.test(quantity.text)) return null;
  const priceNumber = readCellNumber(PRICE_TOKEN.exec(price.text)![1]!, null);
  if (!makes(quantity.text.replace(',', '.'), priceNumber, amountNumber)) return null;
  return { from: quantityIndex, to: priceIndex + 1, quantity, price };
}

/** What a unit price may be quoted per, printed right after it: a currency and a unit, or a unit ("EUR/kg", "€/kg", "/Stk"). */
const PER_UNIT = /^(?:[$€£¥₹]|\p{Lu}{3})?\/\p{L}{1,4}\.?$/u;

/** The end of a unit price at `index` in `tokens`: past the unit it is quoted per, when one follows ("2,99 EUR/kg"). */
function priceEnd(tokens: readonly Token[], index: number): number {
  return tokens[index + 1] !== undefined && PER_UNIT.test(tokens[index + 1]!.text) ? index + 2 : index + 1;
}

/** A quantity and unit price in `tokens` ("10 x $50.00", "2 Stk x 0,99", "2x 1,29", "0,842 kg x 2,99 EUR/kg"), as token indexes, or null. */
function quantityAndPrice(tokens: readonly Token[]): { from: number; to: number; quantity: Token; price: Token } | null {
  for (let index = 0; index < tokens.length; index += 1) {
    const text = tokens[index]!.text;
    // "2x" / "2X" fused with its quantity.
    const fused = /^(\d{1,4})[xX×]$/.exec(text);
    if (fused !== null) {
      const price = tokens[index + 1];
      if (price !== undefined && PRICE_TOKEN.test(price.text)) return { from: index, to: priceEnd(tokens, index + 1), quantity: { text: fused[1]!, start: tokens[index]!.start, end: tokens[index]!.start + fused[1]!.length }, price };
      continue;
    }
    if (!TIMES.has(text)) continue;
    const price = tokens[index + 1];
    if (price === undefined || !PRICE_TOKEN.test(price.text)) continue;
    // The quantity right before the sign, or before a unit word ("2 Stk x").
    let quantityIndex = index - 1;
    if (quantityIndex > 0 && /^\p{L}{1,4}\.?$/u.test(tokens[quantityIndex]!.text) && QUANTITY_TOKEN.test(tokens[quantityIndex - 1]!.text)) quantityIndex -= 1;
    const quantity = tokens[quantityIndex];
    if (quantity === undefined || !QUANTITY_TOKEN.test(quantity.text)) continue;
    return { from: quantityIndex, to: priceEnd(tokens, index + 1), quantity, price };
  }
  return null;
}

/**
 * A count printed before the description ("2 x Croissant", "3x Espresso"): the description's
 * tokens `[from, to)`, and a unit price printed last when the count times it makes the
 * amount ("2 x Croissant  1,20  2,40"). Null when the line does not open with a count and a
 * times sign, or when no letter follows them (then it is a quantity line's).
 */
function leadingCount(rest: readonly Token[], amountNumber: string): { from: number; to: number; quantity: Token; price: Token | null } | null {
  const first = rest[0];
  if (first === undefined) return null;
  const fused = /^(\d{1,4})[xX×]$/.exec(first.text);
  const quantity = fused !== null ? { text: fused[1]!, start: first.start, end: first.start + fused[1]!.length } : /^\d{1,4}$/.test(first.text) && TIMES.has(rest[1]?.text ?? '') ? first : null;
  const from = fused !== null ? 1 : 2;
  if (quantity === null || from >= rest.length || !/^\p{L}/u.test(rest[from]!.text)) return null;
  const last = rest[rest.length - 1]!;
  const lastPrice = rest.length - 1 > from && PRICE_TOKEN.test(last.text) ? readCellNumber(PRICE_TOKEN.exec(last.text)![1]!, null) : null;
  if (lastPrice !== null && makes(quantity.text, lastPrice, amountNumber)) return { from, to: rest.length - 1, quantity, price: last };
  return { from, to: rest.length, quantity, price: null };
}

/** The token span `[from, to)` of `tokens` as one token, or null when empty. */
function joined(tokens: readonly Token[], from: number, to: number, text: string): Token | null {
  if (to <= from) return null;
  const start = tokens[from]!.start;
  const end = tokens[to - 1]!.end;
  return { text: text.slice(start, end), start, end };
}

/**
 * True when a text can be an item's description: two letters or more, not too long, not a
 * fragment of a quantity ("2PC @", "@5 X"), not only column header words ("ITEM QTY").
 */
function isDescription(text: string, options: ItemLineOptions): boolean {
  if (!LETTERS.test(text) || text.length > DESCRIPTION_CHARACTERS) return false;
  const words = text.split(/\s+/);
  if (words.some((word) => TIMES.has(word) || word === '=' || word.startsWith('@'))) return false;
  if (words.every((word) => isCurrency(word))) return false;
  // A price with its currency inside ("Lens 10 SEK 640,00"): the line's columns were not understood.
  if (words.some((word, index) => isCurrency(word) && PRICE_TOKEN.test(words[index + 1] ?? ''))) return false;
  // Letters left once the header terms are taken out: none means a header line.
  let rest = text;
  for (const hit of findTerms(text, options.headerTerms)) rest = `${rest.slice(0, hit.start)}${' '.repeat(hit.end - hit.start)}${rest.slice(hit.end)}`;
  return /\p{L}/u.test(rest);
}

/** A description without the colon or the dot leader that ends it ("Muffin (blueberry):", "Server unit A ........"). */
function withoutColon(token: Token | null): Token | null {
  const ending = token === null ? null : /\s*(?::|[.…_·]{2,}[.…_·\s]*)$/u.exec(token.text);
  if (token === null || ending === null) return token;
  const text = token.text.slice(0, ending.index).trimEnd();
  return text === '' ? null : { text, start: token.start, end: token.start + text.length };
}

function readLine(line: DocumentLine, options: ItemLineOptions): LineReading {
  const tokens = tokensOf(line.text);
  // "2 x 1,29" ends with a unit price, not an amount: a quantity line of its own.
  const counted = quantityAndPrice(tokens);
  const trailing = counted !== null && counted.to === tokens.length ? null : trailingAmount(tokens);
  const amount = trailing === null ? null : groupedAmount(tokens, trailing);
  let rest = amount === null ? tokens : tokens.slice(0, amount.from);
  const currency = amount === null ? null : (readCurrency(line.text.slice(tokens[Math.max(0, amount.index - 1)]!.start))?.currency ?? null);
  // "= $500.00": the sign before the amount.
  if (amount !== null && rest.length > 0 && rest[rest.length - 1]!.text === '=') rest = rest.slice(0, -1);
  // "$ 4.75", "EUR 4,75": a currency standing before the amount.
  if (amount !== null && rest.length > 1 && isCurrency(rest[rest.length - 1]!.text)) rest = rest.slice(0, -1);
  // Without an amount the tokens are the ones already searched.
  const quantity = amount === null ? counted : (quantityAndPrice(rest) ?? columnsBefore(rest, amount.number));
  // A count before the description ("2 x Croissant  1,20  2,40"), with the unit price before the amount when it makes it.
  const leading = quantity === null && amount !== null ? leadingCount(rest, amount.number) : null;
  // The description is printed before the quantity ("Widget Pro  10 x $50.00"), else after it.
  let descriptionTokens = leading !== null ? rest.slice(leading.from, leading.to) : quantity === null ? rest : quantity.from > 0 ? rest.slice(0, quantity.from) : rest.slice(quantity.to);
  // A position number or a bullet before the description ("1.", "2)", "-", "•").
  if (descriptionTokens.length > 1 && /^(?:\d{1,3}[.)]|[-–•*·])$/u.test(descriptionTokens[0]!.text)) descriptionTokens = descriptionTokens.slice(1);
  const description = withoutColon(descriptionTokens.length === 0 ? null : joined(descriptionTokens, 0, descriptionTokens.length, line.text));
  const price = quantity?.price ?? leading?.price ?? null;
  const priceMatch = price === null ? null : PRICE_TOKEN.exec(price.text);
  const counting = quantity?.quantity ?? leading?.quantity ?? null;
  return {
    line,
    description: description !== null && isDescription(description.text, options) ? description : null,
    quantity: counting,
    unitPrice: price,
    amount: amount === null ? null : joined(tokens, amount.from, amount.index + 1, line.text),
    amountNumber: amount?.number ?? null,
    quantityNumber: counting === null ? null : counting.text.replace(',', '.'),
    unitPriceNumber: priceMatch === null ? null : readCellNumber(priceMatch[1]!, null),
    currency,
  };
}

function cell(line: DocumentLine, token: Token, number: string | null): RecordCell {
  const span: SourceSpan = { start: line.span.start + token.start, end: line.span.start + token.end, layer: line.span.layer };
  return Object.freeze({ text: token.text, span, number });
}

/** quantity × unit price equals the amount, to the cent. */
function makes(quantity: string | null, price: string | null, amount: string | null): boolean {
  if (quantity === null || price === null || amount === null) return false;
  return Math.abs(Number(quantity) * Number(price) - Number(amount)) < 0.005;
}

/** The cells of an item from its readings (the line with the description, and the line with the quantity, if apart). */
function itemCells(described: LineReading, counted: LineReading | null, amountFrom: LineReading): ItemLineCells {
  const cells: Record<string, RecordCell> = {};
  cells['description'] = cell(described.line, described.description!, null);
  const quantityLine = counted ?? described;
  if (quantityLine.quantity !== null) cells['quantity'] = cell(quantityLine.line, quantityLine.quantity, quantityLine.quantityNumber);
  if (quantityLine.unitPrice !== null) cells['unit_price'] = cell(quantityLine.line, quantityLine.unitPrice, quantityLine.unitPriceNumber);
  cells['line_amount'] = cell(amountFrom.line, amountFrom.amount!, amountFrom.amountNumber);
  return Object.freeze(cells);
}

type Entry = { kind: 'item' | 'adjustment'; cells: ItemLineCells; lastLine: number; currency: string | null };

/**
 * Reads the item lines of `lines` (the primary layer's, in order), or null when the
 * document prints none before a summary line.
 */
export function readItemLines(lines: readonly DocumentLine[], options: ItemLineOptions): ItemLines | null {
  const readings = lines.map((line) => readLine(line, options));
  const isSummary = (reading: LineReading): boolean => {
    const text = reading.line.text.trim();
    if (startsWithTerm(text, options.totalsWords)) return true;
    const label = reading.description?.text ?? text;
    return options.isSummaryLabel(label) || options.isSummaryLabel(label.split(/\s+/)[0] ?? '');
  };
  let current: Entry[] = [];
  let best: Entry[] = [];
  let gap = 0;
  let index = 0;
  for (; index < readings.length; index += 1) {
    const reading = readings[index]!;
    const text = reading.line.text.trim();
    if (text === '') continue;
    // A summary line ends the items: one with an amount and a summary label, or a summary label alone ("TOTAL" over its amount) —
    // but a discount between items ("RABATT -0,50" over the next item) adjusts the set.
    if (reading.amount !== null ? isSummary(reading) && !discountBetweenItems(readings, index, isSummary) : options.isSummaryLabel(text)) {
      // A discount printed right under the last item ("Rabatt -1,00" before the rule and the sum) still adjusts the set.
      if (gap === 0 && current.length > 0 && isDiscount(reading)) current.push(adjustmentOf(reading, index));
      break;
    }
    const entry = entryAt(readings, index);
    if (entry === null) {
      // A line that is no item ends the run, unless it is the only one between items.
      gap += 1;
      if (gap > 1 && current.length > 0) {
        best = current;
        current = [];
      }
      continue;
    }
    gap = 0;
    current.push(entry);
    index = entry.lastLine;
  }
  const run = current.length > 0 ? current : best;
  // An adjustment before the first item is the head's, not the set's. One after the last item
  // adjusts the set (an item's discount, or one on the whole receipt before its total): it
  // counts in the sum either way.
  while (run.length > 0 && run[0]!.kind === 'adjustment') run.shift();
  const items = run.filter((entry) => entry.kind === 'item').map((entry) => entry.cells);
  if (items.length === 0 || index >= readings.length) return null;
  const last = run[run.length - 1]!.lastLine;
  return Object.freeze({
    items: Object.freeze(items),
    adjustments: Object.freeze(run.filter((entry) => entry.kind === 'adjustment').map((entry) => entry.cells)),
    linesAfter: Object.freeze(lines.slice(last + 1, Math.min(lines.length, index + TOTALS_LINES))),
    mixedCurrencies: new Set(run.flatMap((entry) => (entry.currency === null ? [] : [entry.currency]))).size > 1,
  });
}

/** True when a line prints a negative amount after a description: a discount or a coupon. */
function isDiscount(reading: LineReading): boolean {
  return reading.description !== null && reading.amountNumber !== null && reading.amountNumber.startsWith('-');
}

/** The adjustment a discount line makes. */
function adjustmentOf(reading: LineReading, index: number): Entry {
  return { kind: 'adjustment', cells: Object.freeze({ description: cell(reading.line, reading.description!, null), line_amount: cell(reading.line, reading.amount!, reading.amountNumber) }), lastLine: index, currency: reading.currency };
}

/** True when the line at `index` is a negative amount with a description and the next printed line is an item, not a summary line. */
function discountBetweenItems(readings: readonly LineReading[], index: number, isSummary: (reading: LineReading) => boolean): boolean {
  const reading = readings[index]!;
  if (!isDiscount(reading)) return false;
  let next = index + 1;
  while (next < readings.length && readings[next]!.line.text.trim() === '') next += 1;
  if (next >= readings.length) return false;
  const following = readings[next]!;
  if (following.amount !== null && isSummary(following)) return false;
  return entryAt(readings, next)?.kind === 'item';
}

/** The item (or adjustment) that starts at `index`, with the last line it takes, or null. */
function entryAt(readings: readonly LineReading[], index: number): Entry | null {
  const reading = readings[index]!;
  const next = readings[index + 1];
  if (reading.description === null) {
    // A quantity line before the item it counts ("2 x 1,29" / "Apfelsaft 1L  2,58 A").
    if (reading.quantity !== null && next !== undefined && next.description !== null && next.quantity === null && next.amount !== null && makes(reading.quantityNumber, reading.unitPriceNumber, next.amountNumber)) {
      return { kind: 'item', cells: itemCells(next, reading, next), lastLine: index + 1, currency: next.currency };
    }
    return null;
  }
  if (reading.amount === null) {
    // A description alone on its line, its quantity and amount on the next ("BANANE" / "2 x 1,29  2,58 A").
    if (reading.quantity === null && next !== undefined && next.description === null && next.quantity !== null && next.amount !== null && makes(next.quantityNumber, next.unitPriceNumber, next.amountNumber)) {
      return { kind: 'item', cells: itemCells(reading, next, next), lastLine: index + 1, currency: next.currency };
    }
    return null;
  }
  if (isDiscount(reading)) return adjustmentOf(reading, index);
  // A quantity line after the item it counts ("MILCH 1,98 B" / "2 Stk x 0,99").
  if (reading.quantity === null && next !== undefined && next.description === null && next.amount === null && next.quantity !== null && makes(next.quantityNumber, next.unitPriceNumber, reading.amountNumber)) {
    return { kind: 'item', cells: itemCells(reading, next, reading), lastLine: index + 1, currency: reading.currency };
  }
  return { kind: 'item', cells: itemCells(reading, null, reading), lastLine: index, currency: reading.currency };
}
