/**
 * Record sets printed as lines of text — a plain-text invoice, or a PDF's text layer, whose
 * lines keep their columns by position: a header line (or a band of up to five lines) that
 * names two or more column concepts, one of them a price or an amount; then rows, each with
 * a number under the amount column (or the unit price, when there is no amount column).
 * Cells are pieces of a line split at runs of two or more spaces, placed in the column they
 * overlap (or lie nearest to). A description printed on the line above its numbers, or
 * continued on the line below, is joined to its row. A header repeated after a page break
 * continues the same set. The set ends at a line that opens with a totals word, or after a
 * run of lines that are no rows; the totals printed there are kept for the sum check.
 */
import type { DocumentLine } from '@paxman/document';
import type { SourceSpan } from '@paxman/core';
import { isNumberText, readCellNumber } from './cell-number.js';
import { type HeaderTerms, type TermHit, findTerms, startsWithTerm } from './header-terms.js';
import type { RecordCell, RecordRow } from './record-set.js';

/** What a line reading needs from the reading of the document. */
export interface LineTableOptions {
  readonly terms: HeaderTerms;
  /** Words that open a totals line (the items total and the grand total, every language). */
  readonly totalsWords: readonly string[];
  readonly decimalSeparator: '.' | ',' | null;
}

/** A table read from lines: header cells, rows, and the totals lines under it. */
export interface LineTable {
  readonly header: Readonly<Record<string, RecordCell>>;
  readonly rows: readonly LineRow[];
  /** Lines after the rows that open with a totals word (for the sum check). */
  readonly totalsLines: readonly DocumentLine[];
}

export interface LineRow {
  readonly cells: Readonly<Record<string, RecordCell>>;
  readonly row: RecordRow['check'];
}

interface Column {
  readonly concept: string;
  readonly start: number;
  readonly end: number;
  readonly cell: RecordCell;
}

interface Piece {
  readonly start: number;
  readonly end: number;
  readonly text: string;
}

/** Runs of a line separated by two or more spaces or a tab; positions relative to the line start. */
export function linePieces(text: string): Piece[] {
  const pieces: Piece[] = [];
  const pattern = /\S+(?: \S+)*/g;
  for (const match of text.matchAll(pattern)) pieces.push({ start: match.index, end: match.index + match[0].length, text: match[0] });
  return pieces;
}

const NUMERIC_CONCEPTS = new Set(['quantity', 'unit_price', 'line_amount', 'vat_rate']);
const MAX_GAP_LINES = 20;
const MAX_BREAK_LINES = 16;

function nonSpaceLength(text: string): number {
  let count = 0;
  for (const character of text) if (character.trim() !== '') count += 1;
  return count;
}

interface HeaderReading {
  readonly hits: readonly TermHit[];
  readonly concepts: ReadonlySet<string>;
  readonly coverage: number;
  readonly hasNumbers: boolean;
}

export function readHeader(line: DocumentLine, options: LineTableOptions): HeaderReading {
  const hits = findTerms(line.text, options.terms.terms);
  const covered = hits.reduce((sum, hit) => sum + nonSpaceLength(line.text.slice(hit.start, hit.end)), 0);
  const total = nonSpaceLength(line.text);
  const hasNumbers = linePieces(line.text).some((piece) => /\d[.,]\d/.test(piece.text) && isNumberText(piece.text, options.decimalSeparator));
  return { hits, concepts: new Set(hits.map((hit) => hit.concept)), coverage: total === 0 ? 0 : covered / total, hasNumbers };
}

function isHeaderLine(reading: HeaderReading): boolean {
  const priced = reading.concepts.has('line_amount') || reading.concepts.has('unit_price');
  const itemised = reading.concepts.has('description') || reading.concepts.has('quantity');
  return reading.concepts.size >= 2 && priced && itemised && reading.coverage >= 0.5 && !reading.hasNumbers;
}

/** A line naming two column concepts or more, and nothing else: the header of another table (a tax breakdown). */
function isSectionHeader(reading: HeaderReading, line: DocumentLine): boolean {
  return reading.concepts.size >= 2 && reading.coverage >= 0.5 && !/\d/.test(line.text);
}

