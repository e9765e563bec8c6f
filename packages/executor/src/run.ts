/**
 * `run()`: executes an execution plan (ARCHITECTURE §7). Field plans run in plan order and
 * steps in chain order, one at a time. Before each step the budget tracker checks the
 * step's cost hint against every cap (a step that does not fit is skipped and the field
 * goes on with later steps that fit); after each step the caller's scorer says whether
 * the field meets its target, and with `earlyStop` the rest of the chain is skipped.
 * Capability failures become diagnostics, cancellation keeps what was found, and
 * wall-clock statistics are returned apart from the (deterministic) candidate results.
 * Non-deterministic steps (model calls) are also held to one wall-clock deadline per run
 * (`budget.maxTotalLatencyMs`, else `modelDeadlineMs`) and get an allowance to reserve
 * against (`CapabilityContext.allowance`).
 */
import {
  type Budget,
  type BudgetInput,
  type Candidate,
  type CandidateResult,
  type Clock,
  type Diagnostic,
  DiagnosticSeverity,
  type Evidence,
  type FieldExecutionStatus,
  type FieldScorer,
  type JsonValue,
  type RunScorer,
  type StepOutcome,
  type StepRecord,
  CapabilityTier,
  ContractMismatchError,
  PaxmanError,
  formatDecimal,
  isDecimalString,
  parseDecimal,
  systemClock, type DiagnosticCode } from '@paxman/core';
import type { CanonicalContract, CanonicalField } from '@paxman/contract';
import { type Capability, type CapabilityContext, type CapabilityRegistry, type CapabilityUsage, type ResolvedFieldValue, type RunMemo, createRunMemo } from '@paxman/capability-spi';
import type { Document } from '@paxman/document';
import type { ExecutionPlan, FieldPlan, PlanStep } from '@paxman/planner';
import { type BudgetTracker, type StepCost, createBudgetTracker } from './budget-tracker.js';
import { ExecutionDiagnosticCode } from './execution-diagnostic-codes.js';
import type { ExecutionStatistics } from './execution-statistics.js';
import { type StepInvocation, describeThrown, invokeStep, isCapabilityResult } from './invoke-step.js';
import { resolveFieldValue } from './resolve-field-value.js';
import { type StatisticsCollector, createStatisticsCollector } from './statistics-collector.js';

export type LookupTables = Readonly<Record<string, Readonly<Record<string, JsonValue>>>>;

export interface RunOptions {
  readonly plan: ExecutionPlan;
  readonly contract: CanonicalContract;
  /** The input parsed once by `text_extraction`, shared read-only by every step. */
  readonly document: Document;
  readonly registry: CapabilityRegistry;
  /** Caps for this run; absent: the budget recorded in the plan. */
  readonly budget?: Budget | BudgetInput | null;
  /** Feeds only the statistics' durations. */
  readonly clock?: Clock;
  readonly signal?: AbortSignal;
  /** The prepared plan's memo (`CapabilityContext.planMemo`), shared by the runs of a batch. */
  readonly planMemo?: RunMemo;
  /**
   * The early-stop rubric: the reconciler's run scorer (`RunScorer`, wired by the facade),
   * which is also told when each field's chain ends, or a plain scoring function.
   */
  readonly scoreField?: FieldScorer | RunScorer;
  /**
   * Adds to each evidence record, as it arrives, what the document knows of where it was
   * read (the facade's: page boxes and word confidence for text read by OCR), so the
   * early-stop rubric judges the same records the artifact keeps.
   */
  readonly annotateEvidence?: (evidence: Evidence) => Evidence;
  /** Lookup tables supplied to the Paxman instance. */
  readonly tables?: LookupTables;
  /**
   * Wall-clock milliseconds all non-deterministic steps of the run may take together when
   * the budget sets no `maxTotalLatencyMs` (default 120 000): a slow model server cannot
   * hold a run for longer.
   */
  readonly modelDeadlineMs?: number;
}

/** The default for `RunOptions.modelDeadlineMs`. */
export const DEFAULT_MODEL_DEADLINE_MS = 120_000;

