/**
 * `replay`: verify an artifact and rehydrate it. Checks, in order: the artifact parses
 * and its format major is readable; its content still hashes to its `replayHash`
 * (`HashMismatchError`); it was produced with the given contract
 * (`ContractMismatchError`, naming the fields that differ); the Paxman and planner
 * majors match this library (`VersionMismatchError`); every capability version it names
 * is registered in this instance (`CapabilityNotFoundError`); every knowledge pack it names
 * is loaded with the same fingerprint (`VersionMismatchError`); and that it agrees with
 * itself under the contract — `normalizedData`, `unresolvedFields`, the evidence and the
 * counters follow from the field results (`InvalidArtifactError`); and, when review
 * amendments are given, that their chain holds (`AmendmentError`). Returns an artifact equal
 * to the original, with `review` (the amended data, the amended fields marked) when
 * amendments were given. Integrity is checked before compatibility, so a tampered artifact is
 * always reported as tampered.
 */
import { CapabilityNotFoundError, ContractMismatchError, VersionMismatchError } from '@paxman/core';
import { type CanonicalContract, resultFields } from '@paxman/contract';
import { PLANNER_VERSION } from '@paxman/planner';
import { ARTIFACT_VERSION, type ArtifactReview, type ExecutionArtifact, parseAmendments, parseArtifact, reviewArtifact, verifyArtifact } from '@paxman/artifact';
import { checkOptions } from './normalize-input.js';
import type { ReplayOptions } from './paxman-options.js';
import type { PaxmanState } from './paxman-state.js';
import { PAXMAN_VERSION } from './version.js';
import { checkArtifactConsistency } from './artifact-consistency.js';

const SEMVER = /^v?(\d+)\.\d+\.\d+(?:[-+].*)?$/;

function major(version: string): string | null {
  const match = SEMVER.exec(version);
  return match === null ? null : match[1]!;
}

function checkMajor(what: string, artifactVersion: string, currentVersion: string): void {
  const artifactMajor = major(artifactVersion);
  const currentMajor = major(currentVersion);
  if (artifactMajor === null || artifactMajor !== currentMajor) {
    throw new VersionMismatchError(
      `The artifact was produced by ${what} ${artifactVersion}; this library has ${what} ${currentVersion}${artifactMajor === null ? ' (the artifact version is not MAJOR.MINOR.PATCH)' : ` and reads only major ${currentMajor}`}.`,
      { context: { component: what, artifactVersion, currentVersion } },
    );
  }
}

function describeContractDifference(artifact: ExecutionArtifact, contract: CanonicalContract): string {
  const artifactPaths = Object.keys(artifact.fieldResults);
  const contractPaths = resultFields(contract.fields).map((field) => field.path);
  const missing = contractPaths.filter((path) => !artifactPaths.includes(path));
  const extra = artifactPaths.filter((path) => !contractPaths.includes(path));
  const parts: string[] = [];
  if (artifact.contract.id !== contract.id) parts.push(`id ${JSON.stringify(artifact.contract.id)} ≠ ${JSON.stringify(contract.id)}`);
  if (artifact.contract.version !== contract.version) parts.push(`version ${JSON.stringify(artifact.contract.version)} ≠ ${JSON.stringify(contract.version)}`);
  if (missing.length > 0) parts.push(`fields only in the given contract: ${missing.join(', ')}`);
  if (extra.length > 0) parts.push(`fields only in the artifact: ${extra.join(', ')}`);
  if (parts.length === 0) parts.push('same id, version and field paths, but a field definition (type, constraint, label, threshold, …) or the contract policy differs');
  return parts.join('; ');
}

/** Every knowledge pack the artifact was read with must be the instance's, with the same fingerprint. */
function checkKnowledge(state: PaxmanState, recorded: Readonly<Record<string, string>> | undefined): void {
  if (recorded === undefined) return;
  const differing = Object.entries(recorded).filter(([pack, fingerprint]) => state.knowledge.versions[pack] !== fingerprint);
  if (differing.length === 0) return;
  const described = differing.map(([pack]) => (state.knowledge.versions[pack] === undefined ? `${pack} (not loaded)` : `${pack} (another fingerprint)`));
  throw new VersionMismatchError(
    `The artifact was read with knowledge pack(s) this instance does not have as they were: ${described.join(', ')}. Load the same packs (createPaxman({ knowledge }), --knowledge) to replay it.`,
    { context: { packs: differing.map(([pack]) => pack), loaded: Object.keys(state.knowledge.versions) } },
  );
}

/** Verifies and rehydrates an artifact against a contract on one instance. */
export async function runReplay(state: PaxmanState, artifactOrJson: unknown, options: ReplayOptions): Promise<ExecutionArtifact & { readonly review?: ArtifactReview }> {
  checkOptions('replay', options);
  const artifact = parseArtifact(artifactOrJson);

  checkMajor('artifact format', artifact.versions.artifact, ARTIFACT_VERSION);
  verifyArtifact(artifact);

  const { contract, fingerprint } = state.preparedRuns.adapted(state, options);
  if (artifact.contract.fingerprint !== fingerprint) {
    throw new ContractMismatchError(
      `The artifact was produced with contract ${artifact.contract.id ?? '(unreadable)'}@${artifact.contract.version ?? '?'} (fingerprint ${artifact.contract.fingerprint ?? 'none'}), not with the given contract ${contract.id}@${contract.version} (fingerprint ${fingerprint}): ${describeContractDifference(artifact, contract)}.`,
      { context: { artifactFingerprint: artifact.contract.fingerprint, contractFingerprint: fingerprint, artifactContractId: artifact.contract.id, contractId: contract.id } },
    );
  }

  checkArtifactConsistency(artifact, contract);

  checkMajor('Paxman', artifact.versions.paxman, PAXMAN_VERSION);
  checkMajor('planner', artifact.versions.planner, PLANNER_VERSION);
  if (artifact.plan !== null) checkMajor('planner', artifact.plan.plannerVersion, PLANNER_VERSION);

  const documentBuilderKey = `${state.stages.documentBuilder.id}@${state.stages.documentBuilder.version}`;
  const missing = Object.entries(artifact.versions.capabilities)
    .map(([id, version]) => `${id}@${version}`)
    .filter((key) => key !== documentBuilderKey && !state.capabilities.has(key));
  if (missing.length > 0) {
    const registered = [documentBuilderKey, ...state.capabilities.list().map((capability) => `${capability.spec.id}@${capability.spec.version}`)];
    throw new CapabilityNotFoundError(
      `The artifact was produced with capability version(s) this instance does not have: ${missing.join(', ')}. Registered: ${registered.join(', ') || 'none'}.`,
      { context: { missing, registered } },
    );
  }
  checkKnowledge(state, artifact.versions.knowledge);
  if (options.amendments === undefined) return artifact;
  const review = reviewArtifact(artifact, parseAmendments(options.amendments), { contract, ...(options.reviewerKeyIds === undefined ? {} : { reviewerKeyIds: options.reviewerKeyIds }) });
  return Object.freeze({ ...artifact, review });
}
