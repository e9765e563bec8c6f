/**
 * `buildArtifact`: assembles the frozen artifact from what the pipeline produced — the
 * contract, the input profile, the plan, the executor's candidate results and
 * statistics, and the reconciler's verdicts — and seals it with its replay hash. It
 * re-runs nothing and decides nothing about truth: statuses and values come from the
 * reconciler, the overall status from the caller.
 */
import {
  type CandidateResult,
  ConfidenceBand,
  type Diagnostic,
  type Evidence,
  type ExecutionStatistics,
  type JsonValue,
  type StepStatistics,
  type Status,
  canonicalData,
  canonicalForm,
  deepFreeze,
  sha256HexOfParts,
  compareStrings,
  formatDecimal,
  parseDecimal,
} from '@paxman/core';
import { type CanonicalContract, fingerprintContract, resultFields } from '@paxman/contract';
import type { ExecutionPlan } from '@paxman/planner';
import type { ResolvedResult, UnresolvedReason } from '@paxman/reconciler';
import { diagnosticHomes, orderDiagnostics } from './artifact-diagnostics.js';
import { ARTIFACT_VERSION } from './artifact-version.js';
import type {
  ArtifactCapabilityCounters,
  ArtifactCounters,
  ArtifactFieldResult,
  ArtifactInput,
  ArtifactTimings,
  ExecutionArtifact,
} from './execution-artifact.js';
import { assembleNormalizedData, hasOutputValue } from './normalized-data.js';

/** Per-capability execution statistics, as the executor reports them (core's `StepStatistics`). */
export type BuildArtifactStepStatistics = StepStatistics;

/** The executor's statistics (core's `ExecutionStatistics`). */
export type BuildArtifactExecutionStatistics = ExecutionStatistics;

export interface BuildArtifactOptions {
  /** The overall status (the reconciler's `overallStatus`, or a run-level outcome such as `INVALID_CONTRACT`). */
  readonly status: Status;
  /** The canonical contract; null when it could not be adapted at all. */
  readonly contract: CanonicalContract | null;
  /** Contract identity for an invalid contract whose id/version could still be read. */
  readonly contractIdentity?: { readonly id: string | null; readonly version: string | null };
  readonly input: ArtifactInput;
  readonly plan: ExecutionPlan | null;
  /**
   * `serializePlan(plan)` when the caller has it (a prepared plan writes it around its
   * body's remembered text); written here otherwise. The plan must be deep-frozen then.
   */
  readonly planText?: string;
  readonly candidateResults?: readonly CandidateResult[];
  readonly resolved?: readonly ResolvedResult[];
  /** Why a contract field without a reconciler verdict is unresolved (default `NO_CANDIDATE`). */
  readonly missingFieldReason?: UnresolvedReason;
  /** Diagnostics from stages that have no other carrier (contract, profile, artifact, facade). */
  readonly diagnostics?: readonly Diagnostic[];
  /**
   * Re-encodes the canonical `normalizedData` in the contract's own source encoding (JSON
   * Schema / Zod numbers); absent for Dict DSL contracts, whose encoding is the canonical one.
   */
  readonly encodeNormalizedData?: (data: Readonly<Record<string, JsonValue>>) => JsonValue;
  readonly execution?: BuildArtifactExecutionStatistics;
  readonly versions: { readonly paxman: string; readonly planner: string; readonly capabilities?: Readonly<Record<string, string>>; readonly knowledge?: Readonly<Record<string, string>> };
  readonly timings?: Partial<ArtifactTimings>;
  readonly id: string;
  /** ISO-8601. */
  readonly createdAt: string;
}

/** The text of a zero amount, as every amount is reported by a run that costs nothing. */
const ZERO = '0';

function isZeroDecimal(value: string): boolean {
  if (value === ZERO) return true;
  try {
    return parseDecimal(value).isZero();
  } catch {
    return true;
  }
}