function isHeaderBandLine(reading: HeaderReading): boolean {
  return reading.hits.length > 0 && reading.coverage >= 0.3 && !reading.hasNumbers;
}

function cellAt(line: DocumentLine, start: number, end: number, number: string | null): RecordCell {
  const span: SourceSpan = { start: line.span.start + start, end: line.span.start + end, layer: line.span.layer };
  return { text: line.text.slice(start, end), span, number };
}

/**
 * A term that ends a header cell after words that name nothing ("Line Amount Excl. VAT")
 * qualifies the cell's first term; it is no column of its own.
 */
function qualifiedHits(line: DocumentLine, hits: readonly TermHit[]): TermHit[] {
  const pieces = linePieces(line.text);
  const kept: TermHit[] = [];
  for (const hit of hits) {
    const previous = kept[kept.length - 1];
    const piece = pieces.find((candidate) => candidate.start <= hit.start && candidate.end >= hit.end);
    const samePiece = previous !== undefined && piece !== undefined && previous.start >= piece.start && hit.end === piece.end;
    if (samePiece && /\p{L}/u.test(line.text.slice(previous.end, hit.start))) continue;
    kept.push(hit);
  }
  return kept;
}

export function columnsOf(lines: readonly DocumentLine[], readings: readonly HeaderReading[]): Column[] {
  const columns: Column[] = [];
  lines.forEach((line, index) => {
    const hits = qualifiedHits(line, readings[index]!.hits);
    for (const hit of hits) {
      // A header cell is the whole piece the term stands in ("P.U. HT (EUR)"), unless the piece names another concept too.
      const piece = linePieces(line.text).find((candidate) => candidate.start <= hit.start && candidate.end >= hit.end);
      const alone = piece !== undefined && piece.text.length <= hit.end - hit.start + 8 && hits.every((other) => other === hit || other.end <= piece.start || other.start >= piece.end);
      const start = alone ? piece.start : hit.start;
      const end = alone ? piece.end : hit.end;
      columns.push({ concept: hit.concept, start, end, cell: cellAt(line, hit.start, hit.end, null) });
    }
  });
  return columns.sort((left, right) => left.start - right.start);
}

function distance(column: Column, start: number, end: number): number {
  return Math.max(0, column.start - end, start - column.end);
}

function nearestColumn(columns: readonly Column[], piece: Piece, numeric: boolean): Column {
  let best = columns[0]!;
  let bestScore = Infinity;
  for (const column of columns) {
    // Numbers are set flush right under their header; text flush left. A bare number is
    // less likely a description than the number column beside it (`  1` under `#`).
    const tie = numeric ? Math.abs(column.end - piece.end) : Math.abs(column.start - piece.start);
    const far = numeric && column.concept === 'description' ? 1 : 0;
    const score = (distance(column, piece.start, piece.end) + far) * 1000 + tie;
    if (score < bestScore) {
      bestScore = score;
      best = column;
    }
  }
  return best;
}

/** Places the pieces of a line in the columns: concept → cell (the first piece per concept wins; see `chooseAmount`). */
export function placeLine(line: DocumentLine, columns: readonly Column[], options: LineTableOptions): Map<string, RecordCell> {
  const placed = new Map<string, RecordCell>();
  const amounts: RecordCell[] = [];
  const hasUnitColumn = columns.some((column) => column.concept === 'unit');
  for (const piece of splitUnits(splitLeadingCode(linePieces(line.text), columns, options), hasUnitColumn, options)) {
    const numeric = isNumberText(piece.text, options.decimalSeparator) || readCellNumber(piece.text, options.decimalSeparator) !== null;
    const column = nearestColumn(columns, piece, numeric);
    const number = NUMERIC_CONCEPTS.has(column.concept) ? readCellNumber(piece.text, options.decimalSeparator) : null;
    const cell = cellAt(line, piece.start, piece.end, number);
    if (column.concept === 'line_amount' && number !== null) amounts.push(cell);
    const existing = placed.get(column.concept);
    // In a column of numbers, a number wins over text that is none (a date under a quantity header).
    if (existing === undefined || (existing.number === null && number !== null)) placed.set(column.concept, cell);
    else if (column.concept === 'description') {
      placed.set(column.concept, { text: `${existing.text} ${cell.text}`, span: { ...existing.span, end: cell.span.end }, number: null });
    }
  }
  if (amounts.length > 1) placed.set('line_amount', chooseAmount(amounts, placed));
  return placed;
}

