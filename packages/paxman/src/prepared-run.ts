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
import { type CanonicalContract, adaptContract, fingerprintContract } from '@paxman/contract';
import { type PreparedPlan, preparePlan } from '@paxman/planner';
import { type RunMemo, createRunMemo } from '@paxman/capability-spi';
import type { PaxmanState } from './paxman-state.js';
import { matchesSnapshot, snapshotOf } from './source-snapshot.js';

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
  /** What capabilities compile from step configs, kept for every run of this preparation. */
  readonly memo: RunMemo;
}

/** Adapts the contract and prepares the plan; throws `InvalidContractError` for a contract that does not adapt. */
export function prepare(state: PaxmanState, options: PrepareOptions, budget: Budget, callSitePolicy: Policy): Preparation {
  const { contract, fingerprint } = adapt(state, options);
  const plan = preparePlan({ contract, registry: state.capabilities, budget, policy: callSitePolicy, providers: state.providers }, fingerprint);
  return Object.freeze({ contract, budget, callSitePolicy, plan, memo: createRunMemo() });
}

/** A contract adapted for this instance, with its fingerprint. */
export interface AdaptedContract {
  readonly contract: CanonicalContract;
  readonly fingerprint: string;
}

/** Adapts a contract source (`InvalidContractError` when it does not adapt). */
export function adapt(state: PaxmanState, options: Pick<PrepareOptions, 'contract' | 'format' | 'schemaName'>): AdaptedContract {
  const contract = adaptContract(options.contract, {
    registry: state.adapters,
    ...(options.format === undefined ? {} : { format: options.format }),
    ...(options.schemaName === undefined ? {} : { schemaName: options.schemaName }),
  });
  return Object.freeze({ contract, fingerprint: fingerprintContract(contract) });
}

/** The instance's cache of adapted contracts and preparations, by the exact text of the source and settings. */
export interface PreparedRuns {
  /** The adapted contract for this source (replay needs no more), from the cache or made now. */
  adapted(state: PaxmanState, options: Pick<PrepareOptions, 'contract' | 'format' | 'schemaName'>): AdaptedContract;
  /** The preparation for these options, from the cache or made now (errors are never cached). */
  get(state: PaxmanState, options: PrepareOptions, budget: Budget, callSitePolicy: Policy): Preparation;
  /** Forgets everything (a capability or adapter was registered). */
  clear(): void;
}

const CACHED_ENTRIES = 32;

/** A bounded map, least recently used out. */
function lruGet<T>(entries: Map<string, T>, key: string, make: () => T): T {
  let entry = entries.get(key);
  if (entry !== undefined) {
    entries.delete(key);
  } else {
    entry = make();
    if (entries.size >= CACHED_ENTRIES) entries.delete(entries.keys().next().value!);
  }
  entries.set(key, entry);
  return entry;
}

/** The cache key of a contract source from its text (`s` a string source, `j` an object's JSON). */
function sourceKey(options: Pick<PrepareOptions, 'format' | 'schemaName'>, text: string): string {
  return `${options.format ?? ''}\u0000${options.schemaName ?? ''}\u0000${text}`;
}

/** The last contract object keyed, with the snapshot of its JSON and the key (the same string each time). */
interface LastSource {
  readonly contract: object;
  readonly format: string | undefined;
  readonly schemaName: string | undefined;
  readonly snapshot: ReturnType<typeof snapshotOf>;
  readonly key: string;
}

/** The last preparation key written, reused (the same string) while its parts are the same. */
interface LastPreparationKey {
  readonly settings: string;
  readonly sourceKey: string;
  readonly key: string;
}

/**
 * The instance's cache. A contract given as an object is keyed by its JSON text, so a
 * caller that changes the object gets a fresh adaptation. A caller that passes the same
 * object again (a batch with one contract) has it checked against a snapshot of that
 * text instead of having the text written again, and gets the very key string it got
 * before (a string caches its hash, so the lookup does not hash 5 KB of contract again).
 */
export function createPreparedRuns(): PreparedRuns {
  const contracts = new Map<string, AdaptedContract>();
  const preparations = new Map<string, Preparation>();
  let lastSource: LastSource | null = null;
  let lastPreparationKey: LastPreparationKey | null = null;
  const keyOf = (options: Pick<PrepareOptions, 'contract' | 'format' | 'schemaName'>): string | null => {
    const { contract, format, schemaName } = options;
    if (typeof contract === 'string') return sourceKey(options, `s${contract}`);
    const last = lastSource;
    if (last !== null && last.contract === contract && last.format === format && last.schemaName === schemaName && matchesSnapshot(contract, last.snapshot)) return last.key;
    // No JSON text (a Zod schema): adapted every time.
    const text = losslessJsonText(contract, 64);
    if (text === null) return null;
    const key = sourceKey(options, `j${text}`);
    if (typeof contract === 'object' && contract !== null) lastSource = { contract, format, schemaName, snapshot: snapshotOf(JSON.parse(text)), key };
    return key;
  };
  return {
    adapted(state, options) {
      const key = keyOf(options);
      return key === null ? adapt(state, options) : lruGet(contracts, key, () => adapt(state, options));
    },
    get(state, options, budget, callSitePolicy) {
      const key = keyOf(options);
      const make = (): Preparation => {
        const { contract, fingerprint } = this.adapted(state, options);
        const plan = preparePlan({ contract, registry: state.capabilities, budget, policy: callSitePolicy, providers: state.providers }, fingerprint);
        return Object.freeze({ contract, budget, callSitePolicy, plan, memo: createRunMemo() });
      };
      if (key === null) return make();
      const settings = `${JSON.stringify(callSitePolicy)}\u0000${JSON.stringify(budgetToJson(budget))}`;
      const last = lastPreparationKey;
      const preparationKey = last !== null && last.sourceKey === key && last.settings === settings ? last.key : `${settings}\u0000${key}`;
      lastPreparationKey = { settings, sourceKey: key, key: preparationKey };
      return lruGet(preparations, preparationKey, make);
    },
    clear() {
      contracts.clear();
      preparations.clear();
      lastSource = null;
      lastPreparationKey = null;
    },
  };
}
