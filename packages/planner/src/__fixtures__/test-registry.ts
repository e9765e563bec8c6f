/**
 * Test doubles: a minimal `CapabilityRegistry` (same contract as the real one in
 * `@paxman/capabilities`: keyed by id@version, `list()` sorted by id then semver) and a
 * factory for fake capabilities with a chosen spec and `configure`.
 */
import { CapabilityNotFoundError, PaxmanError, compareVersions, type CapabilityTier, type FieldType, type JsonValue } from '@paxman/core';
import type { CanonicalContract, CanonicalField } from '@paxman/contract';
import { type Capability, type CapabilityRegistry, type StepConfiguration, EMPTY_RESULT, capabilityKey } from '@paxman/capability-spi';

/**
 * `listOrder: 'insertion'` makes `list()` return registration order instead of the
 * sorted order the interface promises, to prove the planner does not rely on it.
 */
export function testRegistry(capabilities: readonly Capability[] = [], options: { readonly listOrder?: 'sorted' | 'insertion' } = {}): CapabilityRegistry {
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
    list: () =>
      options.listOrder === 'insertion'
        ? [...byKey.values()]
        : [...byKey.values()].sort((left, right) => (left.spec.id < right.spec.id ? -1 : left.spec.id > right.spec.id ? 1 : compareVersions(left.spec.version, right.spec.version))),
  };
  for (const capability of capabilities) registry.register(capability);
  return registry;
}

export interface FakeCapabilityOptions {
  readonly id: string;
  readonly version?: string;
  readonly tier: CapabilityTier;
  readonly acceptsTypes?: readonly (FieldType | '*')[];
  readonly usd?: string;
  readonly ms?: number;
  readonly tokens?: number;
  readonly configure?: (field: CanonicalField, contract: CanonicalContract) => StepConfiguration;
  readonly config?: Readonly<Record<string, JsonValue>>;
}

export function fakeCapability(options: FakeCapabilityOptions): Capability {
  const configure = options.configure ?? (options.config ? () => ({ config: options.config! }) : undefined);
  return {
    spec: {
      id: options.id,
      version: options.version ?? '1.0.0',
      tier: options.tier,
      acceptsTypes: options.acceptsTypes ?? ['*'],
      costHint: { tokens: options.tokens ?? 0, ms: options.ms ?? 1, usd: options.usd ?? '0' },
      deterministic: options.tier < 5,
    },
    ...(configure ? { configure } : {}),
    invoke: () => EMPTY_RESULT,
  };
}

/** A registry shaped like the V1 set: explicit evidence, patterns, lookup, derived, validation, two inference tiers. */
export function standardCapabilities(): Capability[] {
  return [
    fakeCapability({ id: 'explicit_evidence', tier: 1, ms: 2, config: { labels: ['x'] } }),
    fakeCapability({ id: 'pattern_extraction', tier: 2, ms: 3 }),
    fakeCapability({
      id: 'lookup',
      tier: 3,
      configure: (field) => (field.lookup ? { config: { table: field.lookup.table, keyField: field.lookup.keyField } } : { skip: 'the field declares no lookup table' }),
    }),
    fakeCapability({
      id: 'derived',
      tier: 4,
      acceptsTypes: ['DECIMAL', 'INTEGER', 'MONEY'],
      configure: (field) => (field.derived ? { config: { expression: field.derived.expression } } : { skip: 'the field declares no derived relation' }),
    }),
    fakeCapability({ id: 'validation', tier: 4, ms: 1 }),
    fakeCapability({ id: 'local_inference', tier: 5, usd: '0', ms: 800, tokens: 500 }),
    fakeCapability({ id: 'remote_inference', tier: 6, usd: '0.002', ms: 1500, tokens: 800 }),
  ];
}
