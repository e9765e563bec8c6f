/**
 * `reproduce`: the strongest proof an artifact can give — re-run what it records on the
 * input and show that the same artifact comes out. The artifact is first replayed
 * (verified against its contract); then the input is normalized again with the artifact's
 * recorded policy and budget, its input hash must match, and the new artifact must equal
 * the old one byte for byte in everything but what differs on every run (`id`,
 * `createdAt`, wall-clock `statistics.timings`, and a `signature`).
 */
import { type ExecutionArtifact, serializeArtifact } from '@paxman/artifact';
import { InvalidInputError, canonicalJson, type JsonValue } from '@paxman/core';
import type { NormalizeInput, ReplayOptions } from './paxman-options.js';
import { runNormalize } from './run-normalize.js';
import { runReplay } from './run-replay.js';
import type { PaxmanState } from './paxman-state.js';

export interface Reproduction {
  /** True when the re-run gave the same artifact (but id, time, timings and signature). */
  readonly identical: boolean;
  /** The replay hash of the recorded artifact. */
  readonly replayHash: string;
  /** The re-run's artifact. */
  readonly rerun: ExecutionArtifact;
  /** Top-level members (or `fieldResults.<path>`) that differ; empty when identical. */
  readonly differences: readonly string[];
}

/** What every run differs in: not compared. */
function comparable(artifact: ExecutionArtifact): Record<string, JsonValue> {
  const { id: _id, createdAt: _createdAt, signature: _signature, statistics, ...rest } = JSON.parse(serializeArtifact(artifact)) as Record<string, JsonValue> & { statistics: { counters: JsonValue } };
  return { ...rest, statistics: { counters: statistics.counters } };
}

export async function runReproduce(state: PaxmanState, artifactOrJson: unknown, input: NormalizeInput, options: ReplayOptions): Promise<Reproduction> {
  const recorded = await runReplay(state, artifactOrJson, options);
  const plan = recorded.plan;
  const rerun = await runNormalize(state, input, {
    contract: options.contract,
    ...(options.format === undefined ? {} : { format: options.format }),
    ...(options.schemaName === undefined ? {} : { schemaName: options.schemaName }),
    ...(plan === null ? {} : { policy: plan.policy as never, budget: plan.budget as never }),
  });
  if (rerun.input.contentHash !== recorded.input.contentHash) {
    throw new InvalidInputError(`The input is not the one the artifact was made from: its sha256 is ${rerun.input.contentHash}, the artifact records ${recorded.input.contentHash}.`, {
      context: { recorded: recorded.input.contentHash, given: rerun.input.contentHash },
    });
  }
  const before = comparable(recorded);
  const after = comparable(rerun);
  const differences: string[] = [];
  for (const key of [...new Set([...Object.keys(before), ...Object.keys(after)])].sort()) {
    if (canonicalJson(before[key] ?? null) === canonicalJson(after[key] ?? null)) continue;
    if (key === 'fieldResults') {
      const old = before[key] as Record<string, JsonValue>;
      const now = after[key] as Record<string, JsonValue>;
      for (const path of [...new Set([...Object.keys(old), ...Object.keys(now)])].sort()) {
        if (canonicalJson(old[path] ?? null) !== canonicalJson(now[path] ?? null)) differences.push(`fieldResults.${path}`);
      }
    } else differences.push(key);
  }
  return { identical: differences.length === 0, replayHash: recorded.replayHash, rerun, differences };
}
