/**
 * The plan's stable JSON form: `serializePlan` writes RFC 8785 canonical JSON (so equal
 * plans are byte-identical), `parsePlan` reads it back with full validation and returns a
 * frozen plan that serializes to exactly the same text. Bad input raises
 * `InvalidPlanError` naming the offending path.
 */
import {
  type BudgetJson,
  type Policy,
  InvalidPlanError,
  OPTIONAL_POLICY_KEYS,
  POLICY_KEYS,
  budgetToJson,
  canonicalJson,
  createBudget,
  deepFreeze,
  isCapabilityTier,
  isDecimalString,
  isFallback,
  isPlainObject,
  isSha256Hex,
  validatePolicyInput,
} from '@paxman/core';
import type { ExecutionPlan } from './execution-plan.js';

/**
 * Canonical JSON of a plan.
 * @example parsePlan(serializePlan(plan)) // deep-equals plan
 */
export function serializePlan(plan: ExecutionPlan): string {
  return canonicalJson(plan);
}

/**
 * Parses and validates plan JSON (a string or an already-parsed value) into a frozen plan
 * in canonical form. A value the caller passes is never changed (it is copied); the
 * value this call parses itself is frozen in place.
 */
export function parsePlan(json: string | unknown): ExecutionPlan {
  if (typeof json !== 'string') return deepFreeze(JSON.parse(canonicalJson(validatePlan(json))) as ExecutionPlan);
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch (cause) {
    throw new InvalidPlanError(`Plan JSON does not parse: ${(cause as Error).message}`, { cause });
  }
  return deepFreeze(validatePlan(value));
}

/**
 * Checks that a value is a plan in its JSON form, exactly as `parsePlan` does, without
 * copying or freezing it (a parsed artifact checks its embedded plan this way and
 * freezes the whole artifact once). Returns the value itself, typed; throws
 * `InvalidPlanError` naming the offending path.
 */
export function validatePlan(value: unknown): ExecutionPlan {
  const plan = object(value, '$', ['plannerVersion', 'contractFingerprint', 'inputContentHash', 'policy', 'budget', 'fieldPlans', 'diagnostics', 'failFast']);
  const contractFingerprint = string(plan['contractFingerprint'], '$.contractFingerprint');
  if (!isSha256Hex(contractFingerprint)) fail('$.contractFingerprint', 'a sha256 hex string', contractFingerprint);
  const inputContentHash = string(plan['inputContentHash'], '$.inputContentHash');
  if (!isSha256Hex(inputContentHash)) fail('$.inputContentHash', 'a sha256 hex string', inputContentHash);
  const fieldPlans = array(plan['fieldPlans'], '$.fieldPlans');
  const fieldPaths: string[] = [];
  for (let index = 0; index < fieldPlans.length; index += 1) fieldPaths.push(checkFieldPlan(fieldPlans[index], `$.fieldPlans[${index}]`));
  const seen = new Set<string>();
  for (const [index, fieldPath] of fieldPaths.entries()) {
    if (seen.has(fieldPath)) throw new InvalidPlanError(`Invalid plan at $.fieldPlans[${index}]: duplicate field path "${fieldPath}".`, { context: { path: `$.fieldPlans[${index}]` } });
    seen.add(fieldPath);
  }
  string(plan['plannerVersion'], '$.plannerVersion');
  checkPolicy(plan['policy']);
  checkBudget(plan['budget']);
  const diagnostics = array(plan['diagnostics'], '$.diagnostics');
  for (let index = 0; index < diagnostics.length; index += 1) checkDiagnostic(diagnostics[index], `$.diagnostics[${index}]`);
  nullableString(plan['failFast'], '$.failFast');
  return value as ExecutionPlan;
}

function fail(path: string, expected: string, value: unknown): never {
  const received = value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;
  throw new InvalidPlanError(`Invalid plan at ${path}: expected ${expected}, got ${received}.`, { context: { path, expected } });
}

function object(value: unknown, path: string, keys: readonly string[], optionalKeys: readonly string[] = []): Record<string, unknown> {
  if (!isPlainObject(value)) fail(path, 'an object', value);
  for (const key of Object.keys(value)) {
    if (!keys.includes(key) && !optionalKeys.includes(key)) throw new InvalidPlanError(`Invalid plan at ${path}: unknown key "${key}".`, { context: { path, key } });
  }
  for (const key of keys) if (!(key in value)) throw new InvalidPlanError(`Invalid plan at ${path}: missing key "${key}".`, { context: { path, key } });
  return value;
}

function string(value: unknown, path: string): string {
  if (typeof value !== 'string') fail(path, 'a string', value);
  return value;
}

function nullableString(value: unknown, path: string): string | null {
  return value === null ? null : string(value, path);
}

function boolean(value: unknown, path: string): boolean {
  if (typeof value !== 'boolean') fail(path, 'a boolean', value);
  return value;
}

function number(value: unknown, path: string, check: (n: number) => boolean = Number.isFinite, expected = 'a finite number'): number {
  if (typeof value !== 'number' || !check(value)) fail(path, expected, value);
  return value;
}

function array(value: unknown, path: string): readonly unknown[] {
  if (!Array.isArray(value)) fail(path, 'an array', value);
  return value;
}

/** A JSON object (plain objects, arrays, strings, finite numbers, booleans, null), unchanged. */
function checkJsonObject(value: unknown, path: string): void {
  if (!isPlainObject(value)) fail(path, 'an object', value);
  // Checked in one pass without paths; only a failure walks again to name the path.
  if (!isJsonData(value)) failJsonValue(value, path);
}