/**
 * Of several amounts on a row (net and gross, a discount and a line total), the one that
 * is quantity × unit price; failing that, the rightmost (the line total is printed last).
 */
function chooseAmount(amounts: readonly RecordCell[], placed: ReadonlyMap<string, RecordCell>): RecordCell {
  const quantity = placed.get('quantity')?.number;
  const price = placed.get('unit_price')?.number;
  if (quantity != null && price != null) {
    const product = Number(quantity) * Number(price);
    const matching = amounts.find((cell) => Math.abs(Number(cell.number) - product) < 0.006);
    if (matching !== undefined) return matching;
  }
  return amounts[amounts.length - 1]!;
}

/** `2 Stk`, `10,00 PCE`: a number and its unit in one piece become two pieces when the table has a unit column. */
function splitUnits(pieces: readonly Piece[], hasUnitColumn: boolean, options: LineTableOptions): Piece[] {
  if (!hasUnitColumn) return [...pieces];
  const result: Piece[] = [];
  for (const piece of pieces) {
    const match = /^(\S+) ([\p{L}²³.]{1,6})$/u.exec(piece.text);
    if (match === null || !isNumberText(match[1]!, options.decimalSeparator)) {
      result.push(piece);
      continue;
    }
    const split = match[1]!.length + 1;
    result.push({ start: piece.start, end: piece.start + match[1]!.length, text: match[1]! }, { start: piece.start + split, end: piece.end, text: piece.text.slice(split) });
  }
  return result;
}

/**
 * A piece whose first word is a number or code under another column than the rest
 * (`1 Superdrachen` under `Pos.` and `Artikelbeschreibung`) is split in two.
 */
function splitLeadingCode(pieces: readonly Piece[], columns: readonly Column[], options: LineTableOptions): Piece[] {
  const result: Piece[] = [];
  for (const piece of pieces) {
    const space = piece.text.indexOf(' ');
    if (space < 0 || !/\d/.test(piece.text.slice(0, space))) {
      result.push(piece);
      continue;
    }
    const head: Piece = { start: piece.start, end: piece.start + space, text: piece.text.slice(0, space) };
    const tail: Piece = { start: piece.start + space + 1, end: piece.end, text: piece.text.slice(space + 1) };
    const headColumn = nearestColumn(columns, head, true);
    const tailColumn = nearestColumn(columns, tail, isNumberText(tail.text, options.decimalSeparator));
    const unitAfterNumber = NUMERIC_CONCEPTS.has(headColumn.concept) && /^[\p{L}.]{1,4}$/u.test(tail.text);
    if (headColumn !== tailColumn && headColumn.concept !== 'description' && !unitAfterNumber) result.push(head, tail);
    else result.push(piece);
  }
  return result;
}

function rowKey(columns: readonly Column[]): string {
  return columns.some((column) => column.concept === 'line_amount') ? 'line_amount' : 'unit_price';
}

/**
 * The description pieces of a text line (no numbers anywhere else on it), or null. A line
 * of its own needs a word in it; a line that goes on with a row's description (`continued`)
 * may hold any letters or digits (`A-4.8-(A2K)-M10X1000`, `200/100 mm`).
 */
function descriptionOnly(line: DocumentLine, columns: readonly Column[], options: LineTableOptions, continued = false): RecordCell | null {
  const placed = placeLine(line, columns, options);
  const description = placed.get('description');
  if (description === undefined || !(continued ? /[\p{L}\p{N}]/u : /\p{L}{2}/u).test(description.text)) return null;
  for (const [concept, cell] of placed) if (concept !== 'description' && concept !== 'item_number' && cell.text.trim() !== '') return null;
  return description;
}

/** A line that starts a description of a row rather than a header ("# line: 1  PRODUCT - Description" has a number). */
function opensRow(line: DocumentLine, options: LineTableOptions): boolean {
  return linePieces(line.text).some((piece) => /\d/.test(piece.text)) && !isNumberText(line.text.trim(), options.decimalSeparator) && /\p{L}{3}/u.test(line.text);
}

