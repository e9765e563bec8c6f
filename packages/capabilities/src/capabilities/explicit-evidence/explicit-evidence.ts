/**
 * `explicit_evidence` (tier 1): the document states the field. Finds labelled values in
 * key-value pairs, tables, CSV columns, JSON keys and e-mail headers, reads each with the
 * field type's recognizer, and reports the label it matched and how (`STRUCTURED_KEY`,
 * `EXACT_LABEL`, `SYNONYM_LABEL`, `FUZZY_LABEL`) with spans of the value and of the key.
 *
 * `configure` freezes what the contract determines into the step config: the exact labels
 * and the lexicon concept ids (from `labelsForField`) and how to read values; per-item
 * fields of an array are skipped (a scalar reading of a per-row value would be a guess).
 * The concepts' synonyms are derived from the lexicon when the step runs, so this
 * capability's version pins the lexicon: a lexicon change bumps it (ADR 0010).
 *
 * Structured data (ADR 0015): a field bound to a business term of the capability's
 * knowledge pack (EN 16931 by default: `total_amount` is BT-112) records the term in its
 * config and takes the term's value from the XML of the input or of a PDF's embedded file
 * (`STRUCTURED_DATA` evidence) besides what the page prints, so the reconciler can compare
 * the two. The pack is pinned by this capability's version like the lexicon.
 */
import { CapabilityTier, canonicalJson, isIsoCurrencyCode, lazyConstant, type JsonValue } from '@paxman/core';
import { compileStructuredData, en16931Pack, type CompiledStructuredData, type RecordKnowledge } from '@paxman/knowledge';
import type { CanonicalField } from '@paxman/contract';
import { defaultLexicon, labelsForField, type Lexicon, type RecognizerOptions } from '@paxman/values';
import { capabilityKey, memoKey, type Capability, type CapabilityContext, type CapabilityResult, type CapabilitySpec, type StepConfiguration } from '@paxman/capability-spi';
import { type DocumentIndex, documentIndex } from '../shared/document-index.js';
import { recordSetsOf } from '../shared/record-sets.js';
import { readingFromJson, readingToJson, valueReadingForField } from '../shared/field-reading.js';
import type { ReadValue, ValueReading } from '../shared/read-typed-value.js';
import { type LabelMatch, type LabelSet, type LabelWords, labelMatcher, labelSetFromConfig, labelsLongestFirst, labelsToConfig } from '../shared/label-match.js';
import type { ValueRecognizers } from '../shared/recognizer-port.js';
import { compileLayoutWords, type LayoutWords, layoutWordsForRun } from '../shared/layout-words.js';
import { createResultBuilder, screenedLinesOfRun } from '../shared/result-builder.js';
import { type PlanValueReads, type ValueReads, valueReads } from './value-reads.js';
import { findInEmailHeaders } from './find-email-headers.js';
import { findInlineLabels, inlineReadingKey } from './find-inline-labels.js';
import { findInKeyValues, findInTables } from './find-labelled-pairs.js';
import { findInColumnsBelow } from './find-column-below.js';
import { findInPartyBlocks } from './find-party-blocks.js';
import { compileCompoundTitles, findInTitleLines } from './find-title-line.js';
import { findInDatelines } from './find-dateline.js';
import { findInPaymentDeadlines } from './find-payment-deadline.js';
import { compileRateLabels, findRateInLabels, type RateLabels } from './find-rate-in-label.js';
import { findInCsv, findInJson } from './find-structured-keys.js';
import { bindStructuredTerm, findInGenericXml, findInStructuredData } from './find-structured-data.js';
import { checkPayment } from './payment-check.js';

/** The spec of `explicit_evidence@1.19.0`. */
export const EXPLICIT_EVIDENCE_SPEC: CapabilitySpec = Object.freeze({
  id: 'explicit_evidence',
  version: '1.19.0',
  tier: CapabilityTier.EXPLICIT_EVIDENCE,
  acceptsTypes: Object.freeze(['STRING', 'INTEGER', 'DECIMAL', 'BOOLEAN', 'DATE', 'ENUM', 'MONEY'] as const),
  costHint: Object.freeze({ tokens: 0, ms: 1, usd: '0' }),
  deterministic: true,
  description: 'Labelled values: key-value lines, tables, CSV columns, JSON keys, XML elements, e-invoice business terms, e-mail headers.',
});

const SCALAR_TYPES = new Set<string>(EXPLICIT_EVIDENCE_SPEC.acceptsTypes);

/**
 * The step config for a field, or why the step has nothing to do. With structured-data
 * knowledge (the capability's pack; the built-in EN 16931 pack when not given), a field
 * bound to one of its business terms records the term (`structuredTerm`).
 */
