/**
 * Structured data against the page (ADR 0015): when an e-invoice carries its data as XML
 * and the page prints the same field, the two are compared. A value both state is one
 * group with two independent sightings (strong agreement, by the ordinary rubric). Values
 * that differ are a `STRUCTURED_DATA_MISMATCH`; `Policy.structuredData` says what wins:
 *
 * - `prefer` (default): the structured value leads; a page value that disagrees (above the
 *   noise floor) does not make a conflict that blocks the field, but the value is capped at
 *   `STRUCTURED_DATA_DISPUTED_CAP` — resolved, never CERTAIN — and the diagnostic names
 *   both sources' values and evidence.
 * - `crossCheckOnly`: structured data never fills a field alone; a structured value the
 *   page does not state competes with the page's value as an ordinary (strong) conflict.
 * - `ignore`: structured-only values are dropped.
 */
import { type Diagnostic, type Evidence, EvidenceKind, type JsonValue, type StructuredDataPolicy } from '@paxman/core';
import { isVerdictEvidence } from './confidence.js';
import { CONFLICT_NOISE_FLOOR } from './rubric.js';

/** What the rule needs of a graded value group. */
export interface SourcedGroup {
  readonly value: JsonValue;
  readonly confidence: number;
  readonly evidenceIds: readonly string[];
  readonly members: readonly { readonly evidence: readonly Evidence[] }[];
}

/** The groups to settle the field with, and what the rule did. */
export interface StructuredDataOutcome<G extends SourcedGroup> {
  /** Leader first, then the values that compete as ordinary conflicts. */
  readonly groups: readonly G[];
  /** Page values that disagree with a preferred structured value (not ordinary conflicts). */
  readonly disputed: readonly G[];
  /** The structured value (with `prefer`) or the structured values (with `crossCheckOnly`) the page disagrees with. */
  readonly mismatch: { readonly structured: readonly G[]; readonly page: readonly G[] } | null;
}

/** True when a finding (not a verdict) of the group satisfies `test`; asked for every group of every scoring, so nothing is collected. */
function someFinding(group: SourcedGroup, test: (record: Evidence) => boolean): boolean {
  return group.members.some((member) => member.evidence.some((record) => !isVerdictEvidence(record) && test(record)));
}

/** True when structured data states this value. */
export function statedByStructuredData(group: SourcedGroup): boolean {
  return someFinding(group, (record) => record.kind === EvidenceKind.STRUCTURED_DATA);
}

/** True when something other than structured data (the page, a key, a model) states this value. */
export function statedElsewhere(group: SourcedGroup): boolean {
  return someFinding(group, (record) => record.kind !== EvidenceKind.STRUCTURED_DATA);
}

/** Applies `policy` to groups sorted strongest first (as the grader returns them). */
export function applyStructuredDataPolicy<G extends SourcedGroup>(groups: readonly G[], policy: StructuredDataPolicy): StructuredDataOutcome<G> {
  const structured = groups.filter(statedByStructuredData);
  if (structured.length === 0) return { groups, disputed: [], mismatch: null };
  if (policy === 'ignore') return { groups: groups.filter(statedElsewhere), disputed: [], mismatch: null };
  if (policy === 'crossCheckOnly') {
    const page = groups.filter(statedElsewhere);
    if (page.length === 0) return { groups: [], disputed: [], mismatch: null };
    const [leader, ...rest] = page as [G, ...G[]];
    const lonely = structured.filter((group) => !statedElsewhere(group));
    const mismatch = lonely.length > 0 ? { structured: lonely, page: [leader] } : null;
    // The structured values the page does not state compete with the page's leading value.
    return { groups: [leader, ...groups.filter((group) => group !== leader && (rest.includes(group) || lonely.includes(group)))], disputed: [], mismatch };
  }
  const leader = structured[0]!;
  const disputed = groups.filter((group) => group !== leader && !statedByStructuredData(group) && group.confidence >= CONFLICT_NOISE_FLOOR);
  const others = groups.filter((group) => group !== leader && !disputed.includes(group));
  return { groups: [leader, ...others], disputed, mismatch: disputed.length > 0 ? { structured: [leader], page: disputed } : null };
}

/** The `STRUCTURED_DATA_MISMATCH` diagnostic: which source said what. */
export function mismatchDiagnostic(fieldPath: string, mismatch: NonNullable<StructuredDataOutcome<SourcedGroup>['mismatch']>, policy: StructuredDataPolicy, describe: (value: JsonValue) => string): Diagnostic {
  const side = (groups: readonly SourcedGroup[]): { value: JsonValue; confidence: number; evidenceIds: string[] }[] =>
    groups.map((group) => ({ value: group.value, confidence: Number(group.confidence.toFixed(4)), evidenceIds: [...group.evidenceIds] }));
  return {
    code: 'STRUCTURED_DATA_MISMATCH',
    severity: 'WARNING',
    stage: 'reconcile',
    fieldPath,
    message:
      `The document's structured data states ${mismatch.structured.map((group) => describe(group.value)).join(' / ')} but its page reads ${mismatch.page.map((group) => describe(group.value)).join(' / ')}` +
      (policy === 'prefer' ? '; the structured value is kept, below CERTAIN.' : '; the page value is disputed.'),
    context: { policy, structuredData: side(mismatch.structured), page: side(mismatch.page) },
  };
}
