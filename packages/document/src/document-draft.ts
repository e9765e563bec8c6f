/**
 * The mutable draft a Document is assembled in, and the steps every input kind shares:
 * structuring a region of a text layer, adding a rendered-HTML layer (with its offset
 * map, and its structures moved onto the HTML source where they map exactly), and
 * freezing the result. Only `buildDocument` sees a draft; callers get the frozen Document.
 */
import type { SourceSpan } from '@paxman/core';
import { inferDocumentContext } from '@paxman/values';
import type {
  Document,
  DocumentKind,
  DocumentOcr,
  DocumentPdfLayout,
  DocumentLine,
  EmailMessage,
  JsonNode,
  KeyValuePair,
  LayerOffsetMap,
  Table,
  TableCell,
  TextLayer,
  XmlDocument,
  XmlRefusal,
} from './model.js';
import { analyzeText } from './analyze-text.js';
import { HTML_CHARACTER_LIMIT } from './limits.js';
import { mapRange } from './offset-map.js';
import type { HtmlParserConstructor } from './lazy-libraries.js';
import { MAX_HTML_DEPTH, renderHtml } from './render-html.js';
import { searchedLineTexts, searchedText } from './searched-text.js';
import { defaultStructureWords, type StructureWords } from './structure-words.js';

/** A Document under construction. */
export interface DocumentDraft {
  kind: DocumentKind;
  primaryLayer: string;
  readonly layers: Record<string, TextLayer>;
  /** The lists below are taken over from the first region structured into them (not copied). */
  lines: DocumentLine[];
  keyValues: KeyValuePair[];
  tables: Table[];
  readonly warnings: string[];
  email: EmailMessage | null;
  csv: { readonly header: readonly TableCell[]; readonly rows: readonly (readonly TableCell[])[] } | null;
  json: { readonly root: unknown; readonly nodes: readonly JsonNode[] } | null;
  ocr: DocumentOcr | null;
  readonly xml: XmlDocument[];
  readonly xmlRefusals: XmlRefusal[];
  pdf: DocumentPdfLayout | null;
  /**
   * While the lines are one region's: for each line, the index of the first line with its
   * text (`analyzeText`'s); null once a second region is added or when not worked out.
   */
  sameLines: Int32Array | null;
  /** Per layer: the last offset whose line number is known, for numbering later regions. */
  readonly lineCursors: Map<string, { offset: number; line: number }>;
  /** The words structure detection reads signature blocks and tax summaries by (the caller's knowledge). */
  readonly words: StructureWords;
}

/** A draft with the `input` layer only. */
export function createDraft(inputText: string, kind: DocumentKind, words: StructureWords = defaultStructureWords()): DocumentDraft {
  return {
    kind,
    primaryLayer: 'input',
    layers: { input: { name: 'input', text: inputText, origin: null } },
    lines: [],
    keyValues: [],
    tables: [],
    warnings: [],
    email: null,
    csv: null,
    json: null,
    ocr: null,
    xml: [],
    xmlRefusals: [],
    pdf: null,
    sameLines: null,
    lineCursors: new Map(),
    words,
  };
}

/** Adds a derived layer. */
export function addLayer(draft: DocumentDraft, layer: TextLayer): void {
  draft.layers[layer.name] = layer;
}

/** The 0-based line number of `offset` in a layer (regions are added in increasing order, so this stays linear). */
function lineNumberAt(draft: DocumentDraft, layer: string, text: string, offset: number): number {
  const cursor = draft.lineCursors.get(layer) ?? { offset: 0, line: 0 };
  let from = cursor.offset <= offset ? cursor.offset : 0;
  let line = cursor.offset <= offset ? cursor.line : 0;
  for (;;) {
    const newline = text.indexOf('\n', from);
    if (newline === -1 || newline >= offset) break;
    line += 1;
    from = newline + 1;
  }
  draft.lineCursors.set(layer, { offset: from, line });
  return line;
}

