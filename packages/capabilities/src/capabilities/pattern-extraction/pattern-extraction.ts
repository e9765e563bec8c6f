/**
 * `pattern_extraction` (tier 2): values found without a label.
 *
 * - Typed recognizer hits anywhere in the document (`RECOGNIZER` evidence), only for types
 *   where an unlabelled hit means something: an e-mail, IBAN, URL or phone field, an ENUM
 *   value (and currency codes or symbols for an ENUM of ISO 4217 codes), and a DATE field
 *   when the document holds exactly one distinct date. Never an arbitrary amount for a
 *   MONEY or DECIMAL field: "the first number in the document" is a guess. Evidence says
 *   how often the value occurs and how many distinct values the document holds
 *   (`detail: { occurrences, distinctValues }`) so the reconciler can tell a unique hit
 *   from one of many.
 * - Contract regexes (`CONTRACT_PATTERN` evidence): `field.extractionPattern` (group
 *   `value`, or the whole match) and any `pattern` constraint that names a group `value`.
 *   All run on RE2 (`compileSafeRegex`); a pattern RE2 rejects makes `configure` throw
 *   `InvalidContractError` (`INVALID_REGEX_PATTERN`).
 */
import { canonicalJson, CapabilityTier, EvidenceKind, type JsonValue, type SourceSpan } from '@paxman/core';
import type { CanonicalField } from '@paxman/contract';
import { ocrReadingConfidence, type Document } from '@paxman/document';
import { defaultLexicon, labelsForField, type Lexicon } from '@paxman/values';
import { normalizeLabel } from '@paxman/values';
import type { RecognizedValue, RecognizerKind, RecognizerOptions } from '@paxman/values';
import { compileSafeRegex } from '@paxman/values';
import { capabilityKey, memoKey, type Capability, type CapabilityContext, type CapabilityResult, type CapabilitySpec, type StepConfiguration } from '@paxman/capability-spi';
import { documentIndex, type DocumentIndex } from '../shared/document-index.js';
import type { LabelNormalizer } from '../shared/label-match.js';
import { readingFromJson, readingToJson, valueReadingForField } from '../shared/field-reading.js';
import { enumScanOptions, evidenceDetail, readTypedValue, type ValueReading } from '../shared/read-typed-value.js';
import type { ValueRecognizers } from '../shared/recognizer-port.js';
import { compileLayoutWords, type LayoutWords } from '../shared/layout-words.js';
import { createResultBuilder, screenedLinesOfRun, type ResultBuilder } from '../shared/result-builder.js';
import { cellAt, COLUMN_GAP, columnCells } from '../shared/column-cells.js';
import { recordRecipientWindow } from './recipient-window.js';

/** The spec of `pattern_extraction@1.18.0`. */
export const PATTERN_EXTRACTION_SPEC: CapabilitySpec = Object.freeze({
  id: 'pattern_extraction',
  version: '1.18.0',
  tier: CapabilityTier.LOCAL_DETERMINISTIC,
  acceptsTypes: Object.freeze(['STRING', 'INTEGER', 'DECIMAL', 'BOOLEAN', 'DATE', 'ENUM', 'MONEY'] as const),
  costHint: Object.freeze({ tokens: 0, ms: 2, usd: '0' }),
  deterministic: true,
  description: 'Unlabelled typed values (e-mail, IBAN, ENUM, a unique date) and contract regexes on RE2.',
});

/** Longest document (characters of its primary text) where a lone unlabelled date is taken: a receipt or invoice, not a contract. */
const SHORT_DOCUMENT_CHARACTERS = 12_000;

/** Most distinct values reported per recognizer kind, and spans per value. */
const MAX_VALUES = 10;
const MAX_SPANS = 10;

interface RecognizerStep {
  readonly kind: RecognizerKind;
  /** Propose a candidate only when the document holds exactly one distinct value. */
  readonly uniqueOnly: boolean;
}

interface PatternStep {
  readonly source: string;
  readonly origin: 'extraction-pattern' | 'pattern-constraint';
  /** Name of the capture group holding the value, or null for the whole match. */
  readonly group: string | null;
}

function recognizerSteps(field: CanonicalField, reading: ValueReading, lexicon: Lexicon): RecognizerStep[] {
  switch (field.type) {
    case 'STRING':
      if (reading.semantic === 'email') return [{ kind: 'EMAIL', uniqueOnly: false }];
      if (reading.semantic === 'iban') return [{ kind: 'IBAN', uniqueOnly: false }];
      if (reading.semantic === 'url') return [{ kind: 'URL', uniqueOnly: false }];
      if (reading.semantic === 'phone') return [{ kind: 'PHONE', uniqueOnly: false }];
      // A masked card number ("VISA ****1234") is a payment card wherever it is printed.
      if (reading.semantic === 'payment-card') return [{ kind: 'PAYMENT_CARD', uniqueOnly: false }];
      return [];
    case 'ENUM': {
      const steps: RecognizerStep[] = [{ kind: 'ENUM', uniqueOnly: false }];
      const currencyCodes = field.enumValues.length > 0 && field.enumValues.every((entry) => /^[A-Z]{3}$/.test(entry.value));
      if (currencyCodes || field.constraints.some((constraint) => constraint.kind === 'iso_4217')) steps.push({ kind: 'CURRENCY', uniqueOnly: false });
      return steps;
    }
    case 'DATE': {
      // A lone unlabelled date is the document's own date: it may stand for an issue or
      // transaction date (or a field the lexicon does not know), never for a due, order or
      // delivery date.
      const concepts = labelsForField(field, lexicon).concepts;
      return concepts.length === 0 || concepts.includes('issue-date') || concepts.includes('transaction-date') ? [{ kind: 'DATE', uniqueOnly: true }] : [];
    }
    default:
      return [];
  }
}

