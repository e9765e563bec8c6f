/**
 * What the executor hands the reconciler for one field: every candidate, evidence record
 * and diagnostic its steps produced, and what happened to each step. It lives in core
 * because the executor produces it and the reconciler and artifact read it, and neither
 * of those may depend on the executor.
 */
import type { Candidate, Diagnostic, Evidence } from './evidence.js';

export type StepOutcome = 'RAN' | 'SKIPPED_EARLY_STOP' | 'SKIPPED_BUDGET' | 'FAILED' | 'ABORTED';

export interface StepRecord {
  /** `id@version`. */
  readonly capability: string;
  readonly outcome: StepOutcome;
  readonly candidateCount: number;
}

/**
 * `COMPLETED`: the chain ran (some steps may have been skipped). `EXECUTION_FAILED`:
 * every step that ran threw. `SHORT_CIRCUITED`: the plan said not to run the field
 * (empty input, input too large, no capability). `ABORTED`: cancelled mid-chain.
 */
export type FieldExecutionStatus = 'COMPLETED' | 'EXECUTION_FAILED' | 'SHORT_CIRCUITED' | 'ABORTED';

export interface CandidateResult {
  readonly fieldPath: string;
  readonly candidates: readonly Candidate[];
  readonly evidence: readonly Evidence[];
  readonly diagnostics: readonly Diagnostic[];
  readonly steps: readonly StepRecord[];
  readonly status: FieldExecutionStatus;
  /** The plan's short-circuit reason (`EMPTY_INPUT`, `INPUT_TOO_LARGE`, `NO_CAPABILITY`) when status is SHORT_CIRCUITED. */
  readonly shortCircuit?: string | null;
}

/** What a field's chain found so far, as the early-stop scorer is asked about it. */
export interface FieldScoreInput {
  readonly fieldPath: string;
  readonly candidates: readonly Candidate[];
  readonly evidence: readonly Evidence[];
}

/**
 * The early-stop callback: returns the confidence the field would get from what was found
 * so far. The facade passes the reconciler's rubric, so the executor and reconciler share
 * one rubric without the executor importing the reconciler.
 */
export type FieldScorer = (input: FieldScoreInput) => number;

/**
 * The reconciler's scorer for one run, as the executor consults it: `score` answers the
 * early-stop question after each step; `chainEnded` tells it, once per field and before
 * anything else is scored for the field, that the chain has stopped and whether the last
 * `score` call saw everything the chain found (`scoredFinal`: the executor only appends,
 * so it knows). The reconciler then takes that assessment as the field's final one instead
 * of assessing the field again — a statement by the executor, not a guess from the
 * identity of the lists.
 */
export interface RunScorer {
  score(input: FieldScoreInput): number;
  chainEnded(fieldPath: string, scoredFinal: boolean): void;
}
