/** Unit tests of `run()`: order, context, early stop, budget caps, failures, cancellation. */
import { describe, expect, it } from 'vitest';
import { type CapabilityTier, CapabilityError, type FieldScorer, type RunScorer, manualClock } from '@paxman/core';
import { type CanonicalContract, type FieldInput, defineContract } from '@paxman/contract';
import type { BudgetInput, PolicyInput } from '@paxman/core';
import type { Capability, CapabilityContext } from '@paxman/capability-spi';
import { plan } from '@paxman/planner';
import { found, scriptedCapability, textDocument, tierScorer } from './__fixtures__/test-doubles.js';
import { createCapabilityRegistry } from '@paxman/capability-spi';
import { run } from './run.js';

const HASH = '12'.repeat(32);
const profile = { inputType: 'text', size: 100, contentHash: HASH, density: 0.7, isEmpty: false } as const;
const document = textDocument();

function setup(fields: readonly FieldInput[], capabilities: readonly Capability[], options: { policy?: PolicyInput; budget?: BudgetInput; empty?: boolean } = {}) {
  const contract = defineContract({ id: 'test', fields });
  const registry = createCapabilityRegistry(capabilities);
  const executionPlan = plan({
    contract,
    profile: options.empty ? { ...profile, isEmpty: true } : profile,
    registry,
    policy: { allowRemoteInference: true, ...options.policy },
    ...(options.budget ? { budget: options.budget } : {}),
  });
  return { contract, registry, plan: executionPlan };
}

/** A capability that finds `value(field)` for every field it runs on. */
function finder(id: string, tier: CapabilityTier, value: (context: CapabilityContext) => string | null, extra: Partial<Parameters<typeof scriptedCapability>[0]> = {}) {
  return scriptedCapability({
    id,
    tier,
    ...extra,
    invoke: (context) => {
      const found_ = value(context);
      return found_ === null ? { candidates: [], evidence: [], diagnostics: [] } : found(context, found_, tier, id);
    },
  });
}

const outcomes = (result: { steps: readonly { outcome: string }[] }) => result.steps.map((step) => step.outcome);

