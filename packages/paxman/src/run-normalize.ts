/**
 * The normalize pipeline (ARCHITECTURE §1): profile → adapt contract → plan → build the
 * Document once → run the plan (early stop scored by the reconciler's rubric) →
 * reconcile → build the artifact. Every outcome is an artifact — an invalid contract
 * (`INVALID_CONTRACT`, one diagnostic per problem), an input over `maxInputBytes`
 * (`INPUT_TOO_LARGE`), a stage that failed (`EXECUTION_FAILED`). Only programmer errors
 * (`InvalidInputError`, invalid budget or policy) and aborts (`AbortedError`) reject.
 */
import {
  AbortedError,
  type CandidateResult,
  type Diagnostic,
  type JsonValue,
  PaxmanError,
  Status,
  createBudget,
  createPolicy,
  deepFreeze,
} from '@paxman/core';
import { type CanonicalContract, encodeForSource } from '@paxman/contract';
import { makeRunProfile } from '@paxman/input-profile';
import { documentDiagnostics as documentReadingDiagnostics } from '@paxman/document';
import { ocrAnnotator } from './ocr-evidence.js';
import { pdfAnnotator } from './pdf-evidence.js';
import { type ExecutionPlan, PLANNER_VERSION } from '@paxman/planner';
import { type ResolvedResult, overallStatus, reconcile } from '@paxman/reconciler';
import { type BuildArtifactExecutionStatistics, type ExecutionArtifact, buildArtifact } from '@paxman/artifact';
import { contractDiagnostics, statedContractIdentity } from './contract-diagnostics.js';
import { checkOptions, inputToBytes } from './normalize-input.js';
import type { NormalizeOptions } from './paxman-options.js';
import type { PaxmanState } from './paxman-state.js';
import type { Preparation } from './prepared-run.js';
import { PAXMAN_VERSION } from './version.js';

function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted === true) {
    throw new AbortedError('normalize was aborted.', { cause: signal.reason });
  }
}

function failureDiagnostic(stage: string, error: unknown): Diagnostic {
  const code = PaxmanError.isInstance(error) ? error.code : 'EXECUTION_ERROR';
  const message = error instanceof Error ? error.message : String(error);
  return { code, severity: 'ERROR', stage: 'execution', message: `The ${stage} stage failed: ${message}`, context: { stage } };
}

function isProgrammerOrAbort(error: unknown): boolean {
  return PaxmanError.isInstance(error) && (error.code === 'ABORTED' || error.code === 'INVALID_INPUT');
}

/** A copy of `record` with its keys in code-unit order (the default sort of strings). */
function inKeyOrder(record: Readonly<Record<string, number>>): Record<string, number> {
  const keys = Object.keys(record).sort();
  const sorted: Record<string, number> = {};
  for (const key of keys) sorted[key] = record[key]!;
  return sorted;
}

/**
 * Runs the whole pipeline for one input on one instance: with `prepared` (a `px.prepare()`
 * run) the contract, policy and budget of `options` are not read again.
 */
