/**
 * Executor overhead benchmark (`pnpm vitest bench --project executor`): a 20-field plan
 * with five steps per field on a 100 KB document, with capabilities that answer at once,
 * so what is measured is the executor itself (budget checks, bookkeeping, early-stop
 * scoring calls, result assembly). Target: well under 1 ms per run.
 */
import { bench, describe } from 'vitest';
import { type FieldScorer, manualClock } from '@paxman/core';
import { defineContract } from '@paxman/contract';
import { plan } from '@paxman/planner';
import { found, scriptedCapability, textDocument } from './__fixtures__/test-doubles.js';
import { createCapabilityRegistry } from '@paxman/capability-spi';
import { run } from './run.js';

const document = textDocument('Invoice line with some text and an amount 12.50 EUR\n'.repeat(2000));
const contract = defineContract({ id: 'bench', fields: Array.from({ length: 20 }, (_, index) => ({ path: `field_${index}`, type: 'STRING' as const, required: index < 10 })) });
const capabilities = [
  scriptedCapability({ id: 'explicit', tier: 1, invoke: () => ({ candidates: [], evidence: [], diagnostics: [] }) }),
  scriptedCapability({ id: 'pattern', tier: 2, invoke: (context) => found(context, 'value', 2, 'pattern') }),
  scriptedCapability({ id: 'lookup', tier: 3, invoke: () => ({ candidates: [], evidence: [], diagnostics: [] }) }),
  scriptedCapability({ id: 'validation', tier: 4, invoke: () => ({ candidates: [], evidence: [], diagnostics: [] }) }),
  scriptedCapability({ id: 'remote', tier: 6, usd: '0.001', invoke: () => ({ candidates: [], evidence: [], diagnostics: [] }) }),
];
// Keep the recorded contexts from growing during the benchmark.
for (const capability of capabilities) capability.calls.length = 0;
const registry = createCapabilityRegistry(capabilities);
const profile = { inputType: 'text', size: 106_000, contentHash: '0'.repeat(64), density: 0.8, isEmpty: false } as const;
const executionPlan = plan({ contract, profile, registry, policy: { allowRemoteInference: true, earlyStop: false }, budget: { maxTotalCostUsd: '0.01' } });
const scorer: FieldScorer = ({ candidates }) => (candidates.length > 0 ? 0.7 : 0);
const clock = manualClock();

describe('executor overhead (20 fields × 5 steps, 100 KB document)', () => {
  bench('run() with budget and scorer', async () => {
    await run({ plan: executionPlan, contract, document, registry, scoreField: scorer, clock });
    for (const capability of capabilities) capability.calls.length = 0;
  });
});
