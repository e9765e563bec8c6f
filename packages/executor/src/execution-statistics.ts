/**
 * Wall-clock statistics of a run, returned apart from the candidate results because they
 * must never reach the replay hash. (`CandidateResult` itself lives in core.)
 */
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
