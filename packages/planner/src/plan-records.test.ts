import { describe, expect, it } from 'vitest';
import { defineContract } from '@paxman/contract';
import type { InputProfile } from '@paxman/input-profile';
import { createCapabilityRegistry } from '@paxman/capability-spi';
import { fakeCapability } from './__fixtures__/test-registry.js';
import { plan } from './plan.js';

const profile: InputProfile = { inputType: 'text', size: 100, contentHash: 'cd'.repeat(32), density: 0.8, isEmpty: false };
const contract = defineContract({
  id: 'records',
  fields: [
    {
      path: 'line_items',
      type: 'ARRAY',
      itemType: 'OBJECT',
      fields: [
        { path: 'line_items[].description', type: 'STRING', required: true },
        { path: 'line_items[].amount', type: 'DECIMAL' },
      ],
    },
  ],
});
const scalarOnly = fakeCapability({ id: 'scalar', tier: 1, acceptsTypes: ['STRING', 'DECIMAL'], configure: (field) => (field.path.includes('[]') ? { skip: 'one value per document' } : { config: {} }) });
const records = fakeCapability({ id: 'records', tier: 1, acceptsTypes: ['ARRAY'], config: {} });
const checks = fakeCapability({ id: 'checks', tier: 4, acceptsTypes: ['DECIMAL'], config: {} });

describe('planning record fields', () => {
  it('reads the members of items with their array when a step reads the array', () => {
    const result = plan({ contract, profile, registry: createCapabilityRegistry([scalarOnly, records, checks]) });
    const byPath = Object.fromEntries(result.fieldPlans.map((fieldPlan) => [fieldPlan.fieldPath, fieldPlan]));
    expect(byPath['line_items']!.steps.map((step) => step.capability)).toEqual(['records@1.0.0']);
    expect(byPath['line_items[].description']!.shortCircuit).toBe('READ_WITH_ITEMS');
    // Even a member another capability could check runs nothing of its own.
    expect(byPath['line_items[].amount']!.shortCircuit).toBe('READ_WITH_ITEMS');
    expect(byPath['line_items[].amount']!.steps).toEqual([]);
    expect(result.diagnostics.some((diagnostic) => diagnostic.code === 'NO_CAPABILITY')).toBe(false);
  });

  it('still reports the members as having no capability when nothing reads the array', () => {
    const result = plan({ contract, profile, registry: createCapabilityRegistry([scalarOnly]) });
    const byPath = Object.fromEntries(result.fieldPlans.map((fieldPlan) => [fieldPlan.fieldPath, fieldPlan]));
    expect(byPath['line_items[].description']!.shortCircuit).toBe('NO_CAPABILITY');
  });
});
