/**
 * A per-run index of the Document, built once and shared by every field step of the run
 * (kept in the run's memo, `CapabilityContext.memo`, so it dies with the run): keys
 * normalized once, the reading hints of the document, and recognizer hits per kind over
 * the primary text. Without it, 20 fields over a 100 KB document would rescan the text 20
 * times per tier. Normalized labels, a function of the label text alone, are also kept by
 * the prepared plan (`CapabilityContext.planMemo`) for every run of a batch, up to
 * `PLAN_NORMALIZED_LABELS_LIMIT` texts.
 */
import type { Document, DocumentLine, KeyValuePair, TextLayer } from '@paxman/document';
import { searchedText } from '@paxman/document';
import { type CapabilityContext, createRunMemo, memoKey } from '@paxman/capability-spi';
import { type DocumentContext, type NormalizedLabel, type RecognizedValue, type RecognizerKind, type RecognizerOptions, normalizeLabel } from '@paxman/values';
import { buildTextTokens, type TextTokenIndex } from './line-tokens.js';
import type { DocumentReadingHints, ValueRecognizers } from './recognizer-port.js';
import { sameLines } from './same-lines.js';

/** A key of the document's key-value pairs and where its pairs are. */
export interface KeyOccurrences {
  readonly key: string;
  /** Positions in `DocumentIndex.keyValues`, ascending. */
  readonly positions: readonly number[];
}

/** A first-cell text of table rows and where those rows are. */
export interface RowLabelOccurrences {
  readonly text: string;
  /** `[index in document.tables, index in its rows]`, in document order. */
  readonly rows: readonly (readonly [number, number])[];
}

/** A header text of table columns and where those columns are. */
export interface ColumnLabelOccurrences {
  readonly text: string;
  /** `[index in document.tables, column]`, in document order. */
  readonly columns: readonly (readonly [number, number])[];
}

/** The index of one Document. */
export interface DocumentIndex {
  readonly document: Document;
  /** Text of every layer by name. */
  readonly layerText: (layer: string) => string;
  /** The text searched for unlabelled values: the primary layer. */
  readonly primary: TextLayer;
  readonly hints: DocumentReadingHints;
  /** `readingOptions(hints)`: the recognizer options every field step reads this document with. */
  readonly recognizerOptions: RecognizerOptions;
  /** Key-value pairs other than e-mail headers (those are read from `document.email`). */
  readonly keyValues: readonly KeyValuePair[];
  /**
   * The distinct keys of `keyValues` (first-seen order), each with the positions of its
   * pairs in `keyValues`: a field matches each key once, however often a long document
   * repeats it (a label on every page).
   */
  readonly keyValueKeys: readonly KeyOccurrences[];
  /**
   * A judgement of a pair's key (`judge`, a function of the key's text and the run alone),
   * made once per distinct key and run for `name`, looked up by the pair's position in
   * `keyValues`: a document-wide pass asks its question of each distinct key once, however
   * many pairs a long document prints under it.
   */
  keyFact<T>(name: string, judge: (key: string) => T): (position: number) => T;
  /**
   * The distinct first-cell texts of table rows with two or more cells (CSV grids left
   * out), each with its rows as `[table, row]` positions in document order (built on first use).
   */
  rowLabels(): readonly RowLabelOccurrences[];
  /**
   * The distinct header texts (`value`, else `text`) of table columns with at least one
   * row below (CSV grids left out), each with its columns as `[table, column]` positions in
   * document order (built on first use): a long document repeats its table headers.
   */
  columnLabels(): readonly ColumnLabelOccurrences[];
  /**
   * Recognizer hits of `kind` in the primary layer, with the run's reading options and
   * `options` over them: cached per kind, and per options object when given (a step
   * compiles its scan options once, so its object is the same every time it asks; a key
   * written from the options' JSON cost more than the scan of a small document).
   */
  hits(kind: RecognizerKind, options?: RecognizerOptions): readonly RecognizedValue[];
  /** The words of the Document's distinct line texts (`buildTextTokens`, built on first use). */
  textTokens(): TextTokenIndex;
  /**
   * The primary layer's non-blank lines, in document order (built on first use): the
   * layout finders (party blocks, title lines, columns below) all walk these.
   */
  primaryLines(): readonly DocumentLine[];
  /**
   * For each of the Document's lines (`document.lines`), the position of the first line
   * with the same text (built on first use): a question of a line's text is asked of that one.
   */
  sameLines(): Int32Array;
  /** For each of `primaryLines()`, its place there of the first primary line with the same text. */
  primarySameLines(): Int32Array;
  /** A value computed once per run and key (shared by every field step). */
  memo<T>(key: string, compute: () => T): T;
  /**
   * `normalizeLabel`, once per distinct text in this run (a document repeats its keys) and,
   * with a prepared plan, once per distinct text in the plan's runs (documents of one kind
   * print the same labels).
   */
  normalizeLabel(text: string): NormalizedLabel;
}

