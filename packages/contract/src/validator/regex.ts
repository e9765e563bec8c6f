/**
 * Regular expressions in contracts use RE2 syntax (linear-time matching, no
 * backreferences or lookaround). A pattern RE2 cannot compile is a contract error —
 * there is deliberately no fallback to the JavaScript engine, so a pattern means the
 * same thing everywhere it runs and can never backtrack catastrophically.
 */
import { createRequire } from 'node:module';
import type * as Re2 from 're2js';

// re2js is loaded on first use (only contracts with patterns need it), not at import.
let re2: typeof Re2 | null = null;
function loadRe2(): typeof Re2 {
  re2 ??= createRequire(import.meta.url)('re2js') as typeof Re2;
  return re2;
}

/** Null when `pattern` compiles on RE2, otherwise the RE2 parser's reason. */
export function re2CompileError(pattern: string): string | null {
  try {
    loadRe2().RE2JS.compile(pattern);
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}
