/**
 * Execution statistics of a run, returned by the executor apart from the candidate
 * results because their wall-clock parts must never reach the replay hash. They live in
 * core because the executor produces them and the artifact records them, and the artifact
 * may not depend on the executor.
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
