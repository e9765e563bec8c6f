/** @paxman/planner — `plan()`: pure, deterministic, cheapest-first field plans. */
export type { ExecutionPlan, FieldPlan, PlanStep } from './execution-plan.js';
export { plan, preparePlan, type PlanOptions, type PreparePlanOptions, type PreparedPlan, type ConfiguredProviders } from './plan.js';
export { serializePlan, parsePlan, validatePlan } from './plan-json.js';
export { PLANNER_VERSION } from './planner-version.js';
export { PlanDiagnosticCode, ShortCircuitReason } from './plan-diagnostic-codes.js';
export { scoreCapability, TIER_WEIGHT, USD_WEIGHT, MS_WEIGHT } from './capability-score.js';
