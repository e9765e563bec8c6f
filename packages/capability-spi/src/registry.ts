/**
 * The per-instance capability registry (ARCHITECTURE §5): capabilities keyed by
 * `id@version`, with semver-aware "latest" lookup and explicit replacement.
 *
 * Error choices: an invalid `CapabilitySpec` and a duplicate registration are both
 * instance configuration mistakes, so both throw `ConfigurationError` — with code
 * `CONFIGURATION_ERROR` for a malformed spec and `CAPABILITY_ALREADY_REGISTERED` for a
 * duplicate `id@version` registered without `{ replace: true }`. `require` throws core's
 * `CapabilityNotFoundError` (code `CAPABILITY_NOT_FOUND`), which replay reports as is.
 */
import { CapabilityNotFoundError, ConfigurationError, compareVersions, isCapabilityTier, isSemver } from '@paxman/core';
import { CAPABILITY_SPECIFICATION_VERSION, capabilityKey, type Capability, type CapabilityRegistry } from './spi.js';

const CAPABILITY_ID = /^[a-z][a-z0-9_.-]*$/;
const USD_DECIMAL = /^(?:0|[1-9]\d*)(?:\.\d+)?$/;

/** Throws `ConfigurationError` when a capability or its spec is malformed. */
export function validateCapability(capability: Capability): void {
  const problems: string[] = [];
  if (typeof capability !== 'object' || capability === null) {
    throw new ConfigurationError('A capability must be an object with a spec and an invoke function.');
  }
  const spec = capability.spec as Partial<Capability['spec']> | undefined;
  if (typeof spec !== 'object' || spec === null) {
    throw new ConfigurationError('A capability must have a spec.');
  }
  if (spec.specificationVersion !== undefined && spec.specificationVersion !== CAPABILITY_SPECIFICATION_VERSION) {
    problems.push(`specificationVersion ${JSON.stringify(spec.specificationVersion)} is not implemented (this SPI is ${CAPABILITY_SPECIFICATION_VERSION})`);
  }
  if (typeof spec.id !== 'string' || !CAPABILITY_ID.test(spec.id)) problems.push(`id ${JSON.stringify(spec.id)} must be lower case (letters, digits, _ . -), starting with a letter`);
  if (!isSemver(spec.version)) problems.push(`version ${JSON.stringify(spec.version)} is not semver MAJOR.MINOR.PATCH`);
  if (!isCapabilityTier(spec.tier)) problems.push(`tier ${JSON.stringify(spec.tier)} is not a capability tier (1–7)`);
  if (!Array.isArray(spec.acceptsTypes) || spec.acceptsTypes.length === 0) problems.push('acceptsTypes must be a non-empty array');
  if (typeof spec.deterministic !== 'boolean') problems.push('deterministic must be a boolean');
  const cost = spec.costHint;
  if (typeof cost !== 'object' || cost === null) {
    problems.push('costHint is required');
  } else {
    if (!Number.isFinite(cost.tokens) || cost.tokens < 0) problems.push('costHint.tokens must be a non-negative number');
    if (!Number.isFinite(cost.ms) || cost.ms < 0) problems.push('costHint.ms must be a non-negative number');
    if (typeof cost.usd !== 'string' || !USD_DECIMAL.test(cost.usd)) problems.push(`costHint.usd ${JSON.stringify(cost.usd)} must be a non-negative decimal string such as "0.002"`);
  }
  if (typeof capability.invoke !== 'function') problems.push('invoke must be a function');
  if (capability.configure !== undefined && typeof capability.configure !== 'function') problems.push('configure must be a function when present');
  if (problems.length > 0) {
    throw new ConfigurationError(`Invalid capability ${JSON.stringify(spec.id)}: ${problems.join('; ')}.`, {
      context: { id: typeof spec.id === 'string' ? spec.id : null, problems },
    });
  }
}

/**
 * Creates a registry, optionally pre-filled (each capability validated and registered
 * in order, duplicates rejected).
 *
 * @example
 * const registry = createCapabilityRegistry(createDefaultCapabilities());
 * registry.get('explicit_evidence'); // the highest registered version
 */
export function createCapabilityRegistry(capabilities: readonly Capability[] = []): CapabilityRegistry {
  const byKey = new Map<string, Capability>();

  const register: CapabilityRegistry['register'] = (capability, options = {}) => {
    validateCapability(capability);
    const key = capabilityKey(capability.spec);
    if (byKey.has(key) && options.replace !== true) {
      throw new ConfigurationError(`Capability ${key} is already registered; pass { replace: true } to replace it.`, {
        code: 'CAPABILITY_ALREADY_REGISTERED',
        context: { key },
      });
    }
    byKey.set(key, capability);
  };

  const get: CapabilityRegistry['get'] = (id, version) => {
    if (version !== undefined) return byKey.get(`${id}@${version}`);
    let best: Capability | undefined;
    for (const capability of byKey.values()) {
      if (capability.spec.id !== id) continue;
      if (best === undefined || compareVersions(capability.spec.version, best.spec.version) > 0) best = capability;
    }
    return best;
  };

  const require: CapabilityRegistry['require'] = (key) => {
    const found = byKey.get(key);
    if (found === undefined) {
      throw new CapabilityNotFoundError(`Capability ${key} is not registered.`, { context: { key, registered: [...byKey.keys()].sort() } });
    }
    return found;
  };

  const list: CapabilityRegistry['list'] = () =>
    [...byKey.values()].sort((left, right) =>
      left.spec.id < right.spec.id ? -1 : left.spec.id > right.spec.id ? 1 : compareVersions(left.spec.version, right.spec.version),
    );

  for (const capability of capabilities) register(capability);

  return Object.freeze({ register, get, require, has: (key: string) => byKey.has(key), list });
}
