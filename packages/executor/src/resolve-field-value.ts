/**
 * Which value of a finished field is passed forward to later fields (`context.resolved`,
 * for lookups and derived relations). With a scorer: the field must meet its target as a
 * whole (so a conflict that drags it down passes nothing), and then the value whose own
 * candidates score highest wins (ties: first found). Without a scorer: the first
 * candidate, since chain order is cheapest-and-strongest first.
 */
import { type Candidate, type Evidence, type FieldScorer, canonicalJson } from '@paxman/core';
import type { ResolvedFieldValue } from '@paxman/capability-spi';

export function resolveFieldValue(input: {
  readonly fieldPath: string;
  readonly candidates: readonly Candidate[];
  readonly evidence: readonly Evidence[];
  readonly targetConfidence: number;
  readonly scoreField: FieldScorer | undefined;
  /** The scorer's verdict on exactly these candidates, when the executor already has it. */
  readonly knownScore: number | null;
}): ResolvedFieldValue | null {
  const { fieldPath, candidates, evidence, scoreField } = input;
  if (candidates.length === 0) return null;
  if (scoreField === undefined) return toResolved(fieldPath, [candidates[0]!]);
  const overall = input.knownScore ?? scoreField({ fieldPath, candidates, evidence });
  if (!(overall >= input.targetConfidence)) return null;
  const groups = new Map<string, Candidate[]>();
  for (const candidate of candidates) {
    const key = canonicalJson(candidate.value);
    const group = groups.get(key);
    if (group) group.push(candidate);
    else groups.set(key, [candidate]);
  }
  if (groups.size === 1) return toResolved(fieldPath, candidates);
  let best: Candidate[] | null = null;
  let bestScore = -Infinity;
  for (const group of groups.values()) {
    const ids = new Set(group.flatMap((candidate) => candidate.evidenceIds));
    const score = scoreField({ fieldPath, candidates: group, evidence: evidence.filter((record) => ids.has(record.id)) });
    if (score > bestScore) {
      best = group;
      bestScore = score;
    }
  }
  return best === null ? null : toResolved(fieldPath, best);
}

function toResolved(path: string, group: readonly Candidate[]): ResolvedFieldValue {
  const ids = new Set<string>();
  for (const candidate of group) for (const id of candidate.evidenceIds) ids.add(id);
  const evidenceIds = [...ids];
  return { path, value: group[0]!.value, evidenceIds };
}
