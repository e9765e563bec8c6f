/**
 * Planner benchmark (`pnpm vitest bench --project planner`): a 20-field contract against
 * the V1 capabilities (their `configure` derives labels, patterns and relations).
 */
import { bench, describe } from 'vitest';
import { defineContract } from '@paxman/contract';
import { createDefaultCapabilities } from '@paxman/capabilities';
import { createCapabilityRegistry } from '@paxman/capability-spi';
import { plan } from '@paxman/planner';
import { serializePlan } from '@paxman/planner';

const types = ['STRING', 'MONEY', 'DATE', 'DECIMAL', 'INTEGER'] as const;
const contract = defineContract({
  id: 'bench',
  fields: Array.from({ length: 20 }, (_, index) => ({ path: `field_${index}`, type: types[index % types.length]!, required: index % 3 !== 0, labels: [`label ${index}`] })),
});
const registry = createCapabilityRegistry(createDefaultCapabilities());
const profile = { inputType: 'text', size: 100_000, contentHash: '0'.repeat(64), density: 0.8, isEmpty: false } as const;

describe('planner (20 fields, V1 capabilities)', () => {
  bench('plan()', () => {
    plan({ contract, profile, registry });
  });
  bench('plan() + serializePlan()', () => {
    serializePlan(plan({ contract, profile, registry }));
  });
});
