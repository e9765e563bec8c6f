/**
 * The grounds of built-in evidence (ADR 0023): what the built-in capabilities found,
 * stated in core's public `Grounds` vocabulary so the reconciler's rubric never reads
 * their private `pattern` names or `detail` facts. The result builder calls this for every
 * record it makes; the facts it reads are the ones each capability already records
 * (`detail.structure`, `detail.followedBy`, `detail.bounded`, `detail.fromAgreementDate` …),
 * so the capabilities' reading code is untouched. A record whose input states its own
 * grounds keeps them.
 */
import { EvidenceKind, type CurrencySource, type FindingGrounds, type Grounds, type JsonValue, type ReadingGrounds } from '@paxman/core';

/** What of an evidence input the grounds are read from (structurally `EvidenceInput`). */
export interface GroundsSource {
  readonly kind: EvidenceKind;
  readonly pattern?: string;
  readonly verdict?: string;
  readonly detail?: Readonly<Record<string, JsonValue>>;
  readonly grounds?: readonly Grounds[];
}

/** The currency sources the rubric grades (others, such as a code next to the amount, are as good as a code). */
const GRADED_CURRENCY_SOURCES: readonly CurrencySource[] = ['code', 'symbol', 'symbol-ambiguous', 'hint', 'document', 'none'];

/**
 * Recognizer kinds whose every hit a checksum backs: the IBAN recognizer (`@paxman/values`)
 * proposes only IBANs whose ISO 7064 mod-97 check holds.
 */
const CHECKSUM_RECOGNIZERS: readonly string[] = ['IBAN'];

/** Keys under which built-in checks name the value they checked. */
const CHECKED_VALUE_KEYS = ['value', 'candidateValue', 'checkedValue'] as const;

/**
 * True when the value is the only one of its kind in the document: `detail.unique`, or one
 * distinct value, or (with only a count of occurrences known) a single occurrence.
 */
function isUnique(detail: Readonly<Record<string, JsonValue>> | undefined): boolean {
  if (detail === undefined) return false;
  if (detail.unique === true) return true;
  if (typeof detail.distinctValues === 'number') return detail.distinctValues === 1;
  return detail.occurrences === 1;
}

function checkedValue(detail: Readonly<Record<string, JsonValue>> | undefined): { checks?: JsonValue } {
  const named = CHECKED_VALUE_KEYS.map((key) => detail?.[key]).find((value) => value !== undefined);
  return named === undefined ? {} : { checks: named };
}

function recognizerGrounds(source: GroundsSource): FindingGrounds {
  const detail = source.detail;
  const pattern = source.pattern ?? '';
  const unique = isUnique(detail);
  if (pattern === 'layout:letterhead') {
    const below = detail?.followedBy;
    return { kind: 'layout', role: 'letterhead', unique, confirmed: below === 'address' || below === 'title' || detail?.legalForm === true };
  }
  if (pattern === 'layout:address') return { kind: 'layout', role: 'address-block', unique, confirmed: detail?.bounded === true };
  // The recipient under a sender's line, its address below it: one per page by construction.
  if (pattern === 'layout:recipient') return { kind: 'layout', role: 'party-block', unique: true, confirmed: detail?.followedBy === 'address' };
  if (pattern.startsWith('clause:')) {
    const reading =
      detail?.fromAgreementDate === true && detail?.letterDate === true
        ? 'letter-date'
        : detail?.fromAgreementDate === true && detail?.executionDate === true
          ? 'execution-date'
          : detail?.fromAgreementDate === true
            ? 'agreement-date'
            : detail?.fromEffectiveDate === true
              ? 'from-effective-date'
              : detail?.inferred === true || detail?.extentUncertain === true
                ? 'inferred'
                : 'stated';
    return { kind: 'clause', reading, unique };
  }
  const recognizer = pattern.replace(/^recognizer:/, '');
  const backing = CHECKSUM_RECOGNIZERS.includes(recognizer) ? 'checksum' : detail?.backing;
  return { kind: 'recognizer', recognizer, unique, ...(backing === 'checksum' || backing === 'validator' ? { backing } : {}) };
}

/** The finding ground of a built-in record, from its kind and the facts its capability recorded. */
export function findingGroundsFor(source: GroundsSource): FindingGrounds | null {
  const detail = source.detail;
  switch (source.kind) {
    case EvidenceKind.STRUCTURED_DATA:
      return { kind: 'structured-data' };
    case EvidenceKind.STRUCTURED_KEY:
      return { kind: 'structured-key' };
    case EvidenceKind.EXACT_LABEL:
    case EvidenceKind.SYNONYM_LABEL:
    case EvidenceKind.FUZZY_LABEL: {
      const match = source.kind === EvidenceKind.EXACT_LABEL ? 'exact' : source.kind === EvidenceKind.SYNONYM_LABEL ? 'synonym' : 'fuzzy';
      // A label in running text, or followed by a qualifier, is not paired with its value by the layout.
      const inline = detail?.structure === 'inline' || detail?.qualified === true;
      return { kind: 'label', match, placement: inline ? 'inline' : 'paired' };
    }
    case EvidenceKind.CONTRACT_PATTERN:
      return { kind: 'contract-pattern' };
    case EvidenceKind.RECOGNIZER:
      return recognizerGrounds(source);
    case EvidenceKind.LOOKUP:
      return { kind: 'lookup' };
    case EvidenceKind.DERIVED:
      return { kind: 'arithmetic', relation: source.pattern ?? '', ...checkedValue(detail) };
    case EvidenceKind.VALIDATION: {
      const failed = source.verdict === 'CONTRADICTS' || detail?.passed === false || detail?.verdict === 'fail' || detail?.result === 'fail';
      return { kind: 'validation', passed: !failed, ...checkedValue(detail) };
    }
    default:
      return null;
  }
}

/** The reading grounds of a built-in record: an ambiguous reading, a money amount's currency source. */
export function readingGroundsFor(source: GroundsSource): ReadingGrounds[] {
  const detail = source.detail;
  const reading: ReadingGrounds[] = [];
  if (detail?.ambiguous === true) reading.push({ kind: 'ambiguous-reading' });
  const currency = detail?.currencySource;
  if (typeof currency === 'string' && (GRADED_CURRENCY_SOURCES as readonly string[]).includes(currency)) reading.push({ kind: 'currency-reading', source: currency as CurrencySource });
  return reading;
}

/**
 * The grounds of a record: those the input states, else its finding ground followed by its
 * reading grounds; undefined when there are none (a kind the rubric grades by kind alone).
 *
 * @example groundsFor({ kind: 'EXACT_LABEL', detail: { structure: 'inline' } }) // [{ kind: 'label', match: 'exact', placement: 'inline' }]
 */
export function groundsFor(source: GroundsSource): readonly Grounds[] | undefined {
  if (source.grounds !== undefined) return source.grounds;
  const finding = findingGroundsFor(source);
  const grounds: Grounds[] = [...(finding === null ? [] : [finding]), ...readingGroundsFor(source)];
  return grounds.length === 0 ? undefined : grounds;
}