/** The document's conventions (`document.context`) as recognizer reading hints. */
function readingHintsOf(context: DocumentContext): DocumentReadingHints {
  return {
    ...(context.dateOrder ? { dateOrder: context.dateOrder } : {}),
    ...(context.dominantCurrency ? { defaultCurrency: context.dominantCurrency } : {}),
    ...(context.decimalSeparator ? { decimalSeparator: context.decimalSeparator } : {}),
  };
}

/** A character that is not white space (what `trim` removes): a line that has one is not blank. */
const NOT_BLANK = /\S/;

/** The run's indexes, one per set of recognizers (the built-in capabilities share one). */
const DOCUMENT_INDEXES = memoKey<Map<ValueRecognizers, DocumentIndex>>('capabilities/document-index');

/** The prepared plan's normalized labels by text (`normalizeLabel` depends on the text alone). */
const PLAN_NORMALIZED_LABELS = memoKey<Map<string, NormalizedLabel>>('capabilities/normalized-labels');

/**
 * How many label texts a prepared plan keeps normalized. Past it, a run keeps its new
 * texts for itself: a long batch of unlike documents does not grow the plan without end.
 */
export const PLAN_NORMALIZED_LABELS_LIMIT = 4096;

/**
 * The index of the step's Document for these recognizers, built on the run's first use
 * and kept in its memo (a capability invoked on its own, without a memo, builds its own).
 */
export function documentIndex(context: Pick<CapabilityContext, 'document' | 'memo' | 'planMemo'>, recognizers: ValueRecognizers): DocumentIndex {
  const indexes = (context.memo ?? createRunMemo()).remember(DOCUMENT_INDEXES, () => new Map());
  let index = indexes.get(recognizers);
  if (index === undefined) {
    index = buildDocumentIndex(context.document, recognizers, context.planMemo?.remember(PLAN_NORMALIZED_LABELS, () => new Map()));
    indexes.set(recognizers, index);
  }
  return index;
}

function buildDocumentIndex(document: Document, recognizers: ValueRecognizers, planLabels: Map<string, NormalizedLabel> | undefined): DocumentIndex {
  const primary = document.layers[document.primaryLayer] ?? document.layers.input ?? { name: 'input', text: '', origin: null };
  const hints = readingHintsOf(document.context);
  const recognizerOptions = Object.freeze(readingOptions(hints));
  const keyValues = document.keyValues.filter((pair) => pair.source !== 'email-header');
  const keyValueKeys = groupKeys(keyValues);
  // Position in `keyValueKeys` of each pair's key.
  const keyIndexOf = new Int32Array(keyValues.length);
  keyValueKeys.forEach(({ positions }, keyIndex) => {
    for (const position of positions) keyIndexOf[position] = keyIndex;
  });
  const keyFacts = new Map<string, (position: number) => unknown>();
  const hitCache = new Map<RecognizerKind, readonly RecognizedValue[]>();
  const hitCacheByOptions = new WeakMap<RecognizerOptions, Map<RecognizerKind, readonly RecognizedValue[]>>();
  let tokenIndex: TextTokenIndex | null = null;
  let documentSameLines: Int32Array | null = null;
  let primaryLines: { readonly lines: readonly DocumentLine[]; readonly same: Int32Array } | null = null;
  const sameLinesOnce = (): Int32Array => (documentSameLines ??= sameLines(document.lines));
  let rowLabelIndex: readonly RowLabelOccurrences[] | null = null;
  let columnLabelIndex: readonly ColumnLabelOccurrences[] | null = null;
  const memos = new Map<string, unknown>();
  const normalizedLabels = new Map<string, NormalizedLabel>();
  const normalizeLabelOnce = (text: string): NormalizedLabel => {
    let normalized = planLabels?.get(text) ?? normalizedLabels.get(text);
    if (normalized === undefined) {
      normalized = normalizeLabel(text);
      if (planLabels !== undefined && planLabels.size < PLAN_NORMALIZED_LABELS_LIMIT) planLabels.set(text, normalized);
      else normalizedLabels.set(text, normalized);
    }
    return normalized;
  };
  return {
    document,
    layerText: (layer) => document.layers[layer]?.text ?? '',
    primary,
    hints,
    recognizerOptions,
    keyValues,
    keyValueKeys,
    keyFact<T>(name: string, judge: (key: string) => T): (position: number) => T {
      let lookup = keyFacts.get(name) as ((position: number) => T) | undefined;
      if (lookup === undefined) {
        const facts = keyValueKeys.map(({ key }) => judge(key));
        lookup = (position) => facts[keyIndexOf[position]!]!;
        keyFacts.set(name, lookup);
      }
      return lookup;
    },
    hits(kind, options) {
      let cache = hitCache;
      if (options !== undefined) {
        let byKind = hitCacheByOptions.get(options);
        if (byKind === undefined) {
          byKind = new Map();
          hitCacheByOptions.set(options, byKind);
        }
        cache = byKind;
      }
      let found = cache.get(kind);
      if (!found) {
        // A huge text is searched in its head only (`searchedText`), as its lines are.
        found = recognizers.findValues(kind, searchedText(primary.text), { ...recognizerOptions, ...options });
        cache.set(kind, found);
      }
      return found;
    },
    rowLabels() {
      rowLabelIndex ??= groupRowLabels(document);
      return rowLabelIndex;
    },
    columnLabels() {
      columnLabelIndex ??= groupColumnLabels(document);
      return columnLabelIndex;
    },
    textTokens() {
      tokenIndex ??= buildTextTokens(document.lines, (text) => normalizeLabelOnce(text).text, sameLinesOnce());
      return tokenIndex;
    },
    primaryLines() {
      primaryLines ??= nonBlankLines(document.lines, primary.name, sameLinesOnce());
      return primaryLines.lines;
    },
    sameLines: sameLinesOnce,
    primarySameLines() {
      primaryLines ??= nonBlankLines(document.lines, primary.name, sameLinesOnce());
      return primaryLines.same;
    },
    memo<T>(key: string, compute: () => T): T {
      if (memos.has(key)) return memos.get(key) as T;
      const value = compute();
      memos.set(key, value);
      return value;
    },
    normalizeLabel: normalizeLabelOnce,
  };
}