export interface RunResult {
  /** One per field plan, in plan order. Deterministic: no timing inside. */
  readonly results: readonly CandidateResult[];
  /** Wall-clock and cost statistics; never part of the replay hash. */
  readonly statistics: ExecutionStatistics;
}

const EMPTY_TABLES: LookupTables = Object.freeze({});

interface RunState {
  readonly options: RunOptions;
  readonly clock: Clock;
  readonly tracker: BudgetTracker;
  readonly statistics: StatisticsCollector;
  readonly resolved: Map<string, ResolvedFieldValue>;
  readonly capabilities: Map<string, Capability | null>;
  /** What capabilities compute about the Document, shared by the steps of this run only. */
  readonly memo: RunMemo;
  /** When (on the run's clock) non-deterministic steps must have finished. */
  readonly modelDeadline: number;
  /** The scoring function of `options.scoreField`, taken once for the run. */
  readonly scorer: FieldScorer | undefined;
}

/**
 * Runs a plan. Rejects only for a programming error (a plan for another contract, an
 * invalid budget); every capability failure becomes a diagnostic.
 * @example const { results, statistics } = await run({ plan, contract, document, registry, scoreField })
 */
export async function run(options: RunOptions): Promise<RunResult> {
  const clock = options.clock ?? systemClock;
  const started = clock.monotonic();
  const fields = fieldsOfPlan(options.plan, options.contract);
  const state: RunState = {
    options,
    clock,
    tracker: createBudgetTracker(options.budget === undefined ? options.plan.budget : options.budget),
    statistics: createStatisticsCollector(),
    resolved: new Map(),
    capabilities: new Map(),
    memo: createRunMemo(),
    modelDeadline: 0,
    scorer: scoringFunction(options.scoreField),
  };
  (state as { modelDeadline: number }).modelDeadline = started + (state.tracker.budget.maxTotalLatencyMs ?? options.modelDeadlineMs ?? DEFAULT_MODEL_DEADLINE_MS);
  const results: CandidateResult[] = [];
  const fieldPlans = options.plan.fieldPlans;
  for (let index = 0; index < fieldPlans.length; index += 1) {
    // With a signal, give timers (a caller's deadline) a turn between fields: deterministic
    // capabilities never wait, so without this a run would only notice an abort at its end.
    if (options.signal !== undefined && index > 0) await new Promise((resolve) => setImmediate(resolve));
    results.push(await runField(state, fieldPlans[index]!, fields[index]!));
  }
  return { results, statistics: state.statistics.finish(clock.monotonic() - started) };
}

/**
 * The contract field of each field plan, in plan order; throws when the plan names a
 * field the contract does not declare.
 */
function fieldsOfPlan(plan: ExecutionPlan, contract: CanonicalContract): readonly CanonicalField[] {
  const fieldPlans = plan.fieldPlans;
  const byPath = fieldsByPath(contract);
  const fields: CanonicalField[] = [];
  for (const fieldPlan of fieldPlans) {
    const field = byPath.get(fieldPlan.fieldPath);
    if (field === undefined) {
      throw new ContractMismatchError(`The plan has a field '${fieldPlan.fieldPath}' that contract '${contract.id}' does not declare; plan and contract do not match.`, {
        context: { fieldPath: fieldPlan.fieldPath, contractId: contract.id },
      });
    }
    fields.push(field);
  }
  return fields;
}

function fieldsByPath(contract: CanonicalContract): Map<string, CanonicalField> {
  const map = new Map<string, CanonicalField>();
  const visit = (fields: readonly CanonicalField[]): void => {
    for (const field of fields) {
      map.set(field.path, field);
      visit(field.fields);
    }
  };
  visit(contract.fields);
  return map;
}

function lookupCapability(state: RunState, key: string): Capability | null {
  let capability = state.capabilities.get(key);
  if (capability === undefined) {
    const at = key.lastIndexOf('@');
    capability = at > 0 ? (state.options.registry.get(key.slice(0, at), key.slice(at + 1)) ?? null) : null;
    state.capabilities.set(key, capability);
  }
  return capability;
}

