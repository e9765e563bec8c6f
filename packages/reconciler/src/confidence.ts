/**
 * The confidence rubric (ADR 0007): one deterministic function from the evidence behind a
 * value to a number in [0, MAX_CONFIDENCE]. A value's sightings are grouped by place (the
 * same span seen twice counts once); each place is as strong as its strongest evidence;
 * independent places combine noisy-OR style (the strongest fully, each further one at
 * AGREEMENT_WEIGHT); derived checks that support the value add a sighting; a labelled
 * value that is the only value proposed for the field keeps 40 % of its doubt; contradicting
 * checks and failed validations multiply it down. Every step is monotone: more agreeing
 * evidence never lowers the result.
 */
import { type Evidence, type FieldType, type FindingGrounds, type JsonValue, type ReadingGrounds, EvidenceKind, findingGroundsOf, isPlainObject, readingGroundsOf } from '@paxman/core';
import {
  AGREEMENT_WEIGHT,
  AMBIGUOUS_READING_FACTOR,
  OCR_READING_MAX_STRENGTH,
  OCR_READ_ALIKE_MAX_STRENGTH_BY_TYPE,
  OCR_SECOND_READING_DIFFERS_FACTOR,
  OCR_SECOND_READING_DIFFERS_FACTOR_BY_TYPE,
  OCR_SECOND_READING_SHAPE_DIFFERS_FACTOR,
  OCR_TRUSTED_ALL_WORDS,
  OCR_TRUSTED_BOTH_READINGS,
  OCR_TRUSTED_CONFIDENCE,
  DERIVED_CONTRADICTION_FACTOR,
  DERIVED_SUPPORT_STRENGTH,
  GROUNDS_STRENGTH,
  MAX_CONFIDENCE,
  SPECIFIC_RECOGNIZER_KINDS,
  UNCONTESTED_STRENGTH,
  UNMEASURED_LAYOUT_ROLE_STRENGTH,
  VALIDATION_FAILURE_FACTOR,
} from './rubric.js';

/** True for evidence that judges a value rather than finding one (a check, a validation). */
export function isVerdictEvidence(evidence: Evidence): boolean {
  if (evidence.kind === EvidenceKind.VALIDATION) return true;
  return evidence.kind === EvidenceKind.DERIVED && (evidence.verdict === 'SUPPORTS' || evidence.verdict === 'CONTRADICTS');
}

/**
 * The finding grounds of a record: those it states, or for a record that states none the
 * plainest grounds of its `kind` (a label paired by the layout, an ambiguous recognizer
 * hit …). A model answer must state its grounds: without them it is not graded.
 */
export function findingGrounds(evidence: Evidence): FindingGrounds | null {
  const stated = findingGroundsOf(evidence.grounds);
  if (stated !== null) return stated;
  switch (evidence.kind) {
    case EvidenceKind.STRUCTURED_DATA:
      return { kind: 'structured-data' };
    case EvidenceKind.STRUCTURED_KEY:
      return { kind: 'structured-key' };
    case EvidenceKind.EXACT_LABEL:
      return { kind: 'label', match: 'exact', placement: 'paired' };
    case EvidenceKind.SYNONYM_LABEL:
      return { kind: 'label', match: 'synonym', placement: 'paired' };
    case EvidenceKind.FUZZY_LABEL:
      return { kind: 'label', match: 'fuzzy', placement: 'paired' };
    case EvidenceKind.CONTRACT_PATTERN:
      return { kind: 'contract-pattern' };
    case EvidenceKind.RECOGNIZER:
      return { kind: 'recognizer', recognizer: '', unique: false };
    case EvidenceKind.LOOKUP:
      return { kind: 'lookup' };
    case EvidenceKind.DERIVED:
      return { kind: 'arithmetic', relation: evidence.pattern ?? '' };
    case EvidenceKind.VALIDATION:
      return { kind: 'validation', passed: evidence.verdict !== 'CONTRADICTS' };
    default:
      return null;
  }
}

/** True when an INFERENCE record passed the validation boundary: model-quote grounds and a quote span. */
export function isGroundedInference(evidence: Evidence): boolean {
  return evidence.kind === EvidenceKind.INFERENCE && findingGrounds(evidence)?.kind === 'model-quote' && evidence.spans.length > 0;
}

/** True for an unlabelled finding (recognizer hit, layout role, clause): it agrees only when unique in the document. */
export function isUnlabelledFinding(grounds: FindingGrounds | null): grounds is Extract<FindingGrounds, { kind: 'recognizer' | 'layout' | 'clause' }> {
  return grounds !== null && (grounds.kind === 'recognizer' || grounds.kind === 'layout' || grounds.kind === 'clause');
}

/** True for an unlabelled hit whose value is the only one of its type in the document. */
export function isUniqueRecognizerHit(evidence: Evidence): boolean {
  const grounds = findingGrounds(evidence);
  return isUnlabelledFinding(grounds) && grounds.unique;
}