export function configureExplicitEvidence(field: CanonicalField, knowledge: CompiledStructuredData | null = defaultStructuredData(), lexicon: Lexicon = defaultLexicon()): StepConfiguration {
  if (!SCALAR_TYPES.has(field.type)) return { skip: `explicit_evidence reads scalar values; ${field.path} is ${field.type}.` };
  if (field.path.includes('[]')) return { skip: `explicit_evidence reads one value per document; ${field.path} is a per-item field.` };
  const labels = labelsForField(field, lexicon);
  if (labels.exact.length === 0 && labels.synonyms.length === 0) return { skip: `No label can be derived for ${field.path}.` };
  const term = bindStructuredTerm(field, knowledge);
  return {
    config: {
      labels: labelsToConfig(labels),
      reading: readingToJson(valueReadingForField(field, labels, lexicon)),
      ...(term === null ? {} : { structuredTerm: term.id }),
    },
  };
}

/** The built-in structured-data knowledge (the EN 16931 pack), compiled once. */
const defaultStructuredData = lazyConstant(() => compileStructuredData(en16931Pack()));

/** What a step config compiles to: its labels, its reading and a matcher of document keys against them. */
interface StepReading {
  readonly labels: LabelSet;
  /** The labels with their words, longest first (the inline search reads them so). */
  readonly labelsLongestFirst: readonly LabelWords[];
  readonly reading: ValueReading;
  /** The reading as its canonical JSON: steps that read values alike share their readings of a document's texts. */
  readonly readingKey: string;
  /** `matchLabel` for these labels, each distinct key matched once for as long as the step reading lives. */
  readonly matchKey: (key: string) => LabelMatch | null;
  /** A rate field's base-concept labels (`findRateInLabels`), or null. */
  readonly rateLabels: RateLabels | null;
  /** What the inline search's readings of a line depend on (`inlineReadingKey`). */
  readonly inlineReadingKey: string;
  /** An exact label is about signing ("signed by"): with the field's description, whether a signer's pair answers it (`SearchContext.aboutSigning`). */
  readonly signingLabels: boolean;
}

const STEP_READINGS = memoKey<WeakMap<object, StepReading | null>>('explicit_evidence/step-readings');

function compileStep(config: Readonly<Record<string, JsonValue>>, lexicon: Lexicon, layout: LayoutWords): StepReading | null {
  const labels = labelSetFromConfig(config.labels, lexicon);
  if (!labels) return null;
  const reading = readingFromJson(config.reading as JsonValue);
  return {
    labels,
    labelsLongestFirst: labelsLongestFirst(labels),
    reading,
    readingKey: canonicalJson(config.reading ?? null),
    matchKey: labelMatcher(labels, undefined, lexicon),
    rateLabels: compileRateLabels(labels, reading, lexicon, layout),
    inlineReadingKey: inlineReadingKey(reading),
    signingLabels: labels.exact.some((label) => /\bsign/.test(label)),
  };
}

/**
 * The step config compiled once per prepared plan (the plan memo holds it by config
 * object; a batch runs the same configs), or for this run alone without a prepared plan.
 * Matching a key against labels depends on the key's text and the config only.
 */
function stepReading(context: CapabilityContext, lexicon: Lexicon, layout: LayoutWords): StepReading | null {
  const readings = context.planMemo?.remember(STEP_READINGS, () => new WeakMap());
  if (readings === undefined) return compileStep(context.config, lexicon, layout);
  let step = readings.get(context.config);
  if (step === undefined) {
    step = compileStep(context.config, lexicon, layout);
    readings.set(context.config, step);
  }
  return step;
}

/**
 * The document's reading options, with the currency the document states ("Währung: EUR",
 * "Currency: USD" — a key of the lexicon's `currency` concept whose value is an ISO 4217
 * code, the same wherever it is printed) as the default currency when its amounts carry
 * none and no currency dominates them. Read once per run.
 */
function withStatedCurrency(index: DocumentIndex, lexicon: Lexicon): RecognizerOptions {
  const options = index.recognizerOptions;
  if (options.defaultCurrency !== undefined && options.defaultCurrency !== null) return options;
  return index.memo('explicit_evidence/stated-currency', () => {
    const stated = new Set<string>();
    for (const pair of index.keyValues) {
      const code = pair.value.trim().toUpperCase();
      if (/^[A-Z]{3}$/.test(code) && isIsoCurrencyCode(code) && lexicon.conceptsOfLabel(index.normalizeLabel(pair.key).text).includes('currency')) stated.add(code);
    }
    return stated.size === 1 ? Object.freeze({ ...options, defaultCurrency: [...stated][0]! }) : options;
  });
}

/**
 * What every step of one run shares (ADR 0058): the document index, its reading options
 * with the stated currency, the run's layout words and the readings of value texts per way
 * of reading values (`StepReading.readingKey`, `value-reads.ts`: the run's table, shared by
 * the fields that read alike, behind the prepared plan's). Made on the run's first step and
 * kept in its memo, instead of being looked up again for each field.
 */