function executionDiagnostic(code: DiagnosticCode, severity: Diagnostic['severity'], message: string, fieldPath: string, capability?: string, context?: Readonly<Record<string, JsonValue>>): Diagnostic {
  return { code, severity, stage: 'execution', message, fieldPath, ...(capability !== undefined ? { capability } : {}), ...(context !== undefined ? { context } : {}) };
}

/** The state of one field's chain while it runs. */
interface FieldRun {
  readonly state: RunState;
  readonly fieldPlan: FieldPlan;
  readonly field: CanonicalField;
  readonly path: string;
  readonly candidates: Candidate[];
  readonly evidence: Evidence[];
  readonly diagnostics: Diagnostic[];
  readonly steps: StepRecord[];
  invoked: number;
  failed: number;
  aborted: boolean;
  scorer: FieldScorer | undefined;
  lastScore: number | null;
  /** How many candidates and evidence records the last successful score saw (the lists only grow). */
  scoredCounts: { readonly candidates: number; readonly evidence: number } | null;
}

/** The scoring function of the caller's scorer, whichever shape it has. */
function scoringFunction(scorer: FieldScorer | RunScorer | undefined): FieldScorer | undefined {
  if (scorer === undefined || typeof scorer === 'function') return scorer;
  return (input) => scorer.score(input);
}

/** Runs one field's chain, step by step, until a step stops it (early stop, cancel) or the chain ends. */
async function runField(state: RunState, fieldPlan: FieldPlan, field: CanonicalField): Promise<CandidateResult> {
  const path = fieldPlan.fieldPath;
  if (fieldPlan.shortCircuit !== null) {
    return { fieldPath: path, candidates: [], evidence: [], diagnostics: [], steps: [], status: 'SHORT_CIRCUITED', shortCircuit: fieldPlan.shortCircuit };
  }
  const run: FieldRun = { state, fieldPlan, field, path, candidates: [], evidence: [], diagnostics: [], steps: [], invoked: 0, failed: 0, aborted: false, scorer: state.scorer, lastScore: null, scoredCounts: null };
  const signal = state.options.signal;
  for (const [index, step] of fieldPlan.steps.entries()) {
    if (signal?.aborted) {
      abortRest(run, index);
      break;
    }
    const capability = lookupCapability(state, step.capability);
    if (capability === null) {
      reportMissingCapability(run, step);
      continue;
    }
    const remoteCalls = step.tier === CapabilityTier.REMOTE_INFERENCE ? 1 : 0;
    if (excludedByBudget(run, step, remoteCalls)) continue;
    const started = state.clock.monotonic();
    const deadline = capability.spec.deterministic ? null : modelDeadline(run, step, started);
    if (deadline === 'passed') continue;
    const stepSignal = deadline === null ? signal : signal === undefined ? deadline : AbortSignal.any([signal, deadline]);
    const invocation = await invokeStep(capability, stepContext(run, step, stepSignal, started), stepSignal);
    bookUsage(run, step, remoteCalls, started, invocation);
    if (deadline !== null && deadline.aborted && signal?.aborted !== true) {
      reportDeadline(run, step, 'ran out of');
      continue;
    }
    if ('aborted' in invocation || ('error' in invocation && signal?.aborted)) {
      abortRest(run, index);
      break;
    }
    if ('error' in invocation) {
      reportFailure(run, step, invocation.error);
      continue;
    }
    if (!takeResult(run, step, invocation.result)) continue;
    if (metTarget(run, index)) break;
  }
  return finishField(run);
}

function record(run: FieldRun, step: PlanStep, outcome: StepOutcome, candidateCount = 0): void {
  run.steps.push({ capability: step.capability, outcome, candidateCount });
}

