/**
 * The capability SPI (ARCHITECTURE §5): what a capability declares (`CapabilitySpec`)
 * and what it does (`invoke`). A capability proposes candidates with evidence; it never
 * assigns confidence, never reads the clock into anything hashed, and never throws for
 * "not found" (an empty result says that).
 */
import type { RunMemo } from './run-memo.js';
import type { Candidate, CapabilityTier, Diagnostic, Evidence, FieldType, JsonValue, Policy, RecognizerBacking } from '@paxman/core';
import type { CanonicalContract, CanonicalField } from '@paxman/contract';
import type { Document } from '@paxman/document';

/**
 * The version of this SPI. A capability may declare the version it was written against
 * (`spec.specificationVersion`); the registry refuses one it does not implement, so a
 * plug-in built for a later SPI fails at registration, not in the middle of a run.
 */
export const CAPABILITY_SPECIFICATION_VERSION = 'v1';

export interface CostHint {
  readonly tokens: number;
  readonly ms: number;
  /** USD as a decimal string (`"0.002"`). */
  readonly usd: string;
}

export interface CapabilitySpec {
  /** The SPI version the capability implements; absent means `v1`. */
  readonly specificationVersion?: typeof CAPABILITY_SPECIFICATION_VERSION;
  readonly id: string;
  /** Semver `MAJOR.MINOR.PATCH`. */
  readonly version: string;
  readonly tier: CapabilityTier;
  /** Field types it can produce candidates for; `'*'` for all. */
  readonly acceptsTypes: readonly (FieldType | '*')[];
  readonly costHint: CostHint;
  readonly deterministic: boolean;
  readonly description?: string;
}

/** A value already resolved for another field, passed forward by the executor. */
export interface ResolvedFieldValue {
  readonly path: string;
  readonly value: JsonValue;
  /** Evidence ids that support it. */
  readonly evidenceIds: readonly string[];
}

export interface CapabilityContext {
  readonly field: CanonicalField;
  readonly contract: CanonicalContract;
  /** The frozen step config the planner derived for this step. */
  readonly config: Readonly<Record<string, JsonValue>>;
  readonly document: Document;
  /** Fields resolved so far in this run (for lookups and derived relations). */
  readonly resolved: ReadonlyMap<string, ResolvedFieldValue>;
  /** Lookup tables supplied to the Paxman instance. */
  readonly tables: Readonly<Record<string, Readonly<Record<string, JsonValue>>>>;
  readonly signal?: AbortSignal;
  /**
   * Candidates (and their evidence) the earlier steps of this field's chain produced in
   * this run, in step order; `validation` checks these. Absent when the caller did not
   * pass them (e.g. a capability invoked directly).
   */
  readonly candidates?: readonly Candidate[];
  readonly candidateEvidence?: readonly Evidence[];
  /** The effective policy of the run (from the plan); inference reads `recordInferenceIO`. */
  readonly policy?: Policy;
  /**
   * The run's memo, shared by every step of this run (the executor passes one): keep what
   * you compute about the Document here, never in a module-level cache. Absent when a
   * capability is invoked on its own; compute afresh then.
   */
  readonly memo?: RunMemo;
  /**
   * A memo that lives as long as the prepared plan (every run of a batch over one contract
   * and its settings): only for what depends on the step config alone — never on the
   * Document — such as label sets compiled from a config. Absent outside a prepared run.
   */
  readonly planMemo?: RunMemo;
  /**
   * What this step may still spend under the run's budget (the executor passes it to every
   * step). A capability whose real cost is known only once it runs (a model call) reserves
   * against it: it does not start what could exceed it, and reports usage no larger than
   * it reserved. Absent when a capability is invoked on its own: nothing is capped.
   */
  readonly allowance?: StepAllowance;
}

/**
 * What backs an unlabelled reading, stated by the capability in its evidence's grounds
 * (`{ kind: 'recognizer', recognizer, unique, backing }`, core's `Grounds`): `'checksum'` — a
 * check digit that holds (IBAN mod 97, a VAT id's check digits) — or `'validator'` — a
 * format or registry validator accepted it. The reconciler grades a backed value that is
 * the only one of its kind in the document HIGH (0.9, over the default floor), never
 * CERTAIN on its own (ADR 0007, ADR 0023). The same as core's `RecognizerBacking`.
 */
export type EvidenceBacking = RecognizerBacking;

/** What a step may still spend: each member is what is left under a cap, null when uncapped. */
export interface StepAllowance {
  /** USD as a decimal string. */
  readonly usd: string | null;
  /** Model tokens (prompt + completion). */
  readonly tokens: number | null;
  /** HTTP requests to a remote model, retries included. */
  readonly remoteCalls: number | null;
  /** Wall-clock milliseconds until the run's deadline for non-deterministic steps. */
  readonly ms: number | null;
}

/** Real usage a capability reports (inference), booked by the executor. */
export interface CapabilityUsage {
  readonly tokens?: number;
  readonly inputTokens?: number;
  readonly outputTokens?: number;
  /** USD as a decimal string. */
  readonly usd?: string;
  /** Requests made to a remote model, retries included. */
  readonly remoteCalls?: number;
}

export interface CapabilityResult {
  readonly candidates: readonly Candidate[];
  readonly evidence: readonly Evidence[];
  readonly diagnostics: readonly Diagnostic[];
  readonly usage?: CapabilityUsage;
}

/** A capability's step config for one field, or why it has nothing to work with. */
export type StepConfiguration = { readonly config: Readonly<Record<string, JsonValue>> } | { readonly skip: string };

export interface Capability {
  readonly spec: CapabilitySpec;
  /**
   * Derives the frozen step config for a field (labels, regex, lookup table, enum values,
   * relation). Pure: the planner calls it and records the config in the plan. Returning
   * `{ skip }` means the step has nothing to work with and is not planned; the reason
   * becomes a plan diagnostic when it leaves the field with no chain. Absent: `{ config: {} }`.
   */
  configure?(field: CanonicalField, contract: CanonicalContract): StepConfiguration;
  invoke(context: CapabilityContext): CapabilityResult | Promise<CapabilityResult>;
}

/** `id@version`. */
export function capabilityKey(spec: Pick<CapabilitySpec, 'id' | 'version'>): string {
  return `${spec.id}@${spec.version}`;
}

/** An empty result. */
export const EMPTY_RESULT: CapabilityResult = Object.freeze({ candidates: [], evidence: [], diagnostics: [] });

/**
 * A per-instance registry of capabilities keyed by `id@version`. `get(id)` returns the
 * highest semver version; `get(id, version)` an exact one. Registering an existing
 * `id@version` throws `CAPABILITY_ALREADY_REGISTERED` unless `{ replace: true }`.
 */
export interface CapabilityRegistry {
  register(capability: Capability, options?: { readonly replace?: boolean }): void;
  get(id: string, version?: string): Capability | undefined;
  /** `get` by `id@version` key; throws `CapabilityNotFoundError` when absent. */
  require(key: string): Capability;
  has(key: string): boolean;
  /** Every registered capability, sorted by id then semver ascending. */
  list(): readonly Capability[];
}