/** Every table printed in `lines` (one layer, in order). */
export function readLineTables(lines: readonly DocumentLine[], options: LineTableOptions): LineTable[] {
  const readings = lines.map((line) => readHeader(line, options));
  const tables: LineTable[] = [];
  let index = 0;
  while (index < lines.length) {
    if (!isHeaderLine(readings[index]!)) {
      index += 1;
      continue;
    }
    // The header band: the header-like lines around this one (a header printed over several lines).
    let first = index;
    while (first > index - 2 && first > 0 && isHeaderBandLine(readings[first - 1]!)) first -= 1;
    let last = index;
    while (last - first < 4 && last + 1 < lines.length && isHeaderBandLine(readings[last + 1]!) && !opensRow(lines[last + 1]!, options)) last += 1;
    const headerLines = lines.slice(first, last + 1);
    const columns = columnsOf(headerLines, readings.slice(first, last + 1));
    const header: Record<string, RecordCell> = {};
    for (const column of columns) header[column.concept] ??= column.cell;
    const key = rowKey(columns);
    const headerConcepts = new Set(readings.slice(first, last + 1).flatMap((reading) => [...reading.concepts]));
    const rows: LineRow[] = [];
    const totalsLines: DocumentLine[] = [];
    let pending: RecordCell[] = [];
    // The description of the line just above, printed beside notes in other columns (`-1,00 (RE)`).
    let above: RecordCell | null = null;
    let gap = 0;
    let cursor = last + 1;
    let lastRowIndex = -1;
    let descriptionColumn: number | null = null;
    for (; cursor < lines.length; cursor += 1) {
      const line = lines[cursor]!;
      if (line.text.trim() === '') continue;
      const reading = readings[cursor]!;
      // A header repeated after a page break: the same table goes on.
      if (isHeaderLine(reading) || isSectionHeader(reading, line)) {
        if (rows.length === 0 || !isHeaderLine(reading) || !repeatsHeader(reading, headerConcepts)) break;
        pending = [];
        above = null;
        gap = 0;
        continue;
      }
      const firstPiece = linePieces(line.text)[0];
      const totalsPiece = linePieces(line.text).some((piece) => startsWithTerm(piece.text, options.totalsWords) && !/\d/.test(piece.text.slice(0, 3)));
      if (firstPiece !== undefined && totalsPiece && rows.length > 0) {
        for (let after = cursor; after < Math.min(lines.length, cursor + 8); after += 1) {
          const candidate = lines[after]!;
          if (linePieces(candidate.text).some((piece) => startsWithTerm(piece.text, options.totalsWords))) totalsLines.push(candidate);
        }
        break;
      }
      const placed = placeLine(line, columns, options);
      const keyCell = placed.get(key);
      if (keyCell !== undefined && keyCell.number !== null) {
        const cells = Object.fromEntries(placed);
        if (cells['description'] === undefined && pending.length > 0) cells['description'] = pending[pending.length - 1]!;
        else if (cells['description'] === undefined && above !== null) cells['description'] = above;
        above = null;
        rows.push({ cells, row: 'unchecked' });
        // A description printed above its row does not go on below it: the lines below belong to the next row.
        descriptionColumn = cells['description'] !== undefined && cells['description'].span.start >= line.span.start ? cells['description'].span.start - line.span.start : null;
        lastRowIndex = cursor;
        pending = [];
        gap = 0;
        continue;
      }
      const description = descriptionOnly(line, columns, options);
      const previous = rows[rows.length - 1];
      const continuation = previous !== undefined && lastRowIndex === cursor - 1 ? continuationOf(line, descriptionColumn, columns, options) : null;
      if (continuation !== null && continuesDescription(previous!.cells['description'], descriptionColumn, continuation, continuation.span.start - line.span.start)) {
        const joined = previous!.cells['description']!;
        rows[rows.length - 1] = { ...previous!, cells: { ...previous!.cells, description: joinDescription(joined, continuation) } };
        lastRowIndex = cursor;
        above = null;
        continue;
      }
      if (description !== null) pending.push(description);
      else pending = [];
      above = description === null ? describedBeside(line, columns, options) : null;
      gap += 1;
      if (gap > (rows.length === 0 ? 5 : MAX_GAP_LINES) && !repeatedHeaderAhead(readings, cursor, headerConcepts)) break;
    }
    if (rows.length > 0) tables.push({ header, rows, totalsLines });
    index = Math.max(cursor, last + 1);
  }
  return tables;
}

