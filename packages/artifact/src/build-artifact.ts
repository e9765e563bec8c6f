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
  canonicalJson,
  compareStrings,
  formatDecimal,
  parseDecimal,
  sha256Hex,
  toCanonicalData,
} from '@paxman/core';
import { type CanonicalContract, flattenFields, fingerprintContract } from '@paxman/contract';
import { type ExecutionPlan, toCanonicalPlan } from '@paxman/planner';
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
  readonly versions: { readonly paxman: string; readonly planner: string; readonly capabilities?: Readonly<Record<string, string>> };
  readonly timings?: Partial<ArtifactTimings>;
  readonly id: string;
  /** ISO-8601. */
  readonly createdAt: string;
}

function isZeroDecimal(value: string): boolean {
  try {
    return parseDecimal(value).isZero();
  } catch {
    return true;
  }
}

function sumDecimals(values: readonly string[]): string {
  let total = parseDecimal('0');
  for (const value of values) {
    try {
      total = total.plus(parseDecimal(value));
    } catch {
      // A malformed amount from a capability is not counted rather than crashing the artifact.
    }
  }
  return formatDecimal(total);
}

function splitCapabilityKey(key: string): [string, string] | null {
  const at = key.lastIndexOf('@');
  if (at <= 0 || at === key.length - 1) return null;
  return [key.slice(0, at), key.slice(at + 1)];
}

function unresolvedFieldResult(reason: UnresolvedReason): ArtifactFieldResult {
  return {
    status: 'UNRESOLVED',
    value: null,
    confidence: 0,
    band: ConfidenceBand.UNTRUSTED,
    evidenceIds: [],
    diagnostics: [],
    defaulted: false,
    requiresHuman: false,
    unresolvedReason: reason,
    conflict: null,
  };
}

function toFieldResult(result: ResolvedResult): ArtifactFieldResult {
  return {
    status: result.status,
    value: result.value,
    confidence: result.confidence,
    band: result.band,
    evidenceIds: [...result.evidenceIds],
    diagnostics: [],
    defaulted: result.defaulted,
    requiresHuman: result.requiresHuman,
    unresolvedReason: result.unresolvedReason,
    conflict: result.conflict,
  };
}

function orderEvidence(records: readonly Evidence[], fieldOrder: ReadonlyMap<string, number>): Evidence[] {
  const byId = new Map<string, Evidence>();
  for (const record of records) if (!byId.has(record.id)) byId.set(record.id, record);
  const rank = (record: Evidence) => fieldOrder.get(record.fieldPath) ?? Number.MAX_SAFE_INTEGER;
  return [...byId.values()].sort((left, right) => rank(left) - rank(right) || compareStrings(left.fieldPath, right.fieldPath) || compareStrings(left.id, right.id));
}

function capabilityVersions(plan: ExecutionPlan | null, extra: Readonly<Record<string, string>>): Record<string, string> {
  const versions: Record<string, string> = {};
  for (const fieldPlan of plan?.fieldPlans ?? []) {
    for (const step of fieldPlan.steps) {
      const parts = splitCapabilityKey(step.capability);
      if (parts !== null) versions[parts[0]] = parts[1];
    }
  }
  return { ...versions, ...extra };
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
 * Removes evidence ids that name no evidence record of the run (a capability or
 * reconciler bug) so the artifact stays self-consistent, and says so in a diagnostic.
 */
function dropDanglingEvidenceIds(fieldResults: Record<string, ArtifactFieldResult>, known: ReadonlySet<string>): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  for (const [path, result] of Object.entries(fieldResults)) {
    const dangling = result.evidenceIds.filter((id) => !known.has(id));
    if (dangling.length === 0) continue;
    fieldResults[path] = { ...result, evidenceIds: result.evidenceIds.filter((id) => known.has(id)) };
    diagnostics.push({
      code: 'DANGLING_EVIDENCE_ID',
      severity: 'WARNING',
      stage: 'artifact',
      fieldPath: path,
      message: `The result of ${path} cited evidence that no capability reported (${dangling.join(', ')}); the ids were dropped.`,
      context: { evidenceIds: dangling },
    });
  }
  return diagnostics;
}

/**
 * Builds, canonicalizes, hashes and freezes an artifact. The result is exactly what
 * `parseArtifact(serializeArtifact(result))` returns: its data is built directly in
 * canonical form (`toCanonicalData`: keys in canonical order, frozen), so the hashed text
 * is serialized once and never parsed back.
 */