describe('run: order and context', () => {
  it('walks fields in plan order and steps in chain order, passing config, document, tables, signal and earlier candidates', async () => {
    const order: string[] = [];
    const labels = scriptedCapability({
      id: 'labels',
      tier: 1,
      configure: (field) => ({ config: { label: field.name } }),
      invoke: (context) => {
        order.push(`labels:${context.field.path}`);
        return found(context, `${context.config['label']}-value`, 1, 'labels');
      },
    });
    const checker = scriptedCapability({
      id: 'checker',
      tier: 2,
      invoke: (context) => {
        order.push(`checker:${context.field.path}`);
        return { candidates: [], evidence: [], diagnostics: [] };
      },
    });
    const { contract, registry, plan: executionPlan } = setup(
      [
        { path: 'b_optional', type: 'STRING' },
        { path: 'a_required', type: 'STRING', required: true },
      ],
      [labels, checker],
    );
    const controller = new AbortController();
    const tables = { currencies: { euro: 'EUR' } };
    const { results } = await run({ plan: executionPlan, contract, document, registry, tables, signal: controller.signal });
    expect(order).toEqual(['labels:a_required', 'checker:a_required', 'labels:b_optional', 'checker:b_optional']);
    expect(results.map((result) => result.fieldPath)).toEqual(['a_required', 'b_optional']);
    expect(results[0]).toMatchObject({ status: 'COMPLETED', shortCircuit: null, steps: [{ capability: 'labels@1.0.0', outcome: 'RAN', candidateCount: 1 }, { capability: 'checker@1.0.0', outcome: 'RAN', candidateCount: 0 }] });
    expect(results[0]!.candidates.map((candidate) => candidate.value)).toEqual(['a_required-value']);
    expect(results[0]!.evidence).toHaveLength(1);
    const checkerContext = checker.calls[0]!;
    expect(checkerContext.document).toBe(document);
    expect(checkerContext.tables).toBe(tables);
    expect(checkerContext.signal).toBe(controller.signal);
    expect(checkerContext.candidates!.map((candidate) => candidate.value)).toEqual(['a_required-value']);
    expect(checkerContext.candidateEvidence).toHaveLength(1);
    expect(labels.calls[0]!.candidates).toEqual([]);
    expect(labels.calls[0]!.config).toEqual({ label: 'a_required' });
  });

  it('passes resolved fields forward: with a scorer only those that meet their target, by their best value', async () => {
    const seen: Record<string, unknown>[] = [];
    const source = finder('source', 2, (context) => (context.field.path === 'weak' ? null : context.field.path === 'country' ? 'FR' : null));
    const weak = finder('guess', 3, (context) => (context.field.path === 'weak' ? 'maybe' : null));
    const reader = scriptedCapability({
      id: 'reader',
      tier: 4,
      invoke: (context) => {
        seen.push(Object.fromEntries([...context.resolved].map(([path, value]) => [path, value.value])));
        return { candidates: [], evidence: [], diagnostics: [] };
      },
    });
    const fields: FieldInput[] = [
      { path: 'country', type: 'STRING', required: true },
      { path: 'weak', type: 'STRING', required: true },
      { path: 'rate', type: 'STRING', required: true },
    ];
    const { contract, registry, plan: executionPlan } = setup(fields, [source, weak, reader]);
    await run({ plan: executionPlan, contract, document, registry, scoreField: tierScorer });
    expect(seen.at(-1)).toEqual({ country: 'FR' });
    expect(reader.calls.at(-1)!.resolved.get('country')!.evidenceIds).toHaveLength(1);
    seen.length = 0;
    await run({ plan: executionPlan, contract, document, registry });
    expect(seen.at(-1)).toEqual({ country: 'FR', weak: 'maybe' });
  });

  it('annotates each evidence record as it arrives, so the scorer judges what the results keep', async () => {
    const source = finder('source', 1, () => 'v');
    const { contract, registry, plan: executionPlan } = setup([{ path: 'a', type: 'STRING', required: true }], [source]);
    const judged: unknown[] = [];
    const scorer: FieldScorer = (input) => {
      judged.push(...input.evidence.map((record) => record.detail?.['seen']));
      return 0.9;
    };
    const { results } = await run({ plan: executionPlan, contract, document, registry, scoreField: scorer, annotateEvidence: (record) => ({ ...record, detail: { ...record.detail, seen: true } }) });
    expect(judged.length).toBeGreaterThan(0);
    expect(judged.every((seen) => seen === true)).toBe(true);
    expect(results[0]!.evidence.map((record) => record.detail?.['seen'])).toEqual([true]);
  });

  it('tells a run scorer when each chain ends, and whether its last score saw everything the chain found', async () => {
    const first = finder('first', 1, (context) => (context.field.path === 'b' ? null : 'v'));
    const second = finder('second', 2, (context) => (context.field.path === 'a' ? null : 'w'));
    const { contract, registry, plan: executionPlan } = setup([{ path: 'a', type: 'STRING', required: true }, { path: 'b', type: 'STRING', required: true }, { path: 'c', type: 'STRING', required: true }], [first, second], { policy: { earlyStop: false } });
    const ended: [string, boolean][] = [];
    let failNext = false;
    const scorer: RunScorer = {
      score: (input) => {
        if (failNext && input.fieldPath === 'c') throw new Error('scorer broke');
        return 0.5;
      },
      chainEnded: (fieldPath, scoredFinal) => {
        ended.push([fieldPath, scoredFinal]);
        failNext = fieldPath === 'b';
      },
    };
    await run({ plan: executionPlan, contract, document, registry, scoreField: scorer });
    // a: scored after its last finding; b: scored after the step that found it; c: the scorer threw, so nothing it saw is final.
    expect(ended).toEqual([
      ['a', true],
      ['b', true],
      ['c', false],
    ]);
  });

  it('scores a field again only after a step that added candidates or evidence', async () => {
    const first = finder('first', 1, () => 'v');
    const empty = finder('empty', 2, () => null);
    const last = finder('last', 3, () => 'w');
    const { contract, registry, plan: executionPlan } = setup([{ path: 'a', type: 'STRING', required: true }], [first, empty, last], { policy: { earlyStop: false } });
    const scored: number[] = [];
    const scorer: FieldScorer = (input) => {
      scored.push(input.candidates.length);
      return 0.5;
    };
    const { results } = await run({ plan: executionPlan, contract, document, registry, scoreField: scorer });
    // After 'first' (one candidate) and 'last' (two); 'empty' found nothing, so the score stood.
    expect(scored).toEqual([1, 2]);
    expect(outcomes(results[0]!)).toEqual(['RAN', 'RAN', 'RAN']);
  });

  it('with conflicting candidates passes the value the scorer grades best', async () => {
    const first = finder('first', 2, () => 'high');
    const second = finder('second', 1, (context) => (context.field.path === 'x' ? 'low' : null));
    const reader = scriptedCapability({ id: 'reader', tier: 4, acceptsTypes: ['INTEGER'] });
    const contract = defineContract({ id: 'c', fields: [{ path: 'x', type: 'STRING', required: true, confidenceThreshold: 0.5 }, { path: 'y', type: 'INTEGER', required: true }] });
    const registry = createCapabilityRegistry([first, second, reader]);
    const executionPlan = plan({ contract, profile, registry, policy: { earlyStop: false, confidenceFloor: 0.5 } });
    // The chain finds 'low' first (tier 1); the scorer grades 'high' better, so 'high' is passed on.
    const scorer: FieldScorer = (input) => (new Set(input.candidates.map((candidate) => candidate.value)).size > 1 ? 0.6 : input.candidates[0]!.value === 'high' ? 0.9 : 0.7);
    await run({ plan: executionPlan, contract, document, registry, scoreField: scorer });
    expect(reader.calls[0]!.resolved.get('x')!.value).toBe('high');
  });

  it('returns SHORT_CIRCUITED results for short-circuited fields and runs nothing', async () => {
    const capability = finder('labels', 1, () => 'v');
    const { contract, registry, plan: executionPlan } = setup([{ path: 'a', type: 'STRING', required: true }], [capability], { empty: true });
    const { results, statistics } = await run({ plan: executionPlan, contract, document, registry });
    expect(results).toEqual([{ fieldPath: 'a', candidates: [], evidence: [], diagnostics: [], steps: [], status: 'SHORT_CIRCUITED', shortCircuit: 'EMPTY_INPUT' }]);
    expect(capability.calls).toHaveLength(0);
    expect(statistics.totalInvocations).toBe(0);
  });

  it('fails fast on an INPUT_TOO_LARGE plan: every field short-circuited, nothing invoked', async () => {
    const capability = finder('labels', 1, () => 'v');
    const { contract, registry, plan: executionPlan } = setup([{ path: 'a', type: 'STRING', required: true }, { path: 'b', type: 'STRING' }], [capability], { budget: { maxInputBytes: 10 } });
    expect(executionPlan.failFast).toBe('INPUT_TOO_LARGE');
    const { results } = await run({ plan: executionPlan, contract, document, registry });
    expect(results.map((result) => [result.status, result.shortCircuit])).toEqual([
      ['SHORT_CIRCUITED', 'INPUT_TOO_LARGE'],
      ['SHORT_CIRCUITED', 'INPUT_TOO_LARGE'],
    ]);
    expect(capability.calls).toHaveLength(0);
  });

  it('rejects a plan made for another contract with ContractMismatchError', async () => {
    const { registry, plan: executionPlan } = setup([{ path: 'a', type: 'STRING', required: true }], [finder('labels', 1, () => 'v')]);
    const other = defineContract({ id: 'other', fields: [{ path: 'b', type: 'STRING' }] });
    await expect(run({ plan: executionPlan, contract: other, document, registry })).rejects.toMatchObject({ code: 'CONTRACT_MISMATCH' });
  });
});

