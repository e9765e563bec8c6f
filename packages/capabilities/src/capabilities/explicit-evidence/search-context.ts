/**
 * What every explicit-evidence finder shares for one field: the document index, how to
 * read values, the field's labels and the result being built, plus the helper that turns
 * a labelled value into evidence with exact spans.
 */
import { EvidenceKind, type JsonValue, type SourceSpan } from '@paxman/core';
import type { RecognizerOptions } from '../../recognizers/types.js';
import type { DocumentIndex } from '../shared/document-index.js';
import type { LabelMatch, LabelSet } from '../shared/label-match.js';
import { readTypedValue, type ValueReading } from '../shared/read-typed-value.js';
import type { ValueRecognizers } from '../shared/recognizer-port.js';
import type { ResultBuilder } from '../shared/result-builder.js';

export interface SearchContext {
  readonly index: DocumentIndex;
  readonly reading: ValueReading;
  readonly labels: LabelSet;
  readonly recognizers: ValueRecognizers;
  readonly recognizerOptions: RecognizerOptions;
  readonly builder: ResultBuilder;
  /** Value spans already recorded, so a weaker reading of the same text is not added twice. */
  readonly recorded: SourceSpan[];
}

/** True when `span` overlaps a value span already recorded. */
export function alreadyRecorded(context: SearchContext, span: SourceSpan): boolean {
  return context.recorded.some((other) => other.layer === span.layer && other.start < span.end && span.start < other.end);
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
  return /^\s+[-+(]?\s?(?:[$€£¥₹]|[A-Z]{3}\s)?\s?\d/.test(rest);
}

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
  const read = readTypedValue(input.valueText, context.reading, context.recognizers, {
    recognizerOptions: context.recognizerOptions,
    labelCurrency: input.match.currency ?? input.extraCurrency ?? null,
  });
  if (read === null) return false;
  const layerText = context.index.layerText(input.valueSpan.layer);
  const sliced = layerText.slice(input.valueSpan.start, input.valueSpan.end) === input.valueText;
  const span: SourceSpan = sliced
    ? { start: input.valueSpan.start + read.start, end: input.valueSpan.start + read.end, layer: input.valueSpan.layer }
    : input.valueSpan;
  const text = layerText.slice(span.start, span.end);
  context.recorded.push(span);
  context.builder.finding({
    value: read.value,
    raw: text,
    rank: rankFor(input.match, input.structured, input.penalty ?? 0),
    kind: evidenceKindFor(input.match, input.structured),
    spans: input.keySpan ? [span, input.keySpan] : [span],
    text,
    label: input.match.label,
    detail: { structure: input.structure, key: input.match.normalizedKey, ...(input.match.qualified ? { qualified: true } : {}), ...(input.detail ?? {}), ...read.detail },
  });
  return true;
}
