/**
 * The budget tracker: what a run has spent so far and whether the next step still fits
 * under every cap. Costs are the steps' declared cost hints, replaced by the usage a
 * capability reports when it reports one; latency is the sum of declared `ms` hints (not
 * wall-clock time), so the same run makes the same budget decisions in every process.
 * (Model calls are also held to a wall-clock deadline by the executor.) `allowance()` is
 * what is left under each cap, which a model call reserves against before it starts.
 * Every comparison is strict: reaching a cap exactly is allowed.
 */
import { type Budget, type BudgetInput, Decimal, createBudget, formatDecimal } from '@paxman/core';

/** The caps a step can be excluded by, in the order they are checked. */
export type BudgetCap = 'maxTotalCostUsd' | 'maxTotalLatencyMs' | 'maxRemoteInferenceCalls' | 'maxCapabilityInvocations' | 'maxTotalTokens';

/** What a step is expected to cost (its cost hint) or did cost (booked). */
export interface StepCost {
  /** USD as a plain decimal string. */
  readonly usd: string;
  readonly ms: number;
  readonly tokens: number;
  readonly remoteCalls: number;
}

/** Why a step does not fit: the first cap it would exceed, with what is spent and the limit. */
export interface BudgetExclusion {
  readonly cap: BudgetCap;
  /** Spent so far (USD as a decimal string, the others as numbers). */
  readonly spent: string | number;
  /** What the step would add. */
  readonly requested: string | number;
  readonly limit: string | number;
}

export interface BudgetSpent {
  readonly usd: string;
  readonly ms: number;
  readonly tokens: number;
  readonly remoteCalls: number;
  readonly invocations: number;
}

export interface BudgetTracker {
  readonly budget: Budget;
  /** The first cap the step would exceed (one invocation at `cost`), or null when it fits. */
  check(cost: Omit<StepCost, 'tokens'> & { readonly tokens?: number }): BudgetExclusion | null;
  /** Books one invocation at `cost`. */
  book(cost: StepCost): void;
  spent(): BudgetSpent;
  /** What is left under the USD, token and remote-call caps (null: uncapped). */
  allowance(): { readonly usd: string | null; readonly tokens: number | null; readonly remoteCalls: number | null };
}

const ZERO = new Decimal(0);

/**
 * A tracker for one run.
 * @example const tracker = createBudgetTracker({ maxRemoteInferenceCalls: 0 }); tracker.check({ usd: '0', ms: 5, remoteCalls: 1 })?.cap // 'maxRemoteInferenceCalls'
 */
export function createBudgetTracker(budgetInput: Budget | BudgetInput | null | undefined): BudgetTracker {
  const budget = createBudget(budgetInput);
  let usd = ZERO;
  let ms = 0;
  let tokens = 0;
  let remoteCalls = 0;
  let invocations = 0;
  return {
    budget,
    check(cost) {
      const usdCap = budget.maxTotalCostUsd;
      if (usdCap !== undefined) {
        const total = cost.usd === '0' ? usd : usd.plus(cost.usd);
        if (total.greaterThan(usdCap)) return { cap: 'maxTotalCostUsd', spent: formatDecimal(usd), requested: cost.usd, limit: formatDecimal(usdCap) };
      }
      if (budget.maxTotalLatencyMs !== undefined && ms + cost.ms > budget.maxTotalLatencyMs) {
        return { cap: 'maxTotalLatencyMs', spent: ms, requested: cost.ms, limit: budget.maxTotalLatencyMs };
      }
      if (budget.maxRemoteInferenceCalls !== undefined && cost.remoteCalls > 0 && remoteCalls + cost.remoteCalls > budget.maxRemoteInferenceCalls) {
        return { cap: 'maxRemoteInferenceCalls', spent: remoteCalls, requested: cost.remoteCalls, limit: budget.maxRemoteInferenceCalls };
      }
      if (budget.maxCapabilityInvocations !== undefined && invocations + 1 > budget.maxCapabilityInvocations) {
        return { cap: 'maxCapabilityInvocations', spent: invocations, requested: 1, limit: budget.maxCapabilityInvocations };
      }
      if (budget.maxTotalTokens !== undefined && cost.tokens !== undefined && cost.tokens > 0 && tokens + cost.tokens > budget.maxTotalTokens) {
        return { cap: 'maxTotalTokens', spent: tokens, requested: cost.tokens, limit: budget.maxTotalTokens };
      }
      return null;
    },
    book(cost) {
      if (cost.usd !== '0') usd = usd.plus(cost.usd);
      ms += cost.ms;
      tokens += cost.tokens;
      remoteCalls += cost.remoteCalls;
      invocations += 1;
    },
    spent: () => ({ usd: formatDecimal(usd), ms, tokens, remoteCalls, invocations }),
    allowance: () => ({
      usd: budget.maxTotalCostUsd === undefined ? null : formatDecimal(Decimal.max(ZERO, budget.maxTotalCostUsd.minus(usd))),
      tokens: budget.maxTotalTokens === undefined ? null : Math.max(0, budget.maxTotalTokens - tokens),
      remoteCalls: budget.maxRemoteInferenceCalls === undefined ? null : Math.max(0, budget.maxRemoteInferenceCalls - remoteCalls),
    }),
  };
}
