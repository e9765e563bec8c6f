/**
 * `serializeArtifact` and `parseArtifact`: the artifact's JSON form is its RFC 8785
 * canonical JSON, and parsing validates every member (shape, enumerations, hashes, the
 * embedded plan) plus the artifact's internal consistency (evidence ids resolve, no
 * unresolved field has a value, every diagnostic is stored once, where it belongs, in
 * order) and, for JSON text, that no object names a member twice, so a typed artifact
 * always comes back — or a typed
 * `InvalidArtifactError` naming the offending path. `parseArtifact(serializeArtifact(a))`
 * deep-equals `a`, and serializing it again gives the same text.
 */
import {
  ConfidenceBand,
  type Diagnostic,
  EvidenceKind,
  InvalidArtifactError,
  STATUSES,
  canonicalJson,
  deepFreeze,
  isDecimalString,
  isSha256Hex,
  type JsonValue,
} from '@paxman/core';
import { validatePlan } from '@paxman/planner';
import {
  checkJsonValue,
  fail,
  readArray,
  readBoolean,
  readCount,
  readNullableString,
  readNumber,
  readObject,
  readOneOf,
  readRecord,
  readString,
} from './artifact-reader.js';
import { type DiagnosticHome, diagnosticHomes, isOrderedPair } from './artifact-diagnostics.js';
import { ARTIFACT_VERSION } from './artifact-version.js';
import { findDuplicateKey } from './duplicate-keys.js';
import type { ExecutionArtifact } from './execution-artifact.js';

/**
 * The canonical JSON text of an artifact (what `paxman normalize --json` prints).
 * @example parseArtifact(serializeArtifact(artifact)) // deep-equals artifact
 */
export function serializeArtifact(artifact: ExecutionArtifact<unknown>): string {
  // A replay's `review` (its amendments applied) sits beside the artifact, not in it.
  if ('review' in artifact) {
    const { review: _review, ...rest } = artifact as ExecutionArtifact<unknown> & { review?: unknown };
    return canonicalJson(rest);
  }
  return canonicalJson(artifact);
}

const FIELD_STATUSES = ['SUCCESS', 'PARTIAL_SUCCESS', 'UNRESOLVED', 'EXECUTION_FAILED'] as const;
const UNRESOLVED_REASONS = ['NO_CANDIDATE', 'BELOW_THRESHOLD', 'CONFLICT', 'CONSTRAINT_FAILURE', 'BUDGET', 'EXECUTION_FAILED', 'EMPTY_INPUT', 'REQUIRE_HUMAN'] as const;
const BANDS = Object.values(ConfidenceBand);
const EVIDENCE_KINDS = Object.values(EvidenceKind);
const VERDICTS = ['SUPPORTS', 'CONTRADICTS', 'NEUTRAL'] as const;
const SEVERITIES = ['ERROR', 'WARNING', 'INFO'] as const;
const STAGES = ['contract', 'profile', 'plan', 'execution', 'capability', 'reconcile', 'artifact', 'inference'] as const;
const CAPABILITY_KEY = /^[^@]+@[^@]+$/;
const ARTIFACT_KEYS = ['status', 'normalizedData', 'fieldResults', 'unresolvedFields', 'evidence', 'diagnostics', 'plan', 'statistics', 'contract', 'input', 'versions', 'id', 'createdAt', 'replayHash'];

/** The text before the first dot of a version (`"2"` for `2.0.0`). */
function majorOf(version: string): string {
  const dot = version.indexOf('.');
  return dot < 0 ? version : version.slice(0, dot);
}

function readSha256(value: unknown, path: string): string {
  const text = readString(value, path);
  if (!isSha256Hex(text)) fail(path, 'a sha256 hex string', text);
  return text;
}

function readDecimalString(value: unknown, path: string): string {
  const text = readString(value, path);
  if (!isDecimalString(text)) fail(path, 'a decimal string', text);
  return text;
}

function readConfidence(value: unknown, path: string): number {
  return readNumber(value, path, (number) => number >= 0 && number <= 1, 'a number in [0, 1]');
}

function readStringArray(value: unknown, path: string): string[] {
  return readArray(value, path).map((item, index) => readString(item, `${path}[${index}]`));
}

