/**
 * The replay hash: sha256 of the RFC 8785 canonical JSON of the whole artifact except
 * `id`, `createdAt`, `replayHash` and `statistics.timings`. Status, normalized data, the
 * unresolved list, evidence, diagnostics, the plan, counters, contract, input and
 * versions are all covered, so changing any of them is detected (unlike Python v1.0.2,
 * whose hash left out status and data).
 */
import { HashMismatchError, canonicalHash } from '@paxman/core';
import type { ExecutionArtifact } from './execution-artifact.js';

/**
 * The part of an artifact the replay hash covers, members inserted in code-unit key order:
 * for an artifact whose members are in canonical order (built or parsed) its canonical
 * JSON is then written natively in one pass.
 */
export function hashedContent(artifact: ExecutionArtifact<unknown>): unknown {
  return {
    contract: artifact.contract,
    diagnostics: artifact.diagnostics,
    evidence: artifact.evidence,
    fieldResults: artifact.fieldResults,
    input: artifact.input,
    normalizedData: artifact.normalizedData,
    plan: artifact.plan,
    statistics: { counters: artifact.statistics.counters },
    status: artifact.status,
    unresolvedFields: artifact.unresolvedFields,
    versions: artifact.versions,
  };
}

/**
 * Recomputes the replay hash of an artifact from its content (its own `replayHash` is
 * ignored).
 * @example computeReplayHash(artifact) === artifact.replayHash // for an untouched artifact
 */
export function computeReplayHash(artifact: ExecutionArtifact<unknown>): string {
  return canonicalHash(hashedContent(artifact));
}

/**
 * Checks that an artifact's content still hashes to its `replayHash`; returns the hash,
 * or throws `HashMismatchError` with the recorded and recomputed hashes.
 */
export function verifyArtifact(artifact: ExecutionArtifact<unknown>): string {
  const actual = computeReplayHash(artifact);
  if (actual !== artifact.replayHash) {
    throw new HashMismatchError(
      `Artifact content does not match its replay hash: it records ${artifact.replayHash || '(none)'} but its content hashes to ${actual}, so something hashed (status, data, field results, evidence, diagnostics, plan, counters, contract, input or versions) was changed after it was produced.`,
      { context: { expectedHash: artifact.replayHash, actualHash: actual } },
    );
  }
  return actual;
}
