/**
 * Zod is an optional peer dependency: reading a Zod schema needs nothing but the schema
 * object itself (its own `toJSONSchema` and `meta` methods), so the adapter can sit in
 * the default registry of an application that never installed Zod. Only *building* Zod
 * schemas (`export`, `money()`) needs the library, and loads it on first use.
 */
import { createRequire } from 'node:module';
import { ConfigurationError } from '@paxman/core';
import type * as ZodNamespace from 'zod';

/** The `zod` module (Node keeps it once loaded); throws `ConfigurationError` when it is not installed. */
export function loadZod(): typeof ZodNamespace {
  try {
    return createRequire(import.meta.url)('zod') as typeof ZodNamespace;
  } catch (error) {
    throw new ConfigurationError('Building Zod schemas needs the "zod" package (version 4): install it next to @paxman/contract.', { cause: error });
  }
}