/** The step config for a field. Throws `InvalidContractError` for a regex RE2 cannot compile. */
export function configurePatternExtraction(field: CanonicalField, lexicon: Lexicon = defaultLexicon()): StepConfiguration {
  if (!(PATTERN_EXTRACTION_SPEC.acceptsTypes as readonly string[]).includes(field.type)) return { skip: `pattern_extraction reads scalar values; ${field.path} is ${field.type}.` };
  if (field.path.includes('[]')) return { skip: `pattern_extraction reads one value per document; ${field.path} is a per-item field.` };
  const labels = labelsForField(field, lexicon);
  const reading = valueReadingForField(field, labels, lexicon);
  const patterns: PatternStep[] = [];
  if (field.extractionPattern !== null) {
    const regex = compileSafeRegex(field.extractionPattern);
    patterns.push({ source: field.extractionPattern, origin: 'extraction-pattern', group: regex.groupNames.includes('value') ? 'value' : null });
  }
  for (const constraint of field.constraints) {
    if (constraint.kind !== 'pattern' || typeof constraint.params.regex !== 'string') continue;
    const regex = compileSafeRegex(constraint.params.regex);
    // A pattern without a `value` group validates a value; it does not locate one.
    if (regex.groupNames.includes('value')) patterns.push({ source: constraint.params.regex, origin: 'pattern-constraint', group: 'value' });
  }
  const recognizers = recognizerSteps(field, reading, lexicon);
  // The issuer of a document usually heads it: its letterhead is an unlabelled reading of
  // a supplier / merchant name.
  const letterhead = field.type === 'STRING' && labels.concepts.includes('supplier');
  // …and the issuer's address is the run of lines under it.
  const addressBlock = field.type === 'STRING' && labels.concepts.includes('supplier-address');
  // The recipient in a letter's address window is the buyer of an invoice.
  const recipientWindow = field.type === 'STRING' && labels.concepts.includes('buyer');
  if (patterns.length === 0 && recognizers.length === 0 && !letterhead && !addressBlock && !recipientWindow) {
    return { skip: `No contract pattern for ${field.path}, and an unlabelled ${field.type} value would be a guess.` };
  }
  return {
    config: {
      reading: readingToJson(reading),
      concepts: [...labels.concepts],
      letterhead,
      ...(addressBlock ? { addressBlock } : {}),
      ...(recipientWindow ? { recipientWindow } : {}),
      recognizers: recognizers.map((step) => ({ kind: step.kind, uniqueOnly: step.uniqueOnly })),
      patterns: patterns.map((step) => ({ source: step.source, origin: step.origin, group: step.group })),
    },
  };
}

/** What a step's config compiles to: its value reading and, for its ENUM scan, the recognizer options with its values. */
interface CompiledStep {
  readonly reading: ValueReading;
  /** `enumScanOptions({}, reading)`, made once: the run's document index keeps the scan's hits by this object. */
  readonly enumScan: RecognizerOptions;
}

/** The steps' compiled configs by config object, kept by the prepared plan (a batch runs the same configs). */
const STEP_READINGS = memoKey<WeakMap<object, CompiledStep>>('pattern_extraction/step-readings');

/**
 * The step's value reading (its ENUM values compiled) and scan options, read back from its
 * config once per prepared plan, or for this run alone without one.
 */
function compiledStep(context: CapabilityContext): CompiledStep {
  const readings = context.planMemo?.remember(STEP_READINGS, () => new WeakMap());
  let step = readings?.get(context.config);
  if (step === undefined) {
    const reading = readingFromJson(context.config.reading as JsonValue);
    step = { reading, enumScan: enumScanOptions({}, reading) };
    readings?.set(context.config, step);
  }
  return step;
}

/** Options of `createPatternExtractionCapability`. */
export interface PatternExtractionOptions {
  readonly recognizers: ValueRecognizers;
  /** The instance's lexicon (its knowledge packs); the built-in packs' by default. */
  readonly lexicon?: Lexicon;
}

/** Creates the capability with the given recognizers and lexicon. */
export function createPatternExtractionCapability(options: PatternExtractionOptions): Capability {
  const key = capabilityKey(PATTERN_EXTRACTION_SPEC);
  const lexicon = options.lexicon ?? defaultLexicon();
  const layout = compileLayoutWords(lexicon);
  const invoke = (context: CapabilityContext): CapabilityResult => {
    const builder = createResultBuilder({ capability: key, tier: PATTERN_EXTRACTION_SPEC.tier, fieldPath: context.field.path, document: context.document, screenedLines: screenedLinesOfRun(context), context });
    const index = documentIndex(context, options.recognizers);
    const { reading, enumScan } = compiledStep(context);
    const steps = (context.config.recognizers ?? []) as unknown as readonly RecognizerStep[];
    for (const step of steps) {
      const hits = index.hits(step.kind, step.kind === 'ENUM' ? enumScan : undefined);
      // A date printed under a label that names something else ("Order date: …") is not
      // an unlabelled date of this field. (A currency code inside "Total: 12 EUR" still counts.)
      // Only a date step asks which values other labels claim: the spans are found for it alone.
      const free = step.kind === 'DATE' ? unclaimedHits(index, hits, (context.config.concepts ?? []) as readonly string[], lexicon) : hits;
      // "The only date in the document" holds for a receipt or an invoice; in a long
      // document (a contract with page footers, signature dates, cited agreements) a date
      // printed once is no more this field's than any other.
      if (step.uniqueOnly && step.kind === 'DATE' && index.primary.text.length > SHORT_DOCUMENT_CHARACTERS && free.length > 0) {
        builder.diagnostic({
          code: 'UNLABELLED_VALUE_NOT_UNIQUE',
          severity: 'INFO',
          message: `The document is ${index.primary.text.length} characters long; its only unlabelled date is not taken for this field without a label.`,
          context: { kind: step.kind, characters: index.primary.text.length, limit: SHORT_DOCUMENT_CHARACTERS },
        });
        continue;
      }
      recordRecognizerHits(builder, step, free, index.primary.name, reading);
    }
    if (context.config.letterhead === true) recordLetterhead(builder, index.document, index.primary.name, reading, layout, lexicon, index.normalizeLabel);
    if (context.config.addressBlock === true) recordAddressBlock(builder, index.document, index.primary.name, layout, lexicon, index.normalizeLabel);
    if (context.config.recipientWindow === true) recordRecipientWindow(builder, index.document, index.primary.name, {
        isAddress: (text) => letterheadFollower(text, layout, index.normalizeLabel) === 'address',
        layout,
      });
    const patterns = (context.config.patterns ?? []) as unknown as readonly PatternStep[];
    for (const pattern of patterns) {
      recordPatternMatches(builder, pattern, index.primary.text, index.primary.name, reading, options.recognizers, index.recognizerOptions, layout);
    }
    return builder.build();
  };
  return Object.freeze({ spec: PATTERN_EXTRACTION_SPEC, configure: (field: CanonicalField) => configurePatternExtraction(field, lexicon), invoke });
}

/** The hits no key-value pair of another concept claims (`claimedSpans`, found once per run and concept list). */
function unclaimedHits(index: DocumentIndex, hits: readonly RecognizedValue[], concepts: readonly string[], lexicon: Lexicon): readonly RecognizedValue[] {
  const claimed = index.memo(`claimed:${concepts.join(',')}`, () => claimedSpans(index, concepts, lexicon));
  return hits.filter((hit) => !overlapsAny(claimed, hit.start, hit.end));
}

/** Value spans (sorted by start) of key-value pairs whose key names a lexicon concept other than the field's. */
function claimedSpans(index: DocumentIndex, concepts: readonly string[], lexicon: Lexicon): SourceSpan[] {
  const spans: SourceSpan[] = [];
  for (const pair of index.keyValues) {
    if (pair.valueSpan.layer !== index.primary.name) continue;
    const keyConcepts = lexicon.conceptsOfLabel(index.normalizeLabel(pair.key).text);
    if (keyConcepts.length > 0 && !keyConcepts.some((concept) => concepts.includes(concept))) spans.push(pair.valueSpan);
  }
  return spans.sort((left, right) => left.start - right.start);
}