/**
 * The description a line continues a row with: its description pieces, read again with the
 * line cut at the row's description column when a piece runs across it (a PDF text layer
 * joins `Art-Nr: ARNR2 von Solarhaltern` with one space where the columns are close).
 */
function continuationOf(line: DocumentLine, descriptionColumn: number | null, columns: readonly Column[], options: LineTableOptions): RecordCell | null {
  const whole = descriptionOnly(line, columns, options, true);
  if (descriptionColumn === null || (whole !== null && sameColumn(whole.span.start - line.span.start, descriptionColumn))) return whole;
  const text = line.text;
  // The word that starts at the column (a text layer may place it one character off).
  const cut = [descriptionColumn, descriptionColumn + 1, descriptionColumn - 1].find((at) => at >= 2 && text[at - 1] === ' ' && text[at - 2] !== ' ' && text[at] !== undefined && text[at] !== ' ');
  if (cut === undefined) return whole;
  // A tab ends a piece (`linePieces`) and keeps every offset of the line.
  return descriptionOnly({ ...line, text: `${text.slice(0, cut - 1)}\t${text.slice(cut)}` }, columns, options, true) ?? whole;
}

/**
 * The description of a line that also prints something in other columns but no row
 * (a discount note beside it: `PRESTATION SUPPORT - Description   -1,00 (RE)`): the
 * description of a row printed right under it without one of its own. A labelled note
 * (`Période : …`) is none.
 */
function describedBeside(line: DocumentLine, columns: readonly Column[], options: LineTableOptions): RecordCell | null {
  const description = placeLine(line, columns, options).get('description');
  return description !== undefined && /\p{L}{2}/u.test(description.text) && !description.text.includes(':') ? description : null;
}

/**
 * A description goes on when it starts where the row's description starts, the row's ends
 * without a full stop and the line is no labelled note (`Bruttopreis :205,00`, `• Beschreibung: …`).
 */
function continuesDescription(previous: RecordCell | undefined, previousColumn: number | null, next: RecordCell, nextColumn: number): boolean {
  if (previous === undefined || previousColumn === null) return false;
  return sameColumn(previousColumn, nextColumn) && !/[.:;]$/.test(previous.text) && !next.text.includes(':') && /^[\p{L}\p{N}(]/u.test(next.text);
}

/** Two starts in the same column: a text layer may place a word one character off. */
function sameColumn(left: number, right: number): boolean {
  return Math.abs(left - right) <= 1;
}

/**
 * A description and the line that continues it. A word broken after its hyphen
 * (`MUELLSACK-` / `EXTRASTARK-`, `(Brechsand-Splitt-` / `Gemisch)`) goes on without a space
 * unless the next line starts in lower case (`Mess-` / `und Regeltechnik`).
 */
function joinDescription(joined: RecordCell, next: RecordCell): RecordCell {
  const broken = /[\p{L}\p{N}]-$/u.test(joined.text) && !/^\p{Ll}/u.test(next.text);
  return { text: `${joined.text}${broken ? '' : ' '}${next.text}`, span: { ...joined.span, end: next.span.end }, number: null };
}

/** A header line that names (almost) the same columns as the table's header: the table goes on after a page break. */
function repeatsHeader(reading: HeaderReading, concepts: ReadonlySet<string>): boolean {
  const shared = [...reading.concepts].filter((concept) => concepts.has(concept)).length;
  return shared === reading.concepts.size && shared * 5 >= concepts.size * 3;
}

function repeatedHeaderAhead(readings: readonly HeaderReading[], from: number, concepts: ReadonlySet<string>): boolean {
  for (let index = from + 1; index < Math.min(readings.length, from + MAX_BREAK_LINES); index += 1) {
    const reading = readings[index]!;
    if (isHeaderLine(reading)) return repeatsHeader(reading, concepts);
  }
  return false;
}
