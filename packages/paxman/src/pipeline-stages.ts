/**
 * The stages the facade wires together, behind one small interface so the pipeline in
 * `run-normalize.ts` reads as the sequence of ARCHITECTURE §1 and tests can see each
 * stage's contract. `defaultStages` (in `default-stages.ts`) binds them to the layer
 * packages; the facade holds no pipeline logic of its own.
 */
import type { Budget, CandidateResult, Clock, Evidence, JsonValue, Policy, RunScorer } from '@paxman/core';
import type { CanonicalContract } from '@paxman/contract';
import type { Capability, CapabilityRegistry, RunMemo } from '@paxman/capability-spi';
import type { Document, OcrEngine, PdfReader, StructureWords } from '@paxman/document';
import type { RunInputProfile } from '@paxman/input-profile';
import type { ExecutionPlan } from '@paxman/planner';
import type { DocumentContext, RunFieldScorer } from '@paxman/reconciler';
import type { BuildArtifactExecutionStatistics } from '@paxman/artifact';
import type { InstanceKnowledge } from './instance-knowledge.js';

export interface ExecuteStageOptions {
  readonly plan: ExecutionPlan;
  readonly contract: CanonicalContract;
  readonly document: Document;
  readonly registry: CapabilityRegistry;
  readonly budget: Budget;
  readonly clock: Clock;
  /** The run's scorer, consulted for early stop and told when each field's chain ends. */
  readonly scoreField: RunScorer;
  readonly tables: Readonly<Record<string, Readonly<Record<string, JsonValue>>>>;
  readonly signal?: AbortSignal;
  /** Adds to each evidence record what the document knows of where it was read (OCR boxes and confidence). */
  readonly annotateEvidence?: (evidence: Evidence) => Evidence;
  /** The prepared plan's memo, shared by every run of a batch (`CapabilityContext.planMemo`). */
  readonly planMemo?: RunMemo;
}

export interface ExecuteStageResult {
  readonly results: readonly CandidateResult[];
  readonly statistics: BuildArtifactExecutionStatistics;
}

export interface PipelineStages {
  /** The capabilities every default instance starts with (fresh objects per call), reading with the instance's knowledge. */
  defaultCapabilities(knowledge: InstanceKnowledge): readonly Capability[];
  /** `id` and `version` of the document builder (`text_extraction`), recorded in artifact versions. */
  readonly documentBuilder: { readonly id: string; readonly version: string };
  /** Parses the input once into the shared Document. */
  buildDocument(bytes: Uint8Array, options: { readonly profile: RunInputProfile; readonly signal?: AbortSignal; readonly ocr?: OcrEngine; readonly pdf?: PdfReader; readonly words?: StructureWords }): Promise<Document>;
  execute(options: ExecuteStageOptions): Promise<ExecuteStageResult>;
  /** The early-stop scorer of one run (the reconciler's rubric), which also hands the reconciler each field's final assessment. */
  fieldScorer(contract: CanonicalContract, policy: Policy, documentContext: DocumentContext): RunFieldScorer;
}
