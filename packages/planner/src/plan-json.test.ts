/** `serializePlan` / `parsePlan`: canonical form, exact round trip, and validation. */
import { describe, expect, it } from 'vitest';
import { defineContract } from '@paxman/contract';
import { standardCapabilities } from './__fixtures__/test-registry.js';
import { createCapabilityRegistry } from '@paxman/capability-spi';
import { plan } from './plan.js';
import { canonicalJson } from '@paxman/core';
import { parsePlan, serializePlan, validatePlan } from './plan-json.js';

const contract = defineContract({
  id: 'invoice',
  fields: [
    { path: 'total', type: 'MONEY', required: true, derived: { expression: 'subtotal + tax' } },
    { path: 'subtotal', type: 'MONEY' },
    { path: 'tax', type: 'MONEY', lookup: { table: 'rates', keyField: 'country' } },
    { path: 'country', type: 'STRING' },
  ],
});
const profile = { inputType: 'text', size: 10, contentHash: 'cd'.repeat(32), density: 0.5, isEmpty: false } as const;
const samplePlan = plan({
  contract,
  profile,
  registry: createCapabilityRegistry(standardCapabilities()),
  budget: { maxTotalCostUsd: '0.50', maxRemoteInferenceCalls: 3 },
  policy: { allowRemoteInference: true, currencyPolicy: 'ALLOW_FX', fxRates: { 'EUR/USD': '1.08' } },
});

describe('plan JSON', () => {
  it('serializes canonically and round-trips exactly', () => {
    const json = serializePlan(samplePlan);
    const parsed = parsePlan(json);
    expect(parsed).toEqual(samplePlan);
    expect(serializePlan(parsed)).toBe(json);
    expect(Object.isFrozen(parsed.fieldPlans[0]!.steps[0]!.config)).toBe(true);
    expect(json.startsWith('{"budget":{"maxRemoteInferenceCalls":3,"maxTotalCostUsd":"0.5"}')).toBe(true);
  });

  it('accepts an already-parsed value', () => {
    expect(parsePlan(JSON.parse(serializePlan(samplePlan)))).toEqual(samplePlan);
  });

  it('parses into a frozen plan that serializes to the same text', () => {
    const parsed = parsePlan(serializePlan(samplePlan));
    expect(Object.isFrozen(parsed)).toBe(true);
    expect(Object.isFrozen(parsed.fieldPlans)).toBe(true);
    expect(serializePlan(parsed)).toBe(canonicalJson(samplePlan));
  });

  it('names the path of a config value that is not JSON', () => {
    const value = JSON.parse(serializePlan(samplePlan)) as { fieldPlans: { steps: { config: Record<string, unknown> }[] }[] };
    value.fieldPlans[0]!.steps[0]!.config['extra'] = { list: [1, Number.POSITIVE_INFINITY] };
    expect(() => validatePlan(value)).toThrow(/fieldPlans\[0\]\.steps\[0\]\.config\.extra\.list\[1\]: expected a finite number/);
    value.fieldPlans[0]!.steps[0]!.config['extra'] = { when: new Date(0) };
    expect(() => parsePlan(value)).toThrow(/config\.extra\.when: expected a JSON value/);
  });

  it('validates a parsed plan in place: neither copied nor frozen', () => {
    const value = JSON.parse(serializePlan(samplePlan)) as Record<string, unknown>;
    expect(validatePlan(value)).toBe(value);
    expect(Object.isFrozen(value)).toBe(false);
    expect(Object.isFrozen(parsePlan(value))).toBe(true);
    expect(Object.isFrozen(value)).toBe(false);
  });

  const mutate = (change: (value: Record<string, unknown>) => void): string => {
    const value = JSON.parse(serializePlan(samplePlan)) as Record<string, unknown>;
    change(value);
    return JSON.stringify(value);
  };
  const fieldPlans = (value: Record<string, unknown>) => value['fieldPlans'] as Record<string, unknown>[];
  const firstStep = (value: Record<string, unknown>) => (fieldPlans(value)[0]!['steps'] as Record<string, unknown>[])[0]!;

  it.each([
    ['text that is not JSON', '{"plannerVersion":', /does not parse/],
    ['a non-object', '[]', /at \$: expected an object, got array/],
    ['a missing key', mutate((value) => delete value['failFast']), /missing key "failFast"/],
    ['an unknown key', mutate((value) => (value['extra'] = 1)), /unknown key "extra"/],
    ['a bad fingerprint', mutate((value) => (value['contractFingerprint'] = 'abc')), /contractFingerprint: expected a sha256 hex string/],
    ['a bad tier', mutate((value) => (firstStep(value)['tier'] = 7)), /steps\[0\]\.tier/],
    ['a bad capability key', mutate((value) => (firstStep(value)['capability'] = 'explicit')), /capability: expected "id@version"/],
    ['a non-decimal usd', mutate((value) => ((firstStep(value)['costHint'] as Record<string, unknown>)['usd'] = '1e-3')), /costHint\.usd/],
    ['a bad target', mutate((value) => (fieldPlans(value)[0]!['targetConfidence'] = 1.5)), /targetConfidence: expected a number in \[0, 1\]/],
    ['a bad fallback', mutate((value) => (fieldPlans(value)[0]!['fallback'] = 'GUESS')), /fallback/],
    ['a duplicate field', mutate((value) => fieldPlans(value).push(fieldPlans(value)[0]!)), /duplicate field path "subtotal"/],
    ['an invalid policy', mutate((value) => ((value['policy'] as Record<string, unknown>)['confidenceFloor'] = 3)), /\$\.policy/],
    ['a partial policy', mutate((value) => delete (value['policy'] as Record<string, unknown>)['earlyStop']), /missing key "earlyStop"/],
    ['a budget with a number for USD', mutate((value) => ((value['budget'] as Record<string, unknown>)['maxTotalCostUsd'] = 0.5)), /\$\.budget/],
    ['a bad budget', mutate((value) => ((value['budget'] as Record<string, unknown>)['maxRemoteInferenceCalls'] = -1)), /\$\.budget/],
    ['a bad diagnostic stage', mutate((value) => (value['diagnostics'] as unknown[]).push({ code: 'X', severity: 'INFO', stage: 'nowhere', message: 'm' })), /diagnostics\[0\]\.stage/],
  ])('rejects %s with InvalidPlanError', (_name, json, message) => {
    expect(() => parsePlan(json)).toThrow(expect.objectContaining({ code: 'INVALID_PLAN', message: expect.stringMatching(message) }));
    let value: unknown;
    try {
      value = JSON.parse(json);
    } catch {
      return;
    }
    expect(() => validatePlan(value)).toThrow(expect.objectContaining({ code: 'INVALID_PLAN', message: expect.stringMatching(message) }));
  });
});