function checkDiagnostic(value: unknown, path: string): Diagnostic {
  const diagnostic = readObject(value, path, ['code', 'severity', 'stage', 'message'], ['fieldPath', 'capability', 'context']);
  readString(diagnostic['code'], `${path}.code`);
  readOneOf(diagnostic['severity'], `${path}.severity`, SEVERITIES);
  readOneOf(diagnostic['stage'], `${path}.stage`, STAGES);
  readString(diagnostic['message'], `${path}.message`);
  if (diagnostic['fieldPath'] !== undefined) readString(diagnostic['fieldPath'], `${path}.fieldPath`);
  if (diagnostic['capability'] !== undefined) readString(diagnostic['capability'], `${path}.capability`);
  if (diagnostic['context'] !== undefined) checkJsonValue(readRecord(diagnostic['context'], `${path}.context`), `${path}.context`);
  return diagnostic as unknown as Diagnostic;
}

function checkDiagnostics(value: unknown, path: string): Diagnostic[] {
  return readArray(value, path).map((item, index) => checkDiagnostic(item, `${path}[${index}]`));
}

function describeHome(home: DiagnosticHome): string {
  if (home.in === 'plan') return 'it is one of $.plan.diagnostics, stored there only';
  if (home.in === 'field') return `it names a contract field and belongs in $.fieldResults["${home.path}"].diagnostics`;
  return 'it names no contract field and belongs in $.diagnostics';
}

/** A stored diagnostic list: each diagnostic in its home (`expected`), in canonical order, once. */
function checkPlacement(diagnostics: readonly Diagnostic[], path: string, homeOf: (diagnostic: Diagnostic) => DiagnosticHome, isHome: (home: DiagnosticHome) => boolean): void {
  diagnostics.forEach((diagnostic, index) => {
    const home = homeOf(diagnostic);
    if (!isHome(home)) throw new InvalidArtifactError(`Invalid artifact at ${path}[${index}]: ${describeHome(home)}.`, { context: { path: `${path}[${index}]` } });
    if (index > 0 && !isOrderedPair(diagnostics[index - 1]!, diagnostic)) {
      throw new InvalidArtifactError(`Invalid artifact at ${path}[${index}]: diagnostics must be in canonical order without duplicates.`, { context: { path: `${path}[${index}]` } });
    }
  });
}

function checkEvidence(value: unknown, path: string): string {
  const record = readObject(value, path, ['id', 'capability', 'fieldPath', 'kind', 'spans'], ['boxes', 'text', 'label', 'pattern', 'verdict', 'grounds', 'detail']);
  const id = readString(record['id'], `${path}.id`);
  const capability = readString(record['capability'], `${path}.capability`);
  if (!CAPABILITY_KEY.test(capability)) fail(`${path}.capability`, '"id@version"', capability);
  readString(record['fieldPath'], `${path}.fieldPath`);
  readOneOf(record['kind'], `${path}.kind`, EVIDENCE_KINDS);
  readArray(record['spans'], `${path}.spans`).forEach((item, index) => {
    const spanPath = `${path}.spans[${index}]`;
    const span = readObject(item, spanPath, ['start', 'end', 'layer']);
    const start = readCount(span['start'], `${spanPath}.start`);
    readNumber(span['end'], `${spanPath}.end`, (end) => Number.isSafeInteger(end) && end >= start, `an integer ≥ start (${start})`);
    readString(span['layer'], `${spanPath}.layer`);
  });
  if (record['boxes'] !== undefined) {
    readArray(record['boxes'], `${path}.boxes`).forEach((item, index) => {
      const boxPath = `${path}.boxes[${index}]`;
      const box = readObject(item, boxPath, ['page', 'x', 'y', 'width', 'height']);
      readNumber(box['page'], `${boxPath}.page`, (page) => Number.isSafeInteger(page) && page >= 1, 'a page number ≥ 1');
      for (const key of ['x', 'y', 'width', 'height']) readNumber(box[key], `${boxPath}.${key}`, (number) => Number.isFinite(number) && (key === 'x' || key === 'y' || number >= 0), key === 'x' || key === 'y' ? 'a finite number' : 'a number ≥ 0');
    });
  }
  for (const key of ['text', 'label', 'pattern']) if (record[key] !== undefined) readString(record[key], `${path}.${key}`);
  if (record['verdict'] !== undefined) readOneOf(record['verdict'], `${path}.verdict`, VERDICTS);
  if (record['grounds'] !== undefined) {
    // Each ground is a JSON object naming its kind (core's `Grounds` union).
    readArray(record['grounds'], `${path}.grounds`).forEach((item, index) => {
      const groundsPath = `${path}.grounds[${index}]`;
      const ground = readRecord(item, groundsPath);
      readString(ground['kind'], `${groundsPath}.kind`);
      checkJsonValue(ground, groundsPath);
    });
  }
  if (record['detail'] !== undefined) checkJsonValue(readRecord(record['detail'], `${path}.detail`), `${path}.detail`);
  return id;
}

