/**
 * Printed labels: the Document's key-value pairs (`Label: value`, dot leaders, spaced
 * columns, a label above its value, `<dt>/<dd>`, `<th>/<td>` rows) and its tables (a
 * column whose header matches — the whole header when it is printed over two lines —
 * read from a single-row table, when every row agrees, or from its totals row when that
 * row is the sum of the rows above; a row whose first cell matches,
 * read from its last filled cell — a totals row — or, in a row of several label/value
 * pairs ("Invoice no. 123   Customer no. 456"), from the last cell before the next label).
 */
import type { KeyValuePair } from '@paxman/document';
import { canonicalJson, isDecimalString, type JsonValue, parseDecimal } from '@paxman/core';
import type { Table } from '@paxman/document';
import { type Lexicon, normalizeLabelText } from '@paxman/values';
import type { LabelMatch } from '../shared/label-match.js';
import { amountTextOf, currencyOf } from '../shared/read-typed-value.js';
import { prepaymentFilter } from './prepayment.js';
import { amountIn, conceptsOf, inItemRow, readValue, recordLabelledValue, type SearchContext } from './search-context.js';

/** Key-value pairs of the document. */
/** Amount concepts a tax summary block restates for its own rows. */
const SUMMARISED_CONCEPTS: ReadonlySet<string> = new Set(['total', 'subtotal', 'tax']);

export function findInKeyValues(context: SearchContext): void {
  // Each distinct key is matched once; the matching pairs are then read in document order.
  const matched: [number, LabelMatch][] = [];
  const matchKey = context.matchKey;
  for (const { key, positions } of context.index.keyValueKeys) {
    const match = matchKey(key);
    if (match) for (const position of positions) matched.push([position, match]);
  }
  matched.sort((left, right) => left[0] - right[0]);
  // The totals of a tax summary block are the summary's, never the document's amounts.
  const skipSummaries = context.labels.concepts.some((concept) => SUMMARISED_CONCEPTS.has(concept));
  const isTotal = context.labels.concepts.includes('total');
  // Where "net" means after tax is a fact of the document: worked out once per run and reading type.
  const afterTax = isTotal ? context.index.memo(`net-after-tax\u0000${context.reading.fieldType}`, () => netAfterTax(context)) : null;
  // After a prepayment, the total and the amount due are different amounts.
  const beforeOrAfterPrepayment = prepaymentFilter(context);
  const setAsideByPrepayment = (pair: KeyValuePair): boolean => beforeOrAfterPrepayment !== null && !beforeOrAfterPrepayment(pair.key, pair.keySpan.layer, pair.keySpan.start);
  for (const [position, match] of matched) {
    const pair = context.index.keyValues[position]!;
    if (skipSummaries && pair.region === 'summary') continue;
    if (setAsideByPrepayment(pair)) continue;
    // Where "net" is the amount after tax, a total printed before the tax lines is the amount before tax.
    if (afterTax !== null && position < afterTax.taxPosition) continue;
    // A total followed by a non-zero rounding adjustment is the total before rounding, not the amount paid.
    if (isTotal && roundedAfter(context, pair.key, pairsAfter(context.index.keyValues, position))) continue;
    // A signer's "Title:" or "Date:" answers only a field about signing.
    if (pair.region === 'signature' && !context.aboutSigning) continue;
    recordLabelledValue(context, {
      match,
      keySpan: pair.keySpan,
      valueSpan: pair.valueSpan,
      valueText: pair.value,
      structured: false,
      structure: `key-value:${pair.source}`,
      singleValueLine: pair.source === 'colon' || pair.source === 'leader' || pair.source === 'spaced',
      // A value below its label is a weaker reading than one on the same line; one paired by order in a block weaker still.
      penalty: pair.source === 'above' ? 10 : pair.source === 'block' ? 15 : 0,
    });
  }
  for (const position of afterTax?.netPositions ?? []) {
    const pair = context.index.keyValues[position]!;
    // A net total after a prepayment ("Net à payer" under "Acompte versé") is what is left to pay, not the total.
    if (setAsideByPrepayment(pair)) continue;
    const key = context.index.normalizeLabel(pair.key).text;
    recordLabelledValue(context, {
      match: { strength: 'synonym', label: key, normalizedKey: key, currency: null, specificity: 3 },
      keySpan: pair.keySpan,
      valueSpan: pair.valueSpan,
      valueText: pair.value,
      structured: false,
      structure: `key-value:${pair.source}`,
      singleValueLine: pair.source === 'colon' || pair.source === 'leader' || pair.source === 'spaced',
      penalty: pair.source === 'above' ? 10 : pair.source === 'block' ? 15 : 0,
      detail: { netSense: 'after-tax' },
    });
  }
}

