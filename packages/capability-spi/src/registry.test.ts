import { CapabilityNotFoundError, ConfigurationError, PaxmanError } from '@paxman/core';
import { describe, expect, it } from 'vitest';
import { createCapabilityRegistry } from './registry.js';
import { EMPTY_RESULT, type Capability } from './spi.js';

function fake(id: string, version: string, overrides: Partial<Capability['spec']> = {}): Capability {
  return {
    spec: { id, version, tier: 1, acceptsTypes: ['*'], costHint: { tokens: 0, ms: 1, usd: '0' }, deterministic: true, ...overrides },
    invoke: () => EMPTY_RESULT,
  };
}

describe('createCapabilityRegistry', () => {
  it('returns the highest semver version for get(id) and an exact one for get(id, version)', () => {
    const registry = createCapabilityRegistry([fake('lookup', '1.2.0'), fake('lookup', '1.10.0'), fake('lookup', '2.0.0-beta.1')]);
    expect(registry.get('lookup')?.spec.version).toBe('2.0.0-beta.1');
    registry.register(fake('lookup', '2.0.0'));
    expect(registry.get('lookup')?.spec.version).toBe('2.0.0');
    expect(registry.get('lookup', '1.2.0')?.spec.version).toBe('1.2.0');
    expect(registry.get('lookup', '9.9.9')).toBeUndefined();
    expect(registry.get('missing')).toBeUndefined();
  });

  it('rejects a duplicate id@version unless replace is explicit', () => {
    const registry = createCapabilityRegistry([fake('derived', '1.0.0')]);
    const replacement = fake('derived', '1.0.0', { description: 'replacement' });
    expect(() => registry.register(replacement)).toThrowError(ConfigurationError);
    try {
      registry.register(replacement);
    } catch (error) {
      expect(PaxmanError.isInstance(error) && error.code).toBe('CAPABILITY_ALREADY_REGISTERED');
    }
    registry.register(replacement, { replace: true });
    expect(registry.require('derived@1.0.0').spec.description).toBe('replacement');
  });

  it('require throws CapabilityNotFoundError for an unknown key', () => {
    const registry = createCapabilityRegistry();
    expect(() => registry.require('explicit_evidence@1.0.0')).toThrowError(CapabilityNotFoundError);
    expect(registry.has('explicit_evidence@1.0.0')).toBe(false);
  });

  it('lists by id then semver ascending, whatever the registration order', () => {
    const registry = createCapabilityRegistry([fake('b', '1.10.0'), fake('a', '1.0.0'), fake('b', '1.9.0'), fake('b', '1.9.0-rc.1')]);
    expect(registry.list().map((capability) => `${capability.spec.id}@${capability.spec.version}`)).toEqual(['a@1.0.0', 'b@1.9.0-rc.1', 'b@1.9.0', 'b@1.10.0']);
  });

  it.each([
    ['version', { version: '1.0' }],
    ['tier', { tier: 9 as never }],
    ['usd', { costHint: { tokens: 0, ms: 0, usd: '1e-3' } }],
    ['negative usd', { costHint: { tokens: 0, ms: 0, usd: '-1' } }],
    ['acceptsTypes', { acceptsTypes: [] }],
  ])('rejects a malformed spec (%s)', (_name, overrides) => {
    expect(() => createCapabilityRegistry([fake('x', '1.0.0', overrides as Partial<Capability['spec']>)])).toThrowError(ConfigurationError);
  });

  it('accepts the SPI version it implements and refuses another', () => {
    expect(() => createCapabilityRegistry([fake('v1-plugin', '1.0.0', { specificationVersion: 'v1' })])).not.toThrow();
    expect(() => createCapabilityRegistry([fake('v9-plugin', '1.0.0', { specificationVersion: 'v9' as 'v1' })])).toThrow(/specificationVersion "v9" is not implemented/);
  });
});