function isJsonData(value: unknown): boolean {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value);
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index += 1) {
      // A hole is no item (as for `Array.prototype.map`); an undefined item is not JSON.
      if (!isJsonData(value[index]) && index in value) return false;
    }
    return true;
  }
  if (!isPlainObject(value)) return false;
  for (const key of Object.keys(value)) if (!isJsonData(value[key])) return false;
  return true;
}

/** Throws for the first value in `value` that is not JSON, naming its path. */
function failJsonValue(value: unknown, path: string): void {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return;
  if (typeof value === 'number') {
    number(value, path);
    return;
  }
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index += 1) if (index in value) failJsonValue(value[index], `${path}[${index}]`);
    return;
  }
  if (!isPlainObject(value)) fail(path, 'a JSON value', value);
  for (const key of Object.keys(value)) failJsonValue(value[key], `${path}.${key}`);
}

function checkPolicy(value: unknown): void {
  const policy = object(value, '$.policy', POLICY_KEYS.filter((key) => !OPTIONAL_POLICY_KEYS.includes(key)), OPTIONAL_POLICY_KEYS);
  let validated: Partial<Policy>;
  try {
    validated = validatePolicyInput(policy);
  } catch (cause) {
    throw new InvalidPlanError(`Invalid plan at $.policy: ${(cause as Error).message}`, { cause, context: { path: '$.policy' } });
  }
  // validatePolicyInput normalizes fxRates; the plan must already hold the normal form.
  if (canonicalJson(validated) !== canonicalJson(policy)) fail('$.policy', 'a normalized policy', policy);
}

function checkBudget(value: unknown): void {
  if (!isPlainObject(value)) fail('$.budget', 'an object', value);
  let json: BudgetJson;
  try {
    json = budgetToJson(createBudget(value as BudgetJson));
  } catch (cause) {
    throw new InvalidPlanError(`Invalid plan at $.budget: ${(cause as Error).message}`, { cause, context: { path: '$.budget' } });
  }
  if (typeof value['maxTotalCostUsd'] === 'number' || canonicalJson(json) !== canonicalJson(value)) fail('$.budget', 'a normalized budget (USD as a decimal string)', value);
}

/** Checks one field plan; returns its field path. */
function checkFieldPlan(value: unknown, path: string): string {
  const plan = object(value, path, ['fieldId', 'fieldPath', 'required', 'steps', 'targetConfidence', 'fallback', 'earlyStop', 'shortCircuit']);
  const fallback = plan['fallback'];
  if (!isFallback(fallback)) fail(`${path}.fallback`, 'a fallback', fallback);
  string(plan['fieldId'], `${path}.fieldId`);
  const fieldPath = string(plan['fieldPath'], `${path}.fieldPath`);
  boolean(plan['required'], `${path}.required`);
  const steps = array(plan['steps'], `${path}.steps`);
  for (let index = 0; index < steps.length; index += 1) checkStep(steps[index], `${path}.steps[${index}]`);
  number(plan['targetConfidence'], `${path}.targetConfidence`, (n) => n >= 0 && n <= 1, 'a number in [0, 1]');
  boolean(plan['earlyStop'], `${path}.earlyStop`);
  nullableString(plan['shortCircuit'], `${path}.shortCircuit`);
  return fieldPath;
}

function checkStep(value: unknown, path: string): void {
  const step = object(value, path, ['capability', 'tier', 'config', 'score', 'costHint']);
  const capability = string(step['capability'], `${path}.capability`);
  if (!/^[^@]+@[^@]+$/.test(capability)) fail(`${path}.capability`, '"id@version"', capability);
  const tier = step['tier'];
  if (!isCapabilityTier(tier) || tier === 7) fail(`${path}.tier`, 'a capability tier 1–6', tier);
  const costHint = object(step['costHint'], `${path}.costHint`, ['tokens', 'ms', 'usd']);
  const usd = string(costHint['usd'], `${path}.costHint.usd`);
  if (!isDecimalString(usd)) fail(`${path}.costHint.usd`, 'a decimal string', usd);
  checkJsonObject(step['config'], `${path}.config`);
  number(step['score'], `${path}.score`);
  number(costHint['tokens'], `${path}.costHint.tokens`, (n) => Number.isInteger(n) && n >= 0, 'a non-negative integer');
  number(costHint['ms'], `${path}.costHint.ms`, (n) => Number.isFinite(n) && n >= 0, 'a non-negative number');
}

const SEVERITIES = ['ERROR', 'WARNING', 'INFO'];
const STAGES = ['contract', 'profile', 'plan', 'execution', 'capability', 'reconcile', 'artifact', 'inference'];

function checkDiagnostic(value: unknown, path: string): void {
  const diagnostic = object(value, path, ['code', 'severity', 'stage', 'message'], ['fieldPath', 'capability', 'context']);
  const severity = string(diagnostic['severity'], `${path}.severity`);
  if (!SEVERITIES.includes(severity)) fail(`${path}.severity`, 'ERROR, WARNING or INFO', severity);
  const stage = string(diagnostic['stage'], `${path}.stage`);
  if (!STAGES.includes(stage)) fail(`${path}.stage`, 'a diagnostic stage', stage);
  string(diagnostic['code'], `${path}.code`);
  string(diagnostic['message'], `${path}.message`);
  if (diagnostic['fieldPath'] !== undefined) string(diagnostic['fieldPath'], `${path}.fieldPath`);
  if (diagnostic['capability'] !== undefined) string(diagnostic['capability'], `${path}.capability`);
  if (diagnostic['context'] !== undefined) checkJsonObject(diagnostic['context'], `${path}.context`);
}
