/**
 * `amend`: a reviewer's decision on one field of an artifact, as the next signed amendment
 * of its chain. The artifact and the chain so far are replayed first (hash, contract,
 * versions, the chain's links and signatures), so an amendment is only ever made on a
 * verified artifact, and its value is checked against the contract it was produced with.
 */
import { type AmendmentDecision, type ReviewAmendment, type SigningKey, createAmendment, parseAmendments } from '@paxman/artifact';
import type { ReplayOptions } from './paxman-options.js';
import type { PaxmanState } from './paxman-state.js';
import { runReplay } from './run-replay.js';

/** What `amend` needs beyond the replay options: the decision and the reviewer's key. */
export interface AmendOptions<C = unknown> extends ReplayOptions<C> {
  readonly decision: AmendmentDecision;
  /** The reviewer's Ed25519 private key (PEM or KeyObject). */
  readonly key: SigningKey;
  /** The decision's time; defaults to now. */
  readonly now?: Date;
}

/** Replays the artifact with its chain (`options.amendments`, none when absent) and returns the chain with the new amendment appended. */
export async function runAmend(state: PaxmanState, artifactOrJson: unknown, options: AmendOptions): Promise<ReviewAmendment[]> {
  const replayed = await runReplay(state, artifactOrJson, { ...options, amendments: options.amendments ?? [] });
  const chain = parseAmendments(options.amendments ?? []);
  const { contract } = state.preparedRuns.adapted(state, options);
  const next = createAmendment(replayed, chain, options.decision, { contract, key: options.key, ...(options.now === undefined ? {} : { now: options.now }) });
  return [...chain, next];
}