function checkFieldResult(value: unknown, path: string): { status: string; defaulted: boolean; evidenceIds: string[]; diagnostics: Diagnostic[] } {
  const result = readObject(value, path, ['status', 'value', 'confidence', 'band', 'evidenceIds', 'diagnostics', 'defaulted', 'requiresHuman', 'unresolvedReason', 'conflict'], ['items']);
  const status = readOneOf(result['status'], `${path}.status`, FIELD_STATUSES);
  checkJsonValue(result['value'], `${path}.value`);
  readConfidence(result['confidence'], `${path}.confidence`);
  readOneOf(result['band'], `${path}.band`, BANDS);
  const evidenceIds = readStringArray(result['evidenceIds'], `${path}.evidenceIds`);
  const diagnostics = checkDiagnostics(result['diagnostics'], `${path}.diagnostics`);
  const defaulted = readBoolean(result['defaulted'], `${path}.defaulted`);
  readBoolean(result['requiresHuman'], `${path}.requiresHuman`);
  if (result['unresolvedReason'] !== null) readOneOf(result['unresolvedReason'], `${path}.unresolvedReason`, UNRESOLVED_REASONS);
  if (result['conflict'] !== null) {
    const conflict = readObject(result['conflict'], `${path}.conflict`, ['values']);
    readArray(conflict['values'], `${path}.conflict.values`).forEach((item, index) => {
      const entryPath = `${path}.conflict.values[${index}]`;
      const entry = readObject(item, entryPath, ['value', 'confidence', 'evidenceIds']);
      checkJsonValue(entry['value'], `${entryPath}.value`);
      readConfidence(entry['confidence'], `${entryPath}.confidence`);
      readStringArray(entry['evidenceIds'], `${entryPath}.evidenceIds`);
    });
  }
  const itemEvidenceIds: string[] = [];
  if (result['items'] !== undefined) {
    readArray(result['items'], `${path}.items`).forEach((item, index) => {
      const itemPath = `${path}.items[${index}]`;
      const entry = readObject(item, itemPath, ['index', 'confidence', 'band', 'evidenceIds', 'members']);
      readCount(entry['index'], `${itemPath}.index`);
      readConfidence(entry['confidence'], `${itemPath}.confidence`);
      readOneOf(entry['band'], `${itemPath}.band`, BANDS);
      itemEvidenceIds.push(...readStringArray(entry['evidenceIds'], `${itemPath}.evidenceIds`));
      for (const [name, member] of Object.entries(readRecord(entry['members'], `${itemPath}.members`))) {
        const memberPath = `${itemPath}.members.${name}`;
        const cell = readObject(member, memberPath, ['confidence', 'band', 'evidenceIds']);
        readConfidence(cell['confidence'], `${memberPath}.confidence`);
        readOneOf(cell['band'], `${memberPath}.band`, BANDS);
        itemEvidenceIds.push(...readStringArray(cell['evidenceIds'], `${memberPath}.evidenceIds`));
      }
    });
  }
  return { status, defaulted, evidenceIds: [...evidenceIds, ...itemEvidenceIds.filter((id) => !evidenceIds.includes(id))], diagnostics };
}