/** Options of `addTextRegion`. */
export interface TextRegionOptions {
  readonly start?: number;
  readonly end?: number;
  readonly structures?: boolean;
  readonly tableFreeRanges?: readonly (readonly [number, number])[];
}

/** Lines (and, unless `structures: false`, key-values and text tables) of a region of a layer. */
export function addTextRegion(draft: DocumentDraft, layer: string, options: TextRegionOptions = {}): void {
  const text = draft.layers[layer]?.text ?? '';
  const start = options.start ?? 0;
  const end = options.end ?? text.length;
  if (end <= start) return;
  const structure = analyzeText(text, layer, {
    start,
    end,
    firstLineIndex: lineNumberAt(draft, layer, text, start),
    words: draft.words,
    ...(options.structures === undefined ? {} : { structures: options.structures }),
    ...(options.tableFreeRanges === undefined ? {} : { tableFreeRanges: options.tableFreeRanges }),
  });
  // Most documents are one region: its lists become the draft's as they are.
  if (draft.lines.length === 0) {
    draft.lines = structure.lines;
    draft.sameLines = structure.same;
  } else {
    appendAll(draft.lines, structure.lines);
    draft.sameLines = null;
  }
  if (draft.keyValues.length === 0) draft.keyValues = structure.keyValues;
  else appendAll(draft.keyValues, structure.keyValues);
  if (draft.tables.length === 0) draft.tables = structure.tables;
  else appendAll(draft.tables, structure.tables);
  appendAll(draft.warnings, structure.warnings);
}

/** Appends `items` to `list` (an index loop: thousands of lines, often before the code is optimized). */
function appendAll<T>(list: T[], items: readonly T[]): void {
  for (let index = 0; index < items.length; index += 1) list.push(items[index]!);
}

/** Sorted, possibly nested ranges → disjoint sorted ranges. */
function mergeRanges(ranges: readonly (readonly [number, number])[]): [number, number][] {
  const merged: [number, number][] = [];
  for (const [start, end] of ranges) {
    const last = merged[merged.length - 1];
    if (last !== undefined && start <= last[1]) last[1] = Math.max(last[1], end);
    else merged.push([start, end]);
  }
  return merged;
}

/** Moves a rendered-layer span onto the source layer when it maps there exactly. */
function relocate(span: SourceSpan, map: LayerOffsetMap, renderedText: string, sourceText: string): SourceSpan {
  if (span.end <= span.start) return span;
  const mapped = mapRange(map, span.start, span.end, renderedText, sourceText);
  return mapped !== null && mapped.exact ? mapped.span : span;
}

/**
 * Renders `source[start, end)` of layer `sourceLayer` as HTML into a new layer
 * `renderedLayer`, and adds its tables, definition lists, table-row pairs, lines and
 * text key-values. Returns the rendered layer's name.
 */
