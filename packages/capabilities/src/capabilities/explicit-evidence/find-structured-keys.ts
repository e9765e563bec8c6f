/**
 * Keys of structured input: CSV columns and JSON key paths. A key equal to an exact label
 * (or a JSON path equal to the field path) is `STRUCTURED_KEY` evidence; a key that is only
 * a lexicon synonym is reported as `SYNONYM_LABEL` (weaker), a near spelling as
 * `FUZZY_LABEL`.
 *
 * CSV: a matching column of a one-row file gives its cell. With several rows the column
 * holds one value per row, and a scalar field gets a value only when every row agrees;
 * otherwise a `CSV_COLUMN_VARIES` diagnostic says why nothing was proposed. A MONEY cell
 * without a currency takes the ISO code of a currency column in the same row.
 */
import { canonicalJson, isIsoCurrencyCode, type SourceSpan } from '@paxman/core';
import type { JsonNode, TableCell } from '@paxman/document';
import { type Lexicon, normalizeLabelText, splitIdentifier } from '@paxman/values';
import { matchLabel, type LabelMatch } from '../shared/label-match.js';
import { readTypedValue } from '../shared/read-typed-value.js';
import { recordLabelledValue, type SearchContext } from './search-context.js';

function isCurrencyKey(key: string, lexicon: Lexicon): boolean {
  return lexicon.conceptsOfLabel(normalizeLabelText(splitIdentifier(key))).includes('currency');
}

/** CSV columns. */
export function findInCsv(context: SearchContext, fieldPath: string): void {
  const csv = context.index.document.csv;
  if (!csv || csv.rows.length === 0) return;
  const currencyColumn = csv.header.findIndex((cell) => isCurrencyKey(cell.text, context.lexicon));
  csv.header.forEach((headerCell, column) => {
    const match = matchLabel(splitIdentifier(headerCell.text), context.labels, context.index.normalizeLabel, context.lexicon);
    if (!match) return;
    const cells = csv.rows.map((row) => row[column]).filter((cell): cell is TableCell => cell !== undefined && cell.text.trim().length > 0);
    if (cells.length === 0) return;
    const currencies = currencyColumn >= 0 ? new Set(csv.rows.map((row) => row[currencyColumn]?.text.trim().toUpperCase() ?? '')) : new Set<string>();
    const rowCurrency = currencies.size === 1 ? [...currencies][0]! : '';
    const extraCurrency = isIsoCurrencyCode(rowCurrency) ? rowCurrency : null;
    if (cells.length > 1) {
      const values = new Set(
        cells.map((cell) => {
          const read = readTypedValue(cell.text, context.reading, context.recognizers, { recognizerOptions: context.recognizerOptions, labelCurrency: match.currency ?? extraCurrency, layout: context.layout });
          return read ? canonicalJson(read.value) : `unread:${cell.text}`;
        }),
      );
      if (values.size !== 1) {
        context.builder.diagnostic({
          code: 'CSV_COLUMN_VARIES',
          severity: 'INFO',
          message: `CSV column "${headerCell.text}" matches field ${fieldPath} but its ${cells.length} rows hold different values; a single value cannot be chosen.`,
          context: { column: headerCell.text, rows: cells.length },
        });
        return;
      }
    }
    recordLabelledValue(context, {
      match: labelFromHeader(match, headerCell.text),
      keySpan: headerCell.span,
      valueSpan: cells[0]!.span,
      valueText: cells[0]!.text,
      structured: true,
      structure: 'csv-column',
      extraCurrency,
      detail: { column, rows: cells.length, ...(extraCurrency && !match.currency ? { currencyColumn: csv.header[currencyColumn]!.text } : {}) },
    });
  });
}

function labelFromHeader(match: LabelMatch, header: string): LabelMatch {
  return { ...match, label: match.strength === 'exact' ? header.trim() : match.label };
}

const ARRAY_SEGMENT = /\[\d+\]/;

/** JSON key paths. Nodes inside arrays are per-item values and are not read for a scalar field. */
export function findInJson(context: SearchContext, fieldPath: string): void {
  const json = context.index.document.json;
  if (!json) return;
  const byPath = new Map<string, JsonNode>(json.nodes.map((node) => [node.path, node]));
  for (const node of json.nodes) {
    if (node.path === '$' || ARRAY_SEGMENT.test(node.path)) continue;
    const value = node.value;
    const isMoneyObject = isPlainRecord(value) && 'amount' in value;
    if (value === null || Array.isArray(value) || (isPlainRecord(value) && !isMoneyObject)) continue;
    const segments = node.path.replace(/^\$\.?/, '').split('.');
    const relativePath = segments.join('.');
    let match: LabelMatch | null;
    let structure = 'json-key';
    if (relativePath === fieldPath || relativePath.replace(/_/g, '').toLowerCase() === fieldPath.replace(/_/g, '').toLowerCase()) {
      match = { strength: 'exact', label: relativePath, normalizedKey: normalizeLabelText(splitIdentifier(relativePath)), currency: null, specificity: segments.length + 3 };
      structure = 'json-path';
    } else {
      const leaf = matchLabel(splitIdentifier(node.key), context.labels, context.index.normalizeLabel, context.lexicon);
      const withParent = segments.length > 1 ? matchLabel(splitIdentifier(segments.slice(-2).join(' ')), context.labels, context.index.normalizeLabel, context.lexicon) : null;
      match = withParent && (!leaf || strength(withParent) >= strength(leaf)) ? withParent : leaf;
      if (match) match = { ...match, label: match === withParent ? segments.slice(-2).join('.') : node.key };
    }
    if (!match) continue;
    const parent = byPath.get(node.path.slice(0, node.path.length - node.key.length - 1));
    recordJsonValue(context, node, match, structure, siblingCurrency(parent, context.lexicon));
  }
}

function strength(match: LabelMatch): number {
  return (match.strength === 'exact' ? 300 : match.strength === 'synonym' ? 200 : 100) + match.specificity;
}

function isPlainRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function siblingCurrency(parent: JsonNode | undefined, lexicon: Lexicon): string | null {
  if (!parent || !isPlainRecord(parent.value)) return null;
  for (const [key, value] of Object.entries(parent.value)) {
    if (typeof value === 'string' && isCurrencyKey(key, lexicon) && isIsoCurrencyCode(value.trim().toUpperCase())) return value.trim().toUpperCase();
  }
  return null;
}

function recordJsonValue(context: SearchContext, node: JsonNode, match: LabelMatch, structure: string, extraCurrency: string | null): void {
  const keySpan: SourceSpan | null = node.keySpan;
  const layerText = context.index.layerText(node.span.layer);
  if (isPlainRecord(node.value)) {
    // A money object { amount, currency }: read its amount, with its own currency.
    const amount = node.value.amount;
    const currency = typeof node.value.currency === 'string' && isIsoCurrencyCode(node.value.currency.toUpperCase()) ? node.value.currency.toUpperCase() : extraCurrency;
    if (typeof amount !== 'number' && typeof amount !== 'string') return;
    recordLabelledValue(context, {
      match,
      keySpan,
      valueSpan: node.span,
      valueText: String(amount),
      structured: true,
      structure: `${structure}:money-object`,
      extraCurrency: currency,
    });
    return;
  }
  recordLabelledValue(context, {
    match,
    keySpan,
    valueSpan: node.span,
    valueText: layerText.slice(node.span.start, node.span.end),
    structured: true,
    structure,
    extraCurrency,
    detail: { path: node.path },
  });
}