describe('run: synchronous and asynchronous capabilities', () => {
  it('gives the same results whether steps return values or promises, in any mix', async () => {
    const fields: FieldInput[] = [
      { path: 'a', type: 'STRING', required: true },
      { path: 'b', type: 'STRING' },
    ];
    const chainOf = (asyncAt: readonly number[]) =>
      ['first', 'second', 'third'].map((id, index) =>
        scriptedCapability({
          id,
          tier: (index + 1) as CapabilityTier,
          invoke: (context) => {
            const result = context.field.path === 'a' || index === 2 ? found(context, `${id}-${context.field.path}`, (index + 1) as CapabilityTier, id) : { candidates: [], evidence: [], diagnostics: [] };
            return asyncAt.includes(index) ? Promise.resolve(result) : result;
          },
        }),
      );
    const lowScorer: FieldScorer = (input) => (input.candidates.length >= 2 ? 0.9 : 0.5);
    const runWith = async (asyncAt: readonly number[]) => {
      const { contract, registry, plan: executionPlan } = setup(fields, chainOf(asyncAt), { policy: { confidenceFloor: 0.9 } });
      return (await run({ plan: executionPlan, contract, document, registry, scoreField: lowScorer })).results;
    };
    const allSync = await runWith([]);
    expect(outcomes(allSync[0]!)).toEqual(['RAN', 'RAN', 'SKIPPED_EARLY_STOP']);
    expect(outcomes(allSync[1]!)).toEqual(['RAN', 'RAN', 'RAN']);
    for (const asyncAt of [[0], [1], [0, 2], [0, 1, 2]]) expect(await runWith(asyncAt)).toEqual(allSync);
  });
});

