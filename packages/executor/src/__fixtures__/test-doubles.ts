/**
 * Test doubles for the executor: a minimal `CapabilityRegistry` (same contract as the
 * real one), fake capabilities with scripted behaviour, a small Document, and a scorer
 * that grades candidates by tier (a stand-in for the reconciler's `scoreField`).
 */
import { type Candidate, type CapabilityTier, type FieldScorer, type FieldType, type JsonValue, CapabilityNotFoundError, PaxmanError, evidenceId } from '@paxman/core';
import type { CanonicalContract, CanonicalField } from '@paxman/contract';
import { type Capability, type CapabilityContext, type CapabilityRegistry, type CapabilityResult, type StepConfiguration, capabilityKey } from '@paxman/capability-spi';
import { type Document } from '@paxman/document';

export function testRegistry(capabilities: readonly Capability[] = []): CapabilityRegistry {
  const byKey = new Map<string, Capability>();
  const registry: CapabilityRegistry = {
    register(capability, options) {
      const key = capabilityKey(capability.spec);
      if (byKey.has(key) && options?.replace !== true) throw new PaxmanError(`${key} is already registered.`, { code: 'CAPABILITY_ALREADY_REGISTERED' });
      byKey.set(key, capability);
    },
    get(id, version) {
      if (version !== undefined) return byKey.get(`${id}@${version}`);
      return registry.list().filter((capability) => capability.spec.id === id).at(-1);
    },
    require(key) {
      const found = byKey.get(key);
      if (!found) throw new CapabilityNotFoundError(`${key} is not registered.`);
      return found;
    },
    has: (key) => byKey.has(key),
    list: () => [...byKey.values()].sort((left, right) => (left.spec.id < right.spec.id ? -1 : left.spec.id > right.spec.id ? 1 : left.spec.version < right.spec.version ? -1 : 1)),
  };
  for (const capability of capabilities) registry.register(capability);
  return registry;
}

export interface ScriptedCapabilityOptions {
  /** Default: tiers below 5 (the model tiers are not deterministic). */
  readonly deterministic?: boolean;
  readonly id: string;
  readonly tier: CapabilityTier;
  readonly acceptsTypes?: readonly (FieldType | '*')[];
  readonly usd?: string;
  readonly ms?: number;
  readonly tokens?: number;
  readonly configure?: (field: CanonicalField, contract: CanonicalContract) => StepConfiguration;
  readonly invoke?: (context: CapabilityContext) => CapabilityResult | Promise<CapabilityResult>;
}

/** A capability whose `invoke` is scripted; it records every context it was called with. */
export function scriptedCapability(options: ScriptedCapabilityOptions): Capability & { readonly calls: CapabilityContext[] } {
  const calls: CapabilityContext[] = [];
  return {
    calls,
    spec: {
      id: options.id,
      version: '1.0.0',
      tier: options.tier,
      acceptsTypes: options.acceptsTypes ?? ['*'],
      costHint: { tokens: options.tokens ?? 0, ms: options.ms ?? 1, usd: options.usd ?? '0' },
      deterministic: options.deterministic ?? options.tier < 5,
    },
    ...(options.configure ? { configure: options.configure } : {}),
    invoke(context) {
      calls.push(context);
      return options.invoke ? options.invoke(context) : { candidates: [], evidence: [], diagnostics: [] };
    },
  };
}

/** A result with one candidate (and its evidence) for the context's field. */
export function found(context: CapabilityContext, value: JsonValue, tier: CapabilityTier, capability: string): CapabilityResult {
  const key = `${capability}@1.0.0`;
  const id = evidenceId({ capability: key, fieldPath: context.field.path, kind: 'EXACT_LABEL', spans: [], discriminator: JSON.stringify(value) });
  const candidate: Candidate = { fieldPath: context.field.path, value, raw: String(value), capability: key, tier, evidenceIds: [id] };
  return { candidates: [candidate], evidence: [{ id, capability: key, fieldPath: context.field.path, kind: 'EXACT_LABEL', spans: [] }], diagnostics: [] };
}

/** Confidence by the best candidate's tier: tier 1 → 0.95, 2 → 0.85, 3 → 0.7, otherwise 0.5. */
export const tierScorer: FieldScorer = ({ candidates }) => {
  const byTier: Record<number, number> = { 1: 0.95, 2: 0.85, 3: 0.7 };
  return candidates.reduce((best, candidate) => Math.max(best, byTier[candidate.tier] ?? 0.5), 0);
};

export function textDocument(text = 'Invoice INV-1\nTotal: 10.00 EUR\n'): Document {
  return {
    kind: 'text',
    layers: { input: { name: 'input', text, origin: null } },
    primaryLayer: 'input',
    lines: [],
    keyValues: [],
    tables: [],
    context: { dateOrder: null, dominantCurrency: null, decimalSeparator: null },
    email: null,
    csv: null,
    json: null,
    warnings: [],
  };
}
