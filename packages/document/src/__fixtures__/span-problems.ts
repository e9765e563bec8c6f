/**
 * Test helpers: every span of a Document must lie inside its layer and slice to the text
 * the structure reports. Shared by the builder's unit and property tests.
 */
import type { SourceSpan } from '@paxman/core';
import type { Document, KeyValuePair } from '../model.js';

/** Problems with the Document's spans (empty when all are exact). */
export function spanProblems(document: Document): string[] {
  const problems: string[] = [];
  const check = (span: SourceSpan, text: string, what: string): void => {
    const layer = document.layers[span.layer];
    if (layer === undefined) {
      problems.push(`${what}: unknown layer ${span.layer}`);
      return;
    }
    if (!(Number.isInteger(span.start) && Number.isInteger(span.end) && span.start >= 0 && span.start <= span.end && span.end <= layer.text.length)) {
      problems.push(`${what}: span ${span.start}-${span.end} outside layer ${span.layer} (${layer.text.length})`);
      return;
    }
    const slice = layer.text.slice(span.start, span.end);
    if (slice !== text) problems.push(`${what}: ${JSON.stringify(slice)} !== ${JSON.stringify(text)}`);
  };
  for (const line of document.lines) check(line.span, line.text, `line ${line.index}`);
  for (const pair of document.keyValues) {
    check(pair.keySpan, pair.key, `key ${pair.key}`);
    check(pair.valueSpan, pair.value, `value of ${pair.key}`);
  }
  for (const table of document.tables) for (const row of [table.header ?? [], ...table.rows]) for (const cell of row) check(cell.span, cell.text, 'cell');
  for (const row of [document.csv?.header ?? [], ...(document.csv?.rows ?? [])]) for (const cell of row) check(cell.span, cell.text, 'csv cell');
  for (const header of document.email?.headers ?? []) {
    const layer = document.layers[header.span.layer];
    if (layer === undefined || header.span.end > layer.text.length || header.span.start > header.span.end) problems.push(`header ${header.name}: bad span`);
  }
  for (const node of document.json?.nodes ?? []) {
    const layer = document.layers[node.span.layer];
    if (layer === undefined || node.span.end > layer.text.length || node.span.start > node.span.end) problems.push(`json ${node.path}: bad span`);
  }
  return problems;
}

/** The first pair with this key (exact text), or undefined. */
export function pairFor(document: Document, key: string): KeyValuePair | undefined {
  return document.keyValues.find((pair) => pair.key === key);
}

/** The source text under a span. */
export function sliceOf(document: Document, span: SourceSpan): string {
  return document.layers[span.layer]!.text.slice(span.start, span.end);
}
