/**
 * A rate printed inside the label of the amount it produced: "Tax (8.25%): $61.88",
 * "VAT 20%: 5.00", "Discount (10%): -$1,955.00". For a rate or percentage field
 * (`tax_rate`, `discount_pct`) whose name, without its rate word (the packs' `rate-words` and
 * `percent-words`), names a lexicon concept
 * (tax, discount), the percentage in a key of that concept is the value — read as the
 * field's `percentAs` (fraction or points). Reported as `SYNONYM_LABEL` with
 * `detail.structure: 'rate-in-label'`, the span pointing at the percentage inside the key.
 */
import { EvidenceKind, decimalTextOverPowerOfTen } from '@paxman/core';
import type { Lexicon } from '@paxman/values';
import type { RecognizedValue } from '@paxman/values';
import { labelMatcher, type LabelMatch, type LabelSet } from '../shared/label-match.js';
import type { ValueReading } from '../shared/read-typed-value.js';
import type { LayoutWords } from '../shared/layout-words.js';
import { alreadyRecorded, rememberSpan, rankFor, type SearchContext } from './search-context.js';

/** A label's words without the packs' rate and percent words ("tax rate" → "tax"), or null when it has none. */
function withoutRateWords(words: readonly string[], layout: LayoutWords): string | null {
  const kept: string[] = [];
  for (let index = 0; index < words.length; ) {
    const rate = Math.max(layout.lengthAt('rate-words', words, index), layout.lengthAt('percent-words', words, index));
    if (rate === 0) kept.push(words[index]!);
    index += Math.max(rate, 1);
  }
  return kept.length === words.length ? null : kept.join(' ');
}

/** The labels of the concept a rate field is the rate of ("tax rate" → the tax concept). */
function baseLabels(fieldLabels: LabelSet, lexicon: Lexicon, layout: LayoutWords): LabelSet | null {
  for (const label of fieldLabels.exact) {
    const base = withoutRateWords(label.split(' '), layout);
    if (base === null) continue;
    const id = lexicon.conceptsOfLabel(base)[0];
    if (id !== undefined) return { exact: [], synonyms: lexicon.termsOfConcept(id), concepts: [id] };
  }
  return null;
}

/** The labels of a rate field's base concept and a matcher of keys against them, compiled with the step. */
export interface RateLabels {
  readonly labels: LabelSet;
  /** `matchLabel` for `labels`, each distinct key matched once for as long as the step lives. */
  readonly matchKey: (key: string) => LabelMatch | null;
}

/**
 * The base concept's labels of a rate or percentage field (null for any other field, or
 * when its labels name no base concept): they depend on the step's labels and reading and
 * the instance's lexicon only, so the step compiles them once.
 */
export function compileRateLabels(fieldLabels: LabelSet, reading: ValueReading, lexicon: Lexicon, layout: LayoutWords): RateLabels | null {
  if (reading.fieldType !== 'DECIMAL' || reading.percentAs === 'reject') return null;
  const labels = baseLabels(fieldLabels, lexicon, layout);
  return labels === null ? null : { labels, matchKey: labelMatcher(labels, undefined, lexicon) };
}

/** Percentages in the keys of the field's base concept (`rateLabels`, compiled with the step). */
export function findRateInLabels(context: SearchContext, rateLabels: RateLabels | null): void {
  if (rateLabels === null) return;
  // Each distinct key with a "%" is matched once; its pairs are then read in document order.
  const matched: [number, LabelMatch][] = [];
  for (const { key, positions } of context.index.keyValueKeys) {
    if (!key.includes('%')) continue;
    const match = rateLabels.matchKey(key);
    if (match && match.strength !== 'fuzzy') for (const position of positions) matched.push([position, match]);
  }
  matched.sort((left, right) => left[0] - right[0]);
  // The percentage of each distinct key, read once: a long document repeats its keys.
  const percentages = new Map<string, { readonly hit: RecognizedValue; readonly value: string } | null>();
  for (const [position, match] of matched) {
    const pair = context.index.keyValues[position]!;
    let percentage = percentages.get(pair.key);
    if (percentage === undefined) {
      percentage = percentageOf(context, pair.key);
      percentages.set(pair.key, percentage);
    }
    if (percentage === null) continue;
    const { hit, value } = percentage;
    const span = { start: pair.keySpan.start + hit.start, end: pair.keySpan.start + hit.end, layer: pair.keySpan.layer };
    if (context.index.layerText(span.layer).slice(span.start, span.end) !== hit.text || alreadyRecorded(context, span)) continue;
    rememberSpan(context, span);
    const points = hit.value as string;
    context.builder.finding({
      value,
      raw: hit.text,
      rank: rankFor({ ...match, strength: 'synonym' }, false, 20),
      kind: EvidenceKind.SYNONYM_LABEL,
      spans: [span, pair.keySpan],
      text: hit.text,
      label: match.label,
      detail: { structure: 'rate-in-label', key: match.normalizedKey, percent: points, percentAs: context.reading.percentAs },
    });
  }
}

/** The one percentage in a key and the field's value for it (a fraction or points), or null. */
function percentageOf(context: SearchContext, key: string): { readonly hit: RecognizedValue; readonly value: string } | null {
  const hits = context.recognizers.findValues('PERCENT', key, context.recognizerOptions);
  if (hits.length !== 1 || typeof hits[0]!.value !== 'string') return null;
  const hit = hits[0]!;
  const points = hit.value as string;
  return { hit, value: context.reading.percentAs === 'points' ? points : decimalTextOverPowerOfTen(points, 2) };
}