describe('run: early stop', () => {
  const chain = () => [finder('explicit', 1, () => 'A'), finder('pattern', 2, () => 'A'), finder('remote', 6, () => 'A', { usd: '0.01' })];
  const fields: FieldInput[] = [{ path: 'a', type: 'STRING', required: true }];

  it('skips the rest of the chain once the scorer says the target is met', async () => {
    const capabilities = chain();
    const { contract, registry, plan: executionPlan } = setup(fields, capabilities);
    const { results, statistics } = await run({ plan: executionPlan, contract, document, registry, scoreField: tierScorer });
    expect(outcomes(results[0]!)).toEqual(['RAN', 'SKIPPED_EARLY_STOP', 'SKIPPED_EARLY_STOP']);
    expect(results[0]!.diagnostics).toEqual([
      {
        code: 'EARLY_STOP',
        severity: 'INFO',
        stage: 'execution',
        fieldPath: 'a',
        capability: 'explicit@1.0.0',
        message: "'a' met its target confidence 0.8 after explicit@1.0.0; 2 later step(s) skipped.",
        context: { confidence: 0.95, targetConfidence: 0.8, skipped: ['pattern@1.0.0', 'remote@1.0.0'] },
      },
    ]);
    expect(capabilities[2]!.calls).toHaveLength(0);
    expect(statistics.totalUsd).toBe('0');
  });

  it('keeps going while the score is below the target', async () => {
    const { contract, registry, plan: executionPlan } = setup(fields, chain(), { policy: { confidenceFloor: 0.9 } });
    const lowScorer: FieldScorer = (input) => (input.candidates.length >= 2 ? 0.9 : 0.5);
    const { results } = await run({ plan: executionPlan, contract, document, registry, scoreField: lowScorer });
    expect(outcomes(results[0]!)).toEqual(['RAN', 'RAN', 'SKIPPED_EARLY_STOP']);
  });

  it('runs the whole chain when earlyStop is off or no scorer is given', async () => {
    const off = setup(fields, chain(), { policy: { earlyStop: false } });
    expect(outcomes((await run({ ...off, document, scoreField: tierScorer })).results[0]!)).toEqual(['RAN', 'RAN', 'RAN']);
    const noScorer = setup(fields, chain());
    expect(outcomes((await run({ ...noScorer, document })).results[0]!)).toEqual(['RAN', 'RAN', 'RAN']);
  });

  it('survives a scorer that throws: a diagnostic, and the chain runs on', async () => {
    const { contract, registry, plan: executionPlan } = setup(fields, chain());
    const broken: FieldScorer = () => {
      throw new Error('rubric exploded');
    };
    const { results } = await run({ plan: executionPlan, contract, document, registry, scoreField: broken });
    expect(outcomes(results[0]!)).toEqual(['RAN', 'RAN', 'RAN']);
    expect(results[0]!.diagnostics.map((diagnostic) => diagnostic.code)).toEqual(['SCORER_ERROR']);
  });
});

