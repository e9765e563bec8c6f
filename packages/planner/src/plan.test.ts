/** Unit tests of `plan()`: field order, the heuristic chain, scoring, gates and diagnostics. */
import { describe, expect, it } from 'vitest';
import { deepFreeze } from '@paxman/core';
import { defineContract, fingerprintContract } from '@paxman/contract';
import type { InputProfile } from '@paxman/input-profile';
import { fakeCapability, standardCapabilities, testRegistry } from './__fixtures__/test-registry.js';
import { createCapabilityRegistry } from '@paxman/capability-spi';
import { plan, preparePlan } from './plan.js';
import { serializePlan } from './plan-json.js';
import { PLANNER_VERSION } from './planner-version.js';

const HASH = 'ab'.repeat(32);
const textProfile: InputProfile = { inputType: 'text', size: 1200, contentHash: HASH, density: 0.8, isEmpty: false };

const invoice = defineContract({
  id: 'invoice',
  fields: [
    { path: 'notes', type: 'STRING' },
    { path: 'invoice_number', type: 'STRING', required: true },
    { path: 'subtotal', type: 'MONEY' },
    { path: 'total', type: 'MONEY', required: true },
    { path: 'currency', type: 'ENUM', required: true, enumValues: [{ value: 'EUR', synonyms: ['€'] }] },
  ],
});

const codes = (result: ReturnType<typeof plan>) => result.diagnostics.map((diagnostic) => diagnostic.code);
const stepIds = (result: ReturnType<typeof plan>, path: string) => result.fieldPlans.find((fieldPlan) => fieldPlan.fieldPath === path)!.steps.map((step) => step.capability);

