/**
 * `createPaxman`: an instance with its own adapter and capability registries (the
 * built-in Dict DSL / JSON Schema / OpenAPI / Zod adapters and V1 capabilities, plus
 * what the caller adds), its own clock, logger and id source. Nothing is registered on
 * import and two instances never share mutable state.
 */
import { type Budget, InvalidInputError, type JsonValue, type Policy, createBudget, createPolicy, randomIdGenerator, silentLogger, systemClock } from '@paxman/core';
import { type CanonicalContract, type ContractAdapter, createAdapterRegistry, createDefaultAdapterRegistry } from '@paxman/contract';
import { type Capability, type CapabilityRegistry, type CapabilitySpec, createCapabilityRegistry } from '@paxman/capability-spi';
import { type InferenceCapabilityOptions, createInferenceCapability } from '@paxman/inference';
import type { ExecutionArtifact, ReviewAmendment } from '@paxman/artifact';
import { createOcrReader, createPdfReader } from '@paxman/document';
import type { Lexicon } from '@paxman/values';
import { ocrOptions } from './ocr-options.js';
import type { ContractData } from './contract-data.js';
import { defaultStages } from './default-stages.js';
import { instanceKnowledge } from './instance-knowledge.js';
import type { NormalizeInput, NormalizeOptions, PaxmanOptions, ProviderSetting, ReplayedArtifact, ReplayOptions } from './paxman-options.js';
import type { PaxmanState } from './paxman-state.js';
import type { PipelineStages } from './pipeline-stages.js';
import { checkOptions } from './normalize-input.js';
import { type PrepareOptions, createPreparedRuns, prepare } from './prepared-run.js';
import { runNormalize } from './run-normalize.js';
import { runReplay } from './run-replay.js';
import { type AmendOptions, runAmend } from './run-amend.js';
import { type Reproduction, runReproduce } from './run-reproduce.js';

/** A Paxman instance. */
export interface Paxman {
  /**
   * Normalizes one input against a contract. Always resolves to an artifact (also for an
   * invalid contract or an oversized input); rejects only for wrong argument types
   * (`InvalidInputError`, `InvalidBudgetError`, `InvalidPolicyError`) and aborts (`AbortedError`).
   */
  normalize<C>(input: NormalizeInput, options: NormalizeOptions<C>): Promise<ExecutionArtifact<ContractData<C>>>;
  /**
   * Verifies an artifact (object or JSON text) against the contract it claims and returns
   * it rehydrated. Rejects with `InvalidArtifactError`, `HashMismatchError`,
   * `ContractMismatchError`, `VersionMismatchError` or `CapabilityNotFoundError`.
   */
  replay<C>(artifact: unknown, options: ReplayOptions<C>): Promise<ReplayedArtifact<ContractData<C>>>;
  /**
   * Replays an artifact, then re-runs it on `input` (with its recorded policy and budget)
   * and compares: `identical` when the same artifact comes out, but for id, time, timings
   * and signature; `differences` names what changed. Rejects with `InvalidInputError` when
   * the input is not the one the artifact records, and as `replay` does.
   */
  reproduce(artifact: unknown, input: NormalizeInput, options: ReplayOptions): Promise<Reproduction>;
  /**
   * Records a reviewer's decision (confirm, correct or clear a field, with a reason) as
   * the next signed amendment of the artifact's chain (`options.amendments`); replays the
   * artifact and the chain first. Resolves to the chain with the new amendment at its end;
   * rejects as `replay` does, and with `AmendmentError` for a value the field does not allow.
   * @example const chain = await px.amend(artifact, { contract, key, decision: { fieldPath: 'total_amount', action: 'CORRECT', value: '12.50 EUR', reason: 'printed total' } });
   */
  amend(artifact: unknown, options: AmendOptions): Promise<ReviewAmendment[]>;
  /**
   * Prepares a run for a batch: adapts the contract and plans once, then
   * `prepared.normalize(input)` reuses it for every input. Throws `InvalidContractError`
   * for a contract that does not adapt, `InvalidBudgetError`/`InvalidPolicyError` for bad settings.
   * @example
   * const run = px.prepare({ contract, policy: { confidenceFloor: 0.9 } });
   * for (const text of documents) artifacts.push(await run.normalize(text));
   */
  prepare<C>(options: PrepareOptions<C>): PreparedRun<C>;
  /** Adds a capability to this instance (`{ replace: true }` to replace the same `id@version`). */
  registerCapability(capability: Capability, options?: { readonly replace?: boolean }): void;
  /** Adds a contract adapter to this instance. */
  registerAdapter(adapter: ContractAdapter, options?: { readonly replace?: boolean }): void;
  /** The specs of the registered capabilities, sorted by id then version. */
  capabilities(): readonly CapabilitySpec[];
  /** The registered contract formats. */
  adapterFormats(): readonly string[];
  /**
   * Stops what the instance started (its OCR workers). Safe to call more than once; a
   * later `normalize` of an image starts workers again.
   */
  close(): Promise<void>;
}

/** A run prepared by `px.prepare()`: the adapted contract and plan, reused for every input. */
export interface PreparedRun<C = unknown> {
  readonly contract: CanonicalContract;
  /** The effective policy (defaults ← call site ← contract). */
  readonly policy: Policy;
  readonly budget: Budget;
  /** Normalizes one input with this preparation; resolves to an artifact as `px.normalize` does. */
  normalize(input: NormalizeInput, options?: { readonly signal?: AbortSignal }): Promise<ExecutionArtifact<ContractData<C>>>;
}