describe('run: budget', () => {
  const twoFields: FieldInput[] = [
    { path: 'a', type: 'STRING', required: true },
    { path: 'b', type: 'STRING', required: true },
  ];
  const standard = () => [finder('explicit', 1, () => null, { ms: 2 }), finder('pattern', 2, () => null, { ms: 3 }), finder('local', 5, () => null, { ms: 100, tokens: 50 }), finder('remote', 6, () => null, { usd: '0.002', ms: 1000, tokens: 400 })];
  const budgetDiagnostics = (result: { diagnostics: readonly { code: string; context?: unknown }[] }) => result.diagnostics.filter((diagnostic) => diagnostic.code === 'BUDGET_EXCLUDES').map((diagnostic) => diagnostic.context);

  it('a remote-call cap of 0 still lets every field run its deterministic steps', async () => {
    const { contract, registry, plan: executionPlan } = setup(twoFields, standard());
    expect(executionPlan.fieldPlans[0]!.steps.map((step) => step.tier)).toEqual([1, 2, 5, 6]);
    const { results, statistics } = await run({ plan: executionPlan, contract, document, registry, budget: { maxRemoteInferenceCalls: 0 } });
    for (const result of results) {
      expect(outcomes(result)).toEqual(['RAN', 'RAN', 'RAN', 'SKIPPED_BUDGET']);
      expect(result.status).toBe('COMPLETED');
      expect(budgetDiagnostics(result)).toEqual([{ cap: 'maxRemoteInferenceCalls', spent: 0, requested: 1, limit: 0 }]);
    }
    expect(results[0]!.diagnostics[0]!.message).toBe("Skipped remote@1.0.0 for 'a': budget.maxRemoteInferenceCalls would be exceeded (spent 0, step needs 1, limit 0).");
    expect(statistics.remoteInferenceCalls).toBe(0);
    expect(statistics.totalInvocations).toBe(6);
  });

  it('a USD cap lets the first remote call through and skips the one that would exceed it', async () => {
    const { contract, registry, plan: executionPlan } = setup(twoFields, standard(), { budget: { maxTotalCostUsd: '0.003' } });
    const { results, statistics } = await run({ plan: executionPlan, contract, document, registry });
    expect(outcomes(results[0]!)).toEqual(['RAN', 'RAN', 'RAN', 'RAN']);
    expect(outcomes(results[1]!)).toEqual(['RAN', 'RAN', 'RAN', 'SKIPPED_BUDGET']);
    expect(budgetDiagnostics(results[1]!)).toEqual([{ cap: 'maxTotalCostUsd', spent: '0.002', requested: '0.002', limit: '0.003' }]);
    expect(statistics.totalUsd).toBe('0.002');
  });

  it('a cap reached exactly is allowed', async () => {
    const { contract, registry, plan: executionPlan } = setup(twoFields, standard(), { budget: { maxTotalCostUsd: '0.004' } });
    const { results } = await run({ plan: executionPlan, contract, document, registry });
    expect(results.flatMap(outcomes).filter((outcome) => outcome !== 'RAN')).toEqual([]);
  });

  it('a latency cap (sum of declared ms) skips a slow step and the field continues with later steps that fit', async () => {
    const capabilities = [finder('slow', 1, () => null, { ms: 60 }), finder('quick', 2, () => null, { ms: 5 })];
    const { contract, registry, plan: executionPlan } = setup(twoFields, capabilities, { budget: { maxTotalLatencyMs: 70 } });
    const { results } = await run({ plan: executionPlan, contract, document, registry });
    expect(outcomes(results[0]!)).toEqual(['RAN', 'RAN']);
    expect(outcomes(results[1]!)).toEqual(['SKIPPED_BUDGET', 'RAN']);
    expect(budgetDiagnostics(results[1]!)).toEqual([{ cap: 'maxTotalLatencyMs', spent: 65, requested: 60, limit: 70 }]);
  });

  it('an invocation cap stops invoking once reached, for every later step', async () => {
    const { contract, registry, plan: executionPlan } = setup(twoFields, standard(), { budget: { maxCapabilityInvocations: 3 } });
    const { results, statistics } = await run({ plan: executionPlan, contract, document, registry });
    expect(outcomes(results[0]!)).toEqual(['RAN', 'RAN', 'RAN', 'SKIPPED_BUDGET']);
    expect(outcomes(results[1]!)).toEqual(['SKIPPED_BUDGET', 'SKIPPED_BUDGET', 'SKIPPED_BUDGET', 'SKIPPED_BUDGET']);
    expect(results[1]!.status).toBe('COMPLETED');
    expect(budgetDiagnostics(results[1]!)[0]).toEqual({ cap: 'maxCapabilityInvocations', spent: 3, requested: 1, limit: 3 });
    expect(statistics.totalInvocations).toBe(3);
  });

  it('books the usage a capability reports instead of its hint', async () => {
    const reporting = scriptedCapability({
      id: 'remote',
      tier: 6,
      usd: '0.001',
      tokens: 10,
      invoke: () => ({ candidates: [], evidence: [], diagnostics: [], usage: { usd: '0.004', inputTokens: 300, outputTokens: 20 } }),
    });
    const { contract, registry, plan: executionPlan } = setup(twoFields, [reporting], { budget: { maxTotalCostUsd: '0.0045' } });
    const { results, statistics } = await run({ plan: executionPlan, contract, document, registry });
    expect(outcomes(results[0]!)).toEqual(['RAN']);
    expect(outcomes(results[1]!)).toEqual(['SKIPPED_BUDGET']);
    expect(budgetDiagnostics(results[1]!)).toEqual([{ cap: 'maxTotalCostUsd', spent: '0.004', requested: '0.001', limit: '0.0045' }]);
    expect(statistics.steps).toEqual([{ capability: 'remote@1.0.0', invocations: 1, estimatedUsd: '0.001', reportedUsd: '0.004', tokens: 320, durationMs: expect.any(Number) }]);
    expect(statistics).toMatchObject({ totalUsd: '0.004', totalTokens: 320, remoteInferenceCalls: 1 });
  });

  it('uses the plan budget unless the run is given one', async () => {
    const { contract, registry, plan: executionPlan } = setup(twoFields, standard(), { budget: { maxRemoteInferenceCalls: 1 } });
    expect((await run({ plan: executionPlan, contract, document, registry })).statistics.remoteInferenceCalls).toBe(1);
    expect((await run({ plan: executionPlan, contract, document, registry, budget: {} })).statistics.remoteInferenceCalls).toBe(2);
  });
});