interface RunView {
  readonly index: DocumentIndex;
  readonly recognizerOptions: RecognizerOptions;
  readonly layout: LayoutWords;
  /** The readings of value texts for a reading key, made once per key and run. */
  readonly reads: (readingKey: string) => ValueReads;
}

function createRunView(context: CapabilityContext, recognizers: ValueRecognizers, lexicon: Lexicon, layout: LayoutWords, planReads: PlanValueReads | undefined): RunView {
  const index = documentIndex(context, recognizers);
  const recognizerOptions = withStatedCurrency(index, lexicon);
  const run = new Map<string, Map<string, Map<string, ReadValue | null>>>();
  const optionsKey = JSON.stringify(recognizerOptions);
  const byReading = new Map<string, ValueReads>();
  return {
    index,
    recognizerOptions,
    layout: layoutWordsForRun(index, layout, context.planMemo),
    reads(readingKey) {
      let reads = byReading.get(readingKey);
      if (reads === undefined) {
        reads = valueReads(planReads, run, readingKey, optionsKey);
        byReading.set(readingKey, reads);
      }
      return reads;
    },
  };
}

/** Options of `createExplicitEvidenceCapability`. */
export interface ExplicitEvidenceOptions {
  readonly recognizers: ValueRecognizers;
  /**
   * The business terms structured data is read by: a compiled pack (`compileStructuredData`),
   * or null to read no structured data. Default: the built-in EN 16931 pack.
   */
  readonly structuredData?: CompiledStructuredData | null;
  /** The instance's lexicon (its knowledge packs); the built-in packs' by default. */
  readonly lexicon?: Lexicon;
  /** The instance's record knowledge (the built-in with its packs' `records` sections): the record sets tell which cells belong to an item. */
  readonly records?: RecordKnowledge;
}

/** Creates the capability with the given recognizers. */
export function createExplicitEvidenceCapability(options: ExplicitEvidenceOptions): Capability {
  const key = capabilityKey(EXPLICIT_EVIDENCE_SPEC);
  const knowledge = options.structuredData === undefined ? defaultStructuredData() : options.structuredData;
  const lexicon = options.lexicon ?? defaultLexicon();
  const layout = compileLayoutWords(lexicon);
  const compoundTitles = compileCompoundTitles(lexicon);
  const recordReading = { lexicon, ...(options.records === undefined ? {} : { knowledge: options.records }) };
  // This instance's readings of value texts in a prepared plan: they depend on its recognizers and layout words.
  const planReads = memoKey<PlanValueReads>('explicit_evidence/plan-reads');
  // This instance's view of a run (it depends on its recognizers, lexicon and layout words).
  const runViews = memoKey<RunView>('explicit_evidence/run-view');
  const runView = (context: CapabilityContext): RunView => {
    const make = (): RunView => createRunView(context, options.recognizers, lexicon, layout, context.planMemo?.remember(planReads, () => ({ tables: new Map(), size: 0 })));
    return context.memo === undefined ? make() : context.memo.remember(runViews, make);
  };
  const invoke = (context: CapabilityContext): CapabilityResult => {
    const builder = createResultBuilder({ capability: key, tier: EXPLICIT_EVIDENCE_SPEC.tier, fieldPath: context.field.path, document: context.document, screenedLines: screenedLinesOfRun(context), context });
    const step = stepReading(context, lexicon, layout);
    if (!step) return builder.build();
    const { labels } = step;
    const view = runView(context);
    const { index, recognizerOptions } = view;
    const search = {
      index,
      reading: step.reading,
      inlineReadingKey: step.inlineReadingKey,
      labels,
      labelsLongestFirst: step.labelsLongestFirst,
      matchKey: step.matchKey,
      recognizers: options.recognizers,
      recognizerOptions,
      lexicon,
      layout: view.layout,
      builder,
      recorded: new Map(),
      reads: view.reads(step.readingKey),
      aboutSigning: step.signingLabels || /\bsign/i.test(context.field.description ?? ''),
      compoundTitles,
      recordSets: () => recordSetsOf(context, recordReading),
    };
    if (context.policy?.structuredData !== 'ignore') {
      if (knowledge !== null) findInStructuredData(search, context, knowledge, typeof context.config.structuredTerm === 'string' ? context.config.structuredTerm : null);
      findInGenericXml(search, context, knowledge);
    }
    findInJson(search, context.field.path);
    findInCsv(search, context.field.path);
    findInEmailHeaders(search);
    findInKeyValues(search);
    findInPartyBlocks(search);
    findInTitleLines(search);
    findInDatelines(search);
    findInPaymentDeadlines(search);
    findInTables(search);
    findInColumnsBelow(search);
    findInlineLabels(search);
    findRateInLabels(search, step.rateLabels);
    checkPayment(search, builder.values);
    return builder.build();
  };
  return Object.freeze({ spec: EXPLICIT_EVIDENCE_SPEC, configure: (field: CanonicalField) => configureExplicitEvidence(field, knowledge, lexicon), invoke });
}
