/** @paxman/executor — `run()`: executes a plan with budget booking and early stop. */
export type {
  CandidateResult,
  ExecutionStatistics,
  FieldExecutionStatus,
  FieldScorer,
  StepOutcome,
  StepRecord,
  StepStatistics,
} from './candidate-result.js';
