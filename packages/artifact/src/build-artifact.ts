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
  compareDiagnostics,
  compareStrings,
  deepFreeze,
  formatDecimal,
  parseDecimal,
  sha256Hex,
} from '@paxman/core';
import { type CanonicalContract, flattenFields, fingerprintContract } from '@paxman/contract';
import type { ExecutionPlan } from '@paxman/planner';
import type { ResolvedResult, UnresolvedReason } from '@paxman/reconciler';
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
import { computeReplayHash } from './replay-hash.js';

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
    diagnostics: [...result.diagnostics].sort(compareDiagnostics),
    defaulted: result.defaulted,
    requiresHuman: result.requiresHuman,
    unresolvedReason: result.unresolvedReason,
    conflict: result.conflict,
  };
}

/** Sorts and removes exact duplicates (ties broken by canonical JSON so the order is total). */
export function orderDiagnostics(diagnostics: readonly Diagnostic[]): Diagnostic[] {
  const byText = new Map<string, Diagnostic>();
  for (const diagnostic of diagnostics) byText.set(canonicalJson(diagnostic), diagnostic);
  return [...byText.entries()].sort(([leftText, left], [rightText, right]) => compareDiagnostics(left, right) || compareStrings(leftText, rightText)).map(([, diagnostic]) => diagnostic);
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
 * `parseArtifact(serializeArtifact(result))` returns.
 */
export function buildArtifact<TData = Readonly<Record<string, JsonValue>>>(options: BuildArtifactOptions): ExecutionArtifact<TData> {
  const { contract, plan } = options;
  const candidateResults = options.candidateResults ?? [];
  const fields = contract === null ? [] : flattenFields(contract.fields);
  const fieldOrder = new Map(fields.map((field, index) => [field.path, index] as const));

  const resolvedByPath = new Map((options.resolved ?? []).map((result) => [result.fieldPath, result] as const));
  const fieldResults: Record<string, ArtifactFieldResult> = {};
  for (const field of fields) {
    const result = resolvedByPath.get(field.path);
    fieldResults[field.path] = result === undefined ? unresolvedFieldResult(options.missingFieldReason ?? 'NO_CANDIDATE') : toFieldResult(result);
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
  const danglingDiagnostics = dropDanglingEvidenceIds(fieldResults, new Set(evidence.map((record) => record.id)));
  const diagnostics = orderDiagnostics([
    ...(options.diagnostics ?? []),
    ...danglingDiagnostics,
    ...(plan?.diagnostics ?? []),
    ...candidateResults.flatMap((result) => result.diagnostics),
    ...Object.values(fieldResults).flatMap((result) => result.diagnostics),
  ]);

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

  const fingerprint = contract === null ? null : fingerprintContract(contract);
  const draft = {
    status: options.status,
    normalizedData,
    fieldResults,
    unresolvedFields,
    evidence,
    diagnostics,
    plan,
    statistics: { counters, timings },
    contract: {
      id: contract?.id ?? options.contractIdentity?.id ?? null,
      version: contract?.version ?? options.contractIdentity?.version ?? null,
      fingerprint,
    },
    input: { contentHash: options.input.contentHash, size: options.input.size, inputType: options.input.inputType },
    versions: {
      paxman: options.versions.paxman,
      planner: options.versions.planner,
      artifact: ARTIFACT_VERSION,
      capabilities: capabilityVersions(plan, options.versions.capabilities ?? {}),
    },
    id: options.id,
    createdAt: options.createdAt,
    replayHash: '',
  };
  // Through canonical JSON once, so the built artifact is exactly what parsing its JSON gives.
  const sealed = sealCanonical(draft);
  if (sealed !== null) return deepFreeze(sealed) as unknown as ExecutionArtifact<TData>;
  const canonical = JSON.parse(canonicalJson(draft)) as ExecutionArtifact<TData>;
  return deepFreeze({ ...canonical, replayHash: computeReplayHash(canonical) });
}

/**
 * The fast path of the sealing above (performance only, same result): the replay-hashed
 * part is serialized once, and that one text is both hashed and parsed; `id`, `createdAt`
 * and the timings are added in canonical key order. Canonical JSON is idempotent, so this
 * equals parsing the canonical JSON of the whole draft and hashing its hashed part. Returns
 * null (the reference path then runs and reports the problem) if anything fails.
 */
function sealCanonical(draft: { readonly statistics: { readonly counters: unknown; readonly timings: unknown }; readonly [key: string]: unknown }): Record<string, unknown> | null {
  try {
    const { id, createdAt, replayHash: _unsealed, statistics, ...hashedRest } = draft;
    const hashedText = canonicalJson({ ...hashedRest, statistics: { counters: statistics.counters } });
    const hashed = JSON.parse(hashedText) as Record<string, unknown> & { readonly statistics: { readonly counters: unknown } };
    const parts: Record<string, unknown> = {
      ...hashed,
      id: JSON.parse(canonicalJson(id)),
      createdAt: JSON.parse(canonicalJson(createdAt)),
      replayHash: sha256Hex(hashedText),
      statistics: { counters: hashed.statistics.counters, timings: JSON.parse(canonicalJson(statistics.timings)) },
    };
    const sealed: Record<string, unknown> = {};
    for (const key of Object.keys(parts).sort()) sealed[key] = parts[key];
    return sealed;
  } catch {
    return null;
  }
}
