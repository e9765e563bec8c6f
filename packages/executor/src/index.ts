/** @paxman/executor — `run()`: executes a plan with budget booking and early stop. */
export type { ExecutionStatistics, StepStatistics } from './execution-statistics.js';
