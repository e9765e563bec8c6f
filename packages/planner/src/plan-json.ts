/**
 * The plan's stable JSON form: `serializePlan` writes RFC 8785 canonical JSON (so equal
 * plans are byte-identical), `parsePlan` reads it back with full validation and returns a
 * frozen plan that serializes to exactly the same text. Bad input raises
 * `InvalidPlanError` naming the offending path.
 */
import {
  type BudgetJson,
  type CapabilityTier,
  type Diagnostic,
  type JsonValue,
  type Policy,
  InvalidPlanError,
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
  toCanonicalData,
  toSharedCanonicalData,
  validatePolicyInput,
} from '@paxman/core';
import type { ExecutionPlan, FieldPlan, PlanStep } from './execution-plan.js';

/**
 * Canonical JSON of a plan.
 * @example parsePlan(serializePlan(plan)) // deep-equals plan
 */
export function serializePlan(plan: ExecutionPlan): string {
  return canonicalJson(toCanonicalPlan(plan));
}

/**
 * The plan as canonical data (`toCanonicalData`), for the artifact that records it. A
 * plan's object members (policy, budget, field plans, diagnostics) are the body the
 * planner builds once per contract and settings and shares, deep-frozen, across the plans
 * of every input; they go through `toSharedCanonicalData`, so their canonical copy and
 * text are made once per body, not once per run. Only the scalars are fresh.
 * @example canonicalJson(toCanonicalPlan(plan)) === canonicalJson(plan)
 */
export function toCanonicalPlan(plan: ExecutionPlan): ExecutionPlan {
  const members: Record<string, unknown> = {};
  for (const key of Object.keys(plan).sort()) {
    const member = (plan as unknown as Record<string, unknown>)[key];
    members[key] = typeof member === 'object' && member !== null ? toSharedCanonicalData(member) : member;
  }
  // Frozen here and in key order, so `toCanonicalData` takes it without copying it.
  return toCanonicalData(Object.freeze(members)) as unknown as ExecutionPlan;
}

/** Parses and validates plan JSON (a string or an already-parsed value). */
export function parsePlan(json: string | unknown): ExecutionPlan {
  let value: unknown = json;
  if (typeof json === 'string') {
    try {
      value = JSON.parse(json);
    } catch (cause) {
      throw new InvalidPlanError(`Plan JSON does not parse: ${(cause as Error).message}`, { cause });
    }
  }
  return deepFreeze(readPlan(value));
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

function jsonValue(value: unknown, path: string): JsonValue {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') return number(value, path);
  if (Array.isArray(value)) return value.map((item, index) => jsonValue(item, `${path}[${index}]`));
  if (isPlainObject(value)) return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, jsonValue(item, `${path}.${key}`)]));
  return fail(path, 'a JSON value', value);
}

function jsonObject(value: unknown, path: string): Readonly<Record<string, JsonValue>> {
  if (!isPlainObject(value)) fail(path, 'an object', value);
  return jsonValue(value, path) as Readonly<Record<string, JsonValue>>;
}

function readPlan(value: unknown): ExecutionPlan {
  const plan = object(value, '$', ['plannerVersion', 'contractFingerprint', 'inputContentHash', 'policy', 'budget', 'fieldPlans', 'diagnostics', 'failFast']);
  const contractFingerprint = string(plan['contractFingerprint'], '$.contractFingerprint');
  if (!isSha256Hex(contractFingerprint)) fail('$.contractFingerprint', 'a sha256 hex string', contractFingerprint);
  const inputContentHash = string(plan['inputContentHash'], '$.inputContentHash');
  if (!isSha256Hex(inputContentHash)) fail('$.inputContentHash', 'a sha256 hex string', inputContentHash);
  const fieldPlans = array(plan['fieldPlans'], '$.fieldPlans').map((item, index) => readFieldPlan(item, `$.fieldPlans[${index}]`));
  const seen = new Set<string>();
  for (const [index, fieldPlan] of fieldPlans.entries()) {
    if (seen.has(fieldPlan.fieldPath)) throw new InvalidPlanError(`Invalid plan at $.fieldPlans[${index}]: duplicate field path "${fieldPlan.fieldPath}".`, { context: { path: `$.fieldPlans[${index}]` } });
    seen.add(fieldPlan.fieldPath);
  }
  return {
    plannerVersion: string(plan['plannerVersion'], '$.plannerVersion'),
    contractFingerprint,
    inputContentHash,
    policy: readPolicy(plan['policy']),
    budget: readBudget(plan['budget']),
    fieldPlans,
    diagnostics: array(plan['diagnostics'], '$.diagnostics').map((item, index) => readDiagnostic(item, `$.diagnostics[${index}]`)),
    failFast: nullableString(plan['failFast'], '$.failFast'),
  };
}