/** The sum of decimal amounts, written by `formatDecimal`; amounts written `0` add nothing and are not parsed. */
function sumDecimals(values: readonly string[]): string {
  let total: ReturnType<typeof parseDecimal> | null = null;
  for (const value of values) {
    if (value === ZERO) continue;
    try {
      total = (total ?? parseDecimal(ZERO)).plus(parseDecimal(value));
    } catch {
      // A malformed amount from a capability is not counted rather than crashing the artifact.
    }
  }
  // formatDecimal(parseDecimal('0')) is '0'.
  return total === null ? ZERO : formatDecimal(total);
}

function splitCapabilityKey(key: string): [string, string] | null {
  const at = key.lastIndexOf('@');
  if (at <= 0 || at === key.length - 1) return null;
  return [key.slice(0, at), key.slice(at + 1)];
}

/** The replay-hashed members of an artifact. */
type HashedContent = Omit<ExecutionArtifact<unknown>, 'id' | 'createdAt' | 'replayHash' | 'statistics'> & { readonly statistics: { readonly counters: ArtifactCounters } };

/** The empty list of a field result without ids or diagnostics. */
const NONE: readonly never[] = Object.freeze([]);

/** A field result (the artifact's final canonical pass orders and freezes it). */
function fieldResultOf(result: ResolvedResult | undefined, missingReason: UnresolvedReason, evidenceIds: readonly string[], diagnostics: readonly Diagnostic[]): ArtifactFieldResult {
  return Object.freeze({
    band: result === undefined ? ConfidenceBand.UNTRUSTED : result.band,
    confidence: result === undefined ? 0 : result.confidence,
    conflict: result === undefined ? null : result.conflict,
    defaulted: result === undefined ? false : result.defaulted,
    diagnostics: diagnostics.length === 0 ? NONE : diagnostics,
    evidenceIds: evidenceIds.length === 0 ? NONE : evidenceIds,
    requiresHuman: result === undefined ? false : result.requiresHuman,
    status: result === undefined ? 'UNRESOLVED' : result.status,
    unresolvedReason: result === undefined ? missingReason : result.unresolvedReason,
    value: result === undefined ? null : result.value,
    ...(result?.items === undefined ? {} : { items: result.items }),
  });
}

/**
 * The run's evidence records, the first of each id, in the artifact's order: by field (in
 * contract order, paths the contract lacks after them in code-unit order), then by id.
 * Records are gathered per field and only each field's few records sorted by id, rather
 * than every record of the run ranked against every other (ADR 0051).
 */
function orderEvidence(candidateResults: readonly CandidateResult[], fieldOrder: ReadonlyMap<string, number>): { readonly ordered: Evidence[]; readonly byId: ReadonlyMap<string, Evidence> } {
  const byId = new Map<string, Evidence>();
  const byPath = new Map<string, Evidence[]>();
  for (const result of candidateResults) {
    for (const record of result.evidence) {
      if (byId.has(record.id)) continue;
      byId.set(record.id, record);
      const list = byPath.get(record.fieldPath);
      if (list === undefined) byPath.set(record.fieldPath, [record]);
      else list.push(record);
    }
  }
  const rank = (path: string) => fieldOrder.get(path) ?? Number.MAX_SAFE_INTEGER;
  const paths = [...byPath.keys()].sort((left, right) => rank(left) - rank(right) || compareStrings(left, right));
  const ordered: Evidence[] = [];
  for (const path of paths) {
    const list = byPath.get(path)!;
    if (list.length > 1) list.sort((left, right) => compareStrings(left.id, right.id));
    for (const record of list) ordered.push(record);
  }
  return { ordered, byId };
}

/**
 * Capability id → version for every step of a plan's field plans (a later step's version
 * of an id wins), then `extra`'s, members inserted in code-unit order and frozen. The
 * plan's steps name a few capabilities many times: each distinct `id@version` is split
 * once, walking the steps from the last, so the first version met of an id is the one
 * that wins.
 */
