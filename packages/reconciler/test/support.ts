/**
 * Builders for reconciler tests: evidence and candidates as capabilities produce them,
 * and CandidateResults around them.
 */
import { type Candidate, type CandidateResult, type CapabilityTier, type Evidence, type EvidenceKind, type Grounds, type JsonValue, createPolicy, type PolicyInput, type Policy } from '@paxman/core';

let counter = 0;

export interface SightingInput {
  readonly kind: EvidenceKind;
  readonly value: JsonValue;
  /** `[start, end]`; omitted for sourceless evidence. */
  readonly at?: readonly [number, number];
  readonly capability?: string;
  readonly tier?: CapabilityTier;
  /** The grounds the evidence states (ADR 0023); without them it is graded by kind alone. */
  readonly grounds?: readonly Grounds[];
  /** Free facts; the rubric never reads them. */
  readonly detail?: Record<string, JsonValue>;
  readonly verdict?: Evidence['verdict'];
  /** `evidence.pattern` (`recognizer:DATE`, `layout:letterhead`). */
  readonly pattern?: string;
  readonly raw?: string;
  readonly id?: string;
  readonly extraEvidence?: readonly Evidence[];
}

export interface Sighting {
  readonly candidate: Candidate;
  readonly evidence: readonly Evidence[];
}

/** One candidate backed by one evidence record (plus any extra records). */
export function sighting(fieldPath: string, input: SightingInput): Sighting {
  counter += 1;
  const capability = input.capability ?? defaultCapability(input.kind);
  const id = input.id ?? `ev-${input.kind.toLowerCase()}-${input.at ? `${input.at[0]}-${input.at[1]}` : `n${counter}`}-${fieldPath}`;
  const evidence: Evidence = {
    id,
    capability,
    fieldPath,
    kind: input.kind,
    spans: input.at ? [{ start: input.at[0], end: input.at[1], layer: 'input' }] : [],
    ...(input.grounds ? { grounds: input.grounds } : {}),
    ...(input.detail ? { detail: input.detail } : {}),
    ...(input.verdict ? { verdict: input.verdict } : {}),
    ...(input.pattern ? { pattern: input.pattern } : {}),
  };
  const extra = input.extraEvidence ?? [];
  return {
    candidate: {
      fieldPath,
      value: input.value,
      raw: input.raw ?? (typeof input.value === 'string' ? input.value : JSON.stringify(input.value)),
      capability,
      tier: input.tier ?? defaultTier(input.kind),
      evidenceIds: [id, ...extra.map((record) => record.id)],
    },
    evidence: [evidence, ...extra],
  };
}

function defaultCapability(kind: EvidenceKind): string {
  switch (kind) {
    case 'STRUCTURED_DATA':
    case 'STRUCTURED_KEY':
    case 'EXACT_LABEL':
    case 'SYNONYM_LABEL':
    case 'FUZZY_LABEL':
      return 'explicit_evidence@1.0.0';
    case 'CONTRACT_PATTERN':
    case 'RECOGNIZER':
      return 'pattern_extraction@1.0.0';
    case 'LOOKUP':
      return 'lookup@1.0.0';
    case 'DERIVED':
      return 'derived@1.0.0';
    case 'VALIDATION':
      return 'validation@1.0.0';
    default:
      return 'inference_local@1.0.0';
  }
}

function defaultTier(kind: EvidenceKind): CapabilityTier {
  switch (kind) {
    case 'CONTRACT_PATTERN':
    case 'RECOGNIZER':
      return 2;
    case 'LOOKUP':
      return 3;
    case 'DERIVED':
      return 4;
    case 'INFERENCE':
      return 5;
    default:
      return 1;
  }
}

/** A verdict-only evidence record (validation or derived check). */
export function verdict(fieldPath: string, kind: 'VALIDATION' | 'DERIVED', id: string, value: Evidence['verdict'], grounds?: readonly Grounds[]): Evidence {
  return { id, capability: defaultCapability(kind), fieldPath, kind, spans: [], verdict: value, ...(grounds ? { grounds } : {}) };
}

/** Recognizer grounds: an unlabelled hit of `recognizer`, unique in the document or not. */
export function recognizerGrounds(unique: boolean, recognizer = ''): Grounds {
  return { kind: 'recognizer', recognizer, unique };
}

/** Currency-reading grounds. */
export function currencyGrounds(source: 'code' | 'symbol' | 'symbol-ambiguous' | 'hint' | 'document' | 'none'): Grounds {
  return { kind: 'currency-reading', source };
}

/** A CandidateResult from sightings. */
export function resultOf(fieldPath: string, sightings: readonly Sighting[], overrides: Partial<CandidateResult> = {}): CandidateResult {
  return {
    fieldPath,
    candidates: sightings.map((entry) => entry.candidate),
    evidence: sightings.flatMap((entry) => entry.evidence),
    diagnostics: [],
    steps: [],
    status: 'COMPLETED',
    ...overrides,
  };
}

export function policy(input: PolicyInput = {}): Policy {
  return createPolicy(input);
}