/** True when [start, end) overlaps a span of the sorted list (binary search on starts). */
function overlapsAny(spans: readonly SourceSpan[], start: number, end: number): boolean {
  let low = 0;
  let high = spans.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (spans[middle]!.start < end) low = middle + 1;
    else high = middle;
  }
  // Spans starting before `end`: check the nearest few (value spans rarely nest).
  for (let index = low - 1; index >= 0 && index >= low - 8; index -= 1) {
    if (spans[index]!.end > start) return true;
  }
  return false;
}

const LETTERHEAD_LINES = 4;
/**
 * What the line right below a letterhead says about it: `address` for a street or postal
 * line ("123 Main St", "Uferweg 40-42", "75008 Paris", "Springfield, IL 62701"), `title`
 * for the document's title ("Invoice #INV-1", "QUOTATION Q-7"), else null. `normalize`:
 * how label text is normalized (the run's `DocumentIndex.normalizeLabel` in a run).
 */
export function letterheadFollower(text: string, layout: LayoutWords, normalize: LabelNormalizer = normalizeLabel): 'address' | 'title' | null {
  const trimmed = text.trim();
  if (trimmed.length === 0) return null;
  const words = normalize(trimmed).text.split(' ');
  // A title: a title word first, alone or before another title word or a number ("TAX INVOICE", "Invoice #INV-1", "Rechnung Nr. 5").
  const nextToken = trimmed.split(/\s+/)[1] ?? '';
  if (layout.isTitleWord(words[0] ?? '') && (words.length === 1 || layout.isTitleWord(words[1]!) || layout.isNumberMarker(nextToken) || /\d/.test(nextToken))) return 'title';
  if (/^\d{1,5}[a-z]?(?:[-/]\d{1,5})?(?:,\s*|\s+)\p{L}{2}/iu.test(trimmed)) return 'address';
  if (/\d/.test(trimmed) && layout.hasStreetWord(trimmed)) return 'address';
  // Compound street names with the house number after them ("Industriestraße 7", "Keizersgracht 12").
  if (layout.hasCompoundStreet(trimmed)) return 'address';
  if (/(?<!\d)\d{4,5}\s+\p{Lu}\p{L}{2,}/u.test(trimmed) || /\b\p{Lu}{2}\s+\d{5}(?:-\d{4})?\b/u.test(trimmed)) return 'address';
  return null;
}

/**
 * The first line of the document when it reads as a name: letters, no digits, no colon,
 * at most 60 characters, not a title such as "INVOICE" or "Quotation" (a lexicon term).
 * PDF text is read too (its layer is laid out from the text's boxes, in reading order),
 * but only for a name with a legal form: a PDF's logo is a picture.
 * Reported as `RECOGNIZER` evidence with `pattern: 'layout:letterhead'`; only the first
 * name-like line among the first few lines is considered, and nothing when an address or
 * a labelled line comes first. `detail.followedBy` says whether an address or the
 * document's title is printed right below it (`letterheadFollower`): that is what makes
 * the line a letterhead rather than any first line.
 */
/**
 * A company's legal form at the end of a name ("SDN BHD", "Ltd", "GmbH", "LLC", "Pte Ltd",
 * "S.A."), optionally followed by its registration number in brackets ("(742016-W)").
 */
/** The registration number a receipt prints after the company name. */
const REGISTRATION = /\s*\(\s*[0-9][0-9A-Z-]{3,}\s*\)\s*$/;
/** Any bracketed code after a legal form ("GmbH (HRB 5)", "SDN BHD (742016-W)"). */
const BRACKETED_CODE = /\s*\(\s*[0-9A-Z][0-9A-Z-]{3,}\s*\)\s*$/;