describe('plan: fields', () => {
  it('plans every field, required ones first in declaration order, then optional ones', () => {
    const result = plan({ contract: invoice, profile: textProfile, registry: createCapabilityRegistry(standardCapabilities()) });
    expect(result.fieldPlans.map((fieldPlan) => fieldPlan.fieldPath)).toEqual(['invoice_number', 'total', 'currency', 'notes', 'subtotal']);
    expect(result.fieldPlans.map((fieldPlan) => fieldPlan.required)).toEqual([true, true, true, false, false]);
    expect(result.plannerVersion).toBe(PLANNER_VERSION);
    expect(result.contractFingerprint).toBe(fingerprintContract(invoice));
    expect(result.inputContentHash).toBe(HASH);
    expect(result.failFast).toBeNull();
  });

  it('plans nested fields by path, depth first; a member of an optional container is optional', () => {
    const contract = defineContract({
      id: 'nested',
      fields: [
        { path: 'buyer', type: 'OBJECT', fields: [{ path: 'buyer.name', type: 'STRING', required: true }, { path: 'buyer.vat', type: 'STRING' }] },
        {
          path: 'supplier',
          type: 'OBJECT',
          required: true,
          fields: [
            { path: 'supplier.name', type: 'STRING', required: true },
            { path: 'supplier.address', type: 'OBJECT', required: true, fields: [{ path: 'supplier.address.city', type: 'STRING', required: true }] },
          ],
        },
        { path: 'tags', type: 'ARRAY', itemType: 'STRING', fields: [{ path: 'tags[]', type: 'STRING', required: true }] },
      ],
    });
    const registry = createCapabilityRegistry([fakeCapability({ id: 'explicit_evidence', tier: 1, acceptsTypes: ['STRING'] })]);
    const result = plan({ contract, profile: textProfile, registry });
    expect(result.fieldPlans.map((fieldPlan) => fieldPlan.fieldPath)).toEqual([
      'supplier',
      'supplier.name',
      'supplier.address',
      'supplier.address.city',
      'buyer',
      'buyer.name',
      'buyer.vat',
      'tags',
      'tags[]',
    ]);
    const container = result.fieldPlans.find((fieldPlan) => fieldPlan.fieldPath === 'supplier')!;
    expect(container.steps).toEqual([]);
    expect(container.shortCircuit).toBe('ASSEMBLED_FROM_MEMBERS');
    expect(result.diagnostics.filter((diagnostic) => diagnostic.code === 'NO_CAPABILITY')).toEqual([]);
    expect(stepIds(result, 'supplier.address.city')).toEqual(['explicit_evidence@1.0.0']);
  });

  it('gives a container a chain when a capability produces it whole', () => {
    const contract = defineContract({ id: 'c', fields: [{ path: 'items', type: 'ARRAY', fields: [{ path: 'items[].sku', type: 'STRING' }] }] });
    const registry = createCapabilityRegistry([fakeCapability({ id: 'table_rows', tier: 1, acceptsTypes: ['ARRAY'] })]);
    const result = plan({ contract, profile: textProfile, registry });
    expect(stepIds(result, 'items')).toEqual(['table_rows@1.0.0']);
    // The members of items are read with them (ADR 0021).
    expect(result.fieldPlans.find((fieldPlan) => fieldPlan.fieldPath === 'items[].sku')!.shortCircuit).toBe('READ_WITH_ITEMS');
  });

  it('target confidence is the field threshold or the effective floor, whichever is higher', () => {
    const contract = defineContract({
      id: 't',
      fields: [
        { path: 'a', type: 'STRING', confidenceThreshold: 0.6 },
        { path: 'b', type: 'STRING', confidenceThreshold: 0.97 },
      ],
      policy: { confidenceFloor: 0.9 },
    });
    const result = plan({ contract, profile: textProfile, registry: createCapabilityRegistry(standardCapabilities()), policy: { confidenceFloor: 0.5 } });
    expect(result.fieldPlans.map((fieldPlan) => fieldPlan.targetConfidence)).toEqual([0.9, 0.97]);
  });

  it('moves a derived field after the fields its relation names, even optional ones', () => {
    const contract = defineContract({
      id: 'd',
      fields: [
        { path: 'total', type: 'MONEY', required: true, derived: { expression: 'subtotal + tax' } },
        { path: 'invoice_number', type: 'STRING', required: true },
        { path: 'subtotal', type: 'MONEY' },
        { path: 'tax', type: 'MONEY' },
      ],
    });
    const result = plan({ contract, profile: textProfile, registry: createCapabilityRegistry(standardCapabilities()) });
    expect(result.fieldPlans.map((fieldPlan) => fieldPlan.fieldPath)).toEqual(['invoice_number', 'subtotal', 'tax', 'total']);
    expect(stepIds(result, 'total')).toContain('derived@1.0.0');
  });

  it('reports a dependency cycle and keeps declaration order for it', () => {
    const contract = defineContract({
      id: 'cycle',
      fields: [
        { path: 'a', type: 'DECIMAL', required: true, derived: { expression: 'b * 2' } },
        { path: 'b', type: 'DECIMAL', required: true, derived: { expression: 'a / 2' } },
      ],
    });
    const result = plan({ contract, profile: textProfile, registry: createCapabilityRegistry(standardCapabilities()) });
    expect(result.fieldPlans.map((fieldPlan) => fieldPlan.fieldPath)).toEqual(['a', 'b']);
    expect(codes(result)).toContain('DEPENDENCY_CYCLE');
  });
});

