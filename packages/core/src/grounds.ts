/**
 * Grounds: the typed, public statement of *why* a piece of evidence supports its value.
 * Capabilities (built-in or plug-in) state grounds on the evidence they make; the
 * reconciler's rubric is a table keyed by them (ADR 0023), so two capabilities that state
 * the same grounds get the same grade. `Evidence.detail` stays a free-form escape hatch for
 * a capability's own facts; the rubric never reads it.
 *
 * An evidence record states one *finding* ground (how the value was found) and any number
 * of *reading* grounds (how well the text was read: OCR quality, an ambiguous reading,
 * where a money amount's currency came from).
 */
import type { JsonValue } from './json.js';

/** How a printed label matched the field: its own name or declared label, a concept synonym, approximately. */
export type LabelMatch = 'exact' | 'synonym' | 'fuzzy';

/**
 * Where the label sits relative to the value: `paired` by the layout (a key-value line, a
 * table header, a totals row) or `inline` in running text or followed by a qualifier
 * ("Total is $1,250.00", "Total due on August 3").
 */
export type LabelPlacement = 'paired' | 'inline';

/** The region of a document a layout reading came from. */
export type LayoutRole = 'letterhead' | 'address-block' | 'party-block' | 'title-line' | 'summary' | 'payment' | 'signature' | 'preamble';

/**
 * How a contract clause gives the value: `stated` ("entered into as of <date>"),
 * `inferred` (a title the preamble names only by its kind, or an uncertain extent),
 * `agreement-date` (an effective date read as the agreement's own date),
 * `letter-date` (the date line of a letter agreement taken as the effective date),
 * `execution-date` (the date the signing clause states, the preamble stating none, taken as the effective date),
 * `from-effective-date` (the date the preamble says the agreement takes effect, taken as its date).
 */
export type ClauseReading = 'stated' | 'inferred' | 'agreement-date' | 'letter-date' | 'execution-date' | 'from-effective-date';

/** A check that backs a recognizer's reading: a check digit that holds, or a format/registry validator. */
export type RecognizerBacking = 'checksum' | 'validator';

/**
 * What a model's grounded quote says about the value: `exact` (the quote holds the value,
 * nothing more is known), `labelled` (the quote also names the field: a term of its label
 * or concept next to the value), `instruction-line` (the quote sits on a line that also
 * reads as an instruction to a model), `addresses-model` (the quote itself speaks to the
 * model).
 */
export type ModelQuote = 'exact' | 'labelled' | 'instruction-line' | 'addresses-model';

/** Where a money amount's currency came from (most to least certain: code, symbol, … none). */
export type CurrencySource = 'code' | 'symbol' | 'symbol-ambiguous' | 'hint' | 'document' | 'none';

/** How a value was found. */
export type FindingGrounds =
  /** A business term of structured data the input carries (an e-invoice's XML). */
  | { readonly kind: 'structured-data' }
  /** A key of structured input: JSON key path, CSV column, e-mail header. */
  | { readonly kind: 'structured-key' }
  /** A printed label of the field. */
  | { readonly kind: 'label'; readonly match: LabelMatch; readonly placement: LabelPlacement }
  /** A contract-supplied extraction pattern matched. */
  | { readonly kind: 'contract-pattern' }
  /**
   * An unlabelled typed recognizer hit (`recognizer` is the value kind: `DATE`, `IBAN`,
   * `CURRENCY` …); `unique` when its value is the only one of its kind in the document;
   * `backing` when a check backs the reading.
   */
  | { readonly kind: 'recognizer'; readonly recognizer: string; readonly unique: boolean; readonly backing?: RecognizerBacking }
  /**
   * A value read from a region's role in the layout; `confirmed` when the layout bears the
   * role out (a letterhead with an address or the title below it or ending in a legal
   * form; an address block a contact, tax or document line ends).
   */
  | { readonly kind: 'layout'; readonly role: LayoutRole; readonly unique: boolean; readonly confirmed: boolean }
  /** A value a contract clause gives. */
  | { readonly kind: 'clause'; readonly reading: ClauseReading; readonly unique: boolean }
  /** A lookup table entry. */
  | { readonly kind: 'lookup' }
  /** Arithmetic over other fields (fills a value, or checks the value `checks`). */
  | { readonly kind: 'arithmetic'; readonly relation: string; readonly checks?: JsonValue }
  /** A constraint or semantic check ran on a value (`checks`, when it names one). */
  | { readonly kind: 'validation'; readonly passed: boolean; readonly checks?: JsonValue }
  /** A model answer that passed the inference validation boundary, with what its quote shows. */
  | { readonly kind: 'model-quote'; readonly quote: ModelQuote };

/**
 * What a page's second OCR reading says at a value's place: the same characters
 * (`agrees`), others (`differs`: "9.85" for "9.65"), or, for a number, a digit or a
 * separator more or fewer (`differs-in-shape`: "10.00" for "1000", "7.00" for "00") — a
 * character lost or doubled, where neither reading says which is right.
 */
export type SecondReadingVerdict = 'agrees' | 'differs' | 'differs-in-shape';

/** How well the text behind a finding was read. */
export type ReadingGrounds =
  /**
   * Read by OCR: the weakest word's confidence (0–1), the product of all words'
   * confidences, when the page was read twice the chance that every word is right judged
   * word by word by both readings (`allWordsBothReadings`), and what the second reading
   * says at a short value's place.
   */
  | { readonly kind: 'ocr-reading'; readonly weakestWord: number; readonly allWords: number; readonly allWordsBothReadings?: number; readonly secondReading?: SecondReadingVerdict }
  /** The text admits another reading (day/month order, a decimal separator). */
  | { readonly kind: 'ambiguous-reading' }
  /** Where the amount's currency came from. */
  | { readonly kind: 'currency-reading'; readonly source: CurrencySource };

/** Any statement of grounds. */
export type Grounds = FindingGrounds | ReadingGrounds;

const READING_KINDS: ReadonlySet<string> = new Set(['ocr-reading', 'ambiguous-reading', 'currency-reading']);

/** True for a reading ground (OCR, ambiguity, currency), false for a finding ground. */
export function isReadingGrounds(grounds: Grounds): grounds is ReadingGrounds {
  return READING_KINDS.has(grounds.kind);
}

/** The finding ground among `grounds` (the first one), or null when none is stated. */
export function findingGroundsOf(grounds: readonly Grounds[] | undefined): FindingGrounds | null {
  for (const entry of grounds ?? []) if (!isReadingGrounds(entry)) return entry;
  return null;
}

/** The reading ground of kind `kind` among `grounds`, or null. */
export function readingGroundsOf<K extends ReadingGrounds['kind']>(grounds: readonly Grounds[] | undefined, kind: K): Extract<ReadingGrounds, { kind: K }> | null {
  for (const entry of grounds ?? []) if (entry.kind === kind) return entry as Extract<ReadingGrounds, { kind: K }>;
  return null;
}
