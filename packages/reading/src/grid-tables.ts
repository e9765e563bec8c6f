/**
 * Record sets from grids the Document already holds: HTML tables and the CSV grid (each
 * header cell named by the concept whose term covers most of it), and JSON arrays of
 * objects (each key named by the concept whose term or member name it is). A grid row
 * that opens with a totals word is a totals row: it ends the set and its numbers are the
 * printed totals.
 */
import type { Document, JsonNode, Table, TableCell } from '@paxman/document';
import type { RecordKnowledge } from '@paxman/knowledge';
import { readCellNumber } from './cell-number.js';
import { type HeaderTerms, findTerms, lowerSameLength, startsWithTerm } from './header-terms.js';
import type { RecordCell, RecordRow, RecordSetSource } from './record-set.js';
import type { PrintedTotal } from './row-arithmetic.js';

const NUMERIC_CONCEPTS = new Set(['quantity', 'unit_price', 'line_amount', 'vat_rate']);

/** A grid read as records, before its arithmetic. */
export interface GridRecords {
  readonly source: RecordSetSource;
  readonly header: Readonly<Record<string, RecordCell>>;
  readonly rows: readonly Readonly<Record<string, RecordCell>>[];
  readonly totals: readonly PrintedTotal[];
}

/** The concept a header text names: the concept of the term covering at least half of it. */
export function headerConcept(text: string, terms: HeaderTerms): string | null {
  const cleaned = text.trim();
  if (cleaned === '') return null;
  let best: { concept: string; length: number } | null = null;
  for (const hit of findTerms(cleaned, terms.terms)) {
    const length = hit.end - hit.start;
    if (length * 2 >= cleaned.replace(/\s+/g, '').length && (best === null || length > best.length)) best = { concept: hit.concept, length };
  }
  return best?.concept ?? null;
}

function cellOf(cell: TableCell, concept: string, decimalSeparator: '.' | ',' | null): RecordCell {
  const text = cell.value ?? cell.text;
  return { text, span: cell.span, number: NUMERIC_CONCEPTS.has(concept) ? readCellNumber(text, decimalSeparator) : null };
}

/** Records of one HTML table or CSV grid, or null when its header names fewer than two concepts. */
export function readGrid(table: Pick<Table, 'header' | 'rows'>, source: RecordSetSource, terms: HeaderTerms, totalsWords: { readonly itemsTotal: readonly string[]; readonly grandTotal: readonly string[] }, decimalSeparator: '.' | ',' | null): GridRecords | null {
  if (table.header === null) return null;
  const concepts = table.header.map((cell) => headerConcept(cell.value ?? cell.text, terms));
  const named = new Set(concepts.filter((concept): concept is string => concept !== null));
  if (named.size < 2 || (!named.has('line_amount') && !named.has('unit_price'))) return null;
  const header: Record<string, RecordCell> = {};
  concepts.forEach((concept, index) => {
    if (concept !== null && header[concept] === undefined) header[concept] = cellOf(table.header![index]!, 'header', decimalSeparator);
  });
  const rows: Record<string, RecordCell>[] = [];
  const totals: PrintedTotal[] = [];
  for (const row of table.rows) {
    const first = row.find((cell) => (cell.value ?? cell.text).trim() !== '');
    const firstText = first === undefined ? '' : (first.value ?? first.text);
    const items = startsWithTerm(firstText, totalsWords.itemsTotal);
    if (items || startsWithTerm(firstText, totalsWords.grandTotal)) {
      for (const cell of row) {
        const number = cell === first ? null : readCellNumber(cell.value ?? cell.text, decimalSeparator);
        if (number !== null) totals.push({ number, span: cell.span, itemsTotal: items });
      }
      continue;
    }
    const cells: Record<string, RecordCell> = {};
    row.forEach((cell, index) => {
      const concept = concepts[index];
      if (concept === null || concept === undefined || cells[concept] !== undefined || (cell.value ?? cell.text).trim() === '') return;
      cells[concept] = cellOf(cell, concept, decimalSeparator);
    });
    const key = named.has('line_amount') ? 'line_amount' : 'unit_price';
    if (cells[key]?.number !== null && cells[key] !== undefined) rows.push(cells);
  }
  return rows.length === 0 ? null : { source, header, rows, totals };
}

/** The concept a JSON key names (`unit_price`, `qty`, `Menge`), by its terms and member names. */
function keyConcept(key: string, knowledge: RecordKnowledge, terms: HeaderTerms): string | null {
  const words = lowerSameLength(key.replace(/([a-z])([A-Z])/g, '$1 $2')).replace(/[_-]+/g, ' ').trim();
  for (const concept of knowledge.concepts) if (concept.memberNames.includes(words)) return concept.id;
  return headerConcept(words, terms);
}

/** Arrays of objects in a JSON input: one record set per array whose items' keys name two concepts or more. */
export function readJsonArrays(document: Document, knowledge: RecordKnowledge, terms: HeaderTerms, decimalSeparator: '.' | ',' | null): GridRecords[] {
  const nodes = document.json?.nodes ?? [];
  const byArray = new Map<string, Map<number, JsonNode[]>>();
  for (const node of nodes) {
    const match = /^(.*)\[(\d+)\]\.([^.[\]]+)$/.exec(node.path);
    if (match === null || (node.value !== null && typeof node.value === 'object')) continue;
    const items = byArray.get(match[1]!) ?? new Map<number, JsonNode[]>();
    byArray.set(match[1]!, items);
    const list = items.get(Number(match[2])) ?? [];
    list.push(node);
    items.set(Number(match[2]), list);
  }
  const sets: GridRecords[] = [];
  for (const [, items] of [...byArray.entries()].sort(([left], [right]) => (left < right ? -1 : left > right ? 1 : 0))) {
    const rows: Record<string, RecordCell>[] = [];
    const named = new Set<string>();
    for (const index of [...items.keys()].sort((left, right) => left - right)) {
      const cells: Record<string, RecordCell> = {};
      for (const node of items.get(index)!) {
        const concept = keyConcept(node.key, knowledge, terms);
        if (concept === null || cells[concept] !== undefined || node.value === null) continue;
        const text = String(node.value);
        named.add(concept);
        cells[concept] = { text, span: node.span, number: NUMERIC_CONCEPTS.has(concept) ? (typeof node.value === 'number' ? String(node.value) : readCellNumber(text, decimalSeparator)) : null };
      }
      if (Object.keys(cells).length > 0) rows.push(cells);
    }
    if (named.size >= 2 && rows.length > 0) sets.push({ source: 'json', header: {}, rows, totals: [] });
  }
  return sets;
}

/** Rows as RecordRows (their arithmetic checked by the caller). */
export type GridRow = Readonly<Record<string, RecordCell>>;
export type { RecordRow };
