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
import { type Evidence, EvidenceKind, type FieldType, type JsonValue, isPlainObject } from '@paxman/core';
import {
  ADDRESS_BLOCK_STRENGTH,
  AGREEMENT_WEIGHT,
  AMBIGUOUS_READING_FACTOR,
  OCR_READING_MAX_STRENGTH,
  OCR_SECOND_READING_DIFFERS_FACTOR,
  OCR_SECOND_READING_DIFFERS_FACTOR_BY_TYPE,
  OCR_TRUSTED_ALL_WORDS,
  OCR_TRUSTED_CONFIDENCE,
  BACKED_RECOGNIZER_STRENGTH,
  BASE_STRENGTH,
  DERIVED_CONTRADICTION_FACTOR,
  DERIVED_SUPPORT_STRENGTH,
  INLINE_LABEL_STRENGTH,
  CLAUSE_FALLBACK_STRENGTH,
  CLAUSE_WEAK_INFERENCE_STRENGTH,
  EFFECTIVE_FROM_AGREEMENT_DATE_STRENGTH,
  CLAUSE_STRENGTH,
  LETTERHEAD_STRENGTH,
  MAX_CONFIDENCE,
  RECOGNIZER_AMBIGUOUS_STRENGTH,
  RECOGNIZER_BACKINGS,
  RECOGNIZER_UNIQUE_SPECIFIC_STRENGTH,
  RECOGNIZER_UNIQUE_STRENGTH,
  SPECIFIC_RECOGNIZER_KINDS,
  UNCONTESTED_STRENGTH,
  VALIDATION_FAILURE_FACTOR,
} from './rubric.js';

/** True for evidence that judges a value rather than finding one (a check, a validation). */
export function isVerdictEvidence(evidence: Evidence): boolean {
  if (evidence.kind === EvidenceKind.VALIDATION) return true;
  return evidence.kind === EvidenceKind.DERIVED && (evidence.verdict === 'SUPPORTS' || evidence.verdict === 'CONTRADICTS');
}

/** True when an INFERENCE record passed the validation boundary: grounded, with a quote span. */
export function isGroundedInference(evidence: Evidence): boolean {
  return evidence.kind === EvidenceKind.INFERENCE && evidence.detail?.grounded === true && evidence.spans.length > 0;
}

/**
 * True for an unlabelled hit whose value is the only one of its type in the document
 * (`detail.distinctValues === 1`, or `detail.unique`; with only `detail.occurrences`
 * known, a single occurrence).
 */
export function isUniqueRecognizerHit(evidence: Evidence): boolean {
  const detail = evidence.detail;
  if (evidence.kind !== EvidenceKind.RECOGNIZER || detail === undefined) return false;
  if (detail.unique === true) return true;
  if (typeof detail.distinctValues === 'number') return detail.distinctValues === 1;
  return detail.occurrences === 1;
}

/**
 * True for a letterhead line (`pattern: 'layout:letterhead'`) with an address or the
 * document's title right below it, or one that ends in a company's legal form
 * (`detail.legalForm`: "… SDN BHD", "… GmbH").
 */
export function isConfirmedLetterhead(evidence: Evidence): boolean {
  const below = evidence.detail?.followedBy;
  return evidence.kind === EvidenceKind.RECOGNIZER && evidence.pattern === 'layout:letterhead' && (below === 'address' || below === 'title' || evidence.detail?.legalForm === true);
}

/** True for a printed label the layout does not pair with its value: found in running text, or qualified. */
export function isInlineLabel(evidence: Evidence): boolean {
  return evidence.detail?.structure === 'inline' || evidence.detail?.qualified === true;
}

/** True for evidence that names the field: a business term of structured data, a structured key, an exact or a synonym label. */
export function isLabelEvidence(evidence: Evidence): boolean {
  return evidence.kind === EvidenceKind.STRUCTURED_DATA || evidence.kind === EvidenceKind.STRUCTURED_KEY || evidence.kind === EvidenceKind.EXACT_LABEL || evidence.kind === EvidenceKind.SYNONYM_LABEL;
}

/**
 * Strength of one finding record, before value-level modifiers; null for verdict
 * evidence and for inference that did not pass the boundary.
 */
