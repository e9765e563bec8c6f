/**
 * The adapter registry and format detection. A registry belongs to one Paxman instance
 * (there is no global registry and importing a module registers nothing). Detection is
 * explicit and order-free: every registered adapter's `detect` is asked; exactly one
 * match is used, none is `ADAPTER_NOT_FOUND`, several is `AMBIGUOUS_CONTRACT_FORMAT`
 * naming them all. Naming a `format` skips detection. Whatever adapter ran, the
 * validator runs on its result, so no invalid contract gets past `adaptContract`.
 */
import { InvalidContractError, PaxmanError, isPlainObject } from '@paxman/core';
import type { AdaptOptions, ContractAdapter } from './adapter.js';
import { dictDslAdapter } from './adapters/dict-dsl/index.js';
import { jsonSchemaAdapter } from './adapters/json-schema/index.js';
import { openApiAdapter } from './adapters/openapi/index.js';
import { zodAdapter } from './adapters/zod/index.js';
import { assertValidContract } from './contract-error.js';
import type { CanonicalContract } from './model.js';
import { parseContractSource } from './parse-source.js';

const FORMAT_PATTERN = /^[a-z][a-z0-9-]*$/;

/** A set of adapters, keyed by format. */
export interface AdapterRegistry {
  /** Adds an adapter. Another adapter under the same format is `ADAPTER_ALREADY_REGISTERED` unless `replace`; the same one again is a no-op. */
  register(adapter: ContractAdapter, options?: { readonly replace?: boolean }): void;
  /** The adapter for a format, or `ADAPTER_NOT_FOUND`. */
  get(format: string): ContractAdapter;
  has(format: string): boolean;
  /** Registered formats, in registration order. */
  formats(): string[];
  /** The formats whose adapter recognises `source` (already parsed), in registration order. */
  detect(source: unknown): string[];
}

/**
 * A registry holding the given adapters (none by default).
 * @example const registry = createAdapterRegistry([dictDslAdapter]);
 */
export function createAdapterRegistry(adapters: readonly ContractAdapter[] = []): AdapterRegistry {
  const byFormat = new Map<string, ContractAdapter>();
  const registry: AdapterRegistry = {
    register(adapter, options = {}) {
      assertAdapterShape(adapter);
      const existing = byFormat.get(adapter.format);
      if (existing === adapter) return;
      if (existing !== undefined && options.replace !== true) {
        throw new InvalidContractError(`An adapter for format "${adapter.format}" is already registered; pass { replace: true } to replace it.`, {
          code: 'ADAPTER_ALREADY_REGISTERED',
          context: { format: adapter.format },
        });
      }
      byFormat.set(adapter.format, adapter);
    },
    get(format) {
      const adapter = byFormat.get(format);
      if (adapter === undefined) {
        throw new InvalidContractError(`No contract adapter for format "${format}". Registered: ${[...byFormat.keys()].join(', ') || 'none'}.`, {
          code: 'ADAPTER_NOT_FOUND',
          context: { format, registered: [...byFormat.keys()] },
        });
      }
      return adapter;
    },
    has: (format) => byFormat.has(format),
    formats: () => [...byFormat.keys()],
    detect(source) {
      return [...byFormat.values()].filter((adapter) => safeDetect(adapter, source)).map((adapter) => adapter.format);
    },
  };
  for (const adapter of adapters) registry.register(adapter);
  return registry;
}

function assertAdapterShape(adapter: unknown): asserts adapter is ContractAdapter {
  const candidate = adapter as Partial<Record<keyof ContractAdapter, unknown>> | null;
  const problems: string[] = [];
  if (candidate === null || typeof candidate !== 'object') problems.push('an adapter must be an object');
  else {
    if (typeof candidate.format !== 'string' || !FORMAT_PATTERN.test(candidate.format)) problems.push('format must be a lower-case kebab string such as "dict-dsl"');
    for (const method of ['detect', 'adapt', 'export'] as const) {
      if (typeof candidate[method] !== 'function') problems.push(`${method} must be a function`);
    }
  }
  if (problems.length > 0) {
    throw new InvalidContractError(`Invalid contract adapter: ${problems.join('; ')}.`, { code: 'INVALID_ADAPTER', context: { problems } });
  }
}

