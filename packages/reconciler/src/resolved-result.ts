/**
 * The reconciler's verdict for one field: final value (JSON-encoded), confidence float
 * and band, status, the evidence that supports it, conflicts, and why it is unresolved
 * when it is.
 */
import { type ConfidenceBand, type Diagnostic, type JsonValue, type Policy, bandOf, compareDiagnostics } from '@paxman/core';

export type FieldStatus = 'SUCCESS' | 'PARTIAL_SUCCESS' | 'UNRESOLVED' | 'EXECUTION_FAILED';

export type UnresolvedReason =
  | 'NO_CANDIDATE'
  | 'BELOW_THRESHOLD'
  | 'CONFLICT'
  | 'CONSTRAINT_FAILURE'
  | 'BUDGET'
  | 'EXECUTION_FAILED'
  | 'EMPTY_INPUT'
  | 'REQUIRE_HUMAN';

export interface ConflictRecord {
  readonly values: readonly { readonly value: JsonValue; readonly confidence: number; readonly evidenceIds: readonly string[] }[];
}

/** One item of a record field: its confidence and, per member, the cell's confidence and evidence. */
export interface ItemResult {
  /** Position of the item in the field's value. */
  readonly index: number;
  readonly confidence: number;
  readonly band: ConfidenceBand | string;
  readonly evidenceIds: readonly string[];
  readonly members: Readonly<Record<string, { readonly confidence: number; readonly band: ConfidenceBand | string; readonly evidenceIds: readonly string[] }>>;
}

export interface ResolvedResult {
  readonly fieldPath: string;
  readonly status: FieldStatus;
  /** JSON-encoded value; null when unresolved (unless defaulted). */
  readonly value: JsonValue;
  readonly confidence: number;
  readonly band: ConfidenceBand;
  readonly evidenceIds: readonly string[];
  readonly diagnostics: readonly Diagnostic[];
  /** True when `value` is the contract default rather than something found. */
  readonly defaulted: boolean;
  readonly requiresHuman: boolean;
  readonly unresolvedReason: UnresolvedReason | null;
  readonly conflict: ConflictRecord | null;
  /** A record field (ARRAY of OBJECT read row by row): the result of each item, in value order. */
  readonly items?: readonly ItemResult[];
}

/**
 * A field resolved from parts (an object's members, a record set's items): SUCCESS at or
 * over the policy's floor, PARTIAL_SUCCESS under it; diagnostics sorted.
 */
export function assembledResult(fieldPath: string, policy: Pick<Policy, 'confidenceFloor'>, parts: { readonly value: JsonValue; readonly confidence: number; readonly evidenceIds: readonly string[]; readonly diagnostics: Diagnostic[] }): ResolvedResult {
  return {
    fieldPath,
    status: parts.confidence >= policy.confidenceFloor ? 'SUCCESS' : 'PARTIAL_SUCCESS',
    value: parts.value,
    confidence: parts.confidence,
    band: bandOf(parts.confidence),
    evidenceIds: parts.evidenceIds,
    diagnostics: parts.diagnostics.sort(compareDiagnostics),
    defaulted: false,
    requiresHuman: false,
    unresolvedReason: null,
    conflict: null,
  };
}