export function addHtmlLayer(
  draft: DocumentDraft,
  Parser: HtmlParserConstructor,
  sourceLayer: string,
  renderedLayer: string,
  start: number,
  end: number,
): string {
  const source = draft.layers[sourceLayer]!;
  if (end - start > HTML_CHARACTER_LIMIT) {
    draft.warnings.push(`HTML of ${end - start} characters in "${sourceLayer}"; only the first ${HTML_CHARACTER_LIMIT} are rendered.`);
    end = start + HTML_CHARACTER_LIMIT;
  }
  const rendering = renderHtml(Parser, source.text, renderedLayer, start, end);
  if (rendering.cutAt !== null) {
    draft.warnings.push(`HTML in "${sourceLayer}" nests elements deeper than ${MAX_HTML_DEPTH} at character ${rendering.cutAt}; the ${end - rendering.cutAt} characters from there were not read.`);
  }
  const offsetMap: LayerOffsetMap = { target: sourceLayer, segments: rendering.segments };
  addLayer(draft, {
    name: renderedLayer,
    text: rendering.text,
    origin: { start, end, layer: sourceLayer },
    offsetMap,
  });
  const move = (span: SourceSpan): SourceSpan => relocate(span, offsetMap, rendering.text, source.text);
  const movePair = (pair: KeyValuePair): KeyValuePair => ({ ...pair, keySpan: move(pair.keySpan), valueSpan: move(pair.valueSpan) });
  const moveCell = (cell: TableCell): TableCell => ({ ...cell, span: move(cell.span) });
  for (const table of rendering.tables) {
    draft.tables.push({ source: table.source, header: table.header === null ? null : table.header.map(moveCell), rows: table.rows.map((row) => row.map(moveCell)) });
  }
  const spanKey = (pair: KeyValuePair): string =>
    `${pair.keySpan.layer}:${pair.keySpan.start}:${pair.keySpan.end}|${pair.valueSpan.layer}:${pair.valueSpan.start}:${pair.valueSpan.end}`;
  const seen = new Set<string>();
  for (const pair of rendering.keyValues) {
    const moved = movePair(pair);
    seen.add(spanKey(moved));
    draft.keyValues.push(moved);
  }
  const before = draft.keyValues.length;
  addTextRegion(draft, renderedLayer, { tableFreeRanges: rendering.tableRanges });
  // Text key-values found in the rendered text point at the source too when they can;
  // a pair already reported by a table row or definition list is not repeated.
  // In a rendered HTML table, two tab-separated cells are a row, already read as a
  // `html-table-row` pair when it is one; a `spaced` pair there would only repeat or
  // misread it (a header row "Label<tab>Value").
  const merged = mergeRanges(rendering.tableRanges);
  const inTable = (offset: number): boolean => {
    let low = 0;
    let high = merged.length - 1;
    while (low <= high) {
      const middle = (low + high) >> 1;
      const [start, end] = merged[middle]!;
      if (offset < start) high = middle - 1;
      else if (offset >= end) low = middle + 1;
      else return true;
    }
    return false;
  };
  const textPairs = draft.keyValues
    .splice(before)
    .filter((pair) => pair.source !== 'spaced' || !inTable(pair.keySpan.start))
    .map(movePair);
  for (const pair of textPairs) if (!seen.has(spanKey(pair))) draft.keyValues.push(pair);
  return renderedLayer;
}

/** Freezes a JSON tree (parsed values are plain objects and arrays). */
function freezeTree(value: unknown): void {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return;
  Object.freeze(value);
  if (Array.isArray(value)) for (const item of value) freezeTree(item);
  else for (const key of Object.keys(value)) freezeTree((value as Record<string, unknown>)[key]);
}

/** Freezes a cell and its span (shape-aware: no key enumeration, this runs on every cell). */
function freezeCells(row: readonly TableCell[]): void {
  // Index loops here and below: these run once per document over thousands of objects,
  // often before the optimizing compiler has removed a `for…of` iterator's allocations.
  for (let index = 0; index < row.length; index += 1) {
    const cell = row[index]!;
    Object.freeze(cell.span);
    Object.freeze(cell);
  }
  Object.freeze(row);
}

function freezeTable(table: { readonly header: readonly TableCell[] | null; readonly rows: readonly (readonly TableCell[])[]; readonly summaryRows?: readonly number[] }): void {
  if (table.header !== null) freezeCells(table.header);
  if (table.summaryRows !== undefined) Object.freeze(table.summaryRows);
  const { rows } = table;
  for (let index = 0; index < rows.length; index += 1) freezeCells(rows[index]!);
  Object.freeze(rows);
  Object.freeze(table);
}

/**
 * Deep-freezes the draft's structures. Written per shape rather than as a generic
 * recursive freeze: a 100 KB document has ~10 000 small objects and a generic walk
 * (key enumeration, frozen checks) costs as much as building them.
 */
