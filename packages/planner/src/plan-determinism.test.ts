/**
 * The planner's law: for any (contract, profile, policy, budget, registry), the plan JSON
 * is byte-identical across repeated calls and across registry insertion orders, and it
 * survives a parse/serialize round trip unchanged.
 */
import { fc, test } from '@fast-check/vitest';
import { expect } from 'vitest';
import { type CapabilityTier, FIELD_TYPES, type FieldType } from '@paxman/core';
import { type FieldInput, defineContract } from '@paxman/contract';
import type { InputProfile } from '@paxman/input-profile';
import type { Capability } from '@paxman/capability-spi';
import { fakeCapability, testRegistry } from './__fixtures__/test-registry.js';
import { plan } from './plan.js';
import { parsePlan, serializePlan } from './plan-json.js';

const SCALARS = FIELD_TYPES.filter((type) => type !== 'OBJECT' && type !== 'ARRAY');
const NAMES = ['total', 'subtotal', 'tax', 'number', 'date', 'buyer', 'vendor', 'status', 'qty', 'notes'];

const fieldArbitrary = (prefix: string, depth: number): fc.Arbitrary<FieldInput> =>
  fc
    .record({
      name: fc.constantFrom(...NAMES),
      type: depth > 0 ? fc.constantFrom<FieldType>(...FIELD_TYPES) : fc.constantFrom<FieldType>(...SCALARS),
      required: fc.boolean(),
      confidenceThreshold: fc.constantFrom(0.5, 0.8, 0.9),
      labels: fc.array(fc.constantFrom('amount due', 'grand total', 'ref'), { maxLength: 2 }),
      derivedFrom: fc.option(fc.constantFrom('total', 'subtotal + tax', 'qty * total'), { nil: undefined }),
      lookup: fc.boolean(),
    })
    .chain((shape) => {
      const path = prefix === '' ? shape.name : `${prefix}.${shape.name}`;
      const base: FieldInput = {
        path,
        type: shape.type,
        required: shape.required,
        confidenceThreshold: shape.confidenceThreshold,
        labels: shape.labels,
        ...(shape.derivedFrom ? { derived: { expression: shape.derivedFrom } } : {}),
        ...(shape.lookup ? { lookup: { table: 'codes', keyField: 'number' } } : {}),
      };
      if (shape.type !== 'OBJECT' && shape.type !== 'ARRAY') return fc.constant(base);
      return fc.uniqueArray(fieldArbitrary(path, depth - 1), { maxLength: 3, selector: (field) => field.path }).map((fields) => ({ ...base, fields }));
    });

const contractArbitrary = fc
  .record({
    fields: fc.uniqueArray(fieldArbitrary('', 1), { minLength: 1, maxLength: 6, selector: (field) => field.path }),
    policy: fc.record({ allowRemoteInference: fc.boolean(), earlyStop: fc.boolean() }, { requiredKeys: [] }),
  })
  .map(({ fields, policy }) => defineContract({ id: 'generated', fields, policy }));

const profileArbitrary: fc.Arbitrary<InputProfile> = fc.record({
  inputType: fc.constantFrom('text', 'html', 'csv', 'json', 'pdf_text', 'email', 'empty', 'unknown'),
  size: fc.nat({ max: 5000 }),
  contentHash: fc.constantFrom('0'.repeat(64), 'f'.repeat(64)),
  density: fc.constantFrom(0, 0.5, 1),
  isEmpty: fc.boolean(),
});

const policyArbitrary = fc.record(
  { allowRemoteInference: fc.boolean(), allowLocalInference: fc.boolean(), confidenceFloor: fc.constantFrom(0.5, 0.8, 0.95), earlyStop: fc.boolean() },
  { requiredKeys: [] },
);

const budgetArbitrary = fc.record(
  {
    maxTotalCostUsd: fc.constantFrom('0', '0.0005', '0.001', '0.01', '1'),
    maxRemoteInferenceCalls: fc.nat({ max: 3 }),
    maxCapabilityInvocations: fc.nat({ max: 50 }),
    maxInputBytes: fc.nat({ max: 6000 }),
  },
  { requiredKeys: [] },
);

const capabilityArbitrary: fc.Arbitrary<Capability> = fc
  .record({
    id: fc.constantFrom('explicit_evidence', 'pattern_extraction', 'lookup', 'derived', 'validation', 'local_model', 'remote_model', 'extra'),
    version: fc.constantFrom('1.0.0', '1.2.0', '2.0.0', '1.10.0', '2.0.0-beta.1'),
    tier: fc.integer({ min: 1, max: 6 }),
    acceptsTypes: fc.oneof(fc.constant<(FieldType | '*')[]>(['*']), fc.uniqueArray(fc.constantFrom<FieldType>(...FIELD_TYPES), { maxLength: 4 })),
    usd: fc.constantFrom('0', '0.0001', '0.001', '0.002'),
    ms: fc.constantFrom(0, 1, 5, 800),
    configureKind: fc.constantFrom('none', 'labels', 'skip-optional', 'throws-on-date'),
  })
  .map(({ configureKind, ...options }) =>
    fakeCapability({
      ...options,
      tier: options.tier as CapabilityTier,
      ...(configureKind === 'labels' ? { configure: (field) => ({ config: { labels: [...field.labels], path: field.path, b: 1, a: [field.type] } }) } : {}),
      ...(configureKind === 'skip-optional' ? { configure: (field) => (field.required ? { config: { required: true } } : { skip: 'optional field' }) } : {}),
      ...(configureKind === 'throws-on-date'
        ? {
            configure: (field) => {
              if (field.type === 'DATE') throw new Error(`no dates for ${field.path}`);
              return { config: {} };
            },
          }
        : {}),
    }),
  );

const registryArbitrary = fc
  .uniqueArray(capabilityArbitrary, { maxLength: 10, selector: (capability) => `${capability.spec.id}@${capability.spec.version}` })
  .chain((capabilities) => fc.tuple(fc.constant(capabilities), fc.shuffledSubarray(capabilities, { minLength: capabilities.length, maxLength: capabilities.length })));

test.prop([contractArbitrary, profileArbitrary, policyArbitrary, budgetArbitrary, registryArbitrary, fc.option(fc.record({ local: fc.boolean(), remote: fc.boolean() }), { nil: undefined })], { numRuns: 1000 })(
  'plan JSON is byte-identical across calls and registry insertion orders, and round-trips',
  (contract, profile, policy, budget, [capabilities, shuffled], providers) => {
    const first = serializePlan(plan({ contract, profile, policy, budget, registry: testRegistry(capabilities), providers }));
    const again = serializePlan(plan({ contract, profile, policy, budget, registry: testRegistry(capabilities), providers }));
    const reordered = serializePlan(plan({ contract, profile, policy, budget, registry: testRegistry(shuffled, { listOrder: 'insertion' }), providers }));
    const reversed = serializePlan(plan({ contract, profile, policy, budget, registry: testRegistry([...capabilities].reverse(), { listOrder: 'insertion' }), providers }));
    expect(again).toBe(first);
    expect(reordered).toBe(first);
    expect(reversed).toBe(first);
    expect(serializePlan(parsePlan(first))).toBe(first);
  },
  60_000,
);