/** True for a label only close to a term of the field (a fuzzy match). */
export function isFuzzyLabelEvidence(evidence: Evidence): boolean {
  const grounds = findingGrounds(evidence);
  return grounds !== null && grounds.kind === 'label' && grounds.match === 'fuzzy';
}

/** True for evidence that names the field: a business term of structured data, a structured key, an exact or a synonym label. */
export function isLabelEvidence(evidence: Evidence): boolean {
  const grounds = findingGrounds(evidence);
  if (grounds === null) return false;
  return grounds.kind === 'structured-data' || grounds.kind === 'structured-key' || (grounds.kind === 'label' && grounds.match !== 'fuzzy');
}

/**
 * The rubric table lookup: base strength of a finding by its grounds alone (ADR 0023);
 * null for grounds that judge rather than find (validation).
 */
export function groundsStrength(grounds: FindingGrounds): number | null {
  switch (grounds.kind) {
    case 'structured-data':
    case 'structured-key':
    case 'contract-pattern':
    case 'lookup':
    case 'arithmetic':
      return GROUNDS_STRENGTH[grounds.kind];
    case 'label':
      return GROUNDS_STRENGTH.label[grounds.match][grounds.placement];
    case 'recognizer': {
      const table = GROUNDS_STRENGTH.recognizer;
      if (!grounds.unique) return table.ambiguous;
      const unbacked = SPECIFIC_RECOGNIZER_KINDS.includes(grounds.recognizer) ? table.uniqueSpecific : table.unique;
      // A backing check raises a unique hit to HIGH; it never lowers one already graded higher (a lone IBAN).
      return grounds.backing === undefined ? unbacked : Math.max(table.backed, unbacked);
    }
    case 'layout': {
      if (grounds.role === 'letterhead' || grounds.role === 'address-block') {
        const row = GROUNDS_STRENGTH.layout[grounds.role];
        return grounds.confirmed ? row.confirmed : grounds.unique ? row.unique : row.ambiguous;
      }
      return grounds.confirmed && grounds.unique ? UNMEASURED_LAYOUT_ROLE_STRENGTH.confirmed : UNMEASURED_LAYOUT_ROLE_STRENGTH.unconfirmed;
    }
    case 'clause':
      return grounds.unique ? GROUNDS_STRENGTH.clause[grounds.reading] : GROUNDS_STRENGTH.clause.ambiguous;
    case 'model-quote':
      return GROUNDS_STRENGTH['model-quote'][grounds.quote].strength;
    case 'validation':
      return null;
  }
}

/**
 * Strength of one finding record, before value-level modifiers; null for verdict
 * evidence and for inference that did not pass the boundary.
 */
export function findingStrength(evidence: Evidence, fieldType?: FieldType): number | null {
  if (isVerdictEvidence(evidence)) return null;
  const grounds = findingGrounds(evidence);
  if (grounds === null) return null;
  if (grounds.kind === 'model-quote' && !isGroundedInference(evidence)) return null;
  let strength = groundsStrength(grounds);
  if (strength === null) return null;
  if (readingGroundsOf(evidence.grounds, 'ambiguous-reading') !== null) strength *= AMBIGUOUS_READING_FACTOR;
  const ocr = readingGroundsOf(evidence.grounds, 'ocr-reading');
  if (ocr !== null) {
    strength *= ocrReadingFactor(ocr, grounds.kind === 'layout', fieldType);
    // One reading by OCR is at most HIGH on its own; agreeing sightings elsewhere can still make a value CERTAIN.
    const readAlike = ocr.secondReading === 'agrees' && fieldType !== undefined ? OCR_READ_ALIKE_MAX_STRENGTH_BY_TYPE[fieldType] : undefined;
    strength = Math.min(strength, readAlike ?? OCR_READING_MAX_STRENGTH);
  }
  return strength;
}

/**
 * How far an OCR reading lowers a finding: its weakest word's confidence over
 * `OCR_TRUSTED_CONFIDENCE`; for free text read from the layout (a letterhead, an address
 * block — text no format or arithmetic checks, right only when every word is) also the
 * chance that all its words are right over `OCR_TRUSTED_ALL_WORDS`, when lower; and
 * a factor when a second reading of the page read something else at the value's place: by
 * the field's type (`OCR_SECOND_READING_DIFFERS_FACTOR_BY_TYPE`: amounts and dates are
 * lowered, not dropped), else `OCR_SECOND_READING_DIFFERS_FACTOR`; a number with a digit
 * or a separator more or fewer in the other reading `OCR_SECOND_READING_SHAPE_DIFFERS_FACTOR`.
 */
