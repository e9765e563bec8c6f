import { describe, expect, it } from 'vitest';
import { budgetToJson, createBudget } from './budget.js';
import { InvalidBudgetError } from './errors/invalid-budget-error.js';
import { InvalidPolicyError } from './errors/invalid-policy-error.js';
import { DEFAULT_POLICY, createPolicy, mergePolicy } from './policy.js';

describe('createBudget', () => {
  it('accepts numbers and decimal strings for USD without float noise', () => {
    expect(budgetToJson(createBudget({ maxTotalCostUsd: '0.10' }))).toEqual({ maxTotalCostUsd: '0.1' });
    expect(budgetToJson(createBudget({ maxTotalCostUsd: 0.1, maxRemoteInferenceCalls: 0 }))).toEqual({ maxTotalCostUsd: '0.1', maxRemoteInferenceCalls: 0 });
    expect(createBudget(undefined)).toEqual({});
  });

  it.each([
    [{ maxTotalCostUsd: Number.NaN }, /finite/],
    [{ maxTotalCostUsd: '-1' }, /negative/],
    [{ maxTotalCostUsd: true }, /boolean/],
    [{ maxTotalCostUsd: '1e3' }, /decimal/],
    [{ maxRemoteInferenceCalls: -1 }, /non-negative integer/],
    [{ maxTotalLatencyMs: 1.5 }, /non-negative integer/],
    [{ maxInputBytes: '100' }, /non-negative integer/],
    [{ maxTokens: 5 }, /Unknown budget option\(s\): maxTokens/],
  ])('rejects %j with InvalidBudgetError', (input, message) => {
    expect(() => createBudget(input as never)).toThrow(InvalidBudgetError);
    expect(() => createBudget(input as never)).toThrow(message);
  });
});

describe('createPolicy', () => {
  it('reads the input as it is now on every call (nothing is remembered)', () => {
    const input: { confidenceFloor: number; fxRates: Record<string, string> } = { confidenceFloor: 0.9, fxRates: { 'EUR/USD': '1.08' } };
    const first = createPolicy(input);
    expect(createPolicy(input)).toEqual(first);
    input.fxRates['EUR/USD'] = '1.10';
    const changed = createPolicy(input);
    expect(changed.fxRates).toEqual({ 'EUR/USD': '1.1' });
    input.confidenceFloor = 0.5;
    expect(createPolicy(input).confidenceFloor).toBe(0.5);
    expect(() => createPolicy({ allowLocalInference: false, unknownOption: undefined } as never)).toThrow(InvalidPolicyError);
    expect(() => createPolicy({ confidenceFloor: Number.NaN })).toThrow(InvalidPolicyError);
  });

  it('fills defaults and normalizes FX rates', () => {
    const policy = createPolicy({ confidenceFloor: 0.9, currencyPolicy: 'ALLOW_FX', fxRates: { 'EUR/USD': 1.08 } });
    expect(policy).toMatchObject({ confidenceFloor: 0.9, currencyPolicy: 'ALLOW_FX', fxRates: { 'EUR/USD': '1.08' }, allowRemoteInference: false });
    expect(Object.isFrozen(policy)).toBe(true);
  });

  it.each([
    [{ confidenceFloor: 1.2 }, 'INVALID_CONFIDENCE_FLOOR'],
    [{ confidenceFloor: Number.NaN }, 'INVALID_CONFIDENCE_FLOOR'],
    [{ allowRemoteInference: 'yes' }, 'INVALID_POLICY'],
    [{ currencyPolicy: 'LOOSE' }, 'INVALID_POLICY'],
    [{ fxRates: { EURUSD: '1.1' } }, 'INVALID_FX_RATE'],
    [{ fxRates: { 'EUR/USD': '-1' } }, 'INVALID_FX_RATE'],
    [{ emitMetrics: true }, 'INVALID_POLICY'],
  ])('rejects %j with code %s', (input, code) => {
    expect(() => createPolicy(input as never)).toThrow(InvalidPolicyError);
    try {
      createPolicy(input as never);
    } catch (error) {
      expect((error as InvalidPolicyError).code).toBe(code);
    }
  });

  it('lets the contract policy override the call site', () => {
    const effective = mergePolicy({ confidenceFloor: 0.5, unresolvedAcceptable: false }, { unresolvedAcceptable: true });
    expect(effective).toEqual({ ...DEFAULT_POLICY, confidenceFloor: 0.5, unresolvedAcceptable: true });
  });
});

describe('policy and budget of frozen inputs', () => {
  it('gives a frozen policy for a frozen input, and a fresh reading of a mutable one', () => {
    const frozen = Object.freeze({ confidenceFloor: 0.9, fxRates: Object.freeze({ 'EUR/USD': '1.08' }) });
    expect(Object.isFrozen(createPolicy(frozen))).toBe(true);
    expect(createPolicy(frozen)).toEqual(createPolicy({ confidenceFloor: 0.9, fxRates: { 'EUR/USD': '1.08' } }));
    const mutable: { confidenceFloor: number } = { confidenceFloor: 0.9 };
    expect(createPolicy(mutable).confidenceFloor).toBe(0.9);
    mutable.confidenceFloor = 0.7;
    expect(createPolicy(mutable).confidenceFloor).toBe(0.7);
  });

  it('merges a frozen call-site policy with each contract policy on its own', () => {
    const callSite = createPolicy({ confidenceFloor: 0.9 });
    const strict = Object.freeze({ confidenceFloor: 0.95 });
    expect(mergePolicy(callSite, strict).confidenceFloor).toBe(0.95);
    expect(mergePolicy(callSite, undefined).confidenceFloor).toBe(0.9);
    expect(mergePolicy(callSite, null).confidenceFloor).toBe(0.9);
    expect(() => mergePolicy(callSite, Object.freeze({ confidenceFloor: 2 }))).toThrow(InvalidPolicyError);
    expect(() => mergePolicy(callSite, Object.freeze({ confidenceFloor: 2 }))).toThrow(InvalidPolicyError);
  });

  it('validates a frozen budget every time', () => {
    const invalid = Object.freeze({ maxRemoteInferenceCalls: -1 });
    expect(() => createBudget(invalid)).toThrow(InvalidBudgetError);
    expect(() => createBudget(invalid)).toThrow(InvalidBudgetError);
    const valid = Object.freeze({ maxRemoteInferenceCalls: 0 });
    expect(createBudget(valid)).toEqual({ maxRemoteInferenceCalls: 0 });
  });
});
