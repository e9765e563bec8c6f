/**
 * Plug-ins: an ES module that exports `capabilities` and/or `adapters` arrays, named by a
 * path or a package name, loaded into a Paxman instance — what `paxman normalize
 * --plugin`, `paxman replay --plugin` and the example apps' `--plugin` use, so an artifact
 * made with a custom capability can be produced and replayed anywhere the plug-in is.
 * A module that cannot be loaded, or exports neither array, or exports something that is
 * not a capability or an adapter, is a `ConfigurationError` naming the module.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { isAbsolute, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Capability } from '@paxman/capability-spi';
import type { ContractAdapter } from '@paxman/contract';
import { ConfigurationError } from '@paxman/core';

/** What plug-ins contribute to an instance (`createPaxman({ capabilities, adapters })`). */
export interface LoadedPlugins {
  readonly capabilities: readonly Capability[];
  readonly adapters: readonly ContractAdapter[];
}

/**
 * Loads plug-in modules, in order. A specifier that names an existing path (or starts with
 * `.` or `/`) is a file, resolved against `cwd`; anything else is a package name, resolved
 * from `cwd` as `node` would from a script there.
 * @example const { capabilities, adapters } = await loadPlugins(['./vat-id.mjs']); createPaxman({ capabilities, adapters });
 */
export async function loadPlugins(specifiers: readonly string[], options: { readonly cwd?: string } = {}): Promise<LoadedPlugins> {
  const cwd = options.cwd ?? process.cwd();
  const capabilities: Capability[] = [];
  const adapters: ContractAdapter[] = [];
  for (const specifier of specifiers) {
    const loaded = await importPlugin(specifier, cwd);
    const exported = [loaded.capabilities, loaded.adapters];
    if (exported.every((value) => value === undefined)) {
      throw new ConfigurationError(`Plug-in ${specifier} exports neither \`capabilities\` nor \`adapters\` (arrays).`, { context: { plugin: specifier } });
    }
    capabilities.push(...arrayOf<Capability>(loaded.capabilities, 'capabilities', specifier, (item) => typeof item === 'object' && item !== null && 'spec' in item && typeof (item as Capability).invoke === 'function'));
    adapters.push(...arrayOf<ContractAdapter>(loaded.adapters, 'adapters', specifier, (item) => typeof item === 'object' && item !== null && typeof (item as ContractAdapter).format === 'string'));
  }
  return { capabilities, adapters };
}

async function importPlugin(specifier: string, cwd: string): Promise<Record<string, unknown>> {
  let url: string;
  try {
    const asPath = isAbsolute(specifier) ? specifier : resolve(cwd, specifier);
    url = specifier.startsWith('.') || isAbsolute(specifier) || existsSync(asPath) ? pathToFileURL(asPath).href : pathToFileURL(createRequire(join(cwd, 'plugin-resolution.js')).resolve(specifier)).href;
  } catch (cause) {
    throw new ConfigurationError(`Plug-in ${specifier} was not found (neither a file nor a package installed where ${cwd} can see it).`, { context: { plugin: specifier }, cause });
  }
  try {
    return (await import(url)) as Record<string, unknown>;
  } catch (cause) {
    throw new ConfigurationError(`Plug-in ${specifier} could not be loaded: ${cause instanceof Error ? cause.message : String(cause)}`, { context: { plugin: specifier }, cause });
  }
}

function arrayOf<T>(value: unknown, name: string, specifier: string, accepts: (item: unknown) => boolean): readonly T[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) throw new ConfigurationError(`Plug-in ${specifier}: \`${name}\` must be an array.`, { context: { plugin: specifier } });
  const bad = value.findIndex((item) => !accepts(item));
  if (bad !== -1) throw new ConfigurationError(`Plug-in ${specifier}: \`${name}[${bad}]\` is not ${name === 'capabilities' ? 'a capability (with spec and invoke)' : 'a contract adapter (with format)'}.`, { context: { plugin: specifier, index: bad } });
  return value as T[];
}