function ocrReadingFactor(
  ocr: Extract<ReadingGrounds, { kind: 'ocr-reading' }>,
  layout: boolean,
  fieldType: FieldType | undefined,
): number {
  if (ocr.weakestWord < 0) return 1;
  const differs = (fieldType === undefined ? undefined : OCR_SECOND_READING_DIFFERS_FACTOR_BY_TYPE[fieldType]) ?? OCR_SECOND_READING_DIFFERS_FACTOR;
  const disagreement = ocr.secondReading === 'differs' ? differs : ocr.secondReading === 'differs-in-shape' ? OCR_SECOND_READING_SHAPE_DIFFERS_FACTOR : 1;
  const factor = Math.min(1, ocr.weakestWord / OCR_TRUSTED_CONFIDENCE) * disagreement;
  if (!layout || ocr.allWords < 0) return factor;
  // Read twice: every word judged by both engines (ADR 0019 rev. 1), on its own scale.
  if (ocr.allWordsBothReadings !== undefined && ocr.allWordsBothReadings >= 0) return Math.min(factor, (ocr.allWordsBothReadings / OCR_TRUSTED_BOTH_READINGS) * disagreement);
  return Math.min(factor, (ocr.allWords / OCR_TRUSTED_ALL_WORDS) * disagreement);
}

/**
 * Where a finding was made: its primary span (the value's span; further spans are the
 * label's or other occurrences), or the record itself for sourceless lookups and
 * derivations. Two findings at the same place are one sighting.
 */
export function placeOf(evidence: Evidence): string {
  const primary = evidence.spans[0];
  if (primary === undefined) return `record:${evidence.capability}:${evidence.kind}:${evidence.id}`;
  return `span:${primary.layer}:${primary.start}-${primary.end}`;
}

/** True for a VALIDATION record that says the value failed (a CONTRADICTS verdict, or validation grounds not passed). */
export function isFailedValidation(evidence: Evidence): boolean {
  if (evidence.kind !== EvidenceKind.VALIDATION) return false;
  const grounds = findingGrounds(evidence);
  return evidence.verdict === 'CONTRADICTS' || (grounds?.kind === 'validation' && !grounds.passed);
}

/** What the rubric needs to know about one value (a group of agreeing candidates). */
export interface ValueEvidence {
  /** Strength of each independent place (already reduced by value-level modifiers such as currency). */
  readonly placeStrengths: readonly number[];
  /** Distinct DERIVED records that SUPPORT the value. */
  readonly supportCount: number;
  /** Distinct DERIVED records that CONTRADICT the value. */
  readonly contradictionCount: number;
  /** Distinct failed VALIDATION records on the value. */
  readonly failedValidationCount: number;
  /**
   * Strength that counts only on its own, never as agreement: an unlabelled recognizer
   * hit among other values of its type (of course the labelled value is one of the
   * document's amounts; that says nothing new). 0 when none.
   */
  readonly standaloneStrength?: number;
  /** A ceiling from the value itself (e.g. MONEY without a currency); 1 when none. */
  readonly ceiling: number;
  /**
   * True when the value is labelled (structured key, exact or synonym label) and no other
   * value was proposed for the field: the doubt is multiplied by 1 − UNCONTESTED_STRENGTH.
   */
  readonly uncontested?: boolean;
}

/**
 * Confidence of one value from its evidence, before conflicts with other values.
 * @example valueConfidence({ placeStrengths: [0.93], supportCount: 0, contradictionCount: 0, failedValidationCount: 0, ceiling: 1 }) // 0.93
 */
export function valueConfidence(evidence: ValueEvidence): number {
  // A supporting derived check is one more independent sighting of fixed strength.
  const strengths = evidence.placeStrengths.slice();
  for (let count = 0; count < evidence.supportCount; count += 1) strengths.push(DERIVED_SUPPORT_STRENGTH);
  if (strengths.length > 1) strengths.sort(descending);
  let doubt = 1 - clamp(strengths[0] ?? 0);
  for (let index = 1; index < strengths.length; index += 1) doubt *= 1 - AGREEMENT_WEIGHT * clamp(strengths[index]!);
  // No alternative reading at all: an independent check at full weight.
  if (evidence.uncontested === true) doubt *= 1 - UNCONTESTED_STRENGTH;
  let confidence = Math.max(1 - doubt, clamp(evidence.standaloneStrength ?? 0));
  confidence *= DERIVED_CONTRADICTION_FACTOR ** evidence.contradictionCount;
  confidence *= VALIDATION_FAILURE_FACTOR ** evidence.failedValidationCount;
  return Math.min(confidence, evidence.ceiling, MAX_CONFIDENCE);
}

function descending(left: number, right: number): number {
  return right - left;
}

function clamp(value: number): number {
  return Math.max(0, Math.min(1, value));
}

/** The currency source a MONEY record states (`currency-reading` grounds), or null. */
export function currencySourceOf(evidence: Evidence): string | null {
  return readingGroundsOf(evidence.grounds, 'currency-reading')?.source ?? null;
}

/** True for a MONEY value object whose currency is known. */
export function hasCurrency(value: JsonValue): boolean {
  return isPlainObject(value) && typeof value.currency === 'string';
}
