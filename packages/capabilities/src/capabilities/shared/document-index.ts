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

/** A word of a document line, normalized as labels are (`normalizeLabelText`). */
export interface LineToken {
  readonly word: string;
  /** Offsets in the line's layer. */
  readonly start: number;
  readonly end: number;
}

/** Lines split into label words, and where each word occurs. */
export interface LineTokenIndex {
  readonly lines: readonly { readonly line: DocumentLine; readonly tokens: readonly LineToken[] }[];
  /** word → [line position in `lines`, token position] pairs. */
  readonly byWord: ReadonlyMap<string, readonly (readonly [number, number])[]>;
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

function buildLineTokens(lines: readonly DocumentLine[]): LineTokenIndex {
  const entries: { line: DocumentLine; tokens: LineToken[] }[] = [];
  const byWord = new Map<string, [number, number][]>();
  for (const line of lines) {
    if (line.text.length === 0 || line.text.length > MAX_LINE_LENGTH) continue;
    const tokens: LineToken[] = [];
    for (const match of line.text.matchAll(WORD)) {
      // Label words never start with a digit: skip numbers (most tokens of a long document).
      const first = match[0].charCodeAt(0);
      if (first >= 48 && first <= 57) continue;
      const word = tokenWord(match[0]);
      if (word.length === 0 || word.includes(' ')) continue;
      const start = line.span.start + match.index;
      tokens.push({ word, start, end: start + match[0].length });
    }
    if (tokens.length === 0) continue;
    const position = entries.length;
    entries.push({ line, tokens });
    tokens.forEach((token, tokenPosition) => {
      const list = byWord.get(token.word) ?? [];
      list.push([position, tokenPosition]);
      byWord.set(token.word, list);
    });
  }
  return { lines: entries, byWord };
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
  const hitCache = new Map<string, readonly RecognizedValue[]>();
  let tokenIndex: LineTokenIndex | null = null;
  const memos = new Map<string, unknown>();
  const index: DocumentIndex = {
    document,
    layerText: (layer) => document.layers[layer]?.text ?? '',
    primary,
    hints,
    keyValues: document.keyValues.filter((pair) => pair.source !== 'email-header'),
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

/** Recognizer options from document hints (undefined members left out). */
export function readingOptions(hints: DocumentReadingHints): RecognizerOptions {
  const options: { dateOrder?: RecognizerOptions['dateOrder']; defaultCurrency?: string | null; locale?: string; decimalSeparator?: '.' | ',' | null } = {};
  if (hints.dateOrder !== undefined) options.dateOrder = hints.dateOrder;
  if (hints.defaultCurrency !== undefined) options.defaultCurrency = hints.defaultCurrency;
  if (hints.locale !== undefined) options.locale = hints.locale;
  if (hints.decimalSeparator !== undefined) options.decimalSeparator = hints.decimalSeparator;
  return options;
}