export async function runNormalize(state: PaxmanState, input: unknown, options: NormalizeOptions, prepared?: Preparation): Promise<ExecutionArtifact> {
  checkOptions('normalize', options);
  const budget = prepared?.budget ?? createBudget(options.budget);
  const callSitePolicy = prepared?.callSitePolicy ?? createPolicy(options.policy);
  const { signal } = options;
  throwIfAborted(signal);

  const { clock, logger, stages } = state;
  const startedAt = clock.monotonic();
  const stageTimes: Record<string, number> = {};
  let stageStart = startedAt;
  const lap = (stage: string): void => {
    const now = clock.monotonic();
    stageTimes[stage] = Math.max(0, now - stageStart);
    stageStart = now;
  };

  const bytes = inputToBytes(input);
  // The profile's `density` is read by no stage: the run's profile leaves out its pass over every byte.
  const profile = makeRunProfile(bytes);
  lap('profile');
  logger.debug('paxman: input profiled', { inputType: profile.inputType, size: profile.size });

  const common = {
    input: { contentHash: profile.contentHash, size: profile.size, inputType: profile.inputType },
    versions: { paxman: PAXMAN_VERSION, planner: PLANNER_VERSION, capabilities: { [stages.documentBuilder.id]: stages.documentBuilder.version }, knowledge: state.knowledge.versions },
    id: state.idGenerator(),
    createdAt: new Date(clock.now()).toISOString(),
  };
  let preparation: Preparation | undefined;
  const finish = (parts: Omit<Parameters<typeof buildArtifact>[0], keyof typeof common | 'timings' | 'planText'>): ExecutionArtifact => {
    const planText = parts.plan === null || preparation === undefined ? undefined : preparation.plan.serialize(parts.plan);
    const built = buildArtifact({ ...common, ...parts, ...(planText === undefined ? {} : { planText }) });
    lap('artifact');
    // Timings are not hashed, so they can be filled in once the artifact (and its hash) exists.
    // Stage names in code-unit order, like every other key, so the artifact object is in
    // canonical order and its JSON.stringify text is its canonical text.
    const stages = inKeyOrder(stageTimes);
    const timings = { ...built.statistics.timings, totalMs: Math.max(0, clock.monotonic() - startedAt), stages };
    const artifact = deepFreeze({ ...built, statistics: { ...built.statistics, timings } });
    logger.debug('paxman: artifact built', { status: artifact.status, replayHash: artifact.replayHash });
    return artifact;
  };

  try {
    preparation = prepared ?? state.preparedRuns.get(state, options, budget, callSitePolicy);
  } catch (error) {
    lap('contract');
    logger.warn('paxman: invalid contract', { message: error instanceof Error ? error.message : String(error) });
    return finish({ status: Status.INVALID_CONTRACT, contract: null, contractIdentity: statedContractIdentity(options.contract), plan: null, diagnostics: contractDiagnostics(error) });
  }
  const contract = preparation.contract;
  const preparedPlan = preparation.plan;
  lap('contract');
  throwIfAborted(signal);

  let executionPlan: ExecutionPlan | null = null;
  let candidateResults: readonly CandidateResult[] = [];
  let execution: BuildArtifactExecutionStatistics | undefined;
  const encodeNormalizedData = (data: Readonly<Record<string, JsonValue>>) => encodeForSource(contract, data);
  try {
    executionPlan = preparedPlan.planFor(profile);
    lap('plan');
    const tooLarge = executionPlan.failFast === 'INPUT_TOO_LARGE' || (budget.maxInputBytes !== undefined && profile.size > budget.maxInputBytes);
    if (tooLarge) {
      const diagnostics: Diagnostic[] =
        executionPlan.failFast === 'INPUT_TOO_LARGE'
          ? []
          : [{ code: 'INPUT_TOO_LARGE', severity: 'ERROR', stage: 'plan', message: `The input is ${profile.size} bytes, over budget.maxInputBytes (${budget.maxInputBytes}).`, context: { size: profile.size, limit: budget.maxInputBytes ?? null } }];
      return finish({ status: Status.INPUT_TOO_LARGE, contract, plan: executionPlan, missingFieldReason: 'BUDGET', diagnostics, encodeNormalizedData });
    }

    const document = await stages.buildDocument(bytes, { profile, ocr: state.ocr, pdf: state.pdf, words: state.knowledge.structureWords, ...(signal === undefined ? {} : { signal }) });
    // A huge input is searched in its head only, an OCR page may time out: the artifact says so.
    const documentDiagnostics = [...contractAnnotationDiagnostics(contract), ...documentReadingDiagnostics(document)];
    lap('document');
    throwIfAborted(signal);
    const documentContext = document.context;
    const scorer = stages.fieldScorer(contract, executionPlan.policy, documentContext);
    const executed = await stages.execute({
      plan: executionPlan,
      contract,
      document,
      registry: state.capabilities,
      budget,
      clock,
      scoreField: scorer,
      // Values read by OCR: page boxes and word confidence on their evidence, before the rubric judges them.
      ...(document.ocr === undefined ? {} : { annotateEvidence: ocrAnnotator(document) }),
      // Values read from a PDF's text layer: page boxes on their evidence.
      ...(document.pdf === undefined ? {} : { annotateEvidence: pdfAnnotator(document) }),
      tables: state.tables,
      planMemo: preparation.memo,
      ...(signal === undefined ? {} : { signal }),
    });
    lap('execute');
    throwIfAborted(signal);
    candidateResults = executed.results;
    execution = executed.statistics;

    // A field's assessment the executor declared final is the reconciler's too: computed once, passed on.
    const resolved: ResolvedResult[] = reconcile({ contract, candidateResults, policy: executionPlan.policy, documentContext, scored: scorer });
    lap('reconcile');
    const everyFieldFailed = resolved.length > 0 && resolved.every((result) => result.status === 'EXECUTION_FAILED');
    const status = everyFieldFailed ? Status.EXECUTION_FAILED : overallStatus(resolved, contract, executionPlan.policy);
    return finish({ status, contract, plan: executionPlan, candidateResults, resolved, ...(execution === undefined ? {} : { execution }), encodeNormalizedData, ...(documentDiagnostics.length === 0 ? {} : { diagnostics: documentDiagnostics }) });
  } catch (error) {
    if (isProgrammerOrAbort(error)) throw error;
    throwIfAborted(signal);
    const stage = Object.keys(stageTimes).length === 0 ? 'plan' : (['plan', 'document', 'execute', 'reconcile'].find((name) => !(name in stageTimes)) ?? 'artifact');
    logger.error('paxman: a pipeline stage failed', { stage, message: error instanceof Error ? error.message : String(error) });
    return finish({
      status: Status.EXECUTION_FAILED,
      contract,
      plan: executionPlan,
      candidateResults,
      missingFieldReason: 'EXECUTION_FAILED',
      diagnostics: [failureDiagnostic(stage, error)],
      ...(execution === undefined ? {} : { execution }),
      encodeNormalizedData,
    });
  }
}

/** What the contract's adapter kept as annotations (a `format` it cannot check), as INFO diagnostics. */
function contractAnnotationDiagnostics(contract: CanonicalContract): Diagnostic[] {
  return (contract.source.annotations ?? []).map((note) => ({ code: note.code as Diagnostic['code'], severity: 'INFO', stage: 'contract', message: note.message, context: { path: note.path } }));
}
