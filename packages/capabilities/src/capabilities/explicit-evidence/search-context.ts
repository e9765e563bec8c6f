/**
 * What every explicit-evidence finder shares for one field: the document index, how to
 * read values, the field's labels and the result being built, plus the helper that turns
 * a labelled value into evidence with exact spans.
 */
import { EvidenceKind, type JsonValue, type SourceSpan } from '@paxman/core';
import type { Lexicon, RecognizerOptions } from '@paxman/values';
import type { DocumentIndex } from '../shared/document-index.js';
import type { LabelMatch, LabelSet, LabelWords } from '../shared/label-match.js';
import type { LayoutWords } from '../shared/layout-words.js';
import type { RecordSet } from '@paxman/reading';
import { amountTextOf, readTypedValue, type ReadValue, type ValueReading } from '../shared/read-typed-value.js';
import type { ValueRecognizers } from '../shared/recognizer-port.js';
import type { ResultBuilder } from '../shared/result-builder.js';
import type { ValueReads } from './value-reads.js';
import type { CompoundTitleWords } from './find-title-line.js';

export interface SearchContext {
  readonly index: DocumentIndex;
  readonly reading: ValueReading;
  /** `inlineReadingKey(reading)`, compiled with the step. */
  readonly inlineReadingKey: string;
  readonly labels: LabelSet;
  /** `labels` with their words, longest first (compiled with the step). */
  readonly labelsLongestFirst: readonly LabelWords[];
  /** Matches a document key against `labels` (memoized for the prepared plan). */
  readonly matchKey: (key: string) => LabelMatch | null;
  readonly recognizers: ValueRecognizers;
  readonly recognizerOptions: RecognizerOptions;
  /** The instance's lexicon (its knowledge packs). */
  readonly lexicon: Lexicon;
  /** The layout words of that lexicon. */
  readonly layout: LayoutWords;
  readonly builder: ResultBuilder;
  /** Value spans already recorded per layer, sorted by start, so a weaker reading of the same text is not added twice. */
  readonly recorded: Map<string, SourceSpan[]>;
  /**
   * Readings of value texts by label currency and text (`readValue`): a long document
   * repeats its values. Shared by the run's steps that read values alike, and kept by a
   * prepared plan for its next runs (`value-reads.ts`).
   */
  readonly reads: ValueReads;
  /** Whether the field is about signing (its description or labels say so): only then are signature-block lines read. */
  readonly aboutSigning: boolean;
  /** The lexicon's compound titles (`compileCompoundTitles`, compiled with the capability). */
  readonly compoundTitles: CompoundTitleWords;
  /** The document's record sets (item tables, item lines), read once per run. */
  readonly recordSets: () => readonly RecordSet[];
}

/** `readTypedValue` with the context's reading, once per text and label currency. */
export function readValue(context: SearchContext, text: string, labelCurrency: string | null): ReadValue | null {
  let read = context.reads.get(labelCurrency ?? '', text);
  if (read === undefined) {
    read = readTypedValue(text, context.reading, context.recognizers, { recognizerOptions: context.recognizerOptions, labelCurrency, layout: context.layout });
    context.reads.set(labelCurrency ?? '', text, read);
  }
  return read;
}

