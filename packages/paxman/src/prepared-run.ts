/**
 * A prepared run: what normalizing against one contract, policy and budget needs before
 * any input is seen — the adapted contract, the effective policy, the budget and the plan
 * body — computed once. `px.prepare()` returns one for a batch to reuse; `px.normalize()`
 * prepares through the instance's own small cache (`PreparedRuns`), so repeated calls with
 * the same contract and settings prepare once. Nothing here lives in a module: the cache
 * belongs to the instance and is cleared when its registries change.
 */
import type { createBudget, createPolicy} from '@paxman/core';
import { type Budget, type Policy, budgetToJson, losslessJsonText } from '@paxman/core';
import { type CanonicalContract, adaptContract } from '@paxman/contract';
import { type PreparedPlan, preparePlan } from '@paxman/planner';
import type { PaxmanState } from './paxman-state.js';

/** What a run is prepared from (the contract and settings of `normalize`, without the input). */
export interface PrepareOptions<C = unknown> {
  readonly contract: C;
  readonly policy?: Parameters<typeof createPolicy>[0];
  readonly budget?: Parameters<typeof createBudget>[0];
  readonly format?: string;
  readonly schemaName?: string;
}

/** The input-independent part of a run. */
export interface Preparation {
  readonly contract: CanonicalContract;
  readonly budget: Budget;
  /** The call-site policy (the plan's effective policy also applies the contract's). */
  readonly callSitePolicy: Policy;
  readonly plan: PreparedPlan;
}

/** Adapts the contract and prepares the plan; throws `InvalidContractError` for a contract that does not adapt. */
export function prepare(state: PaxmanState, options: PrepareOptions, budget: Budget, callSitePolicy: Policy): Preparation {
  const contract = adaptContract(options.contract, {
    registry: state.adapters,
    ...(options.format === undefined ? {} : { format: options.format }),
    ...(options.schemaName === undefined ? {} : { schemaName: options.schemaName }),
  });
  const plan = preparePlan({ contract, registry: state.capabilities, budget, policy: callSitePolicy, providers: state.providers });
  return Object.freeze({ contract, budget, callSitePolicy, plan });
}

/** The instance's cache of preparations, by the exact text of the contract and settings. */
export interface PreparedRuns {
  /** The preparation for these options, from the cache or made now (errors are never cached). */
  get(state: PaxmanState, options: PrepareOptions, budget: Budget, callSitePolicy: Policy): Preparation;
  /** Forgets every preparation (a capability or adapter was registered). */
  clear(): void;
}

const PREPARED_RUNS = 32;

/**
 * A bounded cache (least recently used out). A contract given as an object is keyed by
 * its JSON text, so a caller that changes the object gets a new preparation; a source
 * with no JSON text (a Zod schema) is prepared every time.
 */
export function createPreparedRuns(): PreparedRuns {
  const entries = new Map<string, Preparation>();
  return {
    get(state, options, budget, callSitePolicy) {
      const source = typeof options.contract === 'string' ? `s${options.contract}` : `j${losslessJsonText(options.contract, 64) ?? ''}`;
      if (source === 'j') return prepare(state, options, budget, callSitePolicy);
      const key = `${options.format ?? ''}\u0000${options.schemaName ?? ''}\u0000${JSON.stringify(callSitePolicy)}\u0000${JSON.stringify(budgetToJson(budget))}\u0000${source}`;
      let preparation = entries.get(key);
      if (preparation !== undefined) {
        entries.delete(key);
      } else {
        preparation = prepare(state, options, budget, callSitePolicy);
        if (entries.size >= PREPARED_RUNS) entries.delete(entries.keys().next().value!);
      }
      entries.set(key, preparation);
      return preparation;
    },
    clear() {
      entries.clear();
    },
  };
}
