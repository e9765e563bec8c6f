/**
 * `--plugin <module>` (repeatable) for `normalize` and `replay`: ES modules that export
 * `capabilities` and/or `adapters` arrays, by path or package name (resolved from the
 * current folder). Their capabilities and adapters join the command's Paxman instance, so
 * an artifact made with a custom capability is produced and replayed the same way. A
 * plug-in that cannot be loaded is a usage error naming it.
 */
import { type ContractAdapter, type LoadedPlugins, PaxmanError, createDefaultAdapterRegistry, loadPlugins } from 'paxman';
import { UsageError } from './option-files.js';

/** Collects a repeatable option's values (commander's `option(…, collect, [])`). */
export function collectPlugin(value: string, previous: readonly string[] = []): string[] {
  return [...previous, value];
}

/** The plug-ins a command was given, loaded; no plug-ins → empty lists. */
export async function loadCommandPlugins(specifiers: readonly string[] | undefined): Promise<LoadedPlugins> {
  if (specifiers === undefined || specifiers.length === 0) return { capabilities: [], adapters: [] };
  try {
    return await loadPlugins(specifiers);
  } catch (error) {
    if (PaxmanError.isInstance(error)) throw new UsageError(`--plugin: ${error.message}`);
    throw error;
  }
}

/** An adapter registry with the built-in adapters and the plug-ins' (for adapting a contract up front). */
export function adapterRegistryWith(adapters: readonly ContractAdapter[]): ReturnType<typeof createDefaultAdapterRegistry> {
  const registry = createDefaultAdapterRegistry();
  for (const adapter of adapters) registry.register(adapter);
  return registry;
}
