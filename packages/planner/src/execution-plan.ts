/**
 * The execution plan: plain data with a stable JSON form. The planner produces it, the
 * executor runs it exactly, the artifact records it (and its hash covers it).
 */
import type { BudgetJson, CapabilityTier, Diagnostic, Fallback, JsonValue, Policy } from '@paxman/core';

export interface PlanStep {
  /** `id@version` of the chosen capability. */
  readonly capability: string;
  readonly tier: CapabilityTier;
  /** Frozen config derived from the contract (labels, regex, lookup table, enum values, relation). */
  readonly config: Readonly<Record<string, JsonValue>>;
  /** `tier × 10000 + usd × 1000000 + ms`; lower is better. */
  readonly score: number;
  /** Cost hint copied from the spec at planning time (USD as decimal string). */
  readonly costHint: { readonly tokens: number; readonly ms: number; readonly usd: string };
}

export interface FieldPlan {
  readonly fieldId: string;
  /** Also the key of the field's `CandidateResult`. */
  readonly fieldPath: string;
  /** Required in context: the field and every ancestor container are required. */
  readonly required: boolean;
  /** Tiers 1–6 in order; within a tier by score, then id. */
  readonly steps: readonly PlanStep[];
  /** max(field threshold, effective confidence floor): early stop fires at or above it. */
  readonly targetConfidence: number;
  readonly fallback: Fallback;
  readonly earlyStop: boolean;
  /**
   * Set when the field will not run at all (`EMPTY_INPUT`, `INPUT_TOO_LARGE`,
   * `NO_CAPABILITY`, or `ASSEMBLED_FROM_MEMBERS` for a container built from its members);
   * see `ShortCircuitReason`.
   */
  readonly shortCircuit: string | null;
}

export interface ExecutionPlan {
  readonly plannerVersion: string;
  readonly contractFingerprint: string;
  readonly inputContentHash: string;
  /** The effective policy (contract over call site), read by every later subsystem. */
  readonly policy: Policy;
  readonly budget: BudgetJson;
  readonly fieldPlans: readonly FieldPlan[];
  readonly diagnostics: readonly Diagnostic[];
  /** `INPUT_TOO_LARGE` when the run must fail fast, else null. */
  readonly failFast: string | null;
}