function checkStatistics(value: unknown): void {
  const statistics = readObject(value, '$.statistics', ['counters', 'timings']);
  const counters = readObject(statistics['counters'], '$.statistics.counters', [
    'totalFields',
    'resolvedFields',
    'partialFields',
    'unresolvedFields',
    'defaultedFields',
    'failedFields',
    'evidenceRecords',
    'candidates',
    'capabilityInvocations',
    'remoteInferenceCalls',
    'tokens',
    'costUsd',
    'capabilities',
  ]);
  for (const [key, item] of Object.entries(counters)) {
    if (key === 'costUsd') readDecimalString(item, `$.statistics.counters.${key}`);
    else if (key !== 'capabilities') readCount(item, `$.statistics.counters.${key}`);
  }
  readArray(counters['capabilities'], '$.statistics.counters.capabilities').forEach((item, index) => {
    const path = `$.statistics.counters.capabilities[${index}]`;
    const entry = readObject(item, path, ['capability', 'invocations', 'tokens', 'costUsd']);
    readString(entry['capability'], `${path}.capability`);
    readCount(entry['invocations'], `${path}.invocations`);
    readCount(entry['tokens'], `${path}.tokens`);
    readDecimalString(entry['costUsd'], `${path}.costUsd`);
  });
  const timings = readObject(statistics['timings'], '$.statistics.timings', ['totalMs', 'stages', 'capabilities']);
  const duration = (item: unknown, path: string) => readNumber(item, path, (number) => number >= 0, 'a non-negative number');
  duration(timings['totalMs'], '$.statistics.timings.totalMs');
  for (const group of ['stages', 'capabilities']) {
    for (const [key, item] of Object.entries(readRecord(timings[group], `$.statistics.timings.${group}`))) duration(item, `$.statistics.timings.${group}.${key}`);
  }
}