function reportMissingCapability(run: FieldRun, step: PlanStep): void {
  run.failed += 1;
  run.invoked += 1;
  record(run, step, 'FAILED');
  run.diagnostics.push(executionDiagnostic(ExecutionDiagnosticCode.CAPABILITY_NOT_FOUND, DiagnosticSeverity.ERROR, `The plan names ${step.capability}, which is not registered.`, run.path, step.capability));
}

/** True (with a diagnostic) when the budget leaves no room for the step. */
function excludedByBudget(run: FieldRun, step: PlanStep, remoteCalls: number): boolean {
  const exclusion = run.state.tracker.check({ usd: step.costHint.usd, ms: step.costHint.ms, tokens: step.costHint.tokens, remoteCalls });
  if (exclusion === null) return false;
  record(run, step, 'SKIPPED_BUDGET');
  run.diagnostics.push(
    executionDiagnostic(
      ExecutionDiagnosticCode.BUDGET_EXCLUDES,
      DiagnosticSeverity.WARNING,
      `Skipped ${step.capability} for '${run.path}': budget.${exclusion.cap} would be exceeded (spent ${exclusion.spent}, step needs ${exclusion.requested}, limit ${exclusion.limit}).`,
      run.path,
      step.capability,
      { cap: exclusion.cap, spent: exclusion.spent, requested: exclusion.requested, limit: exclusion.limit },
    ),
  );
  return true;
}

/**
 * The wall-clock deadline signal of a non-deterministic step, or 'passed' (with a
 * diagnostic) when the run's model deadline is already behind it.
 */
function modelDeadline(run: FieldRun, step: PlanStep, now: number): AbortSignal | 'passed' {
  const left = run.state.modelDeadline - now;
  if (left > 0) return AbortSignal.timeout(Math.ceil(left));
  record(run, step, 'SKIPPED_BUDGET');
  reportDeadline(run, step, 'is past');
  return 'passed';
}

function reportDeadline(run: FieldRun, step: PlanStep, what: string): void {
  const limit = run.state.tracker.budget.maxTotalLatencyMs ?? run.state.options.modelDeadlineMs ?? DEFAULT_MODEL_DEADLINE_MS;
  const cap = run.state.tracker.budget.maxTotalLatencyMs === undefined ? 'modelDeadlineMs' : 'maxTotalLatencyMs';
  run.diagnostics.push(
    executionDiagnostic(ExecutionDiagnosticCode.DEADLINE_EXCEEDED, DiagnosticSeverity.WARNING, `${step.capability} for '${run.path}' ${what} the run's wall-clock deadline for model calls (${cap} ${limit} ms); the step is cut off.`, run.path, step.capability, { cap, limit }),
  );
}

/**
 * What a step's capability is given: copies of the chain's lists, so a capability never
 * sees them grow. Written as one literal (absent `planMemo`/`signal` are undefined
 * members): built by three spreads it took about 2 µs a step, as one literal about 0.05 µs
 * (ADR 0027).
 */
function stepContext(run: FieldRun, step: PlanStep, signal: AbortSignal | undefined, now: number): CapabilityContext {
  const { state, field } = run;
  const { options } = state;
  const left = state.tracker.allowance();
  return {
    field,
    contract: options.contract,
    config: step.config,
    document: options.document,
    resolved: state.resolved,
    tables: options.tables ?? EMPTY_TABLES,
    candidates: run.candidates.slice(),
    candidateEvidence: run.evidence.slice(),
    policy: options.plan.policy,
    memo: state.memo,
    allowance: { usd: left.usd, tokens: left.tokens, remoteCalls: left.remoteCalls, ms: Math.max(0, state.modelDeadline - now) },
    planMemo: options.planMemo,
    signal,
  };
}

/** Books what a finished (or failed) invocation cost and how long it took. */
function bookUsage(run: FieldRun, step: PlanStep, remoteCalls: number, started: number, invocation: StepInvocation): void {
  const { state } = run;
  run.invoked += 1;
  const usage = 'result' in invocation && isCapabilityResult(invocation.result) ? invocation.result.usage : undefined;
  const booked = bookedCost(step, remoteCalls, usage);
  state.tracker.book(booked);
  state.statistics.record(step.capability, {
    estimatedUsd: step.costHint.usd,
    reportedUsd: usage?.usd !== undefined && isDecimalString(usage.usd) ? usage.usd : null,
    tokens: booked.tokens,
    durationMs: state.clock.monotonic() - started,
    remoteCalls: booked.remoteCalls,
    bookedUsd: booked.usd,
  });
}

