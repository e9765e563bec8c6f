/**
 * What the executor hands the reconciler for one field: every candidate, evidence record
 * and diagnostic its steps produced, and what happened to each step. Wall-clock
 * statistics live apart (`ExecutionStatistics`) because they must not reach the hash.
 */
import type { Candidate, Diagnostic, Evidence } from '@paxman/core';

export type StepOutcome = 'RAN' | 'SKIPPED_EARLY_STOP' | 'SKIPPED_BUDGET' | 'FAILED' | 'ABORTED';

export interface StepRecord {
  readonly capability: string;
  readonly outcome: StepOutcome;
  readonly candidateCount: number;
}

export type FieldExecutionStatus = 'COMPLETED' | 'EXECUTION_FAILED' | 'SHORT_CIRCUITED' | 'ABORTED';

export interface CandidateResult {
  readonly fieldPath: string;
  readonly candidates: readonly Candidate[];
  readonly evidence: readonly Evidence[];
  readonly diagnostics: readonly Diagnostic[];
  readonly steps: readonly StepRecord[];
  readonly status: FieldExecutionStatus;
}

export interface StepStatistics {
  readonly capability: string;
  readonly invocations: number;
  readonly estimatedUsd: string;
  readonly reportedUsd: string;
  readonly tokens: number;
  readonly durationMs: number;
}

export interface ExecutionStatistics {
  readonly steps: readonly StepStatistics[];
  readonly totalInvocations: number;
  readonly remoteInferenceCalls: number;
  readonly totalUsd: string;
  readonly totalTokens: number;
  readonly durationMs: number;
}

/**
 * The early-stop callback: the facade passes the reconciler's `scoreField`, so the
 * executor and reconciler share one rubric without the executor importing the reconciler.
 */
export type FieldScorer = (input: { fieldPath: string; candidates: readonly Candidate[]; evidence: readonly Evidence[] }) => number;