function checkArtifact(value: unknown): void {
  const artifact = readObject(value, '$', ARTIFACT_KEYS, ['signature']);
  readOneOf(artifact['status'], '$.status', STATUSES);
  const normalizedData = readRecord(artifact['normalizedData'], '$.normalizedData');
  checkJsonValue(normalizedData, '$.normalizedData');

  const fieldResults = readRecord(artifact['fieldResults'], '$.fieldResults');
  const checkedResults = Object.entries(fieldResults).map(([path, result]) => [path, checkFieldResult(result, `$.fieldResults["${path}"]`)] as const);

  const unresolvedFields = readStringArray(artifact['unresolvedFields'], '$.unresolvedFields');
  const evidenceIds = new Set(readArray(artifact['evidence'], '$.evidence').map((item, index) => checkEvidence(item, `$.evidence[${index}]`)));
  const diagnostics = checkDiagnostics(artifact['diagnostics'], '$.diagnostics');

  let planDiagnostics: readonly Diagnostic[] = [];
  if (artifact['plan'] !== null) {
    try {
      // Checked in place: the whole artifact is frozen (or copied) once, below.
      planDiagnostics = validatePlan(artifact['plan']).diagnostics;
    } catch (cause) {
      throw new InvalidArtifactError(`Invalid artifact at $.plan: ${(cause as Error).message}`, { cause, context: { path: '$.plan' } });
    }
  }
  checkStatistics(artifact['statistics']);

  const contract = readObject(artifact['contract'], '$.contract', ['id', 'version', 'fingerprint']);
  readNullableString(contract['id'], '$.contract.id');
  readNullableString(contract['version'], '$.contract.version');
  if (contract['fingerprint'] !== null) readSha256(contract['fingerprint'], '$.contract.fingerprint');

  const input = readObject(artifact['input'], '$.input', ['contentHash', 'size', 'inputType']);
  readSha256(input['contentHash'], '$.input.contentHash');
  readCount(input['size'], '$.input.size');
  readString(input['inputType'], '$.input.inputType');

  const versions = readObject(artifact['versions'], '$.versions', ['paxman', 'planner', 'artifact', 'capabilities'], ['knowledge']);
  for (const key of ['paxman', 'planner', 'artifact']) readString(versions[key], `$.versions.${key}`);
  for (const [id, version] of Object.entries(readRecord(versions['capabilities'], '$.versions.capabilities'))) readString(version, `$.versions.capabilities.${id}`);
  if (versions['knowledge'] !== undefined) for (const [pack, fingerprint] of Object.entries(readRecord(versions['knowledge'], '$.versions.knowledge'))) readSha256(fingerprint, `$.versions.knowledge.${pack}`);

  if (readString(artifact['id'], '$.id').length === 0) fail('$.id', 'a non-empty string', artifact['id']);
  readString(artifact['createdAt'], '$.createdAt');
  readSha256(artifact['replayHash'], '$.replayHash');
  if (artifact['signature'] !== undefined) {
    const signature = readObject(artifact['signature'], '$.signature', ['algorithm', 'keyId', 'value']);
    readOneOf(signature['algorithm'], '$.signature.algorithm', ['ed25519'] as const);
    if (!/^[0-9a-f]{16}$/.test(readString(signature['keyId'], '$.signature.keyId'))) fail('$.signature.keyId', '16 lower-case hex digits', signature['keyId']);
    if (!/^[A-Za-z0-9+/]+={0,2}$/.test(readString(signature['value'], '$.signature.value'))) fail('$.signature.value', 'base64', signature['value']);
  }

  // Internal consistency: what the artifact claims must agree with itself.
  for (const [path, result] of checkedResults) {
    for (const id of result.evidenceIds) {
      if (!evidenceIds.has(id)) throw new InvalidArtifactError(`Invalid artifact at $.fieldResults["${path}"].evidenceIds: evidence "${id}" is not in $.evidence.`, { context: { path: `$.fieldResults["${path}"]`, evidenceId: id } });
    }
  }
  // Where diagnostics live is a rule of this format major; an artifact of another major is
  // read for its shape only, so `replay` can refuse it for its version.
  if (majorOf(versions['artifact'] as string) === majorOf(ARTIFACT_VERSION)) {
    const homeOf = diagnosticHomes((path) => Object.hasOwn(fieldResults, path), planDiagnostics);
    checkPlacement(diagnostics, '$.diagnostics', homeOf, (home) => home.in === 'artifact');
    for (const [path, result] of checkedResults) {
      checkPlacement(result.diagnostics, `$.fieldResults["${path}"].diagnostics`, homeOf, (home) => home.in === 'field' && home.path === path);
    }
  }
  for (const [index, path] of unresolvedFields.entries()) {
    const result = fieldResults[path];
    if (result === undefined) throw new InvalidArtifactError(`Invalid artifact at $.unresolvedFields[${index}]: "${path}" has no field result.`, { context: { path: `$.unresolvedFields[${index}]` } });
    if (!path.includes('.') && !path.includes('[') && path in normalizedData) {
      throw new InvalidArtifactError(`Invalid artifact: "${path}" is listed in unresolvedFields but has a value in normalizedData.`, { context: { path: `$.normalizedData.${path}` } });
    }
  }
}

/**
 * Parses artifact JSON (text, or an already-parsed value) into a frozen, typed artifact.
 * Throws `InvalidArtifactError` for text that is not JSON or a value that is not an
 * artifact. It does not check the replay hash (`verifyArtifact` and `replay` do).
 */
export function parseArtifact<TData = Readonly<Record<string, JsonValue>>>(json: string | unknown): ExecutionArtifact<TData> {
  let value: unknown = json;
  if (typeof json === 'string') {
    try {
      value = JSON.parse(json);
    } catch (cause) {
      throw new InvalidArtifactError(`Artifact JSON does not parse: ${(cause as Error).message}`, { cause });
    }
    // JSON.parse keeps the last of two equal names: a forged member next to the real one would pass unseen.
    const duplicate = findDuplicateKey(json);
    if (duplicate !== null) throw new InvalidArtifactError(`Invalid artifact at ${duplicate.path}: the member "${duplicate.key}" appears twice.`, { context: { path: duplicate.path, key: duplicate.key } });
  }
  checkArtifact(value);
  // This call's own parse of `json` is frozen in place; a caller's value is copied (its
  // canonical form), never modified.
  return deepFreeze(typeof json === 'string' ? value : JSON.parse(canonicalJson(value))) as ExecutionArtifact<TData>;
}