function insertionPoint(spans: readonly SourceSpan[], start: number): number {
  let low = 0;
  let high = spans.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (spans[middle]!.start < start) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** True when `span` overlaps a value span already recorded. */
export function alreadyRecorded(context: SearchContext, span: SourceSpan): boolean {
  const spans = context.recorded.get(span.layer);
  if (!spans) return false;
  const index = insertionPoint(spans, span.end);
  // Recorded value spans do not nest: the few spans starting before `span.end` decide.
  for (let position = index - 1; position >= 0 && position >= index - 4; position -= 1) {
    if (spans[position]!.end > span.start) return true;
  }
  return false;
}

/** Remembers a recorded value span. */
export function rememberSpan(context: SearchContext, span: SourceSpan): void {
  let spans = context.recorded.get(span.layer);
  if (!spans) {
    spans = [];
    context.recorded.set(span.layer, spans);
  }
  spans.splice(insertionPoint(spans, span.start), 0, span);
}

/** How a key of structured input (JSON, CSV, e-mail header) or a printed label matched. */
export function evidenceKindFor(match: LabelMatch, structured: boolean): EvidenceKind {
  if (match.strength === 'exact') return structured ? EvidenceKind.STRUCTURED_KEY : EvidenceKind.EXACT_LABEL;
  return match.strength === 'synonym' ? EvidenceKind.SYNONYM_LABEL : EvidenceKind.FUZZY_LABEL;
}

const NUMERIC_TYPES = new Set(['MONEY', 'DECIMAL', 'INTEGER']);

/**
 * "Total: 24.99   29.99" — a second number after the value on the same line, with no
 * label between, makes the reading ambiguous (two columns under one label).
 */
function followedByAnotherNumber(context: SearchContext, span: SourceSpan): boolean {
  if (!NUMERIC_TYPES.has(context.reading.fieldType)) return false;
  const text = context.index.layerText(span.layer);
  const lineEnd = text.indexOf('\n', span.end);
  const rest = text.slice(span.end, lineEnd < 0 ? text.length : lineEnd);
  return NUMBER_AFTER.test(rest);
}

/** Another number after a value, set apart by spaces (a currency may stand before it). */
const NUMBER_AFTER = /^\s+[-+(]?\s?(?:[$€£¥₹]|[A-Z]{3}\s)?\s?\d/;

/** Candidate rank: structured over printed, exact over synonym over fuzzy, more specific labels first. */
export function rankFor(match: LabelMatch, structured: boolean, penalty = 0): number {
  const strength = match.strength === 'exact' ? 300 : match.strength === 'synonym' ? 200 : 100;
  return strength + (structured ? 50 : 0) + match.specificity * 5 - penalty - (match.qualified ? 15 : 0);
}

/**
 * Reads the value text at `valueSpan` and records it as a finding; false when the text is
 * not a value of the field's type. `valueText` must equal the span's slice of its layer.
 */
export function recordLabelledValue(
  context: SearchContext,
  input: {
    readonly match: LabelMatch;
    readonly keySpan: SourceSpan | null;
    readonly valueSpan: SourceSpan;
    readonly valueText: string;
    readonly structured: boolean;
    readonly structure: string;
    readonly penalty?: number;
    readonly extraCurrency?: string | null;
    readonly detail?: Readonly<Record<string, JsonValue>>;
    /** A key-value pair on a text line: a second number after the value makes it ambiguous. (Table cells sit beside other columns by design.) */
    readonly singleValueLine?: boolean;
  },
): boolean {
  if (input.singleValueLine === true && followedByAnotherNumber(context, input.valueSpan)) return false;
  const read = readValue(context, input.valueText, input.match.currency ?? input.extraCurrency ?? null);
  if (read === null) return false;
  // The same inside the value's own cell: "RM 8 60" (a point the reader lost) is 8 or 8.60.
  if (NUMERIC_TYPES.has(context.reading.fieldType) && NUMBER_AFTER.test(input.valueText.slice(read.end))) return false;
  const layerText = context.index.layerText(input.valueSpan.layer);
  // The value text is its span's text (compared in place: no slice per occurrence).
  const sliced = input.valueSpan.end - input.valueSpan.start === input.valueText.length && layerText.startsWith(input.valueText, input.valueSpan.start);
  const span: SourceSpan = sliced
    ? { start: input.valueSpan.start + read.start, end: input.valueSpan.start + read.end, layer: input.valueSpan.layer }
    : input.valueSpan;
  // The same text read twice (a key-value pair that is also a table row) is one piece of evidence.
  if (alreadyRecorded(context, span)) return true;
  rememberSpan(context, span);
  const rank = rankFor(input.match, input.structured, input.penalty ?? 0);
  // A value the document repeats past the evidence cap is counted, its record not built.
  if (context.builder.tally(read.value, rank, span)) return true;
  const text = layerText.slice(span.start, span.end);
  context.builder.finding({
    value: read.value,
    raw: text,
    rank,
    kind: evidenceKindFor(input.match, input.structured),
    spans: input.keySpan ? [span, input.keySpan] : [span],
    text,
    label: input.match.label,
    detail: { structure: input.structure, key: input.match.normalizedKey, ...(input.match.qualified ? { qualified: true } : {}), ...(input.detail ?? {}), ...read.detail },
  });
  return true;
}

/**
 * True when a span overlaps a cell of an item of a record set: the cell holds one item's
 * value, never the document's. (A set's adjustment rows are not asked: a charge on the whole
 * set is printed like a summary line, and may be one.)
 */
export function inItemRow(context: SearchContext, span: SourceSpan): boolean {
  const cells = context.index.memo('record-row-cells', () => context.recordSets().flatMap((set) => set.rows.flatMap((row) => Object.values(row.cells).map((cell) => cell.span))));
  return cells.some((cell) => cell.layer === span.layer && cell.start < span.end && span.start < cell.end);
}

/** The lexicon concepts a printed label names (normalized once per run and text). */
export function conceptsOf(context: SearchContext, label: string): readonly string[] {
  return context.lexicon.conceptsOfLabel(context.index.normalizeLabel(label).text);
}

/** The amount a value text reads as, as a number (money or decimal), or null when it reads as none. */
export function amountIn(context: SearchContext, text: string): number | null {
  const read = readValue(context, text, null);
  const amount = read === null ? null : amountTextOf(read.value);
  return amount === null ? null : Number(amount);
}
