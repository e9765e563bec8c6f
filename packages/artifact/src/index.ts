/**
 * @paxman/artifact — the execution artifact (ARCHITECTURE §9): `buildArtifact`, its
 * canonical JSON (`serializeArtifact`), `parseArtifact`, the replay hash
 * (`computeReplayHash`), `verifyArtifact` and `listDiagnostics` (every diagnostic of an
 * artifact in one ordered list), and signed review amendments chained to an artifact
 * (`createAmendment`, `verifyAmendments`, `reviewArtifact`).
 */
export { ARTIFACT_VERSION } from './artifact-version.js';
export type {
  ArtifactCapabilityCounters,
  ArtifactContract,
  ArtifactCounters,
  ArtifactFieldResult,
  ArtifactInput,
  ArtifactStatistics,
  ArtifactTimings,
  ArtifactVersions,
  ArtifactSignature,
  ExecutionArtifact,
} from './execution-artifact.js';
export {
  type BuildArtifactExecutionStatistics,
  type BuildArtifactOptions,
  type BuildArtifactStepStatistics,
  buildArtifact,
} from './build-artifact.js';
export { listDiagnostics, orderDiagnostics } from './artifact-diagnostics.js';
export { assembleNormalizedData, hasOutputValue, type AssembledData } from './normalized-data.js';
export { serializeArtifact, parseArtifact } from './parse-artifact.js';
export { computeReplayHash, hashedContent, verifyArtifact } from './replay-hash.js';
export { signArtifact, verifyArtifactSignature, publicKeyId, type SigningKey } from './signing.js';
export {
  AMENDMENT_FORMAT,
  type AmendmentAction,
  type AmendmentDecision,
  type AmendmentReviewer,
  type CreateAmendmentOptions,
  type ReviewAmendment,
  amendmentHash,
  createAmendment,
} from './review-amendment.js';
export { type AmendedField, type ArtifactReview, type VerifyAmendmentsOptions, parseAmendments, reviewArtifact, verifyAmendments } from './amendment-chain.js';
export { type ReviewItem, type ReviewReason, fieldsForReview } from './review-queue.js';