/**
 * The non-blank lines of `layer` and, for each, its place among them of the first kept line
 * with the same text, in one pass; whether a line is blank is judged once per distinct text
 * (`same`: `sameLines(lines)`).
 */
function nonBlankLines(lines: readonly DocumentLine[], layer: string, same: Int32Array): { readonly lines: readonly DocumentLine[]; readonly same: Int32Array } {
  // Per first line of a text: 0 not judged yet, 1 blank, else 2 + the place of its first kept line.
  const judged = new Int32Array(lines.length);
  const kept: DocumentLine[] = [];
  const keptSame = new Int32Array(lines.length);
  for (let position = 0; position < lines.length; position += 1) {
    const line = lines[position]!;
    if (line.span.layer !== layer) continue;
    const first = same[position]!;
    let judgement = judged[first]!;
    if (judgement === 0) {
      judgement = NOT_BLANK.test(lines[first]!.text) ? 2 + kept.length : 1;
      judged[first] = judgement;
    }
    if (judgement === 1) continue;
    keptSame[kept.length] = judgement - 2;
    kept.push(line);
  }
  return { lines: kept, same: keptSame.subarray(0, kept.length) };
}

function groupKeys(pairs: readonly KeyValuePair[]): KeyOccurrences[] {
  const byKey = new Map<string, number[]>();
  pairs.forEach((pair, position) => {
    const positions = byKey.get(pair.key);
    if (positions) positions.push(position);
    else byKey.set(pair.key, [position]);
  });
  return [...byKey].map(([key, positions]) => ({ key, positions }));
}

function groupRowLabels(document: Document): RowLabelOccurrences[] {
  const byText = new Map<string, [number, number][]>();
  document.tables.forEach((table, tableIndex) => {
    if (table.source === 'csv') return;
    table.rows.forEach((row, rowIndex) => {
      const first = row[0];
      if (!first || row.length < 2) return;
      const rows = byText.get(first.text);
      if (rows) rows.push([tableIndex, rowIndex]);
      else byText.set(first.text, [[tableIndex, rowIndex]]);
    });
  });
  return [...byText].map(([text, rows]) => ({ text, rows }));
}

function groupColumnLabels(document: Document): ColumnLabelOccurrences[] {
  const byText = new Map<string, [number, number][]>();
  document.tables.forEach((table, tableIndex) => {
    if (table.source === 'csv' || !table.header || table.rows.length === 0) return;
    table.header.forEach((cell, column) => {
      const text = cell.value ?? cell.text;
      const columns = byText.get(text);
      if (columns) columns.push([tableIndex, column]);
      else byText.set(text, [[tableIndex, column]]);
    });
  });
  return [...byText].map(([text, columns]) => ({ text, columns }));
}

/** Recognizer options from document hints (undefined members left out). */
export function readingOptions(hints: DocumentReadingHints): RecognizerOptions {
  const options: { dateOrder?: RecognizerOptions['dateOrder']; defaultCurrency?: string | null; locale?: string; decimalSeparator?: '.' | ',' | null } = {};
  if (hints.dateOrder !== undefined) options.dateOrder = hints.dateOrder;
  if (hints.defaultCurrency !== undefined) options.defaultCurrency = hints.defaultCurrency;
  if (hints.locale !== undefined) options.locale = hints.locale;
  if (hints.decimalSeparator !== undefined) options.decimalSeparator = hints.decimalSeparator;
  return options;
}