function isProviderOptions(setting: ProviderSetting): setting is Omit<InferenceCapabilityOptions, 'tier'> {
  return typeof setting === 'object' && setting !== null && 'provider' in setting && !('complete' in setting);
}

function inferenceCapability(tier: 'local' | 'remote', setting: ProviderSetting, lexicon: Lexicon): Capability {
  return createInferenceCapability(isProviderOptions(setting) ? { lexicon, ...setting, tier } : { provider: setting, tier, lexicon });
}

function checkTables(tables: unknown): Readonly<Record<string, Readonly<Record<string, JsonValue>>>> {
  if (tables === undefined) return Object.freeze({});
  if (typeof tables !== 'object' || tables === null || Array.isArray(tables)) throw new InvalidInputError('createPaxman options.tables must be an object of lookup tables.', { context: { key: 'tables' } });
  return tables as Readonly<Record<string, Readonly<Record<string, JsonValue>>>>;
}

function checkKnowledge(knowledge: unknown): readonly unknown[] {
  if (knowledge === undefined) return [];
  if (!Array.isArray(knowledge)) throw new InvalidInputError('createPaxman options.knowledge must be an array of knowledge packs.', { context: { key: 'knowledge' } });
  return knowledge;
}

/** Builds an instance on the given stages (tests pass their own; `createPaxman` passes the real ones). */
export function createPaxmanWithStages(options: PaxmanOptions, stages: PipelineStages): Paxman {
  if (typeof options !== 'object' || options === null) throw new InvalidInputError('createPaxman expects an options object.', { context: { received: options === null ? 'null' : typeof options } });
  const builtIns = options.builtIns !== false;
  const adapters = builtIns ? createDefaultAdapterRegistry() : createAdapterRegistry();
  for (const adapter of options.adapters ?? []) adapters.register(adapter);
  const knowledge = instanceKnowledge(checkKnowledge(options.knowledge));
  const capabilities: CapabilityRegistry = createCapabilityRegistry(builtIns ? stages.defaultCapabilities(knowledge) : []);
  for (const capability of options.capabilities ?? []) capabilities.register(capability);
  const providers = options.providers ?? {};
  if (providers.local !== undefined) capabilities.register(inferenceCapability('local', providers.local, knowledge.lexicon));
  if (providers.remote !== undefined) capabilities.register(inferenceCapability('remote', providers.remote, knowledge.lexicon));

  const state: PaxmanState = {
    adapters,
    capabilities,
    providers: { local: providers.local !== undefined, remote: providers.remote !== undefined },
    tables: checkTables(options.tables),
    clock: options.clock ?? systemClock,
    logger: options.logger ?? silentLogger,
    idGenerator: options.idGenerator ?? randomIdGenerator,
    stages,
    preparedRuns: createPreparedRuns(),
    ocr: createOcrReader(ocrOptions(options.ocr ?? {}, knowledge.languages)),
    pdf: createPdfReader(options.pdf ?? {}),
    knowledge,
  };
  const prepareRun = <C>(prepareOptions: PrepareOptions<C>): PreparedRun<C> => {
    checkOptions('prepare', prepareOptions);
    const preparation = prepare(state, prepareOptions, createBudget(prepareOptions.budget), createPolicy(prepareOptions.policy));
    return Object.freeze({
      contract: preparation.contract,
      policy: preparation.plan.policy,
      budget: preparation.budget,
      normalize: (input: NormalizeInput, runOptions: { readonly signal?: AbortSignal } = {}) =>
        runNormalize(state, input, { contract: prepareOptions.contract, ...(runOptions.signal === undefined ? {} : { signal: runOptions.signal }) }, preparation) as Promise<ExecutionArtifact<ContractData<C>>>,
    });
  };
  return Object.freeze({
    normalize: <C>(input: NormalizeInput, normalizeOptions: NormalizeOptions<C>) => runNormalize(state, input, normalizeOptions) as Promise<ExecutionArtifact<ContractData<C>>>,
    replay: <C>(artifact: unknown, replayOptions: ReplayOptions<C>) => runReplay(state, artifact, replayOptions) as Promise<ReplayedArtifact<ContractData<C>>>,
    reproduce: (artifact: unknown, input: NormalizeInput, replayOptions: ReplayOptions) => runReproduce(state, artifact, input, replayOptions),
    amend: (artifact: unknown, amendOptions: AmendOptions) => runAmend(state, artifact, amendOptions),
    prepare: prepareRun,
    registerCapability: (capability: Capability, registerOptions?: { readonly replace?: boolean }) => {
      capabilities.register(capability, registerOptions);
      state.preparedRuns.clear();
    },
    registerAdapter: (adapter: ContractAdapter, registerOptions?: { readonly replace?: boolean }) => {
      adapters.register(adapter, registerOptions);
      state.preparedRuns.clear();
    },
    capabilities: () => capabilities.list().map((capability) => capability.spec),
    adapterFormats: () => adapters.formats(),
    close: async () => {
      await Promise.all([state.ocr.close(), state.pdf.close()]);
    },
  });
}

/**
 * A new Paxman instance with its own registries.
 * @example
 * const px = createPaxman({ capabilities: [myCapability], tables: { vendors } });
 * const artifact = await px.normalize(text, { contract });
 */
export function createPaxman(options: PaxmanOptions = {}): Paxman {
  return createPaxmanWithStages(options, defaultStages);
}
