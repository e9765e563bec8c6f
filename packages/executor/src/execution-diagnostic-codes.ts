/** Codes of the diagnostics the executor adds to candidate results (stage `execution`). */

export const ExecutionDiagnosticCode = Object.freeze({
  /** A step was skipped because it would exceed a budget cap (the context names cap, spent and limit). */
  BUDGET_EXCLUDES: 'BUDGET_EXCLUDES',
  /** A capability threw something that is not a PaxmanError (a PaxmanError keeps its own code). */
  CAPABILITY_ERROR: 'CAPABILITY_ERROR',
  /** The plan names a capability the registry does not have. */
  CAPABILITY_NOT_FOUND: 'CAPABILITY_NOT_FOUND',
  /** A capability returned something that is not a `CapabilityResult`. */
  INVALID_CAPABILITY_RESULT: 'INVALID_CAPABILITY_RESULT',
  /** A capability proposed a candidate for another field; it is dropped. */
  CANDIDATE_FIELD_MISMATCH: 'CANDIDATE_FIELD_MISMATCH',
  /** The field met its target confidence; the rest of its chain was skipped. */
  EARLY_STOP: 'EARLY_STOP',
  /** The early-stop scorer threw; the field runs its whole chain. */
  SCORER_ERROR: 'SCORER_ERROR',
  /** A model call (non-deterministic step) was cut off or not started: the run's wall-clock deadline for model calls had passed. */
  DEADLINE_EXCEEDED: 'DEADLINE_EXCEEDED',
  /** The run was cancelled through its AbortSignal before the field's chain finished. */
  ABORTED: 'ABORTED',
} as const);
export type ExecutionDiagnosticCode = (typeof ExecutionDiagnosticCode)[keyof typeof ExecutionDiagnosticCode];
