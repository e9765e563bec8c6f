/**
 * The execution artifact (ARCHITECTURE §9): the frozen, self-describing output of one
 * run, as plain readonly JSON data. Everything in it is covered by `replayHash` except
 * `id`, `createdAt`, `replayHash` itself and `statistics.timings` (wall-clock readings,
 * which no two runs share).
 */
import type { Diagnostic, Evidence, JsonValue, Status } from '@paxman/core';
import type { ExecutionPlan } from '@paxman/planner';
import type { ResolvedResult } from '@paxman/reconciler';

/**
 * The reconciler's verdict on one field, as the artifact records it (keyed by field
 * path, so without `fieldPath`): status, canonical value, confidence and band, evidence
 * ids, diagnostics, `defaulted`, `requiresHuman`, `unresolvedReason` and `conflict`.
 * `diagnostics` holds every diagnostic of the run that names this field (reconciler,
 * executor, capability, artifact), except the plan's own, which stay in `plan`.
 */
export type ArtifactFieldResult = Omit<ResolvedResult, 'fieldPath'>;

/** Which contract produced the artifact. All null only for an `INVALID_CONTRACT` artifact whose contract could not be read at all. */
export interface ArtifactContract {
  readonly id: string | null;
  readonly version: string | null;
  /** `fingerprintContract` of the canonical contract; `replay` compares it with the contract it is given. */
  readonly fingerprint: string | null;
}

/** The input profile facts the artifact keeps (never the input itself). */
export interface ArtifactInput {
  /** sha256 of the input bytes. */
  readonly contentHash: string;
  /** Byte size of the input. */
  readonly size: number;
  /** The InputProfile's input type (`text`, `pdf_text`, `json`, …). */
  readonly inputType: string;
}

export interface ArtifactVersions {
  readonly paxman: string;
  readonly planner: string;
  readonly artifact: string;
  /** Capability id → version, for every capability the plan names (and the document builder). */
  readonly capabilities: Readonly<Record<string, string>>;
  /**
   * The knowledge packs the instance read the document with: `id@version` → fingerprint
   * (sha256 of the pack's canonical JSON). Replay refuses an instance whose packs differ.
   * Absent in artifacts of instances that record no packs.
   */
  readonly knowledge?: Readonly<Record<string, string>>;
}

/** Deterministic per-capability counters. */
export interface ArtifactCapabilityCounters {
  /** `id@version`. */
  readonly capability: string;
  readonly invocations: number;
  readonly tokens: number;
  /** USD the capability reported (or was estimated at), as a decimal string. */
  readonly costUsd: string;
}

/** Counters that follow from the inputs alone: hashed. */
export interface ArtifactCounters {
  readonly totalFields: number;
  readonly resolvedFields: number;
  readonly partialFields: number;
  readonly unresolvedFields: number;
  readonly defaultedFields: number;
  readonly failedFields: number;
  readonly evidenceRecords: number;
  readonly candidates: number;
  readonly capabilityInvocations: number;
  readonly remoteInferenceCalls: number;
  readonly tokens: number;
  /** Total USD as a decimal string. */
  readonly costUsd: string;
  /** Per capability, sorted by capability key. */
  readonly capabilities: readonly ArtifactCapabilityCounters[];
}

/** Wall-clock readings in milliseconds: NOT hashed, they differ on every run. */
export interface ArtifactTimings {
  readonly totalMs: number;
  /** Per pipeline stage (`profile`, `contract`, `plan`, `document`, `execute`, `reconcile`, `artifact`). */
  readonly stages: Readonly<Record<string, number>>;
  /** Per capability key, summed over its invocations. */
  readonly capabilities: Readonly<Record<string, number>>;
}

export interface ArtifactStatistics {
  readonly counters: ArtifactCounters;
  /** Excluded from the replay hash. */
  readonly timings: ArtifactTimings;
}

/**
 * The artifact. `TData` types `normalizedData` (a Zod contract gives `z.infer` of it);
 * only resolved or defaulted fields are present, so it is `Partial` at the top level.
 */
export interface ExecutionArtifact<TData = Readonly<Record<string, JsonValue>>> {
  readonly status: Status;
  /** Resolved (SUCCESS / PARTIAL_SUCCESS) and defaulted fields only, in the contract's output encoding. */
  readonly normalizedData: Partial<TData>;
  readonly fieldResults: Readonly<Record<string, ArtifactFieldResult>>;
  /** Paths of the fields with no value, in contract order. Never present in `normalizedData`. */
  readonly unresolvedFields: readonly string[];
  /** Every evidence record of the run, deduplicated by id, in contract field order then id. */
  readonly evidence: readonly Evidence[];
  /**
   * The diagnostics with no other home (contract, profile, document, run-level execution,
   * capability diagnostics without a contract field), in `orderDiagnostics` order. A
   * field's diagnostics live in its field result and the plan's in `plan.diagnostics`,
   * each stored once; `listDiagnostics(artifact)` gives all of them in one list.
   */
  readonly diagnostics: readonly Diagnostic[];
  /** The plan that ran; null when the run ended before planning (invalid contract). */
  readonly plan: ExecutionPlan | null;
  readonly statistics: ArtifactStatistics;
  readonly contract: ArtifactContract;
  readonly input: ArtifactInput;
  readonly versions: ArtifactVersions;
  /** Random id of this artifact (not hashed). */
  readonly id: string;
  /** ISO-8601 creation time (not hashed). */
  readonly createdAt: string;
  /** sha256 of the canonical JSON of the hashed content (see `computeReplayHash`). */
  readonly replayHash: string;
  /** Who produced it: an Ed25519 signature over the replay hash, id and time (`signArtifact`). Not hashed. */
  readonly signature?: ArtifactSignature;
}

/** An artifact's signature (`signArtifact`, `verifyArtifactSignature`). */
export interface ArtifactSignature {
  readonly algorithm: 'ed25519';
  /** First 16 hex digits of the sha256 of the signer's public key (SPKI DER). */
  readonly keyId: string;
  /** The signature, base64. */
  readonly value: string;
}