function safeDetect(adapter: ContractAdapter, source: unknown): boolean {
  try {
    return adapter.detect(source) === true;
  } catch {
    return false;
  }
}

/** Options of `adaptContract`. */
export interface AdaptContractOptions extends AdaptOptions {
  /** Registry to use (default: a fresh `createDefaultAdapterRegistry()`). */
  readonly registry?: AdapterRegistry;
  /** Skip detection and use this format's adapter. */
  readonly format?: string;
}

/**
 * A registry with the four built-in adapters: Dict DSL, JSON Schema, OpenAPI and Zod.
 * Each call returns a new registry, so registering a custom adapter on one never
 * affects another.
 */
export function createDefaultAdapterRegistry(): AdapterRegistry {
  return createAdapterRegistry(BUILT_IN_ADAPTERS);
}

const BUILT_IN_ADAPTERS: readonly ContractAdapter[] = [dictDslAdapter, jsonSchemaAdapter, openApiAdapter, zodAdapter];

/**
 * Any supported contract → a validated `CanonicalContract`. Strings are parsed as JSON or
 * YAML first; a `CanonicalContract` is only validated. Throws `InvalidContractError`:
 * `INVALID_JSON`, `ADAPTER_NOT_FOUND`, `AMBIGUOUS_CONTRACT_FORMAT`, or the adapter's and
 * validator's problems (all of them, in `context.problems`).
 * @example adaptContract({ id: 'invoice', fields: [{ name: 'total', type: 'MONEY', required: true }] })
 */
export function adaptContract(source: unknown, options: AdaptContractOptions = {}): CanonicalContract {
  const parsed = typeof source === 'string' ? parseContractSource(source) : source;
  if (options.format === undefined && isCanonicalContract(parsed)) return assertValidContract(parsed);
  const registry = options.registry ?? createDefaultAdapterRegistry();
  const adapter = options.format !== undefined ? registry.get(options.format) : detectAdapter(registry, parsed);
  let contract: CanonicalContract;
  try {
    contract = adapter.adapt(parsed, options.schemaName === undefined ? {} : { schemaName: options.schemaName });
  } catch (error) {
    if (PaxmanError.isInstance(error)) throw error;
    throw new InvalidContractError(`The ${adapter.format} adapter failed: ${error instanceof Error ? error.message : String(error)}`, {
      code: 'INVALID_CONTRACT',
      context: { format: adapter.format },
      cause: error,
    });
  }
  return assertValidContract(contract, adapter.format);
}

function detectAdapter(registry: AdapterRegistry, source: unknown): ContractAdapter {
  const matches = registry.detect(source);
  if (matches.length === 1) return registry.get(matches[0]!);
  if (matches.length === 0) {
    throw new InvalidContractError(
      `No registered adapter recognises this contract (${describe(source)}). Registered formats: ${registry.formats().join(', ') || 'none'}. Name one with { format }.`,
      { code: 'ADAPTER_NOT_FOUND', context: { registered: registry.formats() } },
    );
  }
  throw new InvalidContractError(`The contract matches several formats (${matches.join(', ')}); name one with { format }.`, {
    code: 'AMBIGUOUS_CONTRACT_FORMAT',
    context: { formats: matches },
  });
}

function describe(source: unknown): string {
  if (source === null) return 'null';
  if (Array.isArray(source)) return 'an array';
  if (isPlainObject(source)) {
    const keys = Object.keys(source).slice(0, 8);
    return keys.length === 0 ? 'an empty object' : `an object with keys ${keys.join(', ')}`;
  }
  return `a ${typeof source}`;
}

/** True for an already-canonical contract (as produced by an adapter or `defineContract`). */
export function isCanonicalContract(value: unknown): value is CanonicalContract {
  return (
    isPlainObject(value) &&
    isPlainObject(value.source) &&
    typeof value.source.format === 'string' &&
    Array.isArray(value.fields) &&
    value.fields.every((field) => isPlainObject(field) && typeof field.path === 'string' && typeof field.id === 'string' && 'confidenceThreshold' in field)
  );
}