describe('plan: the heuristic chain', () => {
  it('walks tiers 1–6 in order with a config from configure; a skipped step is not planned', () => {
    const contract = defineContract({
      id: 'chain',
      fields: [
        { path: 'total', type: 'MONEY', required: true, derived: { expression: 'subtotal' } },
        { path: 'subtotal', type: 'MONEY', required: true },
      ],
    });
    const result = plan({ contract, profile: textProfile, registry: createCapabilityRegistry(standardCapabilities()), policy: { allowRemoteInference: true } });
    // derived and validation tie on score (40001): the id breaks the tie.
    expect(stepIds(result, 'total')).toEqual(['explicit_evidence@1.0.0', 'pattern_extraction@1.0.0', 'derived@1.0.0', 'validation@1.0.0', 'local_inference@1.0.0', 'remote_inference@1.0.0']);
    expect(stepIds(result, 'subtotal')).toEqual(['explicit_evidence@1.0.0', 'pattern_extraction@1.0.0', 'validation@1.0.0', 'local_inference@1.0.0', 'remote_inference@1.0.0']);
    const total = result.fieldPlans.find((fieldPlan) => fieldPlan.fieldPath === 'total')!;
    expect(total.steps.map((step) => step.tier)).toEqual([1, 2, 4, 4, 5, 6]);
    expect(total.steps.find((step) => step.capability === 'derived@1.0.0')!.config).toEqual({ expression: 'subtotal' });
    expect(total.steps[0]!.config).toEqual({ labels: ['x'] });
    expect(Object.isFrozen(total.steps[0]!.config)).toBe(true);
    expect(total.steps.map((step) => step.score)).toEqual([10002, 20003, 40001, 40001, 50800, 63500]);
    expect(total.steps[5]!.costHint).toEqual({ tokens: 800, ms: 1500, usd: '0.002' });
  });

  it('orders a tier by score, then id; picks the latest version of each id whatever the registration order', () => {
    const capabilities = [
      fakeCapability({ id: 'zeta', tier: 2, ms: 1 }),
      fakeCapability({ id: 'alpha', tier: 2, ms: 1 }),
      fakeCapability({ id: 'slow', tier: 2, ms: 50 }),
      fakeCapability({ id: 'pricey', tier: 2, ms: 0, usd: '0.0001' }),
      fakeCapability({ id: 'alpha', tier: 2, ms: 1, version: '1.10.0' }),
      fakeCapability({ id: 'alpha', tier: 2, ms: 1, version: '1.9.0' }),
    ];
    const contract = defineContract({ id: 's', fields: [{ path: 'x', type: 'STRING', required: true }] });
    const forward = plan({ contract, profile: textProfile, registry: createCapabilityRegistry(capabilities) });
    const backward = plan({ contract, profile: textProfile, registry: createCapabilityRegistry([...capabilities].reverse()) });
    expect(stepIds(forward, 'x')).toEqual(['alpha@1.10.0', 'zeta@1.0.0', 'slow@1.0.0', 'pricey@1.0.0']);
    expect(backward).toEqual(forward);
  });

  it('plans only capabilities that accept the field type', () => {
    const registry = createCapabilityRegistry([fakeCapability({ id: 'dates', tier: 2, acceptsTypes: ['DATE'] }), fakeCapability({ id: 'anything', tier: 2, acceptsTypes: ['*'] })]);
    const contract = defineContract({ id: 'types', fields: [{ path: 'due', type: 'DATE', required: true }, { path: 'name', type: 'STRING', required: true }] });
    const result = plan({ contract, profile: textProfile, registry });
    expect(stepIds(result, 'due')).toEqual(['anything@1.0.0', 'dates@1.0.0']);
    expect(stepIds(result, 'name')).toEqual(['anything@1.0.0']);
  });

  it('short-circuits a field left with no step to NO_CAPABILITY with a diagnostic naming every reason', () => {
    const registry = createCapabilityRegistry([
      fakeCapability({ id: 'lookup', tier: 3, configure: () => ({ skip: 'the field declares no lookup table' }) }),
      fakeCapability({ id: 'remote_inference', tier: 6, usd: '0.01' }),
    ]);
    const contract = defineContract({ id: 'n', fields: [{ path: 'code', type: 'STRING', required: true }] });
    const result = plan({ contract, profile: textProfile, registry });
    const fieldPlan = result.fieldPlans[0]!;
    expect(fieldPlan.steps).toEqual([]);
    expect(fieldPlan.shortCircuit).toBe('NO_CAPABILITY');
    const diagnostic = result.diagnostics.find((item) => item.code === 'NO_CAPABILITY')!;
    expect(diagnostic).toMatchObject({ severity: 'WARNING', stage: 'plan', fieldPath: 'code' });
    expect(diagnostic.context!['reasons']).toEqual([
      'no tier 1 capability accepts STRING',
      'no tier 2 capability accepts STRING',
      'lookup@1.0.0: the field declares no lookup table',
      'no tier 4 capability accepts STRING',
      'tier 5 excluded (no LOCAL_INFERENCE capability is registered (no local provider configured))',
      'tier 6 excluded (policy.allowRemoteInference is false)',
    ]);
    expect(diagnostic.message).toContain("Field 'code' (STRING) has no step to run");
  });

  it('turns a configure that throws or returns garbage into a diagnostic, never a crash', () => {
    const registry = createCapabilityRegistry([
      fakeCapability({
        id: 'broken',
        tier: 1,
        configure: () => {
          throw new Error('boom');
        },
      }),
      fakeCapability({ id: 'garbage', tier: 2, configure: () => ({ nope: true }) as never }),
      fakeCapability({ id: 'fine', tier: 2 }),
    ]);
    const contract = defineContract({ id: 'b', fields: [{ path: 'x', type: 'STRING', required: true }] });
    const result = plan({ contract, profile: textProfile, registry });
    expect(stepIds(result, 'x')).toEqual(['fine@1.0.0']);
    const failures = result.diagnostics.filter((diagnostic) => diagnostic.code === 'CAPABILITY_CONFIGURE_FAILED');
    expect(failures.map((diagnostic) => [diagnostic.capability, diagnostic.context!['errorCode']])).toEqual([
      ['broken@1.0.0', 'CAPABILITY_ERROR'],
      ['garbage@1.0.0', 'INVALID_STEP_CONFIGURATION'],
    ]);
  });

  it('leaves out a capability whose spec cannot be planned', () => {
    const bad = fakeCapability({ id: 'bad_cost', tier: 2, usd: '1e-3' });
    // The real registry rejects such a spec at registration; the planner still defends against a registry that does not.
    const registry = testRegistry([bad, fakeCapability({ id: 'good', tier: 2 })]);
    const contract = defineContract({ id: 'x', fields: [{ path: 'x', type: 'STRING', required: true }] });
    const result = plan({ contract, profile: textProfile, registry });
    expect(stepIds(result, 'x')).toEqual(['good@1.0.0']);
    expect(result.diagnostics.find((diagnostic) => diagnostic.code === 'INVALID_CAPABILITY_SPEC')).toMatchObject({ capability: 'bad_cost@1.0.0' });
  });
});