describe('run: capability failures', () => {
  const fields: FieldInput[] = [
    { path: 'a', type: 'STRING', required: true },
    { path: 'b', type: 'STRING', required: true },
  ];
  const throwing = (id: string, tier: CapabilityTier, thrown: () => never) => scriptedCapability({ id, tier, invoke: thrown });

  it('turns a sync throw, an async rejection and a non-Error throw into diagnostics; all failed → EXECUTION_FAILED', async () => {
    const capabilities = [
      throwing('sync', 1, () => {
        throw new TypeError('bad input');
      }),
      scriptedCapability({ id: 'async', tier: 2, invoke: () => Promise.reject(new CapabilityError('provider down', { code: 'INFERENCE_PROVIDER_ERROR', context: { status: 503 } })) }),
      throwing('weird', 3, () => {
        throw 'a string';
      }),
      throwing('hostile', 4, () => {
        throw {
          toString() {
            throw new Error('no');
          },
        };
      }),
    ];
    const { contract, registry, plan: executionPlan } = setup(fields, capabilities);
    const { results } = await run({ plan: executionPlan, contract, document, registry });
    expect(results.map((result) => result.status)).toEqual(['EXECUTION_FAILED', 'EXECUTION_FAILED']);
    expect(outcomes(results[0]!)).toEqual(['FAILED', 'FAILED', 'FAILED', 'FAILED']);
    expect(results[0]!.diagnostics.map((diagnostic) => [diagnostic.code, diagnostic.severity, diagnostic.message, diagnostic.context])).toEqual([
      ['CAPABILITY_ERROR', 'ERROR', "sync@1.0.0 failed on 'a': bad input", { errorCode: 'CAPABILITY_ERROR', errorName: 'TypeError' }],
      ['INFERENCE_PROVIDER_ERROR', 'ERROR', "async@1.0.0 failed on 'a': provider down", { errorCode: 'INFERENCE_PROVIDER_ERROR', errorName: 'CapabilityError', errorContext: { status: 503 } }],
      ['CAPABILITY_ERROR', 'ERROR', "weird@1.0.0 failed on 'a': a string", { errorCode: 'CAPABILITY_ERROR', errorName: 'string' }],
      ['CAPABILITY_ERROR', 'ERROR', "hostile@1.0.0 failed on 'a': [unprintable value]", { errorCode: 'CAPABILITY_ERROR', errorName: 'object' }],
    ]);
  });

  it('a field with one good step among failing ones is COMPLETED and keeps its candidates', async () => {
    const capabilities = [
      throwing('broken', 1, () => {
        throw new Error('x');
      }),
      finder('good', 2, () => 'v'),
    ];
    const { contract, registry, plan: executionPlan } = setup(fields, capabilities);
    const { results } = await run({ plan: executionPlan, contract, document, registry });
    expect(results.map((result) => result.status)).toEqual(['COMPLETED', 'COMPLETED']);
    expect(results[0]!.candidates.map((candidate) => candidate.value)).toEqual(['v']);
  });

  it('reports an unregistered capability, an invalid result and a candidate for another field', async () => {
    const good = finder('good', 1, () => 'v');
    const invalid = scriptedCapability({ id: 'invalid', tier: 2, invoke: () => ({ candidates: 'nope' }) as never });
    const stray = scriptedCapability({ id: 'stray', tier: 3, invoke: (context) => found({ ...context, field: { ...context.field, path: 'elsewhere' } }, 'x', 3, 'stray') });
    const { contract, plan: executionPlan } = setup(fields, [good, invalid, stray]);
    const registry = createCapabilityRegistry([invalid, stray]);
    const { results } = await run({ plan: executionPlan, contract, document, registry });
    expect(outcomes(results[0]!)).toEqual(['FAILED', 'FAILED', 'RAN']);
    expect(results[0]!.status).toBe('COMPLETED');
    expect(results[0]!.candidates).toEqual([]);
    expect(results[0]!.diagnostics.map((diagnostic) => diagnostic.code)).toEqual(['CAPABILITY_NOT_FOUND', 'INVALID_CAPABILITY_RESULT', 'CANDIDATE_FIELD_MISMATCH']);
  });
});