/** Records a capability that threw. */
function reportFailure(run: FieldRun, step: PlanStep, error: unknown): void {
  run.failed += 1;
  record(run, step, 'FAILED');
  const thrown = describeThrown(error, ExecutionDiagnosticCode.CAPABILITY_ERROR);
  run.diagnostics.push(
    executionDiagnostic(thrown.code, DiagnosticSeverity.ERROR, `${step.capability} failed on '${run.path}': ${thrown.message}`, run.path, step.capability, {
      errorCode: thrown.code,
      errorName: thrown.name,
      ...(PaxmanError.isInstance(error) ? { errorContext: error.context } : {}),
    }),
  );
}

/** Adds a step's candidates (for this field only), evidence and diagnostics; false for something that is not a result. */
function takeResult(run: FieldRun, step: PlanStep, result: unknown): boolean {
  const { path, candidates, evidence, diagnostics } = run;
  if (!isCapabilityResult(result)) {
    run.failed += 1;
    record(run, step, 'FAILED');
    diagnostics.push(
      executionDiagnostic(ExecutionDiagnosticCode.INVALID_CAPABILITY_RESULT, DiagnosticSeverity.ERROR, `${step.capability} returned something that is not a capability result (expected { candidates, evidence, diagnostics }).`, path, step.capability),
    );
    return false;
  }
  let accepted = 0;
  for (const candidate of result.candidates) {
    if (candidate !== null && typeof candidate === 'object' && candidate.fieldPath === path) {
      candidates.push(candidate);
      accepted += 1;
    } else {
      diagnostics.push(
        executionDiagnostic(ExecutionDiagnosticCode.CANDIDATE_FIELD_MISMATCH, DiagnosticSeverity.WARNING, `${step.capability} proposed a candidate for '${String((candidate as Candidate | null)?.fieldPath)}' while running for '${path}'; it was dropped.`, path, step.capability),
      );
    }
  }
  const annotate = run.state.options.annotateEvidence;
  for (const item of result.evidence) evidence.push(annotate === undefined ? item : annotate(item));
  for (const item of result.diagnostics) diagnostics.push(item);
  record(run, step, 'RAN', accepted);
  return true;
}

/** Scores the field after step `index`; true (the later steps recorded as skipped) when it met its target. */
function metTarget(run: FieldRun, index: number): boolean {
  const { path, candidates, evidence, diagnostics } = run;
  if (run.scorer === undefined || candidates.length === 0) return false;
  // A step that added nothing leaves the lists as last scored (they only grow): the score stands.
  const counts = run.scoredCounts;
  if (counts !== null && counts.candidates === candidates.length && counts.evidence === evidence.length) return stopsEarly(run, index);
  try {
    run.lastScore = run.scorer({ fieldPath: path, candidates, evidence });
    run.scoredCounts = { candidates: candidates.length, evidence: evidence.length };
  } catch (error) {
    run.scorer = undefined;
    run.lastScore = null;
    run.scoredCounts = null;
    const thrown = describeThrown(error, ExecutionDiagnosticCode.SCORER_ERROR);
    diagnostics.push(executionDiagnostic(ExecutionDiagnosticCode.SCORER_ERROR, DiagnosticSeverity.WARNING, `The early-stop scorer failed on '${path}': ${thrown.message}; the field runs its whole chain.`, path, undefined, { errorCode: thrown.code }));
  }
  return stopsEarly(run, index);
}