export function buildArtifact<TData = Readonly<Record<string, JsonValue>>>(options: BuildArtifactOptions): ExecutionArtifact<TData> {
  const { contract, plan } = options;
  const candidateResults = options.candidateResults ?? [];
  const fields = contract === null ? [] : flattenFields(contract.fields);
  const fieldOrder = new Map(fields.map((field, index) => [field.path, index] as const));

  const resolvedByPath = new Map((options.resolved ?? []).map((result) => [result.fieldPath, result] as const));
  const fieldResults: Record<string, ArtifactFieldResult> = {};
  const reported: Diagnostic[] = [...(options.diagnostics ?? [])];
  for (const field of fields) {
    const result = resolvedByPath.get(field.path);
    fieldResults[field.path] = result === undefined ? unresolvedFieldResult(options.missingFieldReason ?? 'NO_CANDIDATE') : toFieldResult(result);
    if (result !== undefined) reported.push(...result.diagnostics);
  }

  let normalizedData: JsonValue = {};
  let presentPaths: ReadonlySet<string> = new Set();
  if (contract !== null) {
    const assembled = assembleNormalizedData(contract, fieldResults);
    presentPaths = assembled.presentPaths;
    normalizedData = options.encodeNormalizedData === undefined ? assembled.data : options.encodeNormalizedData(assembled.data);
  }
  const unresolvedFields = fields.filter((field) => !hasOutputValue(fieldResults[field.path]) && !presentPaths.has(field.path)).map((field) => field.path);

  const evidence = orderEvidence(
    candidateResults.flatMap((result) => result.evidence),
    fieldOrder,
  );
  reported.push(...dropDanglingEvidenceIds(fieldResults, new Set(evidence.map((record) => record.id))));
  for (const result of candidateResults) reported.push(...result.diagnostics);
  const diagnostics = placeDiagnostics(reported, fieldResults, plan);

  const results = Object.values(fieldResults);
  const execution = options.execution;
  const counters: ArtifactCounters = {
    totalFields: results.length,
    resolvedFields: results.filter((result) => result.status === 'SUCCESS').length,
    partialFields: results.filter((result) => result.status === 'PARTIAL_SUCCESS').length,
    unresolvedFields: unresolvedFields.length,
    defaultedFields: results.filter((result) => result.defaulted).length,
    failedFields: results.filter((result) => result.status === 'EXECUTION_FAILED').length,
    evidenceRecords: evidence.length,
    candidates: candidateResults.reduce((total, result) => total + result.candidates.length, 0),
    capabilityInvocations: execution?.totalInvocations ?? 0,
    remoteInferenceCalls: execution?.remoteInferenceCalls ?? 0,
    tokens: execution?.totalTokens ?? 0,
    costUsd: sumDecimals([execution?.totalUsd ?? '0']),
    capabilities: capabilityCounters(execution),
  };
  const timings: ArtifactTimings = {
    totalMs: options.timings?.totalMs ?? 0,
    stages: { ...(options.timings?.stages ?? {}) },
    capabilities: { ...capabilityTimings(execution), ...(options.timings?.capabilities ?? {}) },
  };

  // The replay-hashed part (everything but id, createdAt, replayHash and the timings), as
  // canonical data: serialized once for the hash.
  const hashed = toCanonicalData({
    contract: {
      fingerprint: contract === null ? null : fingerprintContract(contract),
      id: contract?.id ?? options.contractIdentity?.id ?? null,
      version: contract?.version ?? options.contractIdentity?.version ?? null,
    },
    diagnostics,
    evidence,
    fieldResults,
    input: { contentHash: options.input.contentHash, inputType: options.input.inputType, size: options.input.size },
    normalizedData,
    plan: plan === null ? null : toCanonicalPlan(plan),
    statistics: { counters },
    status: options.status,
    unresolvedFields,
    versions: {
      artifact: ARTIFACT_VERSION,
      capabilities: capabilityVersions(plan, options.versions.capabilities ?? {}),
      paxman: options.versions.paxman,
      planner: options.versions.planner,
    },
  });
  const replayHash = sha256Hex(canonicalJson(hashed));
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
    statistics: Object.freeze({ counters: hashed.statistics.counters, timings: toCanonicalData(timings) }),
    status: hashed.status,
    unresolvedFields: hashed.unresolvedFields,
    versions: hashed.versions,
  });
}

/**
 * Stores each diagnostic once (see `artifact-diagnostics.ts`): fields' diagnostics go into
 * their results (ordered), the plan keeps its own, and the ordered rest is returned for
 * the top level.
 */
function placeDiagnostics(reported: readonly Diagnostic[], fieldResults: Record<string, ArtifactFieldResult>, plan: ExecutionPlan | null): Diagnostic[] {
  const homeOf = diagnosticHomes((path) => Object.hasOwn(fieldResults, path), plan?.diagnostics ?? []);
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
  for (const [path, list] of byField) fieldResults[path] = { ...fieldResults[path]!, diagnostics: orderDiagnostics(list) };
  return orderDiagnostics(topLevel);
}
