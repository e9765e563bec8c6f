/**
 * paxman — the facade: `normalize`, `replay`, `createPaxman` and the curated public
 * types. It wires the layers together and holds no pipeline logic of its own.
 */
export { PAXMAN_VERSION } from './version.js';
export { amend, close, normalize, replay } from './default-instance.js';
export type { AmendOptions } from './run-amend.js';
export { createPaxman, type Paxman, type PreparedRun } from './create-paxman.js';
export type { Reproduction } from './run-reproduce.js';
export type { PrepareOptions } from './prepared-run.js';
export type { NormalizeInput, NormalizeOptions, PaxmanOptions, ProviderConfiguration, ProviderSetting, ReplayedArtifact, ReplayOptions } from './paxman-options.js';
export type { ContractData } from './contract-data.js';
export {
  ARTIFACT_VERSION,
  serializeArtifact,
  parseArtifact,
  computeReplayHash,
  verifyArtifact,
  signArtifact,
  verifyArtifactSignature,
  publicKeyId,
  listDiagnostics,
  createAmendment,
  parseAmendments,
  verifyAmendments,
  reviewArtifact,
  amendmentHash,
  AMENDMENT_FORMAT,
  type ReviewAmendment,
  type AmendmentAction,
  type AmendmentDecision,
  type AmendmentReviewer,
  type CreateAmendmentOptions,
  type AmendedField,
  type ArtifactReview,
  type VerifyAmendmentsOptions,
  fieldsForReview,
  type ReviewItem,
  type ReviewReason,
  type ArtifactSignature,
  type SigningKey,
  type ExecutionArtifact,
  type ArtifactFieldResult,
  type ArtifactContract,
  type ArtifactInput,
  type ArtifactVersions,
  type ArtifactStatistics,
  type ArtifactCounters,
  type ArtifactCapabilityCounters,
  type ArtifactTimings,
} from '@paxman/artifact';
export {
  Status,
  ConfidenceBand,
  FieldType,
  EvidenceKind,
  CurrencyPolicy,
  Fallback,
  PaxmanError,
  InvalidInputError,
  InvalidContractError,
  InvalidArtifactError,
  InvalidBudgetError,
  InvalidPolicyError,
  InvalidKnowledgePackError,
  ConfigurationError,
  ReplayError,
  HashMismatchError,
  SignatureError,
  AmendmentError,
  VersionMismatchError,
  ContractMismatchError,
  CapabilityNotFoundError,
  AbortedError,
  CapabilityTier,
  DiagnosticSeverity,
  evidenceId,
  manualClock,
  sequentialIdGenerator,
  type Budget,
  type BudgetInput,
  type Policy,
  type PolicyInput,
  type StructuredDataPolicy,
  type Diagnostic,
  type Evidence,
  type SourceSpan,
  type Candidate,
  type Clock,
  type Logger,
  type IdGenerator,
  type JsonValue,
  type ErrorCode,
} from '@paxman/core';
export type { ExecutionPlan, FieldPlan, PlanStep } from '@paxman/planner';
export type { FieldStatus, UnresolvedReason, ConflictRecord } from '@paxman/reconciler';
export {
  EMPTY_RESULT,
  capabilityKey,
  createRunMemo,
  memoKey,
  type Capability,
  type CapabilitySpec,
  type CapabilityContext,
  type CapabilityResult,
  type CapabilityUsage,
  type EvidenceBacking,
  type StepAllowance,
  type StepConfiguration,
  type MemoKey,
  type RunMemo,
} from '@paxman/capability-spi';
export { findValues, parseValue, ibanChecksumHolds, type RecognizedValue, type RecognizerKind } from '@paxman/values';
export { compileStructuredData, en16931Pack, packFingerprint, validateKnowledgePack, type BusinessTerm, type CompiledStructuredData, type KnowledgePack } from '@paxman/knowledge';
export { loadPlugins, type LoadedPlugins } from './plugins.js';
export { type Document } from '@paxman/document';
export { makeProfile, InputType, type InputProfile } from '@paxman/input-profile';
export {
  adaptContract,
  createAdapterRegistry,
  createDefaultAdapterRegistry,
  validateContract,
  fingerprintContract,
  defineContract,
  defineField,
  type AdapterRegistry,
  type AdaptContractOptions,
  type AdaptOptions,
  type CanonicalContract,
  type CanonicalField,
  type Constraint,
  type ConstraintKind,
  type ContractAdapter,
  type ContractProblem,
  type ContractSource,
  type EnumValue,
} from '@paxman/contract';
export {
  openAICompatible,
  recordedProvider,
  fromAiSdkModel,
  parseInferenceOutput,
  type InferenceProvider,
  type OpenAICompatibleOptions,
  type RecordedAnswer,
  type AiSdkLanguageModel,
  type TokenPricing,
  type InferenceVerdict,
} from '@paxman/inference';