function readPolicy(value: unknown): Policy {
  const policy = object(value, '$.policy', POLICY_KEYS);
  let validated: Partial<Policy>;
  try {
    validated = validatePolicyInput(policy);
  } catch (cause) {
    throw new InvalidPlanError(`Invalid plan at $.policy: ${(cause as Error).message}`, { cause, context: { path: '$.policy' } });
  }
  // validatePolicyInput normalizes fxRates; the plan must already hold the normal form.
  if (canonicalJson(validated) !== canonicalJson(policy)) fail('$.policy', 'a normalized policy', policy);
  return validated as Policy;
}

function readBudget(value: unknown): BudgetJson {
  if (!isPlainObject(value)) fail('$.budget', 'an object', value);
  let json: BudgetJson;
  try {
    json = budgetToJson(createBudget(value as BudgetJson));
  } catch (cause) {
    throw new InvalidPlanError(`Invalid plan at $.budget: ${(cause as Error).message}`, { cause, context: { path: '$.budget' } });
  }
  if (typeof value['maxTotalCostUsd'] === 'number' || canonicalJson(json) !== canonicalJson(value)) fail('$.budget', 'a normalized budget (USD as a decimal string)', value);
  return json;
}

function readFieldPlan(value: unknown, path: string): FieldPlan {
  const plan = object(value, path, ['fieldId', 'fieldPath', 'required', 'steps', 'targetConfidence', 'fallback', 'earlyStop', 'shortCircuit']);
  const fallback = plan['fallback'];
  if (!isFallback(fallback)) fail(`${path}.fallback`, 'a fallback', fallback);
  return {
    fieldId: string(plan['fieldId'], `${path}.fieldId`),
    fieldPath: string(plan['fieldPath'], `${path}.fieldPath`),
    required: boolean(plan['required'], `${path}.required`),
    steps: array(plan['steps'], `${path}.steps`).map((item, index) => readStep(item, `${path}.steps[${index}]`)),
    targetConfidence: number(plan['targetConfidence'], `${path}.targetConfidence`, (n) => n >= 0 && n <= 1, 'a number in [0, 1]'),
    fallback,
    earlyStop: boolean(plan['earlyStop'], `${path}.earlyStop`),
    shortCircuit: nullableString(plan['shortCircuit'], `${path}.shortCircuit`),
  };
}

function readStep(value: unknown, path: string): PlanStep {
  const step = object(value, path, ['capability', 'tier', 'config', 'score', 'costHint']);
  const capability = string(step['capability'], `${path}.capability`);
  if (!/^[^@]+@[^@]+$/.test(capability)) fail(`${path}.capability`, '"id@version"', capability);
  const tier = step['tier'];
  if (!isCapabilityTier(tier) || tier === 7) fail(`${path}.tier`, 'a capability tier 1–6', tier);
  const costHint = object(step['costHint'], `${path}.costHint`, ['tokens', 'ms', 'usd']);
  const usd = string(costHint['usd'], `${path}.costHint.usd`);
  if (!isDecimalString(usd)) fail(`${path}.costHint.usd`, 'a decimal string', usd);
  return {
    capability,
    tier: tier as CapabilityTier,
    config: jsonObject(step['config'], `${path}.config`),
    score: number(step['score'], `${path}.score`),
    costHint: {
      tokens: number(costHint['tokens'], `${path}.costHint.tokens`, (n) => Number.isInteger(n) && n >= 0, 'a non-negative integer'),
      ms: number(costHint['ms'], `${path}.costHint.ms`, (n) => Number.isFinite(n) && n >= 0, 'a non-negative number'),
      usd,
    },
  };
}

const SEVERITIES = ['ERROR', 'WARNING', 'INFO'];
const STAGES = ['contract', 'profile', 'plan', 'execution', 'capability', 'reconcile', 'artifact', 'inference'];

function readDiagnostic(value: unknown, path: string): Diagnostic {
  const diagnostic = object(value, path, ['code', 'severity', 'stage', 'message'], ['fieldPath', 'capability', 'context']);
  const severity = string(diagnostic['severity'], `${path}.severity`);
  if (!SEVERITIES.includes(severity)) fail(`${path}.severity`, 'ERROR, WARNING or INFO', severity);
  const stage = string(diagnostic['stage'], `${path}.stage`);
  if (!STAGES.includes(stage)) fail(`${path}.stage`, 'a diagnostic stage', stage);
  return {
    code: string(diagnostic['code'], `${path}.code`),
    severity: severity as Diagnostic['severity'],
    stage: stage as Diagnostic['stage'],
    message: string(diagnostic['message'], `${path}.message`),
    ...(diagnostic['fieldPath'] !== undefined ? { fieldPath: string(diagnostic['fieldPath'], `${path}.fieldPath`) } : {}),
    ...(diagnostic['capability'] !== undefined ? { capability: string(diagnostic['capability'], `${path}.capability`) } : {}),
    ...(diagnostic['context'] !== undefined ? { context: jsonObject(diagnostic['context'], `${path}.context`) } : {}),
  };
}