/** True when a label names a total or a subtotal ("Total incl. GST", "Net amount"). */
function namesAmount(context: SearchContext, label: string): boolean {
  return conceptsOf(context, label).some((concept) => concept === 'total' || concept === 'subtotal');
}

/**
 * "Net total", "Nett amount", "Net total rounded": a label whose sense of "net" depends on
 * the document — a net word, then what names a total or a subtotal.
 */
function isNetTotal(context: SearchContext, label: string): boolean {
  if (!context.layout.startsWith('net-words', label)) return false;
  if (namesAmount(context, label)) return true;
  const rest = label.trim().replace(/^\S+\s*/u, '');
  return rest.length > 0 && namesAmount(context, rest);
}

/**
 * Where a document uses "net" for the amount after tax (as many Asian receipts do: "GROSS
 * AMT 47.80 / SVR TAX 2.87 / GST 2.86 / NET AMT 53.55"), rather than before it (as in much
 * of Europe: "Net 100.00 / VAT 19.00 / Total 119.00"): the net-labelled amounts printed
 * after a tax, service or rounding line (not a tax registration's label) and no smaller
 * than any total-like amount before that line.
 * Returns those pairs and the tax line's position, or null when "net" means before tax or
 * the document does not say.
 */
function netAfterTax(context: SearchContext): { netPositions: number[]; taxPosition: number } | null {
  const pairs = context.index.keyValues;
  // What a key says is judged once per distinct key: a long document repeats its keys.
  const netTotal = context.index.keyFact('net-total', (key) => isNetTotal(context, key));
  const amountLabel = context.index.keyFact('names-amount', (key) => namesAmount(context, key));
  // A tax or service line — not a total that says it includes or excludes the tax ("Total incl. GST"), nor
  // a tax registration's label ("USt-IdNr.", "TVA intracom.", "GST REG NO") — or a rounding adjustment,
  // which is made to what is paid, after tax ("ROUND AMT 0.00" over "NET TOTAL").
  const taxLine = context.index.keyFact('tax-line', (key) => (context.layout.mentions('added-charges', key) || context.layout.mentions('rounding-words', key)) && !namesAmount(context, key) && !namesTaxRegistration(context, key));
  let taxPosition = -1;
  const netPositions: number[] = [];
  for (let position = 0; position < pairs.length; position += 1) {
    if (pairs[position]!.region !== undefined) continue;
    if (netTotal(position)) {
      if (taxPosition >= 0) netPositions.push(position);
      else return null;
    } else if (taxPosition < 0 && taxLine(position)) {
      taxPosition = position;
    }
  }
  if (netPositions.length === 0) return null;
  const amount = (position: number): number | null => amountIn(context, pairs[position]!.value);
  const net = amount(netPositions[0]!);
  if (net === null) return null;
  for (let position = 0; position < taxPosition; position += 1) {
    if (!amountLabel(position)) continue;
    const before = amount(position);
    if (before !== null && before > net) return null;
  }
  return { netPositions, taxPosition };
}

/** Where the words of `text` stop being punctuation (the start of its next word). */
function nextWord(text: string): string {
  return text.replace(/^[^\p{L}\p{N}]+/u, '');
}

/**
 * A tax registration's label: a tax word of the packs, then only tax-id words ("USt-IdNr.",
 * "TVA intracom.", "GST REG NO", "PVN maks. Nr."): the number after it is no tax amount.
 */
function namesTaxRegistration(context: SearchContext, key: string): boolean {
  const taxEnd = context.layout.afterStart('tax-words', key.trim());
  if (taxEnd === null) return false;
  let rest = nextWord(key.trim().slice(taxEnd));
  if (rest === '') return false;
  while (rest !== '') {
    const end = context.layout.afterStart('tax-id-words', rest);
    if (end === null) return false;
    rest = nextWord(rest.slice(end));
  }
  return true;
}

