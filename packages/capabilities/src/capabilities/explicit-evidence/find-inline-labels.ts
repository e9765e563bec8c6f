/**
 * Labels inside a line of prose or a subject line: "Total is $1,250.00 USD, due
 * 2026-02-20", "Invoice INV-2026-005678 from ACME Corp". Used only where the value right
 * after the label can be recognized on its own — an amount with a currency marker, a
 * date, an ENUM value, an identifier with a digit — never free text. The label must not
 * be part of a longer label naming something else: "date" in "Due date", "total" in
 * "Sub total", "tax" in "Tax rate" are refused. Ranked below key-value pairs, and a value
 * already read from a key-value pair is not read again.
 */
import type { JsonValue } from '@paxman/core';
import type { RecognizerKind } from '../../recognizers/types.js';
import { conceptsOfLabel } from '../../lexicon/business-lexicon.js';
import type { LineTokenIndex } from '../shared/document-index.js';
import type { LabelMatch, LabelSet } from '../shared/label-match.js';
import { evidenceDetail, type ValueReading } from '../shared/read-typed-value.js';
import { alreadyRecorded, rememberSpan, evidenceKindFor, rankFor, type SearchContext } from './search-context.js';

const SEPARATOR = /^[ \t]*(?:\([^)\n]{0,40}\)[ \t]*)?(?:[:#=–-]|\.{2,}|…)?[ \t]*(?:(?:is|are|was|of|amounts? to|totals?|on|dated|le|du|am|vom|del)[ \t]+)?/iu;

function conflicts(label: string, fieldConcepts: readonly string[]): boolean {
  const concepts = conceptsOfLabel(label);
  return concepts.length > 0 && !concepts.some((concept) => fieldConcepts.includes(concept));
}

/** Inline labels over the document's lines. */
export function findInlineLabels(context: SearchContext): void {
  const reading = context.reading;
  const kind: RecognizerKind | 'IDENTIFIER' | null =
    reading.fieldType === 'MONEY' || reading.fieldType === 'DECIMAL'
      ? 'MONEY'
      : reading.fieldType === 'DATE'
        ? 'DATE'
        : reading.fieldType === 'INTEGER'
          ? 'INTEGER'
          : reading.fieldType === 'ENUM'
            ? 'ENUM'
            : reading.fieldType === 'STRING' && reading.semantic === 'identifier'
              ? 'IDENTIFIER'
              : null;
  if (kind === null) return;
  const index = context.index.lineTokens();
  const used = new Set<string>();
  // E-mail header names ("Date:", "From:") are read by the header finder, not as prose labels.
  const headerNames = (context.index.document.email?.headers ?? []).flatMap((header) => (header.nameSpan ? [header.nameSpan] : []));
  for (const { label, strength, words } of labelsLongestFirst(context.labels)) {
    const positions = index.byWord.get(words[0]!);
    if (positions === undefined) continue;
    for (const position of positions) {
      if (!continues(index, position, words)) continue;
      const line = index.lines[index.lineOf[position]!]!;
      const labelStart = index.starts[position]!;
      const labelEnd = index.ends[position + words.length - 1]!;
      if (used.has(`${line.span.layer}:${labelStart}`)) continue;
      if (headerNames.some((span) => span.layer === line.span.layer && span.start < labelEnd && labelStart < span.end)) continue;
      if (!adjacent(index, position, words.length)) continue;
      if (extendsIntoOtherConcept(index, position, words.length, context.labels.concepts)) continue;
      used.add(`${line.span.layer}:${labelStart}`);
      const layerText = context.index.layerText(line.span.layer);
      const lineEnd = line.span.end;
      const rest = layerText.slice(labelEnd, lineEnd);
      const skipped = SEPARATOR.exec(rest)?.[0].length ?? 0;
      const valueStart = labelEnd + skipped;
      const valueText = layerText.slice(valueStart, lineEnd);
      const read = context.index.memo(`inline:${kind}:${readingKey(context.reading)}:${line.span.layer}:${valueStart}:${lineEnd}`, () => readInline(context, kind, valueText));
      if (!read) continue;
      const span = { start: valueStart + read.start, end: valueStart + read.end, layer: line.span.layer };
      if (alreadyRecorded(context, span)) continue;
      rememberSpan(context, span);
      const match: LabelMatch = { strength, label, normalizedKey: label, currency: null, specificity: words.length };
      const text = layerText.slice(span.start, span.end);
      context.builder.finding({
        value: read.value,
        raw: text,
        rank: rankFor(match, false, 30),
        kind: evidenceKindFor(match, false),
        spans: [span, { start: labelStart, end: labelEnd, layer: line.span.layer }],
        text,
        label,
        detail: { structure: 'inline', key: label, ...read.detail },
      });
    }
  }
}

/** What `readInline` depends on besides the text: fields with the same key share readings of a line. */
function readingKey(reading: ValueReading): string {
  let key = readingKeys.get(reading);
  if (key === undefined) {
    key = JSON.stringify([reading.fieldType, reading.maxLength, reading.enumValues]);
    readingKeys.set(reading, key);
  }
  return key;
}

const readingKeys = new WeakMap<ValueReading, string>();

interface InlineLabel {
  readonly label: string;
  readonly strength: 'exact' | 'synonym';
  readonly words: readonly string[];
}

/** A field's labels with their words, longest first (exact before synonyms among equals); once per label set. */
function labelsLongestFirst(labels: LabelSet): readonly InlineLabel[] {
  let prepared = preparedLabels.get(labels);
  if (prepared === undefined) {
    prepared = [
      ...labels.exact.map((label) => ({ label, strength: 'exact' as const, words: label.split(' ') })),
      ...labels.synonyms.map((label) => ({ label, strength: 'synonym' as const, words: label.split(' ') })),
    ].sort((left, right) => right.words.length - left.words.length);
    preparedLabels.set(labels, prepared);
  }
  return prepared;
}

const preparedLabels = new WeakMap<LabelSet, readonly InlineLabel[]>();

/** The label's other words follow the word at `position` on its line. */
function continues(index: LineTokenIndex, position: number, words: readonly string[]): boolean {
  const line = index.lineOf[position];
  for (let offset = 1; offset < words.length; offset += 1) {
    const next = position + offset;
    if (next >= index.words.length || index.lineOf[next] !== line || index.words[next] !== words[offset]) return false;
  }
  return true;
}

/** Label words must be consecutive with at most a little punctuation between them. */
function adjacent(index: LineTokenIndex, start: number, count: number): boolean {
  for (let offset = 1; offset < count; offset += 1) {
    if (index.starts[start + offset]! - index.ends[start + offset - 1]! > 3) return false;
  }
  return true;
}

/** Words `from` to `to` (exclusive) joined by spaces, or null when they leave the line of `start`. */
function wordsOnLine(index: LineTokenIndex, start: number, from: number, to: number): string | null {
  if (from < 0 || to > index.words.length || index.lineOf[from] !== index.lineOf[start] || index.lineOf[to - 1] !== index.lineOf[start]) return null;
  let text = index.words[from]!;
  for (let position = from + 1; position < to; position += 1) text += ` ${index.words[position]!}`;
  return text;
}

/** The label with one or two words before or after it names another concept ("Due date" around "date"). */
function extendsIntoOtherConcept(index: LineTokenIndex, start: number, count: number, fieldConcepts: readonly string[]): boolean {
  const label = wordsOnLine(index, start, start, start + count)!;
  for (let extra = 1; extra <= 2; extra += 1) {
    const before = wordsOnLine(index, start, start - extra, start);
    if (before !== null && conflicts(`${before} ${label}`, fieldConcepts)) return true;
    const after = wordsOnLine(index, start, start + count, start + count + extra);
    if (after !== null && conflicts(`${label} ${after}`, fieldConcepts)) return true;
  }
  return false;
}

function readInline(context: SearchContext, kind: RecognizerKind | 'IDENTIFIER', text: string): { value: JsonValue; start: number; end: number; detail: Readonly<Record<string, JsonValue>> } | null {
  if (kind === 'IDENTIFIER') {
    const token = /^[A-Za-z0-9][A-Za-z0-9\-/._]*[A-Za-z0-9]/.exec(text)?.[0];
    if (!token || !/\d/.test(token) || token.length < 3 || token.length > context.reading.maxLength) return null;
    return { value: token, start: 0, end: token.length, detail: {} };
  }
  const options = kind === 'ENUM' ? { ...context.recognizerOptions, enumValues: context.reading.enumValues } : { ...context.recognizerOptions, defaultCurrency: null };
  const hit = context.recognizers.findValues(kind, text, options)[0];
  if (!hit || hit.start !== 0) return null;
  if (kind === 'MONEY') {
    const value = hit.value as { amount: string; currency: string | null };
    // In prose only an amount with a currency marker is read as money.
    if (value.currency === null && !hit.detail.marker) return null;
    const code = /^[ \t]?([A-Z]{3})\b/.exec(text.slice(hit.end));
    const settled = code && String(hit.detail.currencySource ?? '').includes('ambiguous') ? code[1]! : null;
    const end = settled ? hit.end + code![0].length : hit.end;
    const money = { amount: value.amount, currency: settled ?? value.currency };
    if (context.reading.fieldType === 'DECIMAL') return { value: value.amount, start: 0, end: hit.end, detail: { fromMoney: true, currency: money.currency } };
    return { value: money, start: 0, end, detail: { ...evidenceDetail(hit.detail, settled !== null), ...(settled ? { currencySource: 'code-adjacent' } : {}) } };
  }
  return { value: hit.value, start: 0, end: hit.end, detail: evidenceDetail(hit.detail) };
}