describe('plan: gates', () => {
  const contract = defineContract({ id: 'g', fields: [{ path: 'x', type: 'STRING', required: true }] });
  const registry = createCapabilityRegistry(standardCapabilities());
  const tiersOf = (result: ReturnType<typeof plan>) => result.fieldPlans[0]!.steps.map((step) => step.tier);

  it('policy drops local and remote inference, each with a POLICY_EXCLUDES_TIER diagnostic', () => {
    const result = plan({ contract, profile: textProfile, registry, policy: { allowLocalInference: false, allowRemoteInference: false } });
    expect(tiersOf(result)).toEqual([1, 2, 4]);
    expect(result.diagnostics.filter((diagnostic) => diagnostic.code === 'POLICY_EXCLUDES_TIER').map((diagnostic) => diagnostic.context!['tier'])).toEqual([5, 6]);
  });

  it('the contract policy wins over the call-site policy, and the effective policy is recorded', () => {
    const strict = defineContract({ id: 'g', fields: [{ path: 'x', type: 'STRING', required: true }], policy: { allowRemoteInference: false, earlyStop: false } });
    const result = plan({ contract: strict, profile: textProfile, registry, policy: { allowRemoteInference: true, confidenceFloor: 0.85 } });
    expect(tiersOf(result)).toEqual([1, 2, 4, 5]);
    expect(result.policy).toMatchObject({ allowRemoteInference: false, allowLocalInference: true, confidenceFloor: 0.85, earlyStop: false });
    expect(result.fieldPlans[0]!.earlyStop).toBe(false);
  });

  it('a USD cap below the cheapest inference cost drops that tier', () => {
    const result = plan({ contract, profile: textProfile, registry, policy: { allowRemoteInference: true }, budget: { maxTotalCostUsd: '0.001' } });
    expect(tiersOf(result)).toEqual([1, 2, 4, 5]);
    expect(result.diagnostics.find((diagnostic) => diagnostic.code === 'BUDGET_EXCLUDES_TIER')).toMatchObject({
      severity: 'WARNING',
      context: { tier: 6, cap: 'maxTotalCostUsd', limit: '0.001', cheapestUsd: '0.002' },
    });
    const paidLocal = createCapabilityRegistry([...standardCapabilities().filter((capability) => capability.spec.id !== 'local_inference'), fakeCapability({ id: 'local_inference', tier: 5, usd: '0.0005' })]);
    const both = plan({ contract, profile: textProfile, registry: paidLocal, policy: { allowRemoteInference: true }, budget: { maxTotalCostUsd: 0 } });
    expect(tiersOf(both)).toEqual([1, 2, 4]);
    expect(both.diagnostics.filter((diagnostic) => diagnostic.code === 'BUDGET_EXCLUDES_TIER').map((diagnostic) => diagnostic.context!['tier'])).toEqual([5, 6]);
  });

  it('a remote-call cap of 0 drops remote inference at plan time', () => {
    const result = plan({ contract, profile: textProfile, registry, policy: { allowRemoteInference: true }, budget: { maxRemoteInferenceCalls: 0 } });
    expect(tiersOf(result)).toEqual([1, 2, 4, 5]);
    expect(result.diagnostics.find((diagnostic) => diagnostic.code === 'BUDGET_EXCLUDES_TIER')!.context).toMatchObject({ cap: 'maxRemoteInferenceCalls', limit: 0 });
  });

  it('no configured provider drops the tier with NO_PROVIDER', () => {
    const result = plan({ contract, profile: textProfile, registry, policy: { allowRemoteInference: true }, providers: { local: false, remote: true } });
    expect(tiersOf(result)).toEqual([1, 2, 4, 6]);
    expect(result.diagnostics.find((diagnostic) => diagnostic.code === 'NO_PROVIDER')).toMatchObject({ severity: 'INFO', context: { tier: 5 } });
    const deterministicOnly = createCapabilityRegistry(standardCapabilities().filter((capability) => capability.spec.tier < 5));
    const unregistered = plan({ contract, profile: textProfile, registry: deterministicOnly, policy: { allowRemoteInference: true } });
    expect(unregistered.diagnostics.filter((diagnostic) => diagnostic.code === 'NO_PROVIDER').map((diagnostic) => diagnostic.context!['tier'])).toEqual([5, 6]);
  });

  it('an empty input short-circuits every field to EMPTY_INPUT without configuring anything', () => {
    let configured = 0;
    const counting = createCapabilityRegistry([fakeCapability({ id: 'c', tier: 1, configure: () => ((configured += 1), { config: {} }) })]);
    const empty: InputProfile = { inputType: 'empty', size: 3, contentHash: HASH, density: 0, isEmpty: true };
    const result = plan({ contract: invoice, profile: empty, registry: counting });
    expect(result.fieldPlans.every((fieldPlan) => fieldPlan.shortCircuit === 'EMPTY_INPUT' && fieldPlan.steps.length === 0)).toBe(true);
    expect(result.fieldPlans).toHaveLength(5);
    expect(codes(result)).toEqual(['EMPTY_INPUT']);
    expect(result.failFast).toBeNull();
    expect(configured).toBe(0);
  });

  it('an input above maxInputBytes fails fast with a clear diagnostic', () => {
    const result = plan({ contract: invoice, profile: textProfile, registry, budget: { maxInputBytes: 1000 } });
    expect(result.failFast).toBe('INPUT_TOO_LARGE');
    expect(result.fieldPlans.every((fieldPlan) => fieldPlan.shortCircuit === 'INPUT_TOO_LARGE' && fieldPlan.steps.length === 0)).toBe(true);
    expect(result.diagnostics).toEqual([
      {
        code: 'INPUT_TOO_LARGE',
        severity: 'ERROR',
        stage: 'plan',
        message: 'The input is 1200 bytes, above budget.maxInputBytes (1000); the run fails fast without running any capability.',
        context: { size: 1200, maxInputBytes: 1000 },
      },
    ]);
    expect(result.budget).toEqual({ maxInputBytes: 1000 });
    expect(plan({ contract: invoice, profile: textProfile, registry, budget: { maxInputBytes: 1200 } }).failFast).toBeNull();
  });

  it('rejects an invalid budget or policy with typed errors', () => {
    expect(() => plan({ contract, profile: textProfile, registry, budget: { maxTotalCostUsd: -1 } })).toThrow(expect.objectContaining({ code: 'INVALID_BUDGET' }));
    expect(() => plan({ contract, profile: textProfile, registry, policy: { confidenceFloor: 2 } })).toThrow(expect.objectContaining({ code: 'INVALID_CONFIDENCE_FLOOR' }));
  });

  it('returns a deeply frozen plan', () => {
    const result = plan({ contract: invoice, profile: textProfile, registry });
    expect(Object.isFrozen(result)).toBe(true);
    expect(Object.isFrozen(result.fieldPlans[0]!.steps)).toBe(true);
    expect(Object.isFrozen(result.policy)).toBe(true);
  });
});

