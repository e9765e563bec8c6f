/**
 * A per-Document index built once and shared by every field step of a run (cached in a
 * WeakMap keyed by the Document, so it dies with the Document): keys normalized once,
 * the reading hints of the document, and recognizer hits per kind over the primary text.
 * Without it, 20 fields over a 100 KB document would rescan the text 20 times per tier.
 */
import type { Document, DocumentLine, KeyValuePair, TextLayer } from '../../document.js';
import { searchedText } from '../../document/searched-text.js';
import { normalizeLabelText } from '../../lexicon/normalize-label.js';
import type { RecognizedValue, RecognizerKind, RecognizerOptions } from '../../recognizers/types.js';
import type { DocumentReadingHints, ValueRecognizers } from './recognizer-port.js';

/**
 * The label words of a document's lines (each normalized as labels are,
 * `normalizeLabelText`), in reading order, as parallel arrays — one entry per word, no
 * object per word — and where each word occurs. A field's label is then found by looking
 * up its first word, not by scanning the document.
 */
export interface LineTokenIndex {
  /** The Document's lines (`lineOf` indexes them). */
  readonly lines: readonly DocumentLine[];
  readonly words: readonly string[];
  /** Offsets of each word in its line's layer. */
  readonly starts: readonly number[];
  readonly ends: readonly number[];
  /** Position in `lines` of each word's line; the words of one line are consecutive. */
  readonly lineOf: readonly number[];
  /** word → positions in `words`, in reading order. */
  readonly byWord: ReadonlyMap<string, readonly number[]>;
}

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

/** The index of one Document. */
export interface DocumentIndex {
  readonly document: Document;
  /** Text of every layer by name. */
  readonly layerText: (layer: string) => string;
  /** The text searched for unlabelled values: the primary layer. */
  readonly primary: TextLayer;
  readonly hints: DocumentReadingHints;
  /** Key-value pairs other than e-mail headers (those are read from `document.email`). */
  readonly keyValues: readonly KeyValuePair[];
  /**
   * The distinct keys of `keyValues` (first-seen order), each with the positions of its
   * pairs in `keyValues`: a field matches each key once, however often a long document
   * repeats it (a label on every page).
   */
  readonly keyValueKeys: readonly KeyOccurrences[];
  /**
   * The distinct first-cell texts of table rows with two or more cells (CSV grids left
   * out), each with its rows as `[table, row]` positions in document order (built on first use).
   */
  rowLabels(): readonly RowLabelOccurrences[];
  /** Recognizer hits of `kind` in the primary layer (cached per kind and options). */
  hits(kind: RecognizerKind, options?: RecognizerOptions): readonly RecognizedValue[];
  /** Line words (built on first use). */
  lineTokens(): LineTokenIndex;
  /** A value computed once per document and key (shared by every field step). */
  memo<T>(key: string, compute: () => T): T;
}