export function findingStrength(evidence: Evidence, fieldType?: FieldType): number | null {
  if (isVerdictEvidence(evidence)) return null;
  let strength: number;
  switch (evidence.kind) {
    case EvidenceKind.RECOGNIZER:
      if (isConfirmedLetterhead(evidence)) {
        strength = LETTERHEAD_STRENGTH;
        break;
      }
      if (evidence.pattern === 'layout:address') {
        strength = evidence.detail?.bounded === true ? ADDRESS_BLOCK_STRENGTH : RECOGNIZER_AMBIGUOUS_STRENGTH;
        break;
      }
      strength = !isUniqueRecognizerHit(evidence)
        ? RECOGNIZER_AMBIGUOUS_STRENGTH
        : RECOGNIZER_BACKINGS.includes(String(evidence.detail?.backing))
          ? BACKED_RECOGNIZER_STRENGTH
        : (evidence.pattern ?? '').startsWith('clause:')
          ? evidence.detail?.fromAgreementDate === true && evidence.detail?.letterDate === true
            ? CLAUSE_WEAK_INFERENCE_STRENGTH
            : evidence.detail?.fromAgreementDate === true
            ? EFFECTIVE_FROM_AGREEMENT_DATE_STRENGTH
            : evidence.detail?.inferred === true || evidence.detail?.extentUncertain === true
            ? CLAUSE_FALLBACK_STRENGTH
            : CLAUSE_STRENGTH
          : SPECIFIC_RECOGNIZER_KINDS.includes((evidence.pattern ?? '').replace(/^recognizer:/, ''))
          ? RECOGNIZER_UNIQUE_SPECIFIC_STRENGTH
          : RECOGNIZER_UNIQUE_STRENGTH;
      break;
    case EvidenceKind.INFERENCE:
      if (!isGroundedInference(evidence)) return null;
      strength = BASE_STRENGTH.INFERENCE;
      break;
    case EvidenceKind.EXACT_LABEL:
    case EvidenceKind.SYNONYM_LABEL:
      strength = isInlineLabel(evidence) ? INLINE_LABEL_STRENGTH[evidence.kind] : BASE_STRENGTH[evidence.kind];
      break;
    case EvidenceKind.STRUCTURED_DATA:
    case EvidenceKind.STRUCTURED_KEY:
    case EvidenceKind.FUZZY_LABEL:
    case EvidenceKind.CONTRACT_PATTERN:
    case EvidenceKind.LOOKUP:
    case EvidenceKind.DERIVED:
      strength = BASE_STRENGTH[evidence.kind];
      break;
    default:
      return null;
  }
  if (evidence.detail?.ambiguous === true) strength *= AMBIGUOUS_READING_FACTOR;
  strength *= ocrReadingFactor(evidence, fieldType);
  // One reading by OCR is at most HIGH on its own; agreeing sightings elsewhere can still make a value CERTAIN.
  if (typeof evidence.detail?.ocrConfidence === 'number') strength = Math.min(strength, OCR_READING_MAX_STRENGTH);
  return strength;
}

/**
 * How far an OCR reading lowers a finding (1 when it was not read by OCR, or read well):
 * its weakest word's confidence (`detail.ocrConfidence`) over `OCR_TRUSTED_CONFIDENCE`;
 * for free text read from the layout (a letterhead, an address block — text no format or
 * arithmetic checks, right only when every word is) also the chance that all its words
 * are right (`detail.ocrAllWordsConfidence`) over `OCR_TRUSTED_ALL_WORDS`, when lower; and
 * a factor when a second reading of the page read something else at the value's place
 * (`detail.ocrSecondReading: 'differs'`): by the field's type
 * (`OCR_SECOND_READING_DIFFERS_FACTOR_BY_TYPE`, amounts and dates), else
 * `OCR_SECOND_READING_DIFFERS_FACTOR`.
 */
function ocrReadingFactor(evidence: Evidence, fieldType: FieldType | undefined): number {
  const weakest = evidence.detail?.ocrConfidence;
  if (typeof weakest !== 'number' || weakest < 0) return 1;
  const differs = (fieldType === undefined ? undefined : OCR_SECOND_READING_DIFFERS_FACTOR_BY_TYPE[fieldType]) ?? OCR_SECOND_READING_DIFFERS_FACTOR;
  const disagreement = evidence.detail?.ocrSecondReading === 'differs' ? differs : 1;
  const factor = Math.min(1, weakest / OCR_TRUSTED_CONFIDENCE) * disagreement;
  const allWords = evidence.detail?.ocrAllWordsConfidence;
  if (!(evidence.pattern ?? '').startsWith('layout:') || typeof allWords !== 'number' || allWords < 0) return factor;
  return Math.min(factor, (allWords / OCR_TRUSTED_ALL_WORDS) * disagreement);
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

/** True for a VALIDATION record that says the value failed. */
export function isFailedValidation(evidence: Evidence): boolean {
  if (evidence.kind !== EvidenceKind.VALIDATION) return false;
  const detail = evidence.detail;
  return evidence.verdict === 'CONTRADICTS' || detail?.passed === false || detail?.verdict === 'fail' || detail?.result === 'fail';
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

/** Reads `detail.currencySource` from MONEY evidence. */
export function currencySourceOf(evidence: Evidence): string | null {
  const source = evidence.detail?.currencySource;
  return typeof source === 'string' ? source : null;
}

/** True for a MONEY value object whose currency is known. */
export function hasCurrency(value: JsonValue): boolean {
  return isPlainObject(value) && typeof value.currency === 'string';
}
