/** The budget tracker: each cap, strict comparison, exact decimal USD, check order. */
import { describe, expect, it } from 'vitest';
import { createBudgetTracker } from './budget-tracker.js';

const free = { usd: '0', ms: 0, remoteCalls: 0 };

describe('createBudgetTracker', () => {
  it('is uncapped without a budget', () => {
    const tracker = createBudgetTracker(undefined);
    for (let index = 0; index < 100; index += 1) tracker.book({ usd: '1', ms: 1000, tokens: 10, remoteCalls: 1 });
    expect(tracker.check({ usd: '1000', ms: 1e9, remoteCalls: 5 })).toBeNull();
    expect(tracker.spent()).toEqual({ usd: '100', ms: 100000, tokens: 1000, remoteCalls: 100, invocations: 100 });
  });

  it('adds USD exactly (0.1 + 0.2 reaches a 0.3 cap exactly, which is allowed)', () => {
    const tracker = createBudgetTracker({ maxTotalCostUsd: '0.3' });
    tracker.book({ usd: '0.1', ms: 0, tokens: 0, remoteCalls: 0 });
    expect(tracker.check({ ...free, usd: '0.2' })).toBeNull();
    tracker.book({ usd: '0.2', ms: 0, tokens: 0, remoteCalls: 0 });
    expect(tracker.check({ ...free, usd: '0.0000001' })).toEqual({ cap: 'maxTotalCostUsd', spent: '0.3', requested: '0.0000001', limit: '0.3' });
    expect(tracker.check(free)).toBeNull();
  });

  it('checks latency as the sum of declared milliseconds', () => {
    const tracker = createBudgetTracker({ maxTotalLatencyMs: 10 });
    tracker.book({ usd: '0', ms: 6, tokens: 0, remoteCalls: 0 });
    expect(tracker.check({ ...free, ms: 4 })).toBeNull();
    expect(tracker.check({ ...free, ms: 5 })).toEqual({ cap: 'maxTotalLatencyMs', spent: 6, requested: 5, limit: 10 });
  });

  it('counts remote calls only for remote steps', () => {
    const tracker = createBudgetTracker({ maxRemoteInferenceCalls: 0 });
    expect(tracker.check(free)).toBeNull();
    expect(tracker.check({ ...free, remoteCalls: 1 })).toEqual({ cap: 'maxRemoteInferenceCalls', spent: 0, requested: 1, limit: 0 });
  });

  it('counts every invocation', () => {
    const tracker = createBudgetTracker({ maxCapabilityInvocations: 1 });
    expect(tracker.check(free)).toBeNull();
    tracker.book({ usd: '0', ms: 0, tokens: 0, remoteCalls: 0 });
    expect(tracker.check(free)).toEqual({ cap: 'maxCapabilityInvocations', spent: 1, requested: 1, limit: 1 });
  });

  it('names the first cap exceeded in a fixed order: USD, latency, remote calls, invocations', () => {
    const tracker = createBudgetTracker({ maxTotalCostUsd: 0, maxTotalLatencyMs: 0, maxRemoteInferenceCalls: 0, maxCapabilityInvocations: 0 });
    expect(tracker.check({ usd: '1', ms: 1, remoteCalls: 1 })!.cap).toBe('maxTotalCostUsd');
    expect(tracker.check({ usd: '0', ms: 1, remoteCalls: 1 })!.cap).toBe('maxTotalLatencyMs');
    expect(tracker.check({ usd: '0', ms: 0, remoteCalls: 1 })!.cap).toBe('maxRemoteInferenceCalls');
    expect(tracker.check({ usd: '0', ms: 0, remoteCalls: 0 })!.cap).toBe('maxCapabilityInvocations');
  });

  it('rejects an invalid budget with InvalidBudgetError', () => {
    expect(() => createBudgetTracker({ maxCapabilityInvocations: -1 })).toThrow(expect.objectContaining({ code: 'INVALID_BUDGET' }));
  });
});

describe('token cap and allowance', () => {
  it('excludes a step whose tokens would pass maxTotalTokens, and says what is left', () => {
    const tracker = createBudgetTracker({ maxTotalTokens: 1000, maxTotalCostUsd: '0.05', maxRemoteInferenceCalls: 2 });
    expect(tracker.check({ usd: '0.01', ms: 0, tokens: 900, remoteCalls: 1 })).toBeNull();
    tracker.book({ usd: '0.01', ms: 0, tokens: 900, remoteCalls: 1 });
    expect(tracker.check({ usd: '0.01', ms: 0, tokens: 200, remoteCalls: 1 })).toMatchObject({ cap: 'maxTotalTokens', spent: 900, requested: 200, limit: 1000 });
    expect(tracker.allowance()).toEqual({ usd: '0.04', tokens: 100, remoteCalls: 1 });
    expect(createBudgetTracker({}).allowance()).toEqual({ usd: null, tokens: null, remoteCalls: null });
  });
});
