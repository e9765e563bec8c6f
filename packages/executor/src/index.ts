/** @paxman/executor — `run()`: executes a plan with budget booking and early stop. */
export type { ExecutionStatistics, StepStatistics } from './execution-statistics.js';
export { run, type RunOptions, type RunResult, type LookupTables } from './run.js';
export { createBudgetTracker, type BudgetTracker, type BudgetCap, type BudgetExclusion, type BudgetSpent, type StepCost } from './budget-tracker.js';
export { ExecutionDiagnosticCode } from './execution-diagnostic-codes.js';
