import { defineContract } from '@paxman/contract';
import { describe, expect, it } from 'vitest';
import { evalContract } from './capabilities/__fixtures__/run-capability.js';
import { createDefaultCapabilities } from './default-capabilities.js';
import { createCapabilityRegistry } from '@paxman/capability-spi';

describe('createDefaultCapabilities', () => {
  it('registers the V1 field capabilities and record reading with valid specs', () => {
    const registry = createCapabilityRegistry(createDefaultCapabilities());
    expect(registry.list().map((capability) => `${capability.spec.id}@${capability.spec.version}:${capability.spec.tier}`)).toEqual([
      'clause_reading@1.8.0:2',
      'derived@1.0.0:4',
      'explicit_evidence@1.19.0:1',
      'lookup@1.0.0:3',
      'pattern_extraction@1.18.0:2',
      'record_reading@1.13.0:1',
      'validation@1.1.0:4',
    ]);
    expect(registry.list().every((capability) => capability.spec.deterministic)).toBe(true);
  });

  it('configures deterministically, with JSON-only configs, for every field of the eval contracts', () => {
    for (const corpus of ['synthetic-invoices', 'synthetic-receipts', 'bench-procurement']) {
      const contract = evalContract(corpus);
      for (const capability of createDefaultCapabilities()) {
        for (const field of contract.fields) {
          const first = capability.configure?.(field, contract);
          const second = capability.configure?.(field, contract);
          expect(JSON.stringify(first)).toBe(JSON.stringify(second));
          expect(JSON.parse(JSON.stringify(first))).toEqual(first);
        }
      }
    }
  });

  it('says why a step has nothing to do', () => {
    const contract = defineContract({ id: 'c', fields: [{ path: 'notes', type: 'STRING' }] });
    const [, pattern, lookup, derived] = createDefaultCapabilities();
    for (const capability of [pattern!, lookup!, derived!]) {
      expect(capability.configure?.(contract.fields[0]!, contract)).toEqual({ skip: expect.any(String) });
    }
  });
});