function freezeStructures(draft: DocumentDraft): void {
  for (const layer of Object.values(draft.layers)) {
    if (layer.origin !== null) Object.freeze(layer.origin);
    if (layer.offsetMap !== undefined) {
      for (const segment of layer.offsetMap.segments) Object.freeze(segment);
      Object.freeze(layer.offsetMap.segments);
      Object.freeze(layer.offsetMap);
    }
    Object.freeze(layer);
  }
  Object.freeze(draft.layers);
  const { lines, keyValues } = draft;
  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index]!;
    Object.freeze(line.span);
    Object.freeze(line);
  }
  for (let index = 0; index < keyValues.length; index += 1) {
    const pair = keyValues[index]!;
    Object.freeze(pair.keySpan);
    Object.freeze(pair.valueSpan);
    Object.freeze(pair);
  }
  const tables = new Set(draft.tables);
  for (const table of tables) freezeTable(table);
  if (draft.csv !== null && !Object.isFrozen(draft.csv.rows)) freezeTable({ header: draft.csv.header, rows: draft.csv.rows });
  if (draft.csv !== null) Object.freeze(draft.csv);
  if (draft.email !== null) {
    for (const header of draft.email.headers) {
      Object.freeze(header.span);
      if (header.nameSpan !== undefined) Object.freeze(header.nameSpan);
      Object.freeze(header);
    }
    for (const part of draft.email.parts) {
      if (part.span !== undefined) Object.freeze(part.span);
      Object.freeze(part);
    }
    Object.freeze(draft.email.headers);
    Object.freeze(draft.email.parts);
    Object.freeze(draft.email);
  }
  if (draft.json !== null) {
    freezeTree(draft.json.root);
    for (const node of draft.json.nodes) {
      Object.freeze(node.span);
      if (node.keySpan !== null) Object.freeze(node.keySpan);
      Object.freeze(node);
    }
    Object.freeze(draft.json.nodes);
    Object.freeze(draft.json);
  }
}

/** Freezes a page layout (OCR words or PDF runs, and pages): each entry, each list, then the layout. */
function freezePlacements(layout: object, lists: readonly (readonly object[])[]): void {
  for (const list of lists) {
    for (const entry of list) Object.freeze(entry);
    Object.freeze(list);
  }
  Object.freeze(layout);
}

/**
 * The conventions of the primary layer's searched text, read from the draft's lines of it
 * when they are its lines — and, when they are all the draft's lines, with the same lines
 * structure detection found (the distinct lines are not looked up by text again).
 */
function documentContext(draft: DocumentDraft): Document['context'] {
  const layer = draft.layers[draft.primaryLayer] === undefined ? 'input' : draft.primaryLayer;
  const searched = searchedText(draft.layers[layer]?.text ?? '');
  const lines = searchedLineTexts(searched, layer, draft.lines);
  const same = lines !== undefined && draft.sameLines !== null && lines.length === draft.lines.length ? draft.sameLines : undefined;
  return inferDocumentContext(searched, lines, draft.words.context ?? {}, same);
}

/** The frozen Document. */
export function freezeDraft(draft: DocumentDraft): Document {
  const document: Document = {
    kind: draft.kind,
    layers: draft.layers,
    primaryLayer: draft.primaryLayer,
    lines: draft.lines,
    keyValues: draft.keyValues,
    tables: draft.tables,
    email: draft.email,
    csv: draft.csv,
    json: draft.json,
    warnings: draft.warnings,
    ...(draft.ocr === null ? {} : { ocr: draft.ocr }),
    xml: Object.freeze(draft.xml.map((tree) => Object.freeze(tree))),
    xmlRefusals: Object.freeze(draft.xmlRefusals.map((refusal) => Object.freeze(refusal))),
    ...(draft.pdf === null ? {} : { pdf: draft.pdf }),
    context: documentContext(draft),
  };
  freezeStructures(draft);
  Object.freeze(draft.lines);
  Object.freeze(draft.keyValues);
  Object.freeze(draft.tables);
  Object.freeze(draft.warnings);
  if (draft.ocr !== null) freezePlacements(draft.ocr, [draft.ocr.words, draft.ocr.pages]);
  if (draft.pdf !== null) freezePlacements(draft.pdf, [draft.pdf.runs, draft.pdf.pages]);
  return Object.freeze(document);
}