/** The text before a legal form that ends it ("Kraxi GmbH" → "Kraxi"; a bracketed registration after the form is allowed), or null when no legal form of the packs ends it. */
function beforeLegalForm(text: string, layout: LayoutWords): string | null {
  const withoutCode = text.replace(BRACKETED_CODE, '');
  const start = layout.legalFormStart(withoutCode);
  return start === null ? null : withoutCode.slice(0, start).trim();
}
/** Marks a reader or a printer leaves before a line's text. */
const LEADING_MARKS = /^[+*~|•·>“”"'-]+\s+/u;
/** Marks a reader leaves after a line's text, set apart from it ("L TWO FLORIST & HANDICRAFT  -"). */
const TRAILING_MARKS = /\s+[+*~|•·<“”"'-]+$/u;

/** A line's text without the stray marks before or after it ("+ UNIHAKKA …", "* ACME LTD", "… HANDICRAFT  -"). */
function withoutMarks(text: string): string {
  return text.trim().replace(LEADING_MARKS, '').replace(TRAILING_MARKS, '');
}
/** Nothing, or only words of the packs that join a name to its legal form ("CO. (M)", "& SONS"): what cannot start a name. */
function onlyNameConnectors(text: string, layout: LayoutWords): boolean {
  return !/[^\p{L}\p{N}&().\s]/u.test(text) && layout.consistsOf('name-connectors', text);
}
/** Only words of the packs that say what kind of business a company is, not which one ("RESTAURANT", "HARDWARE TRADING"). */
function onlyBusinessKinds(text: string, layout: LayoutWords): boolean {
  return /\p{L}|\p{N}/u.test(text) && !/[^\p{L}\p{N}\s]/u.test(text) && layout.consistsOf('business-kinds', text);
}
/** Most words of a name after a legal form printed before it: more is a sentence. */
const NAME_AFTER_FORM_WORDS = 6;

/**
 * A head line that is a company's name behind its legal form: any legal form before a quoted
 * name (`SIA "Zaļā Dārzs"`), or one its language prints before names (the packs'
 * `name-first-legal-forms`) before a capitalised name of a few words with no digit ("SIA RIMI
 * LATVIA", `AS "Latvijas Balzams` whose closing quote a scan lost).
 */
function legalFormLeadsName(text: string, layout: LayoutWords): boolean {
  if (layout.legalFormBeforeQuotedName(text)) return true;
  const end = layout.afterStart('name-first-legal-forms', text);
  if (end === null) return false;
  const name = text.slice(end).trim();
  return /^["„“”«'‘]?\p{Lu}/u.test(name) && /\p{L}{2}/u.test(name) && !/\d/.test(name) && name.split(/\s+/).length <= NAME_AFTER_FORM_WORDS;
}

/** True when the text, as a label, names one of the packs' concepts ("Total", "Rechnung Nr."). */
function namesConcept(text: string, lexicon: Lexicon, normalize: LabelNormalizer): boolean {
  return lexicon.conceptsOfLabel(normalize(text).text).length > 0;
}

/** How far down the letterhead with a legal form is looked for (a scanner's or cashier's name may come first). */
const LEGAL_FORM_LINES = 6;

function recordLetterhead(builder: ResultBuilder, document: Document, layer: string, reading: ValueReading, layout: LayoutWords, lexicon: Lexicon, normalize: LabelNormalizer): void {
  // A PDF's text is laid out from its boxes (reading order), so its first lines are read like any page's.
  const lines = headLines(document, layer);
  // A line near the top that ends in a company's legal form names the issuer, whatever comes above it.
  for (const [position, line] of lines.slice(0, LEGAL_FORM_LINES).entries()) {
    // A stray mark before or after the name is not part of it.
    const text = withoutMarks(line.text);
    // Only name-like lines (a brand, a scanner's name) may stand above the issuer's: an
    // address or a labelled line first means this is not the letterhead.
    if (position > 0 && /[\d:@|]/.test(lines[position - 1]!.text) && !CODE_LINE.test(lines[position - 1]!.text.trim())) break;
    // A sender's line over the address window ("Musterbau GmbH · Industriestraße 7 · 70565 Stuttgart"): the name is its first part.
    const sender = senderLineName(text, layout, normalize);
    if (sender !== null) {
      reportLetterhead(builder, document, sender, [spanOn(line, sender)], { line: position + 1, legalForm: true, followedBy: 'address' });
      return;
    }
    // A head printed in two columns ("Alphabet Fuhrparkmanagement GmbH      Geschäftsstelle Sonderkunden"):
    // the first line's first column is the name when a legal form ends it and its column goes on with an address.
    const column = position === 0 ? headColumnName(text, line, lines[position + 1], layout, normalize) : null;
    if (column !== null) {
      reportLetterhead(builder, document, column, [spanOn(line, column)], { line: position + 1, legalForm: true, followedBy: 'address' });
      return;
    }
    if (text.length > Math.min(80, reading.maxLength) || /[:@|]|https?/i.test(text)) continue;
    if (beforeLegalForm(text, layout) === null) {
      // A legal form before the name (`SIA "Zaļā Dārzs"`, "SIA RIMI LATVIA") is the whole name, printed on its line.
      if (!legalFormLeadsName(text, layout)) continue;
      const below = lines[position + 1];
      reportLetterhead(builder, document, text, [spanOn(line, text)], { line: position + 1, legalForm: true, followedBy: below === undefined ? null : letterheadFollower(below.text, layout, normalize) });
      return;
    }
    const name = text.replace(REGISTRATION, '').trim();
    // One word is a name only when it is the legal form alone ("TRADING" under "TSH POWER HARDWARE"): the lines above are then joined.
    if (!/\p{L}{2}/u.test(name) || (name.split(/\s+/).length < 2 && (beforeLegalForm(name, layout) ?? name) !== '')) continue;
    const span = spanOn(line, name);
    // A name printed over two lines ("POPULAR BOOK" / "CO. (M) SDN BHD"): the line above
    // continues it when this line holds little more than the legal form.
    const before = beforeLegalForm(name, layout) ?? name;
    // Only what cannot start a name continues one: nothing, "CO. (M)", "& SONS", or a bracket closed here but opened above.
    const startsMidName =
      onlyNameConnectors(before, layout) ||
      before.split(')').length > before.split('(').length ||
      // Nothing but what kind of business it is ("RESTAURANT SDN BHD", "ENTERPRISE (SETIA ALAM) SDN BHD"): the name is above.
      onlyBusinessKinds(before.replace(/\([^()]*\)/g, ' ').trim(), layout);
    // A line above continues the name when it is printed alike: both in capitals, or both not.
    const continuesAbove = (line: (typeof lines)[number] | undefined, text: string): boolean =>
      line !== undefined && text.length <= 40 && /\p{L}{2}/u.test(text) && !/[\d:@|]/.test(text) && (text === text.toUpperCase()) === (name === name.toUpperCase());
    // A name printed over two or three lines: each line above is joined while what is joined so far starts mid-name
    // ("AIK HUAT HARDWARE" / "ENTERPRISE (SETIA" / "ALAM) SDN BHD").
    const spans = [span];
    let value = name;
    let midName = startsMidName;
    for (let up = position - 1; midName && up >= 0 && up >= position - 2; up -= 1) {
      const line = lines[up]!;
      const lineText = line.text.trim();
      // A label of the packs' concepts ("Total", "Invoice") over a bare legal form is not the name's first part.
      if (!continuesAbove(line, lineText) || namesConcept(lineText, lexicon, normalize)) break;
      spans.unshift(spanOn(line, lineText));
      value = `${lineText} ${value}`;
      const head = beforeLegalForm(value, layout) ?? value;
      midName = head.split(')').length !== head.split('(').length || onlyBusinessKinds(lineText.replace(/\([^()]*\)?/g, ' ').trim(), layout);
    }
    // Still only a legal form and joining words ("CO. (M) SDN BHD" under a logo the reader did not read): the name is not legible.
    if (onlyNameConnectors((beforeLegalForm(value, layout) ?? value).replace(/[^\p{L}\p{N}()&\s.]/gu, '').trim(), layout)) return;
    const below = lines[position + 1];
    reportLetterhead(builder, document, value, spans, { line: position + 1, legalForm: true, followedBy: below === undefined ? null : letterheadFollower(below.text, layout, normalize) });
    return;
  }
  // A PDF's logo is a picture: its first line of text is as often a department or a slogan
  // as the issuer's name, so only a name with a legal form (above) is read from a PDF.
  // A name over its address at the head that the page prints again over its address at the foot is the issuer's.
  if (document.kind === 'pdf') {
    const repeated = repeatedHeadName(document, layer, layout, lexicon, normalize);
    if (repeated !== null) reportLetterhead(builder, document, repeated.name, [repeated.span], { line: repeated.line, legalForm: false, followedBy: 'address', repeated: true });
    return;
  }
  // The first name-like line among the first few is the letterhead, confirmed when an address
  // (or the document's title) follows it — past a registration number printed alone. (A later
  // confirmed line is not preferred: it is as often the second line of a two-line name.)
  const candidates: { position: number; text: string; followedBy: 'address' | 'title' | null; continued: string | null }[] = [];
  for (const [position, line] of lines.slice(0, LETTERHEAD_LINES).entries()) {
    // A name-like line the OCR read badly and nothing confirms may be a logo or a stamp: the next one is looked at too.
    const last = candidates[candidates.length - 1];
    if (last !== undefined && !doubtfulLetterhead(document, lines[last.position]!, last)) break;
    const text = withoutMarks(line.text);
    const words = normalize(text).text.split(' ');
    if (lexicon.conceptsOfLabel(words.join(' ')).length > 0 || words.every((word) => layout.isTitleWord(word)) || CODE_LINE.test(text)) continue;
    // A number in a name ("TRIPLE SIX POINT ENTERPRISE 666", "7-ELEVEN") is kept; a line that reads as an address is not a name.
    if (/[:@/|]|https?/i.test(text) || (/\d/.test(text) && (startsAddress(text, layout) || letterheadFollower(text, layout, normalize) !== null || !/\p{L}{2,}(?:\s+\p{L}{2,}){1,}/u.test(text))) || text.length > Math.min(60, reading.maxLength) || !/\p{L}{2}/u.test(text)) break;
    if (/(?:\b\p{Ll}+\b\s+){3}/u.test(text)) break;
    // A name printed over two lines: the first ends in "&" or ",", the second is name-like too.
    const next = lines[position + 1]?.text.trim() ?? '';
    const continued = /[&,]$/.test(text) && next.length > 0 && next.length <= 40 && !/[\d:@|]/.test(next) ? next : null;
    let belowIndex = position + (continued === null ? 1 : 2);
    while (belowIndex < lines.length && isHeadNoteLine(lines[belowIndex]!.text.trim(), layout)) belowIndex += 1;
    const below = lines[belowIndex];
    candidates.push({ position, text, followedBy: below === undefined ? null : letterheadFollower(below.text, layout, normalize), continued });
  }
  // Doubtful lines yield to a line below them that an address confirms.
  const confirmed = candidates[candidates.length - 1];
  const chosen = confirmed?.followedBy === 'address' ? confirmed : candidates[0];
  if (chosen === undefined) return;
  const line = lines[chosen.position]!;
  const span = spanOn(line, chosen.text);
  const spans = [span];
  let value = chosen.text;
  if (chosen.continued !== null) {
    spans.push(spanOn(lines[chosen.position + 1]!, chosen.continued));
    value = `${chosen.text} ${chosen.continued}`;
  }
  reportLetterhead(builder, document, value, spans, { line: chosen.position + 1, legalForm: false, followedBy: chosen.followedBy });
}

/**
 * The name in the first column of a head printed in columns: the text before the line's first
 * column gap, when a legal form of the packs ends it (nothing follows the form) and the line
 * below prints an address in the same column. Null for a line of one column, or when the
 * column is not a company's name over its address: a name alone beside another column says
 * nothing about which column is the issuer's.
 */
function headColumnName(text: string, line: Document['lines'][number], below: Document['lines'][number] | undefined, layout: LayoutWords, normalize: LabelNormalizer): string | null {
  const gap = COLUMN_GAP.exec(text);
  if (gap === null || below === undefined) return null;
  const name = text.slice(0, gap.index).trim();
  if (name.length > 80 || !/\p{L}{2}/u.test(name) || /[\d:@|]|https?/iu.test(name) || name.split(/\s+/).length < 2) return null;
  const form = beforeLegalForm(name, layout);
  if (form === null || form === '') return null;
  const start = line.text.indexOf(name);
  const under = below.text.slice(start).trimStart();
  // The column under the name starts where the name does (a little slack), and reads as an address.
  if (below.text.length - under.length - start > 2 || /\S/.test(below.text.slice(Math.max(0, start - 3), start))) return null;
  const cell = under.split(COLUMN_GAP)[0] ?? '';
  return letterheadFollower(cell, layout, normalize) === 'address' ? name : null;
}

/** How many lines of a PDF's head are looked at for the issuer's name repeated at its foot. */
const REPEATED_HEAD_LINES = 12;
/** How many lines after the head the repeated name must be printed (the foot, not the head's own block). */
const REPEATED_FOOT_GAP = 6;

/** A text that may be a company's name printed alone: letters, a few words, no digit, key, link or label of a concept, no title. */
function nameCell(text: string, layout: LayoutWords, lexicon: Lexicon, normalize: LabelNormalizer): boolean {
  if (text.length > 60 || !/\p{L}{2}/u.test(text) || /[\d:@|/]|https?|www\./iu.test(text) || text.split(/\s+/).length < 2) return false;
  const words = normalize(text).text.split(' ');
  return lexicon.conceptsOfLabel(words.join(' ')).length === 0 && !words.some((word) => layout.isTitleWord(word));
}

/** True when a line reads as an address, whole or in one of its parts ("2, rue de la Paix – 75000 Paris – Tel: …"). */
function addressInLine(text: string, layout: LayoutWords, normalize: LabelNormalizer): boolean {
  return text.split(/\s+[·•|–—-]\s+|\s{3,}/u).some((part) => letterheadFollower(part, layout, normalize) === 'address');
}

/**
 * A PDF's issuer named twice: a name-like cell among the head's lines with an address under it
 * in its column, printed again as a line of its own at the foot, over an address. A PDF's first
 * line of text is as often a department or a slogan as the issuer, so a name without a legal form
 * is read only when the page says so twice; a buyer's block is not printed again over its address.
 */
function repeatedHeadName(document: Document, layer: string, layout: LayoutWords, lexicon: Lexicon, normalize: LabelNormalizer): { name: string; span: SourceSpan; line: number } | null {
  const lines = document.lines.filter((line) => line.span.layer === layer && line.text.trim().length > 0);
  for (let position = 0; position < Math.min(lines.length, REPEATED_HEAD_LINES); position += 1) {
    for (const cell of columnCells(lines[position]!.text)) {
      if (!nameCell(cell.text, layout, lexicon, normalize)) continue;
      const under = cellAt(lines[position + 1]?.text ?? '', cell.offset);
      if (under === undefined || letterheadFollower(under.text, layout, normalize) !== 'address') continue;
      const again = lines.findIndex((line, index) => index >= position + REPEATED_FOOT_GAP && line.text.trim() === cell.text);
      if (again < 0 || !addressInLine(lines[again + 1]?.text ?? '', layout, normalize)) continue;
      const start = lines[position]!.span.start + cell.offset;
      return { name: cell.text, span: { start, end: start + cell.text.length, layer }, line: position + 1 };
    }
  }
  return null;
}

/** Where `part` is first printed on `line`, as a span of the line's layer. */
function spanOn(line: Document['lines'][number], part: string): SourceSpan {
  const start = line.span.start + line.text.indexOf(part);
  return { start, end: start + part.length, layer: line.span.layer };
}

/** What parts a sender's line: a middle dot, a bullet, a bar or a dash with spaces around it. */
const SENDER_LINE_SEPARATOR = /\s+[·•|–—-]\s+/u;

/**
 * The issuer's name on a sender's line, the one-line return address printed over a letter's
 * address window ("Musterbau GmbH · Industriestraße 7 · 70565 Stuttgart", "Acme Ltd | 1 Main
 * St | London"): its first part when a legal form ends it and a later part reads as an
 * address. Null for any other line.
 */
function senderLineName(text: string, layout: LayoutWords, normalize: LabelNormalizer): string | null {
  const parts = text.split(SENDER_LINE_SEPARATOR).map((part) => part.trim());
  if (parts.length < 2) return null;
  const name = parts[0]!;
  if (name.length > 80 || !/\p{L}{2}/u.test(name) || /[:@]|https?/i.test(name) || beforeLegalForm(name, layout) === null) return null;
  return parts.slice(1).some((part) => letterheadFollower(part, layout, normalize) === 'address') ? name : null;
}

/**
 * Reports a letterhead reading: its line (from 1), whether a legal form names it, and what is
 * printed below it. The evidence's text is its first span's, as every record's is; a name
 * joined from two or three lines is the value, each line a span.
 */
function reportLetterhead(builder: ResultBuilder, document: Document, value: string, spans: SourceSpan[], facts: { line: number; legalForm: boolean; followedBy: 'address' | 'title' | null; repeated?: boolean }): void {
  const first = spans[0]!;
  const text = document.layers[first.layer]!.text.slice(first.start, first.end);
  builder.finding({
    value: value.replace(/\s+/g, ' '),
    raw: value,
    rank: 0,
    kind: EvidenceKind.RECOGNIZER,
    spans,
    text,
    pattern: 'layout:letterhead',
    detail: { structure: 'letterhead', line: facts.line, ...(facts.legalForm ? { legalForm: true } : {}), ...(facts.followedBy === null ? {} : { followedBy: facts.followedBy }), ...(facts.repeated === true ? { repeatedAtFoot: true } : {}) },
  });
}

/** Below this mean word confidence an OCR'd first name-like line, with no address under it, may be a logo or a stamp. */
const DOUBTFUL_LETTERHEAD_CONFIDENCE = 0.7;

/** A letterhead candidate nothing confirms (no address or title under it, no continuation) that the OCR read badly. */
function doubtfulLetterhead(document: Document, line: Document['lines'][number], candidate: { followedBy: string | null; continued: string | null }): boolean {
  if (candidate.followedBy !== null || candidate.continued !== null) return false;
  const confidence = ocrReadingConfidence(document, line.span);
  return confidence !== null && confidence < DOUBTFUL_LETTERHEAD_CONFIDENCE;
}

/** Signs of a labelled line or a link: a line with one ends the address under a letterhead. */
const LABEL_OR_LINK = /[:@]|https?|www\./i;

/** A line that ends the address under a letterhead: a label, a link, or a contact, tax, registration or document word of the packs. */
function stopsAddress(text: string, layout: LayoutWords): boolean {
  return LABEL_OR_LINK.test(text) || layout.mentions('address-stops', text);
}
/** What follows a registration label (or stands alone): the number ("789417-W", ": 933109-X", "(JM0517726)"). */
const REGISTRATION_NUMBER = /^\.?\s*[:.]?\s*\(?[0-9A-Z]*[0-9][0-9A-Z-]{3,}\s*[)>]?$/i;
/** A bracketed number with a short note in it ("(CO.REG : 933109-X)" misread, "(NO. 12345-A)"). */
const BRACKETED_NUMBER = /^\([^()]{0,20}\d{5,}[0-9A-Z-]*\s*\)$/i;

/** A registration number printed alone under the name ("789417-W", "(JM0517726)", "CO.REG : 933109-X"): a registration label of the packs or none, then the number. */
function isRegistrationLine(text: string, layout: LayoutWords): boolean {
  if (BRACKETED_NUMBER.test(text)) return true;
  const rest = text.replace(/^[(<]?\s*/, '');
  if (REGISTRATION_NUMBER.test(rest)) return true;
  const end = /^\p{L}/u.test(rest) ? layout.afterStart('registration-labels', rest) : null;
  return end !== null && REGISTRATION_NUMBER.test(rest.slice(end));
}
/** A line that is only a number or code ("1950", "3-1707067"): a terminal's or a scan's, printed above the letterhead. */
const CODE_LINE = /^[\d-]{1,12}$/;
/** A line that is only a telephone number ("07-355 2616", "+60 3-1234 5678", "03-3279 1851,"). */
const PHONE_LINE = /^\+?[\d\s().-]{7,}[,;.]?$/;
/** A line that is only a date, with or without a time ("05 MAR 2018 18:24", "23/03/2018 9:34 AM"). */
const DATE_TIME_LINE = /^(?:\d{1,2}[-/. ](?:\d{1,2}|[a-z]{3,9})[-/. ]\d{2,4}|\d{4}-\d{2}-\d{2})(?:\s+\d{1,2}:\d{2}(?::\d{2})?(?:\s*[ap]\.?m\.?)?)?$/i;
/** What follows a tax registration's label: the number ("… : 000155453440", "…: 000306020352)"). */
const TAX_ID_NUMBER = /^\.?\s*[:.]?\s*[0-9A-Z][0-9A-Z -]{5,}\s*\)?$/i;

/**
 * A tax registration printed alone under the name ("GST REG. NO. : 000155453440", "(GST ID:
 * 000306020352)"): a tax word of the packs, the packs' tax-id words ("reg", "no", "id"), the number.
 */
function isTaxIdLine(text: string, layout: LayoutWords): boolean {
  let rest = text.replace(/^\(?\s*/, '');
  const taxEnd = /^\p{L}/u.test(rest) ? layout.afterStart('tax-words', rest) : null;
  if (taxEnd === null) return false;
  rest = rest.slice(taxEnd);
  for (let end = idWordEnd(rest, layout); end !== null; end = idWordEnd(rest, layout)) rest = rest.slice(end);
  return TAX_ID_NUMBER.test(rest);
}

/** Where a tax-id word right at the start of `text` (after spaces and a stop) ends, or null. */
function idWordEnd(text: string, layout: LayoutWords): number | null {
  const lead = /^\.?\s*/.exec(text)![0].length;
  if (!/^\p{L}/u.test(text.slice(lead))) return null;
  const end = layout.afterStart('tax-id-words', text.slice(lead));
  return end === null ? null : lead + end;
}
/** What follows an outlet word in a store's code line: a marker and the code ("SITE: 1046", "OUTLET #12", "BRANCH CODE 7"). */
const OUTLET_CODE = /^\s*(?:no\.?|code|id)?\s*[:#]?\s*[0-9A-Z-]{1,10}$/i;

/** A store's, site's or branch's code printed alone under the name: an outlet word of the packs, then the code. */
function isOutletCodeLine(text: string, layout: LayoutWords): boolean {
  const end = /^\p{L}/u.test(text) ? layout.afterStart('outlet-words', text) : null;
  if (end === null) return false;
  const rest = text.slice(end);
  // A number marker of the packs before the code ("Veikals Nr. 12", "Filiale Nr. 0815").
  const marker = /^\s*(\S+?)\.?(?=\s)/.exec(rest);
  return OUTLET_CODE.test(rest) || (marker !== null && layout.isNumberMarker(marker[1]!) && OUTLET_CODE.test(rest.slice(marker[0].length)));
}
/**
 * A statement of the company's legal form under its name: a legal form of the packs, then
 * lowercase words ("EURL au capital de 5 000 €", "GmbH mit Sitz in Köln") — not a name that
 * starts with its legal form (`SIA "Maxima Latvija"`, "SAS DISTRIBUTION SUD").
 */
function isLegalFormStatement(text: string, layout: LayoutWords): boolean {
  const end = /^\p{L}/u.test(text) ? layout.afterStart('legal-forms', text) : null;
  return end !== null && /^\s+\p{Ll}/u.test(text.slice(end));
}

/** What stands between a name and its address: a registration or tax number printed alone, a store's code, the date and time printed at the head, a statement of the legal form. */
function isHeadNoteLine(text: string, layout: LayoutWords): boolean {
  return isRegistrationLine(text, layout) || isTaxIdLine(text, layout) || isOutletCodeLine(text, layout) || DATE_TIME_LINE.test(text) || isLegalFormStatement(text, layout);
}
/** "NO:" or "No :" before a house number at the start of an address line. */
const HOUSE_NUMBER_COLON = /^no\s*:\s*(?=\d)/i;
/** How the first line of an address starts: a house number ("12 …", "No. 12 …") — or a street word, below. */
const HOUSE_NUMBER_START = /^(?:\d|no\.?\s*\d)/i;

/** True when a line starts the way an address does: a house number, or a word of the packs that opens an address line (unit, lot, PO box, a street word printed first). */
function startsAddress(text: string, layout: LayoutWords): boolean {
  return HOUSE_NUMBER_START.test(text) || layout.startsAddressLine(text);
}
/** A street name of words with its house number last ("Am Markt 5", "Dam 12a"): no comma, no other digit. */
const STREET_THEN_NUMBER = /^\p{Lu}[\p{L}.'-]*(?:\s+[\p{L}.'-]+){0,4}\s+\d{1,4}[a-z]?$/u;
/** A postal line: a postcode, maybe after a country's letters, then the town ("90402 Nürnberg", "D-80331 München"). */
const POSTAL_LINE = /^(?:\p{Lu}{1,2}-)?\d{4,5}\s+\p{Lu}\p{L}/u;
/** How many lines an address may span. */
const ADDRESS_LINES = 5;

/**
 * The issuer's address: the run of lines right under the letterhead (a registration
 * number printed alone is skipped), up to the first contact, tax, registration, document
 * or labelled line, joined with spaces. Only a run that reads as an address (a street or
 * postal line, `letterheadFollower`) is reported; `detail.bounded` says whether such a
 * stop line ends it — an address that runs into the body (or the document's end) has an
 * uncertain end and is graded lower (ADR 0007).
 */
function recordAddressBlock(builder: ResultBuilder, document: Document, layer: string, layout: LayoutWords, lexicon: Lexicon, normalize: LabelNormalizer): void {
  // The address under a PDF's letterhead is not read (its first lines may be a department's, see recordLetterhead).
  if (document.kind === 'pdf') return;
  const lines = headLines(document, layer);
  const head = letterheadPosition(lines, layout, lexicon, normalize);
  if (head === null) return;
  let position = head + 1;
  while (position < lines.length && isHeadNoteLine(lines[position]!.text.trim(), layout)) position += 1;
  const block: (typeof lines)[number][] = [];
  for (; position < lines.length && block.length < ADDRESS_LINES; position += 1) {
    const text = addressLineText(lines[position]!);
    // "NO: 28, JALAN ASTANA 1C": a house number's colon does not end the address.
    if (stopsAddress(text.replace(HOUSE_NUMBER_COLON, ''), layout) || isRegistrationLine(text, layout) || PHONE_LINE.test(text)) break;
    // The date under the address ends it, as does a blank line in typed text once the street is read. (A store's code
    // printed under it is kept: receipts' readers count it as the address's last line.)
    if (block.length > 0 && (DATE_TIME_LINE.test(text) || (blankLineBetween(document, block[block.length - 1]!, lines[position]!) && block.some((line) => letterheadFollower(line.text, layout, normalize) === 'address')))) break;
    // A branch or outlet name between the letterhead and the street ("IKEA CHERAS") is not the address;
    // a line in parts ("3RD FLR, AEON …" misread) is one that does not read as a street: where the address starts is unknown.
    if (block.length === 0 && !startsAddress(text, layout) && letterheadFollower(text, layout, normalize) !== 'address') {
      if (text.includes(',')) return;
      continue;
    }
    // A street the packs have no word for, its house number after it ("Am Markt 5"), right above the postal line that starts the block.
    if (block.length === 0 && position > head + 1 && STREET_THEN_NUMBER.test(addressLineText(lines[position - 1]!)) && POSTAL_LINE.test(text)) block.push(lines[position - 1]!);
    // Nor one after it: an address ends with its country ("… KUALA LUMPUR, MALAYSIA" / "IOI MALL").
    const previous = block[block.length - 1]?.text.trim();
    if (previous !== undefined && endsInCountry(previous, layout)) break;
    block.push(lines[position]!);
  }
  if (block.length === 0 || !block.some((line) => letterheadFollower(line.text, layout, normalize) === 'address')) return;
  const bounded = position < lines.length && block.length < ADDRESS_LINES;
  const texts = block.map(addressLineText);
  const first = block[0]!;
  const last = block[block.length - 1]!;
  // One span over the whole block, from the first line's text to the last line's end.
  const span = { start: first.span.start + first.text.indexOf(texts[0]!), end: last.span.start + last.text.indexOf(texts[texts.length - 1]!) + texts[texts.length - 1]!.length, layer };
  const value = texts.join(' ').replace(/\s+/g, ' ');
  const printed = document.layers[layer]!.text.slice(span.start, span.end);
  builder.finding({ value, raw: printed, rank: 0, kind: EvidenceKind.RECOGNIZER, spans: [span], text: printed, pattern: 'layout:address', detail: { structure: 'address', lines: block.length, bounded } });
}

/** True when a typed text (not an OCR'd page, whose blank lines are only gaps in the print) leaves a blank line between two lines. */
function blankLineBetween(document: Document, above: Document['lines'][number], below: Document['lines'][number]): boolean {
  if (document.kind !== 'text' && document.kind !== 'email') return false;
  const between = document.layers[above.span.layer]!.text.slice(above.span.end, below.span.start);
  return /\n[^\S\n]*\n/.test(between);
}

/** Shortest country name an OCR slip (one letter lost, added or misread) is forgiven in. */
const COUNTRY_SLIP_LETTERS = 7;

/**
 * True when a line ends with a country of the packs ("… KUALA LUMPUR, MALAYSIA"), also as a
 * scan reads a long name with one letter lost or misread ("MALAYSI .").
 */
function endsInCountry(text: string, layout: LayoutWords): boolean {
  return layout.endsIn('country-names', text) || layout.endsNearly('country-names', text, COUNTRY_SLIP_LETTERS);
}

/** How many lines at the head of a page may be marks above the letterhead. */
const MARK_LINES = 4;
/** Below this mean word confidence an OCR line is more likely a stamp, scribble or logo than print. */
const MARK_OCR_CONFIDENCE = 0.5;

/**
 * The layer's non-blank lines, without the marks above the letterhead: a short code with a
 * digit written or stamped on the page ("A030/8", "1950", "(481500-M)"), a line the OCR
 * read at a low mean confidence (a logo, a scribble), or a line in lower case above one in
 * capitals (a scanner's or annotator's name). Only the leading run of such lines goes.
 */
function headLines(document: Document, layer: string): Document['lines'][number][] {
  const lines = document.lines.filter((line) => line.span.layer === layer && line.text.trim().length > 0);
  let position = 0;
  let marks = 0;
  for (; position < lines.length - 1; position += 1) {
    // Specks (a line with nothing to read) are passed over without counting against the few marks.
    if (!readable(lines[position]!)) continue;
    if (marks === MARK_LINES || !isMark(document, lines[position]!, lines[position + 1]!)) break;
    marks += 1;
  }
  return position === 0 ? lines : lines.slice(position);
}

/** A line with something to read: a digit or two letters together (not only specks, rules or stray letters, "’", "~~", "y  )"). */
function readable(line: Document['lines'][number]): boolean {
  return /\p{N}|\p{L}{2}/u.test(line.text);
}

function isMark(document: Document, line: Document['lines'][number], next: Document['lines'][number]): boolean {
  const text = line.text.trim();
  const compact = text.replace(/\s+/g, '');
  if (compact.length <= 10 && /\d/.test(compact) && !/\p{L}{3}/u.test(text)) return true;
  const confidence = ocrReadingConfidence(document, line.span);
  if (confidence !== null && confidence < MARK_OCR_CONFIDENCE) return true;
  const nextText = next.text.trim();
  return /\p{Ll}/u.test(text) && !/\p{Lu}/u.test(text) && /\p{Lu}{2}/u.test(nextText) && !/\p{Ll}/u.test(nextText);
}

/** A line of an address block, trimmed, without a mark set apart at its end ("… Selangor      :", a speck the OCR read). */
function addressLineText(line: Document['lines'][number]): string {
  return line.text.trim().replace(/\s{2,}[:;|.,]$/, '');
}

/** Where the letterhead is among the first lines (the same reading as `recordLetterhead`), or null. */
function letterheadPosition(lines: readonly Document['lines'][number][], layout: LayoutWords, lexicon: Lexicon, normalize: LabelNormalizer): number | null {
  for (const [position, line] of lines.slice(0, LEGAL_FORM_LINES).entries()) {
    const text = line.text.trim();
    if (position > 0 && /[\d:@|]/.test(lines[position - 1]!.text) && !CODE_LINE.test(lines[position - 1]!.text.trim())) break;
    if (text.length <= 80 && (beforeLegalForm(text, layout) !== null || legalFormLeadsName(text, layout)) && !/[:@|]|https?/i.test(text)) return position;
  }
  for (const [position, line] of lines.slice(0, LETTERHEAD_LINES).entries()) {
    const text = line.text.trim();
    const words = normalize(text).text.split(' ');
    if (lexicon.conceptsOfLabel(words.join(' ')).length > 0 || words.every((word) => layout.isTitleWord(word)) || CODE_LINE.test(text)) continue;
    if (/\d|[:@/|]|https?/i.test(text) || text.length > 60 || !/\p{L}{2}/u.test(text)) return null;
    // The issuer's name is the name-like line an address follows (past a registration number):
    // a scanner's or cashier's name above it is followed by the name, not by an address.
    let below = position + 1;
    while (below < lines.length && isHeadNoteLine(lines[below]!.text.trim(), layout)) below += 1;
    if (letterheadFollower(lines[below]?.text ?? '', layout, normalize) === 'address') return position;
  }
  return null;
}


function groupByValue<T>(items: readonly T[], valueOf: (item: T) => JsonValue): Map<string, { value: JsonValue; items: T[] }> {
  const groups = new Map<string, { value: JsonValue; items: T[] }>();
  for (const item of items) {
    const value = valueOf(item);
    const key = canonicalJson(value);
    const group = groups.get(key);
    if (group) group.items.push(item);
    else groups.set(key, { value, items: [item] });
  }
  return groups;
}

function recordRecognizerHits(builder: ResultBuilder, step: RecognizerStep, hits: readonly RecognizedValue[], layer: string, reading: ValueReading): void {
  // A CURRENCY hit only counts for an ENUM field when the code is one of its values.
  const allowed = step.kind === 'CURRENCY' ? hits.filter((hit) => reading.enumValues.some((entry) => entry.value === hit.value)) : hits;
  if (allowed.length === 0) return;
  const groups = groupByValue(allowed, (hit) => hit.value);
  if (step.uniqueOnly && groups.size > 1) {
    builder.diagnostic({
      code: 'UNLABELLED_VALUE_NOT_UNIQUE',
      severity: 'INFO',
      message: `The document holds ${groups.size} distinct ${step.kind} values and none is labelled for this field; choosing one would be a guess.`,
      context: { kind: step.kind, distinctValues: groups.size },
    });
    return;
  }
  let reported = 0;
  for (const group of groups.values()) {
    if (reported >= MAX_VALUES) break;
    reported += 1;
    const spans: SourceSpan[] = group.items.slice(0, MAX_SPANS).map((hit) => ({ start: hit.start, end: hit.end, layer }));
    const first = group.items[0]!;
    builder.finding({
      value: group.value,
      raw: first.text,
      rank: group.items.length,
      kind: EvidenceKind.RECOGNIZER,
      spans,
      text: first.text,
      pattern: `recognizer:${step.kind}`,
      detail: { occurrences: group.items.length, distinctValues: groups.size, ambiguous: group.items.some((hit) => hit.ambiguous), ...evidenceDetail(first.detail) },
    });
  }
}

function recordPatternMatches(
  builder: ResultBuilder,
  pattern: PatternStep,
  text: string,
  layer: string,
  reading: ValueReading,
  recognizers: ValueRecognizers,
  recognizerOptions: RecognizerOptions,
  layout: LayoutWords,
): void {
  const regex = compileSafeRegex(pattern.source);
  const found: { value: JsonValue; start: number; end: number; text: string }[] = [];
  for (const match of regex.matchAll(text)) {
    const part = pattern.group === null ? { start: match.start, end: match.end, text: match.text } : match.groups[pattern.group];
    if (!part || part.text.trim().length === 0) continue;
    if (reading.fieldType === 'STRING') {
      // The contract said exactly what the value is: keep the matched text as is (trimmed).
      const leading = part.text.length - part.text.trimStart().length;
      const trimmed = part.text.trim();
      found.push({ value: trimmed, start: part.start + leading, end: part.start + leading + trimmed.length, text: trimmed });
      continue;
    }
    const read = readTypedValue(part.text, reading, recognizers, { recognizerOptions, layout });
    if (!read) continue;
    found.push({ value: read.value, start: part.start + read.start, end: part.start + read.end, text: text.slice(part.start + read.start, part.start + read.end) });
  }
  const groups = groupByValue(found, (item) => item.value);
  for (const group of groups.values()) {
    const first = group.items[0]!;
    builder.finding({
      value: group.value,
      raw: first.text,
      rank: 1000 + group.items.length,
      kind: EvidenceKind.CONTRACT_PATTERN,
      spans: group.items.slice(0, MAX_SPANS).map((item) => ({ start: item.start, end: item.end, layer })),
      text: first.text,
      pattern: pattern.source,
      detail: { origin: pattern.origin, occurrences: group.items.length, distinctValues: groups.size },
    });
  }
}