/** True (the later steps recorded as skipped) when the field's last score meets its target after step `index`. */
function stopsEarly(run: FieldRun, index: number): boolean {
  const { fieldPlan, path, diagnostics } = run;
  const lastScore = run.lastScore;
  if (!fieldPlan.earlyStop || lastScore === null || !(lastScore >= fieldPlan.targetConfidence) || index + 1 >= fieldPlan.steps.length) return false;
  const skipped = fieldPlan.steps.slice(index + 1).map((later) => {
    record(run, later, 'SKIPPED_EARLY_STOP');
    return later.capability;
  });
  diagnostics.push(
    executionDiagnostic(ExecutionDiagnosticCode.EARLY_STOP, DiagnosticSeverity.INFO, `'${path}' met its target confidence ${fieldPlan.targetConfidence} after ${fieldPlan.steps[index]!.capability}; ${skipped.length} later step(s) skipped.`, path, fieldPlan.steps[index]!.capability, {
      confidence: lastScore,
      targetConfidence: fieldPlan.targetConfidence,
      skipped,
    }),
  );
  return true;
}

/** The field's result once its chain has stopped; passes its value forward to later fields. */
function finishField(run: FieldRun): CandidateResult {
  const { state, fieldPlan, path, candidates, evidence, diagnostics, steps, aborted } = run;
  const status: FieldExecutionStatus = aborted ? 'ABORTED' : run.invoked > 0 && run.failed === run.invoked ? 'EXECUTION_FAILED' : 'COMPLETED';
  // Told before anything else is scored for the field: whether its last score saw all the chain found.
  const scorer = state.options.scoreField;
  if (scorer !== undefined && typeof scorer !== 'function') {
    const counts = run.scoredCounts;
    const scoredFinal = run.scorer !== undefined && run.lastScore !== null && counts !== null && counts.candidates === candidates.length && counts.evidence === evidence.length;
    scorer.chainEnded(path, scoredFinal);
  }
  if (!aborted) {
    try {
      const value = resolveFieldValue({ fieldPath: path, candidates, evidence, targetConfidence: fieldPlan.targetConfidence, scoreField: run.scorer, knownScore: run.lastScore });
      if (value !== null) state.resolved.set(path, value);
    } catch {
      // A scorer that throws here has already been reported (or will be by the reconciler); nothing is passed forward.
    }
  }
  return { fieldPath: path, candidates, evidence, diagnostics, steps, status, shortCircuit: null };
}

/** Marks the run cancelled and records the steps from `from` on as not run. */
function abortRest(run: FieldRun, from: number): void {
  run.aborted = true;
  const notRun: string[] = [];
  for (let index = from; index < run.fieldPlan.steps.length; index += 1) {
    const step = run.fieldPlan.steps[index]!;
    record(run, step, 'ABORTED');
    notRun.push(step.capability);
  }
  run.diagnostics.push(
    executionDiagnostic(ExecutionDiagnosticCode.ABORTED, DiagnosticSeverity.WARNING, `The run was cancelled; ${notRun.length} step(s) of '${run.fieldPlan.fieldPath}' did not run.`, run.fieldPlan.fieldPath, undefined, {
      notRun,
    }),
  );
}

/** What a finished (or failed) invocation costs: reported usage where given, else the hint. */
function bookedCost(step: PlanStep, hintRemoteCalls: number, usage: CapabilityUsage | undefined): StepCost {
  let usd = step.costHint.usd;
  if (usage?.usd !== undefined && isDecimalString(usage.usd)) {
    const reported = parseDecimal(usage.usd);
    if (!reported.isNegative()) usd = formatDecimal(reported);
  }
  let tokens = step.costHint.tokens;
  if (usage !== undefined) {
    if (isCount(usage.tokens)) tokens = usage.tokens;
    else if (isCount(usage.inputTokens) || isCount(usage.outputTokens)) tokens = (isCount(usage.inputTokens) ? usage.inputTokens : 0) + (isCount(usage.outputTokens) ? usage.outputTokens : 0);
  }
  const remoteCalls = usage !== undefined && isCount(usage.remoteCalls) ? usage.remoteCalls : hintRemoteCalls;
  return { usd, ms: step.costHint.ms, tokens, remoteCalls };
}

function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0;
}
