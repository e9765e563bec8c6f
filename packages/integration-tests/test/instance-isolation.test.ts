/**
 * Two instances never share mutable state (ARCHITECTURE §2): instances with different
 * registries and policies, runs interleaved, each sees only its own capabilities,
 * settings and preparations — and what one registers later never reaches the other.
 */
import { EMPTY_RESULT } from '@paxman/capability-spi';
import { type Capability, type CapabilityContext, type ExecutionArtifact, capabilityKey, createPaxman, memoKey } from 'paxman';
import { describe, expect, it } from 'vitest';

const contract = {
  id: 'isolation',
  fields: [
    { name: 'total_amount', type: 'MONEY', required: true },
    { name: 'reference_code', type: 'STRING', required: false },
  ],
};
const invoice = 'Invoice INV-7\nTotal: 120.00 EUR\n';

/** A capability that proposes a fixed reference code, and counts (per instance) how many documents it indexed in its run memo. */
function referenceCapability(code: string, indexed: { count: number }): Capability {
  const memoEntry = memoKey<string>(`reference-${code}`);
  const spec = { id: 'reference_code', version: '1.0.0', tier: 2, acceptsTypes: ['STRING'], costHint: { usd: '0', ms: 1, tokens: 0 }, deterministic: true, specificationVersion: 'v1' } as const;
  return Object.freeze({
    spec,
    configure: (field: { readonly name: string }) => (field.name === 'reference_code' ? { config: {} } : { skip: 'not the reference field' }),
    invoke: (context: CapabilityContext) => {
      const text = context.memo!.remember(memoEntry, () => {
        indexed.count += 1;
        return code;
      });
      const evidenceId = `ev-${code}`;
      return {
        ...EMPTY_RESULT,
        candidates: [{ value: text, capability: capabilityKey(spec), tier: spec.tier, evidenceIds: [evidenceId] }],
        evidence: [{ id: evidenceId, fieldPath: context.field.path, kind: 'RECOGNIZER', capability: capabilityKey(spec), spans: [], detail: {} }],
      };
    },
  }) as unknown as Capability;
}

/** The reference codes the custom capability proposed in a run (its evidence ids name them). */
function proposed(artifact: ExecutionArtifact): string[] {
  return artifact.evidence.filter((record) => record.capability === 'reference_code@1.0.0').map((record) => record.id.slice('ev-'.length));
}

describe('two instances', () => {
  it('keep their registries, policies and preparations apart while their runs interleave', async () => {
    const indexedA = { count: 0 };
    const indexedB = { count: 0 };
    const a = createPaxman({ capabilities: [referenceCapability('A-1', indexedA)] });
    const b = createPaxman({ builtIns: true });
    const strictPolicy = { confidenceFloor: 0.99 };

    const runs = await Promise.all([
      a.normalize(invoice, { contract }),
      b.normalize(invoice, { contract, policy: strictPolicy }),
      a.normalize(invoice, { contract }),
      b.normalize(invoice, { contract, policy: strictPolicy }),
    ]);
    const [a1, b1, a2, b2] = runs;
    expect(a1!.plan!.fieldPlans.some((fieldPlan) => fieldPlan.steps.some((step) => step.capability === 'reference_code@1.0.0'))).toBe(true);
    expect(b1!.plan!.fieldPlans.some((fieldPlan) => fieldPlan.steps.some((step) => step.capability === 'reference_code@1.0.0'))).toBe(false);
    expect(a1!.plan!.policy.confidenceFloor).not.toBe(0.99);
    expect(b1!.plan!.policy.confidenceFloor).toBe(0.99);
    expect(proposed(a1!)).toEqual(['A-1']);
    expect(proposed(b1!)).toEqual([]);
    // Each run has its own memo: the capability computed its entry once per run of its own instance.
    expect(indexedA.count).toBe(2);
    expect(indexedB.count).toBe(0);
    expect(a2!.replayHash).toBe(a1!.replayHash);
    expect(b2!.replayHash).toBe(b1!.replayHash);

    // Registering on one instance changes its next plan only.
    const indexedLate = { count: 0 };
    b.registerCapability(referenceCapability('B-9', indexedLate));
    const [a3, b3] = await Promise.all([a.normalize(invoice, { contract }), b.normalize(invoice, { contract, policy: strictPolicy })]);
    expect(proposed(a3!)).toEqual(['A-1']);
    expect(proposed(b3!)).toEqual(['B-9']);
    expect(b3!.plan!.fieldPlans.some((fieldPlan) => fieldPlan.steps.some((step) => step.capability === 'reference_code@1.0.0'))).toBe(true);
    expect(indexedLate.count).toBe(1);
    expect(indexedA.count).toBe(3);
  });

  it('prepare once, normalize many: the same artifacts as normalize, per instance', async () => {
    const a = createPaxman();
    const b = createPaxman();
    const prepared = a.prepare({ contract, policy: { confidenceFloor: 0.5 } });
    expect(prepared.policy.confidenceFloor).toBe(0.5);
    const viaPrepared = await prepared.normalize(invoice);
    const direct = await b.normalize(invoice, { contract, policy: { confidenceFloor: 0.5 } });
    expect(viaPrepared.replayHash).toBe(direct.replayHash);
    expect(viaPrepared.normalizedData['total_amount']).toEqual({ amount: '120.00', currency: 'EUR' });
    expect(() => a.prepare({ contract: { id: 'bad', fields: [{ name: 'x', type: 'NOPE' }] } })).toThrow(/NOPE|type/);
  });
});
