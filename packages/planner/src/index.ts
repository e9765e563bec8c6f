/** @paxman/planner — `plan()`: pure, deterministic, cheapest-first field plans. */
export type { ExecutionPlan, FieldPlan, PlanStep } from './execution-plan.js';