function capabilityVersions(plan: ExecutionPlan | null, extra: Readonly<Record<string, string>>): Readonly<Record<string, string>> {
  const byId = new Map<string, string>();
  if (plan !== null) {
    const keys = new Set<string>();
    const fieldPlans = plan.fieldPlans;
    for (let fieldIndex = fieldPlans.length - 1; fieldIndex >= 0; fieldIndex -= 1) {
      const steps = fieldPlans[fieldIndex]!.steps;
      for (let stepIndex = steps.length - 1; stepIndex >= 0; stepIndex -= 1) {
        const key = steps[stepIndex]!.capability;
        if (keys.has(key)) continue;
        keys.add(key);
        const parts = splitCapabilityKey(key);
        if (parts !== null && !byId.has(parts[0])) byId.set(parts[0], parts[1]);
      }
    }
  }
  for (const id of Object.keys(extra)) byId.set(id, extra[id]!);
  return sortedRecord(Object.fromEntries(byId));
}

/** The record with its members inserted in code-unit key order, frozen. */
function sortedRecord<T>(record: Readonly<Record<string, T>>): Readonly<Record<string, T>> {
  const sorted: Record<string, T> = {};
  for (const key of Object.keys(record).sort()) sorted[key] = record[key]!;
  return Object.freeze(sorted);
}

function capabilityCounters(execution: BuildArtifactExecutionStatistics | undefined): ArtifactCapabilityCounters[] {
  const byKey = new Map<string, { invocations: number; tokens: number; usd: string[] }>();
  for (const step of execution?.steps ?? []) {
    const entry = byKey.get(step.capability) ?? { invocations: 0, tokens: 0, usd: [] };
    entry.invocations += step.invocations;
    entry.tokens += step.tokens;
    entry.usd.push(isZeroDecimal(step.reportedUsd) ? step.estimatedUsd : step.reportedUsd);
    byKey.set(step.capability, entry);
  }
  return [...byKey.entries()]
    .sort(([left], [right]) => compareStrings(left, right))
    .map(([capability, entry]) => ({ capability, invocations: entry.invocations, tokens: entry.tokens, costUsd: sumDecimals(entry.usd) }));
}

function capabilityTimings(execution: BuildArtifactExecutionStatistics | undefined): Record<string, number> {
  const timings: Record<string, number> = {};
  for (const step of execution?.steps ?? []) timings[step.capability] = (timings[step.capability] ?? 0) + step.durationMs;
  return timings;
}

/**
 * The evidence ids a verdict cites that name no evidence record of the run (a capability
 * or reconciler bug) are dropped so the artifact stays self-consistent, with a diagnostic
 * that says so. Returns the ids kept, and the diagnostic or null.
 */
function keptEvidenceIds(path: string, evidenceIds: readonly string[], known: ReadonlyMap<string, unknown>): { readonly ids: readonly string[]; readonly diagnostic: Diagnostic | null } {
  const dangling = evidenceIds.filter((id) => !known.has(id));
  if (dangling.length === 0) return { ids: evidenceIds, diagnostic: null };
  return {
    ids: evidenceIds.filter((id) => known.has(id)),
    diagnostic: {
      code: 'DANGLING_EVIDENCE_ID',
      severity: 'WARNING',
      stage: 'artifact',
      fieldPath: path,
      message: `The result of ${path} cited evidence that no capability reported (${dangling.join(', ')}); the ids were dropped.`,
      context: { evidenceIds: dangling },
    },
  };
}

/**
 * The field results counted by status, in one pass: one place in the code sees every
 * shape a field result has (with and without `items`), rather than one per count.
 */
function tallyResults(fieldResults: Readonly<Record<string, ArtifactFieldResult>>): { total: number; resolved: number; partial: number; defaulted: number; failed: number } {
  const tally = { total: 0, resolved: 0, partial: 0, defaulted: 0, failed: 0 };
  for (const path in fieldResults) {
    const result = fieldResults[path]!;
    tally.total += 1;
    if (result.status === 'SUCCESS') tally.resolved += 1;
    else if (result.status === 'PARTIAL_SUCCESS') tally.partial += 1;
    else if (result.status === 'EXECUTION_FAILED') tally.failed += 1;
    if (result.defaulted) tally.defaulted += 1;
  }
  return tally;
}

