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
import type { LineToken } from '../shared/document-index.js';
import type { LabelMatch } from '../shared/label-match.js';
import { alreadyRecorded, rememberSpan, evidenceKindFor, rankFor, type SearchContext } from './search-context.js';

const SEPARATOR = /^[ \t]*(?:\([^)\n]{0,40}\)[ \t]*)?(?:[:#=–-]|\.{2,}|…)?[ \t]*(?:(?:is|are|was|of|amounts? to|totals?|on|dated|le|du|am|vom|del)[ \t]+)?/iu;

function conflicts(words: readonly string[], fieldConcepts: readonly string[]): boolean {
  const concepts = conceptsOfLabel(words.join(' '));
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
  const labels = [
    ...context.labels.exact.map((label) => ({ label, strength: 'exact' as const, wordCount: label.split(' ').length })),
    ...context.labels.synonyms.map((label) => ({ label, strength: 'synonym' as const, wordCount: label.split(' ').length })),
  ].sort((left, right) => right.wordCount - left.wordCount);
  const used = new Set<string>();
  // E-mail header names ("Date:", "From:") are read by the header finder, not as prose labels.
  const headerNames = (context.index.document.email?.headers ?? []).flatMap((header) => (header.nameSpan ? [header.nameSpan] : []));
  for (const { label, strength } of labels) {
    const words = label.split(' ');
    for (const [linePosition, tokenPosition] of index.byWord.get(words[0]!) ?? []) {
      const { line, tokens } = index.lines[linePosition]!;
      if (!words.every((word, offset) => tokens[tokenPosition + offset]?.word === word)) continue;
      const first = tokens[tokenPosition]!;
      const last = tokens[tokenPosition + words.length - 1]!;
      if (used.has(`${line.span.layer}:${first.start}`)) continue;
      if (headerNames.some((span) => span.layer === line.span.layer && span.start < last.end && first.start < span.end)) continue;
      if (!adjacent(tokens, tokenPosition, words.length)) continue;
      if (extendsIntoOtherConcept(tokens, tokenPosition, words.length, context.labels.concepts)) continue;
      used.add(`${line.span.layer}:${first.start}`);
      const layerText = context.index.layerText(line.span.layer);
      const lineEnd = line.span.end;
      const rest = layerText.slice(last.end, lineEnd);
      const skipped = SEPARATOR.exec(rest)?.[0].length ?? 0;
      const valueStart = last.end + skipped;
      const valueText = layerText.slice(valueStart, lineEnd);
      const read = context.index.memo(`inline:${kind}:${context.reading.fieldType}:${line.span.layer}:${valueStart}:${lineEnd}`, () => readInline(context, kind, valueText));
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
        spans: [span, { start: first.start, end: last.end, layer: line.span.layer }],
        text,
        label,
        detail: { structure: 'inline', key: label, ...read.detail },
      });
    }
  }
}

/** Label words must be consecutive with at most a little punctuation between them. */
function adjacent(tokens: readonly LineToken[], start: number, count: number): boolean {
  for (let offset = 1; offset < count; offset += 1) {
    const previous = tokens[start + offset - 1]!;
    const current = tokens[start + offset]!;
    if (current.start - previous.end > 3) return false;
  }
  return true;
}

function extendsIntoOtherConcept(tokens: readonly LineToken[], start: number, count: number, fieldConcepts: readonly string[]): boolean {
  const words = tokens.slice(start, start + count).map((token) => token.word);
  for (let extra = 1; extra <= 2; extra += 1) {
    const before = tokens.slice(Math.max(0, start - extra), start).map((token) => token.word);
    if (before.length === extra && conflicts([...before, ...words], fieldConcepts)) return true;
    const after = tokens.slice(start + count, start + count + extra).map((token) => token.word);
    if (after.length === extra && conflicts([...words, ...after], fieldConcepts)) return true;
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
    return { value: money, start: 0, end, detail: { ...hit.detail, ...(settled ? { currencySource: 'code-adjacent', currencyCandidates: null } : {}) } };
  }
  return { value: hit.value, start: 0, end: hit.end, detail: { ...hit.detail } };
}