const WORD = /n[°º]\.?|[#№]|[\p{L}\p{N}]+/gu;
const MAX_LINE_LENGTH = 2000;

const ASCII_WORD = /^[A-Za-z0-9]+$/;
const NUMBER_WORDS = new Set(['no', 'nr', 'num', 'nbr', 'nro', 'number']);

/** One token as `normalizeLabelText` would normalize it, with a fast path for plain ASCII words. */
function tokenWord(token: string): string {
  if (ASCII_WORD.test(token)) {
    const lower = token.toLowerCase();
    return NUMBER_WORDS.has(lower) ? 'number' : lower;
  }
  return normalizeLabelText(token);
}

function isAsciiAlphanumeric(code: number): boolean {
  return (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
}

function buildLineTokens(lines: readonly DocumentLine[]): LineTokenIndex {
  const words: string[] = [];
  const starts: number[] = [];
  const ends: number[] = [];
  const lineOf: number[] = [];
  const byWord = new Map<string, number[]>();
  const add = (word: string, start: number, end: number, lineNumber: number): void => {
    if (word.length === 0 || word.includes(' ')) return;
    const position = words.length;
    words.push(word);
    starts.push(start);
    ends.push(end);
    lineOf.push(lineNumber);
    const list = byWord.get(word);
    if (list) list.push(position);
    else byWord.set(word, [position]);
  };
  for (let lineNumber = 0; lineNumber < lines.length; lineNumber += 1) {
    const line = lines[lineNumber]!;
    const text = line.text;
    if (text.length === 0 || text.length > MAX_LINE_LENGTH) continue;
    // The tokens `WORD` would match, found by hand for ASCII runs (no match object per
    // word); anything else ("n°", "#", a non-ASCII letter) is left to the regex.
    let at = 0;
    while (at < text.length) {
      const code = text.charCodeAt(at);
      if (code < 128 && code !== 35 && !isAsciiAlphanumeric(code)) {
        at += 1;
        continue;
      }
      if (code < 128 && code !== 35) {
        let end = at + 1;
        while (end < text.length && isAsciiAlphanumeric(text.charCodeAt(end))) end += 1;
        if (end === text.length || text.charCodeAt(end) < 128) {
          // Label words never start with a digit: skip numbers (most tokens of a long document).
          if (code > 57) {
            const lower = text.slice(at, end).toLowerCase();
            add(NUMBER_WORDS.has(lower) ? 'number' : lower, line.span.start + at, line.span.start + end, lineNumber);
          }
          at = end;
          continue;
        }
      }
      WORD.lastIndex = at;
      const match = WORD.exec(text);
      if (!match) break;
      const first = match[0].charCodeAt(0);
      if (first < 48 || first > 57) add(tokenWord(match[0]), line.span.start + match.index, line.span.start + match.index + match[0].length, lineNumber);
      at = match.index + match[0].length;
    }
  }
  return { lines, words, starts, ends, lineOf, byWord };
}

const indexes = new WeakMap<Document, WeakMap<ValueRecognizers, DocumentIndex>>();

/** The index of `document` for these recognizers, built on first use. */
export function documentIndex(document: Document, recognizers: ValueRecognizers): DocumentIndex {
  let byRecognizers = indexes.get(document);
  if (!byRecognizers) {
    byRecognizers = new WeakMap();
    indexes.set(document, byRecognizers);
  }
  const existing = byRecognizers.get(recognizers);
  if (existing) return existing;
  const primary = document.layers[document.primaryLayer] ?? document.layers.input ?? { name: 'input', text: '', origin: null };
  let hints: DocumentReadingHints;
  try {
    hints = recognizers.inferDocumentContext(primary.text);
  } catch {
    hints = {};
  }
  const keyValues = document.keyValues.filter((pair) => pair.source !== 'email-header');
  const hitCache = new Map<string, readonly RecognizedValue[]>();
  let tokenIndex: LineTokenIndex | null = null;
  let rowLabelIndex: readonly RowLabelOccurrences[] | null = null;
  const memos = new Map<string, unknown>();
  const index: DocumentIndex = {
    document,
    layerText: (layer) => document.layers[layer]?.text ?? '',
    primary,
    hints,
    keyValues,
    keyValueKeys: groupKeys(keyValues),
    hits(kind, options = {}) {
      const key = `${kind}\u0000${JSON.stringify(options)}`;
      let found = hitCache.get(key);
      if (!found) {
        // A huge text is searched in its head only (`searchedText`), as its lines are.
        found = recognizers.findValues(kind, searchedText(primary.text), { ...readingOptions(hints), ...options });
        hitCache.set(key, found);
      }
      return found;
    },
    rowLabels() {
      rowLabelIndex ??= groupRowLabels(document);
      return rowLabelIndex;
    },
    lineTokens() {
      tokenIndex ??= buildLineTokens(document.lines);
      return tokenIndex;
    },
    memo<T>(key: string, compute: () => T): T {
      if (memos.has(key)) return memos.get(key) as T;
      const value = compute();
      memos.set(key, value);
      return value;
    },
  };
  byRecognizers.set(recognizers, index);
  return index;
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

/** Recognizer options from document hints (undefined members left out). */
export function readingOptions(hints: DocumentReadingHints): RecognizerOptions {
  const options: { dateOrder?: RecognizerOptions['dateOrder']; defaultCurrency?: string | null; locale?: string; decimalSeparator?: '.' | ',' | null } = {};
  if (hints.dateOrder !== undefined) options.dateOrder = hints.dateOrder;
  if (hints.defaultCurrency !== undefined) options.defaultCurrency = hints.defaultCurrency;
  if (hints.locale !== undefined) options.locale = hints.locale;
  if (hints.decimalSeparator !== undefined) options.decimalSeparator = hints.decimalSeparator;
  return options;
}
