/** Execution statistics types (defined in core, shared with the artifact). */
export type { ExecutionStatistics, StepStatistics } from '@paxman/core';
