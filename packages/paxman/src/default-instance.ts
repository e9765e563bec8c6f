/**
 * The default instance behind the top-level `normalize` and `replay`: every built-in
 * adapter and V1 capability, system clock, silent logger. It is one instance like any
 * other, created with this module (making it costs no I/O and a few objects); its caches
 * are its own, and nothing it holds is shared with instances from `createPaxman()`.
 */
import type { ExecutionArtifact, ReviewAmendment } from '@paxman/artifact';
import type { AmendOptions } from './run-amend.js';
import type { ContractData } from './contract-data.js';
import { type Paxman, createPaxman } from './create-paxman.js';
import type { NormalizeInput, NormalizeOptions, ReplayedArtifact, ReplayOptions } from './paxman-options.js';

const defaultInstance: Paxman = createPaxman();

/**
 * Normalizes an input against a contract with the default instance.
 * @example
 * const artifact = await normalize(invoiceText, { contract: invoiceContract });
 * artifact.normalizedData.total_amount // { amount: '811.88', currency: 'USD' }
 */
export function normalize<C>(input: NormalizeInput, options: NormalizeOptions<C>): Promise<ExecutionArtifact<ContractData<C>>> {
  return defaultInstance.normalize(input, options);
}

/**
 * Verifies an artifact against its contract with the default instance and returns it.
 * An artifact made with custom capabilities names them: pass them (`capabilities`,
 * `adapters`) and the replay runs on an instance that has them.
 * @example const verified = await replay(readFileSync('a.artifact.json', 'utf8'), { contract, capabilities: [vatId] });
 */
export async function replay<C>(artifact: unknown, options: ReplayOptions<C>): Promise<ReplayedArtifact<ContractData<C>>> {
  if (options.capabilities === undefined && options.adapters === undefined && options.knowledge === undefined) return defaultInstance.replay(artifact, options);
  const instance = createPaxman({
    ...(options.capabilities === undefined ? {} : { capabilities: options.capabilities }),
    ...(options.adapters === undefined ? {} : { adapters: options.adapters }),
    ...(options.knowledge === undefined ? {} : { knowledge: options.knowledge }),
  });
  try {
    return await instance.replay(artifact, options);
  } finally {
    await instance.close();
  }
}

/**
 * Stops what the default instance started (its OCR workers, which would otherwise keep
 * the process alive after reading a photo). Safe to call at any time; a later call of
 * `normalize` starts them again.
 * @example await close();
 */
export function close(): Promise<void> {
  return defaultInstance === undefined ? Promise.resolve() : defaultInstance.close();
}

/**
 * Records a reviewer's decision as the next signed amendment of an artifact's chain, with
 * the default instance (see `Paxman.amend`).
 * @example const chain = await amend(artifact, { contract, key, amendments: [], decision: { fieldPath: 'total_amount', action: 'CONFIRM', reason: 'checked against the page' } });
 */
export async function amend(artifact: unknown, options: AmendOptions): Promise<ReviewAmendment[]> {
  if (options.capabilities === undefined && options.adapters === undefined) return defaultInstance.amend(artifact, options);
  const instance = createPaxman({ ...(options.capabilities === undefined ? {} : { capabilities: options.capabilities }), ...(options.adapters === undefined ? {} : { adapters: options.adapters }) });
  try {
    return await instance.amend(artifact, options);
  } finally {
    await instance.close();
  }
}
