/**
 * Codes of the diagnostics the planner records in a plan (stage `plan`) and the field
 * short-circuit reasons. They reach the artifact and its hash, so they are part of the
 * public contract.
 */

export const PlanDiagnosticCode = Object.freeze({
  /** The effective policy forbids an inference tier (`allowLocalInference` / `allowRemoteInference`). */
  POLICY_EXCLUDES_TIER: 'POLICY_EXCLUDES_TIER',
  /** A budget cap makes an inference tier impossible (USD cap below its cheapest cost, remote-call cap 0). */
  BUDGET_EXCLUDES_TIER: 'BUDGET_EXCLUDES_TIER',
  /** The policy allows an inference tier but no provider / capability is configured for it. */
  NO_PROVIDER: 'NO_PROVIDER',
  /** The input is empty: every field is short-circuited to UNRESOLVED. */
  EMPTY_INPUT: 'EMPTY_INPUT',
  /** The input is larger than `budget.maxInputBytes`: the run fails fast. */
  INPUT_TOO_LARGE: 'INPUT_TOO_LARGE',
  /** A field was left with no step; the message and context name the reason per tier. */
  NO_CAPABILITY: 'NO_CAPABILITY',
  /** A capability's `configure` threw or returned something that is not a step configuration. */
  CAPABILITY_CONFIGURE_FAILED: 'CAPABILITY_CONFIGURE_FAILED',
  /** A registered capability's spec cannot be planned (unreadable cost hint, tier outside 1–6); it is left out. */
  INVALID_CAPABILITY_SPEC: 'INVALID_CAPABILITY_SPEC',
  /** Derived relations depend on each other in a cycle; those fields keep declaration order. */
  DEPENDENCY_CYCLE: 'DEPENDENCY_CYCLE',
} as const);
export type PlanDiagnosticCode = (typeof PlanDiagnosticCode)[keyof typeof PlanDiagnosticCode];

/** Why a field plan does not run (`FieldPlan.shortCircuit`). */
export const ShortCircuitReason = Object.freeze({
  EMPTY_INPUT: 'EMPTY_INPUT',
  INPUT_TOO_LARGE: 'INPUT_TOO_LARGE',
  NO_CAPABILITY: 'NO_CAPABILITY',
  /**
   * An OBJECT or ARRAY field with declared members that no capability produces as a whole:
   * its value is assembled from its members' results, so it runs no step of its own.
   */
  ASSEMBLED_FROM_MEMBERS: 'ASSEMBLED_FROM_MEMBERS',
  /**
   * A member of the items of an ARRAY field that a capability reads as a whole (record by
   * record): the member is read with its items, so it runs no step of its own.
   */
  READ_WITH_ITEMS: 'READ_WITH_ITEMS',
} as const);
export type ShortCircuitReason = (typeof ShortCircuitReason)[keyof typeof ShortCircuitReason];