describe('preparePlan: the input-independent part, built once per prepared plan', () => {
  const otherProfile: InputProfile = { ...textProfile, size: 90, contentHash: 'cd'.repeat(32) };

  it('shares the body between the inputs of one prepared plan, and equals plan() for each', () => {
    const registry = createCapabilityRegistry(standardCapabilities());
    const prepared = preparePlan({ contract: invoice, registry });
    const first = prepared.planFor(textProfile);
    const second = prepared.planFor(otherProfile);
    expect(second.fieldPlans).toBe(first.fieldPlans);
    expect(second.inputContentHash).toBe(otherProfile.contentHash);
    expect(first).toEqual(plan({ contract: invoice, profile: textProfile, registry }));
    expect(serializePlan(second)).toBe(serializePlan(plan({ contract: invoice, profile: otherProfile, registry })));
    // Written around the body's remembered text, byte for byte what serializePlan writes.
    expect(prepared.serialize(second)).toBe(serializePlan(second));
    expect(prepared.serialize(first)).toBe(serializePlan(first));
    const tooLarge = preparePlan({ contract: invoice, registry, budget: { maxInputBytes: 10 } });
    const failing = tooLarge.planFor(textProfile);
    expect(tooLarge.serialize(failing)).toBe(serializePlan(failing));
    expect(prepared.planFor({ ...textProfile, isEmpty: true }).fieldPlans.every((fieldPlan) => fieldPlan.shortCircuit === 'EMPTY_INPUT')).toBe(true);
  });

  it('keeps nothing between plans: settings and registry changes show in the next plan', () => {
    const registry = createCapabilityRegistry(standardCapabilities());
    const before = plan({ contract: invoice, profile: textProfile, registry });
    expect(plan({ contract: invoice, profile: textProfile, registry, policy: { allowLocalInference: false } }).diagnostics).not.toEqual(before.diagnostics);
    expect(plan({ contract: invoice, profile: textProfile, registry, policy: { confidenceFloor: 0.95 } }).fieldPlans[0]!.targetConfidence).toBe(0.95);
    registry.register(deepFreeze({ ...fakeCapability({ id: 'aaa_first', tier: 1, ms: 0 }) }));
    const after = plan({ contract: invoice, profile: textProfile, registry });
    expect(stepIds(after, 'total')[0]).toBe('aaa_first@1.0.0');
    expect(stepIds(before, 'total')[0]).not.toBe('aaa_first@1.0.0');
  });
});