describe('run: cancellation', () => {
  const fields: FieldInput[] = [
    { path: 'a', type: 'STRING', required: true },
    { path: 'b', type: 'STRING', required: true },
  ];

  it('stops promptly when cancelled during a step that ignores the signal, and keeps what was found', async () => {
    const controller = new AbortController();
    const quick = finder('quick', 1, () => 'found');
    const hanging = scriptedCapability({
      id: 'hanging',
      tier: 2,
      invoke: (context) => {
        if (context.field.path === 'b') setTimeout(() => controller.abort(), 5);
        return context.field.path === 'a' ? { candidates: [], evidence: [], diagnostics: [] } : new Promise(() => undefined);
      },
    });
    const after = finder('after', 3, () => null);
    const { contract, registry, plan: executionPlan } = setup(fields, [quick, hanging, after]);
    const started = Date.now();
    const { results } = await run({ plan: executionPlan, contract, document, registry, signal: controller.signal });
    expect(Date.now() - started).toBeLessThan(1000);
    expect(results[0]).toMatchObject({ status: 'COMPLETED' });
    expect(outcomes(results[0]!)).toEqual(['RAN', 'RAN', 'RAN']);
    expect(results[1]!.status).toBe('ABORTED');
    expect(outcomes(results[1]!)).toEqual(['RAN', 'ABORTED', 'ABORTED']);
    expect(results[1]!.candidates.map((candidate) => candidate.value)).toEqual(['found']);
    expect(results[1]!.diagnostics.at(-1)).toMatchObject({ code: 'ABORTED', context: { notRun: ['hanging@1.0.0', 'after@1.0.0'] } });
  });

  it('a signal aborted before the run marks every step ABORTED and invokes nothing', async () => {
    const capability = finder('quick', 1, () => 'found');
    const { contract, registry, plan: executionPlan } = setup(fields, [capability]);
    const { results } = await run({ plan: executionPlan, contract, document, registry, signal: AbortSignal.abort() });
    expect(results.map((result) => result.status)).toEqual(['ABORTED', 'ABORTED']);
    expect(capability.calls).toHaveLength(0);
  });

  it('a capability that honours the signal and rejects counts as aborted, not failed', async () => {
    const controller = new AbortController();
    const honouring = scriptedCapability({
      id: 'honouring',
      tier: 1,
      invoke: (context) =>
        new Promise((_resolve, reject) => {
          context.signal!.addEventListener('abort', () => reject(new Error('aborted by signal')));
          controller.abort();
        }),
    });
    const { contract, registry, plan: executionPlan } = setup(fields, [honouring]);
    const { results } = await run({ plan: executionPlan, contract, document, registry, signal: controller.signal });
    expect(results.map((result) => result.status)).toEqual(['ABORTED', 'ABORTED']);
    expect(results[0]!.diagnostics.map((diagnostic) => diagnostic.code)).toEqual(['ABORTED']);
  });
});

describe('run: statistics', () => {
  it('measures durations with the injected clock and keeps timing out of the results', async () => {
    const clock = manualClock(1000);
    const slow = scriptedCapability({
      id: 'slow',
      tier: 1,
      invoke: (context) => {
        clock.advance(7);
        return found(context, 'v', 1, 'slow');
      },
    });
    const contract: CanonicalContract = defineContract({ id: 's', fields: [{ path: 'a', type: 'STRING', required: true }, { path: 'b', type: 'STRING' }] });
    const registry = createCapabilityRegistry([slow]);
    const executionPlan = plan({ contract, profile, registry });
    const first = await run({ plan: executionPlan, contract, document, registry, clock });
    expect(first.statistics).toEqual({
      steps: [{ capability: 'slow@1.0.0', invocations: 2, estimatedUsd: '0', reportedUsd: '0', tokens: 0, durationMs: 14 }],
      totalInvocations: 2,
      remoteInferenceCalls: 0,
      totalUsd: '0',
      totalTokens: 0,
      durationMs: 14,
    });
    const second = await run({ plan: executionPlan, contract, document, registry });
    expect(second.results).toEqual(first.results);
  });
});