/** Table columns and totals rows. CSV grids are read by the structured finder. */
export function findInTables(context: SearchContext): void {
  // Columns whose header matches and rows whose first cell matches, grouped by table;
  // each distinct header and first cell is matched once.
  const labelledColumns = matchedPositions(context, context.index.columnLabels().map(({ text, columns }) => [text, columns] as const));
  const labelledRows = matchedPositions(context, context.index.rowLabels().map(({ text, rows }) => [text, rows] as const));
  // Only the tables with a matched column or row are visited, in document order.
  const tables = context.index.document.tables;
  const labelled = new Set([...labelledColumns.keys(), ...labelledRows.keys()]);
  for (const tableIndex of [...labelled].sort((left, right) => left - right)) {
    const table = tables[tableIndex]!;
    const columns = labelledColumns.get(tableIndex);
    if (columns) for (const [column, match] of columns.sort((left, right) => left[0] - right[0])) findInColumn(context, table, tableIndex, column, match);
    const rows = labelledRows.get(tableIndex);
    if (rows) findInRowLabels(context, table, tableIndex, rows.sort((left, right) => left[0] - right[0]));
  }
}

/** `[table, position]` places of the texts the field's labels match, as position and match per table. */
function matchedPositions(context: SearchContext, texts: readonly (readonly [string, readonly (readonly [number, number])[]])[]): Map<number, [number, LabelMatch][]> {
  const byTable = new Map<number, [number, LabelMatch][]>();
  const matchText = context.matchKey;
  for (const [text, places] of texts) {
    const match = matchText(text);
    if (!match) continue;
    for (const [tableIndex, position] of places) {
      const list = byTable.get(tableIndex);
      if (list) list.push([position, match]);
      else byTable.set(tableIndex, [[position, match]]);
    }
  }
  return byTable;
}

/** A column whose header matched: its value when one row holds it or every row agrees. */
function findInColumn(context: SearchContext, table: Table, tableIndex: number, column: number, match: LabelMatch): void {
  const headerCell = table.header![column]!;
  const cells = table.rows.map((row) => row[column]).filter((cell) => cell !== undefined && cell.text.trim().length > 0);
  // Rows whose cell reads as the field's type; others (a repeated header, a note) are ignored.
  const readable = cells.flatMap((cell) => {
    const read = readValue(context, cell!.text, match.currency);
    return read ? [{ cell: cell!, key: canonicalJson(read.value), value: read.value }] : [];
  });
  if (readable.length === 0) return;
  // A column of an items table holds one value per item, never the document's (an invoice of one line).
  if (readable.some((entry) => inItemRow(context, entry.cell.span))) return;
  // Several rows: a per-row column, not one value for the document — unless every row says the same,
  // or its last row is the sum of the rows above (a summary's totals row: the tax of every rate, then their total).
  if (new Set(readable.map((entry) => entry.key)).size !== 1) {
    if (AMOUNT_TYPES.has(context.reading.fieldType) && cells.length === readable.length && sumsTheRowsAbove(readable.map((entry) => entry.value))) {
      const last = readable[readable.length - 1]!.cell;
      recordLabelledValue(context, {
        match,
        keySpan: headerCell.span,
        valueSpan: last.span,
        valueText: last.text,
        structured: false,
        structure: `table:${table.source}:column-total`,
        penalty: 10,
        detail: { table: tableIndex, column, rows: readable.length },
      });
    }
    return;
  }
  const cell = readable[0]!.cell;
  recordLabelledValue(context, {
    match,
    keySpan: headerCell.span,
    valueSpan: cell.span,
    valueText: cell.text,
    structured: false,
    structure: `table:${table.source}:header`,
    penalty: readable.length > 1 || cells.length > readable.length ? 5 : 0,
    detail: { table: tableIndex, column, rows: readable.length },
  });
}

/** The field types a column's totals row is read for: amounts add up, names and dates do not. */
const AMOUNT_TYPES: ReadonlySet<string> = new Set(['MONEY', 'DECIMAL', 'INTEGER']);

/** Fewest rows above a column's totals row: with one, the two agree and the column is read as agreeing. */
const MIN_SUMMED_ROWS = 2;

/**
 * True when the last of a column's values is the sum of the others, to the cent: the
 * column's totals row. Every value must be an amount, in one currency.
 */
