/**
 * The one place Paxman loads RE2 (re2js: linear-time matching, no backreferences or
 * lookaround). Contract validation, contract-supplied patterns and constraint checks all
 * compile through it, so a pattern means the same thing everywhere it runs. re2js is
 * required on first use (only contracts with patterns need it); Node's module cache
 * keeps it, so nothing here holds state.
 */
import { createRequire } from 'node:module';
import type * as Re2 from 're2js';

/** A compiled RE2 pattern (re2js' `RE2JS`). */
export type Re2Pattern = Re2.RE2JS;

/**
 * Compiles `pattern` with RE2 semantics; throws the RE2 parser's error when it cannot.
 * @example compileRe2('INV-(?P<value>\\d+)').matcher('INV-42').find() // true
 */
export function compileRe2(pattern: string, options: { readonly caseInsensitive?: boolean } = {}): Re2Pattern {
  const { RE2JS } = createRequire(import.meta.url)('re2js') as typeof Re2;
  return RE2JS.compile(pattern, options.caseInsensitive === true ? RE2JS.CASE_INSENSITIVE : 0);
}

/** Null when `pattern` compiles on RE2, otherwise the RE2 parser's reason. */
export function re2CompileError(pattern: string): string | null {
  try {
    compileRe2(pattern);
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}