/**
 * Builds, canonicalizes, hashes and freezes an artifact. The replay-hashed content is
 * written once as canonical JSON; the hash is the sha256 of that text (hashed member by
 * member, never joined), and the artifact's
 * data is what that text reads back as, frozen, so the result is exactly what
 * `parseArtifact(serializeArtifact(result))` returns.
 */
export function buildArtifact<TData = Readonly<Record<string, JsonValue>>>(options: BuildArtifactOptions): ExecutionArtifact<TData> {
  const { contract, plan } = options;
  const candidateResults = options.candidateResults ?? [];
  const fields = contract === null ? [] : resultFields(contract.fields);
  const fieldOrder = new Map(fields.map((field, index) => [field.path, index] as const));
  const resolvedByPath = new Map((options.resolved ?? []).map((result) => [result.fieldPath, result] as const));

  const { ordered: evidence, byId: knownEvidence } = orderEvidence(candidateResults, fieldOrder);

  // Diagnostics in the order they were always gathered: given, reconciler (contract
  // order), dangling evidence ids, capabilities; `placeDiagnostics` then orders each list.
  const reported: Diagnostic[] = [...(options.diagnostics ?? [])];
  for (const field of fields) {
    const result = resolvedByPath.get(field.path);
    if (result !== undefined) reported.push(...result.diagnostics);
  }
  const evidenceIdsByPath = new Map<string, readonly string[]>();
  for (const field of fields) {
    const result = resolvedByPath.get(field.path);
    if (result === undefined || evidenceIdsByPath.has(field.path)) continue;
    const kept = keptEvidenceIds(field.path, result.evidenceIds, knownEvidence);
    evidenceIdsByPath.set(field.path, kept.ids);
    if (kept.diagnostic !== null) reported.push(kept.diagnostic);
  }
  for (const result of candidateResults) reported.push(...result.diagnostics);
  const placed = placeDiagnostics(reported, fieldOrder, plan);

  // Inserted in canonical (code-unit) path order, so the record is canonical data as built.
  const fieldResults: Record<string, ArtifactFieldResult> = {};
  const missingReason = options.missingFieldReason ?? 'NO_CANDIDATE';
  for (const path of [...fieldOrder.keys()].sort()) {
    fieldResults[path] = fieldResultOf(resolvedByPath.get(path), missingReason, evidenceIdsByPath.get(path) ?? NONE, placed.byField.get(path) ?? NONE);
  }
  Object.freeze(fieldResults);

  let normalizedData: JsonValue = {};
  let presentPaths: ReadonlySet<string> = new Set();
  if (contract !== null) {
    const assembled = assembleNormalizedData(contract, fieldResults);
    presentPaths = assembled.presentPaths;
    normalizedData = options.encodeNormalizedData === undefined ? assembled.data : options.encodeNormalizedData(assembled.data);
  }
  const unresolvedFields = fields.filter((field) => !hasOutputValue(fieldResults[field.path]) && !presentPaths.has(field.path)).map((field) => field.path);

  const tally = tallyResults(fieldResults);
  const execution = options.execution;
  const counters: ArtifactCounters = {
    totalFields: tally.total,
    resolvedFields: tally.resolved,
    partialFields: tally.partial,
    unresolvedFields: unresolvedFields.length,
    defaultedFields: tally.defaulted,
    failedFields: tally.failed,
    evidenceRecords: evidence.length,
    candidates: candidateResults.reduce((total, result) => total + result.candidates.length, 0),
    capabilityInvocations: execution?.totalInvocations ?? 0,
    remoteInferenceCalls: execution?.remoteInferenceCalls ?? 0,
    tokens: execution?.totalTokens ?? 0,
    costUsd: sumDecimals([execution?.totalUsd ?? '0']),
    capabilities: capabilityCounters(execution),
  };
  // Never hashed, so never written as text: its canonical data alone, members inserted in
  // key order (`canonicalForm` only for data `canonicalData` gives back untouched).
  const timings: ArtifactTimings = {
    capabilities: sortedRecord({ ...capabilityTimings(execution), ...(options.timings?.capabilities ?? {}) }),
    stages: sortedRecord(options.timings?.stages ?? {}),
    totalMs: options.timings?.totalMs ?? 0,
  };
  const timingsData = canonicalData(timings);

  // The replay-hashed part (everything but id, createdAt, replayHash and the timings),
  // written once as canonical JSON member by member (keys in code-unit order) and hashed;
  // the artifact's data is each member as that text reads back, frozen (`canonicalForm`:
  // a canonical copy, not the text parsed), except the plan, which is frozen already.
  const members: readonly (readonly [string, unknown])[] = [
    [
      'contract',
      {
        fingerprint: contract === null ? null : (plan?.contractFingerprint ?? fingerprintContract(contract)),
        id: contract?.id ?? options.contractIdentity?.id ?? null,
        version: contract?.version ?? options.contractIdentity?.version ?? null,
      },
    ],
    ['diagnostics', placed.topLevel],
    ['evidence', evidence],
    ['fieldResults', fieldResults],
    ['input', { contentHash: options.input.contentHash, inputType: options.input.inputType, size: options.input.size }],
    ['normalizedData', normalizedData],
    ['plan', plan],
    ['statistics', { counters }],
    ['status', options.status],
    ['unresolvedFields', unresolvedFields],
    [
      'versions',
      {
        artifact: ARTIFACT_VERSION,
        capabilities: capabilityVersions(plan, options.versions.capabilities ?? {}),
        ...(options.versions.knowledge === undefined ? {} : { knowledge: options.versions.knowledge }),
        paxman: options.versions.paxman,
        planner: options.versions.planner,
      },
    ],
  ];
  // The canonical text is hashed member by member as written, never joined into one string.
  const data: Record<string, unknown> = {};
  const hashedParts: string[] = [];
  for (const [key, value] of members) {
    const usePlanText = key === 'plan' && value !== null && options.planText !== undefined;
    const form = usePlanText ? { text: options.planText!, data: deepFreeze(value) } : canonicalForm(value);
    hashedParts.push(`${hashedParts.length === 0 ? '{' : ','}${JSON.stringify(key)}:`, form.text);
    data[key] = form.data;
  }
  hashedParts.push('}');
  const hashed = data as unknown as HashedContent;
  const replayHash = sha256HexOfParts(hashedParts);
  // The whole artifact, members inserted in canonical key order.
  return Object.freeze({
    contract: hashed.contract,
    createdAt: options.createdAt,
    diagnostics: hashed.diagnostics,
    evidence: hashed.evidence,
    fieldResults: hashed.fieldResults,
    id: options.id,
    input: hashed.input,
    normalizedData: hashed.normalizedData as Partial<TData>,
    plan: hashed.plan,
    replayHash,
    statistics: Object.freeze({ counters: hashed.statistics.counters, timings: (timingsData === timings ? canonicalForm(timings).data : timingsData) as ArtifactTimings }),
    status: hashed.status,
    unresolvedFields: hashed.unresolvedFields,
    versions: hashed.versions,
  });
}

/**
 * Decides where each diagnostic is stored (see `artifact-diagnostics.ts`): fields'
 * diagnostics go into their results, the plan keeps its own, and the rest is for the top
 * level; every list in `orderDiagnostics` order.
 */
function placeDiagnostics(
  reported: readonly Diagnostic[],
  fieldOrder: ReadonlyMap<string, number>,
  plan: ExecutionPlan | null,
): { readonly topLevel: Diagnostic[]; readonly byField: ReadonlyMap<string, Diagnostic[]> } {
  const homeOf = diagnosticHomes((path) => fieldOrder.has(path), plan?.diagnostics ?? []);
  const topLevel: Diagnostic[] = [];
  const byField = new Map<string, Diagnostic[]>();
  for (const diagnostic of reported) {
    const home = homeOf(diagnostic);
    if (home.in === 'artifact') topLevel.push(diagnostic);
    else if (home.in === 'field') {
      const list = byField.get(home.path);
      if (list === undefined) byField.set(home.path, [diagnostic]);
      else list.push(diagnostic);
    }
  }
  for (const [path, list] of byField) byField.set(path, orderDiagnostics(list));
  return { topLevel: orderDiagnostics(topLevel), byField };
}