function sumsTheRowsAbove(values: readonly JsonValue[]): boolean {
  if (values.length < MIN_SUMMED_ROWS + 1) return false;
  const currencies = new Set(values.map(currencyOf));
  if (currencies.size !== 1) return false;
  const amounts = values.map(amountTextOf);
  if (!amounts.every(isDecimalString)) return false;
  const total = parseDecimal(amounts[amounts.length - 1]!);
  const sum = amounts.slice(0, -1).reduce((running, amount) => running.plus(parseDecimal(amount!)), parseDecimal(0));
  return !total.isZero() && sum.equals(total);
}

/**
 * A cell that names something: letters ending in ":" or "." with no digit ("Customer
 * no.", "Due:"), or a lexicon term of two or more words ("Due date"). A one-word term
 * ("VAT" in "Tax | VAT | 19.00") may be a qualifier of the row's label, so it does not count.
 */
function isLabelCell(text: string, lexicon: Lexicon): boolean {
  const trimmed = text.trim();
  if (trimmed.length === 0 || /\d/.test(trimmed)) return false;
  if (/\p{L}[.:]$/u.test(trimmed)) return true;
  const normalized = normalizeLabelText(trimmed);
  return normalized.includes(' ') && lexicon.conceptsOfLabel(normalized).length > 0;
}

/** Rows whose first cell matched (`rows`: row index and match, ascending). */
function findInRowLabels(context: SearchContext, table: Table, tableIndex: number, rows: readonly (readonly [number, LabelMatch])[]): void {
  const skipSummaries = context.labels.concepts.some((concept) => SUMMARISED_CONCEPTS.has(concept));
  const isTotal = context.labels.concepts.includes('total');
  const beforeOrAfterPrepayment = prepaymentFilter(context);
  rows.forEach(([rowIndex, match]) => {
    const row = table.rows[rowIndex]!;
    const first = row[0]!;
    // The same rules as for key-value pairs: a tax summary's rows, a total before its rounding, and
    // the side of a prepayment the field is not on are not the field's.
    if (skipSummaries && table.summaryRows?.includes(rowIndex) === true) return;
    if (beforeOrAfterPrepayment !== null && !beforeOrAfterPrepayment(first.text, first.span.layer, first.span.start)) return;
    if (isTotal && roundedAfter(context, first.text, table.rows.slice(rowIndex + 1, rowIndex + 3).map((next) => ({ key: next[0]?.text ?? '', value: next[next.length - 1]?.text ?? '' })))) return;
    // The row's value cells end at the next cell that reads as a label of its own.
    let last = row.length - 1;
    for (let column = 2; column < row.length; column += 1) {
      if (isLabelCell(row[column]!.text, context.lexicon)) {
        last = column - 1;
        break;
      }
    }
    for (let column = last; column >= 1; column -= 1) {
      const cell = row[column]!;
      if (cell.text.trim().length === 0) continue;
      recordLabelledValue(context, {
        match,
        keySpan: first.span,
        valueSpan: cell.span,
        valueText: cell.text,
        structured: false,
        structure: `table:${table.source}:row-label`,
        detail: { table: tableIndex, row: rowIndex, column },
      });
      return;
    }
  });
}

/** The two key-value pairs after `position` in its layer and past its value. */
function pairsAfter(pairs: readonly KeyValuePair[], position: number): readonly KeyValuePair[] {
  const pair = pairs[position]!;
  return pairs.slice(position + 1, position + 3).filter((next) => next.valueSpan.layer === pair.valueSpan.layer && next.keySpan.start >= pair.valueSpan.end);
}

/**
 * True when one of the two labelled amounts that follow a total (`following`: key-value
 * pairs or a table's rows) is a non-zero rounding adjustment or the total after rounding,
 * and the total's label (`key`) is not itself the rounded (or after-adjustment) total.
 */
function roundedAfter(context: SearchContext, key: string, following: readonly { readonly key: string; readonly value: string }[]): boolean {
  const rounding = (label: string) => context.layout.mentions('rounding-words', label);
  if (rounding(key)) return false;
  for (const next of following) {
    // "Total Sales Incl GST 76.00" then "Total After Adj Incl GST 75.00": the later total is the rounded one.
    if (rounding(next.key) && namesAmount(context, next.key)) return true;
    if (!rounding(next.key)) continue;
    const amount = Number(next.value.replace(/[^\d.-]/g, ''));
    return Number.isFinite(amount) && amount !== 0;
  }
  return false;
}
