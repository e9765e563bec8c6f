/**
 * The executor's law: candidate results depend only on the plan, the document and the
 * capabilities' answers — never on the clock, on how long a step takes, or on whether a
 * capability answers synchronously or asynchronously. (Every scripted capability here says
 * it is deterministic, whatever its tier: a non-deterministic one — a model call — is also
 * held to the run's wall-clock deadline, which by design depends on how long it takes.)
 */
import { fc, test } from '@fast-check/vitest';
import { expect } from 'vitest';
import { type CapabilityTier, type FieldScorer, canonicalJson, manualClock, systemClock } from '@paxman/core';
import { defineContract } from '@paxman/contract';
import type { Capability } from '@paxman/capability-spi';
import { plan } from '@paxman/planner';
import { found, scriptedCapability, textDocument } from './__fixtures__/test-doubles.js';
import { createCapabilityRegistry } from '@paxman/capability-spi';
import { run } from './run.js';

type Behaviour = 'find' | 'nothing' | 'throw' | 'reject' | 'garbage';

const specArbitrary = fc.record({
  tier: fc.integer({ min: 1, max: 6 }),
  usd: fc.constantFrom('0', '0.001', '0.003'),
  ms: fc.constantFrom(1, 20, 400),
  behaviours: fc.array(fc.constantFrom<Behaviour>('find', 'nothing', 'throw', 'reject', 'garbage'), { minLength: 1, maxLength: 4 }),
  values: fc.array(fc.constantFrom('A', 'B', 'C'), { minLength: 1, maxLength: 3 }),
});

interface ScriptSpec {
  readonly tier: number;
  readonly usd: string;
  readonly ms: number;
  readonly behaviours: readonly Behaviour[];
  readonly values: readonly string[];
}

function build(specs: readonly ScriptSpec[], asynchronous: boolean, delay: () => Promise<void>): Capability[] {
  return specs.map((spec, index) => {
    let call = 0;
    const id = `cap_${index}`;
    return scriptedCapability({
      id,
      tier: spec.tier as CapabilityTier,
      deterministic: true,
      usd: spec.usd,
      ms: spec.ms,
      invoke: (context) => {
        const behaviour = spec.behaviours[call % spec.behaviours.length]!;
        const value = spec.values[call % spec.values.length]!;
        call += 1;
        const answer = () => {
          if (behaviour === 'throw' || behaviour === 'reject') throw new Error(`${id} failed on ${context.field.path}`);
          if (behaviour === 'garbage') return { nope: true } as never;
          if (behaviour === 'nothing') return { candidates: [], evidence: [], diagnostics: [] };
          const resolvedCount = context.resolved.size;
          return found(context, `${value}${resolvedCount}`, spec.tier as CapabilityTier, id);
        };
        if (!asynchronous && behaviour !== 'reject') return answer();
        return delay().then(answer);
      },
    });
  });
}

const scorer: FieldScorer = ({ candidates }) => Math.min(1, candidates.length * 0.45);

test.prop(
  [
    fc.array(specArbitrary, { minLength: 1, maxLength: 6 }),
    fc.integer({ min: 1, max: 6 }),
    fc.record({ maxTotalCostUsd: fc.constantFrom('0.001', '0.004', '1'), maxCapabilityInvocations: fc.nat({ max: 20 }), maxRemoteInferenceCalls: fc.nat({ max: 2 }), maxTotalLatencyMs: fc.nat({ max: 2000 }) }, { requiredKeys: [] }),
    fc.boolean(),
  ],
  { numRuns: 150 },
)('results are identical whatever the clock, the timing and sync/async answers', async (specs, fieldCount, budget, earlyStop) => {
  const contract = defineContract({ id: 'p', fields: Array.from({ length: fieldCount }, (_, index) => ({ path: `f${index}`, type: 'STRING' as const, required: index % 2 === 0 })) });
  const document = textDocument();
  const profile = { inputType: 'text', size: 10, contentHash: 'ef'.repeat(32), density: 1, isEmpty: false } as const;
  const planRegistry = createCapabilityRegistry(build(specs, false, async () => undefined));
  const executionPlan = plan({ contract, profile, registry: planRegistry, policy: { allowRemoteInference: true, earlyStop }, budget });
  const synchronous = await run({ plan: executionPlan, contract, document, registry: createCapabilityRegistry(build(specs, false, async () => undefined)), clock: manualClock(), scoreField: scorer });
  const asynchronous = await run({
    plan: executionPlan,
    contract,
    document,
    registry: createCapabilityRegistry(build(specs, true, () => new Promise((resolve) => setTimeout(resolve, 0)))),
    clock: systemClock,
    scoreField: scorer,
    signal: new AbortController().signal,
  });
  expect(canonicalJson(asynchronous.results)).toBe(canonicalJson(synchronous.results));
  expect(asynchronous.statistics.totalInvocations).toBe(synchronous.statistics.totalInvocations);
}, 60_000);
