/**
 * Regular expressions in contracts use RE2 syntax (linear-time matching, no
 * backreferences or lookaround). A pattern RE2 cannot compile is a contract error —
 * there is deliberately no fallback to the JavaScript engine, so a pattern means the
 * same thing everywhere it runs and can never backtrack catastrophically.
 */
import { RE2JS } from 're2js';

/** Null when `pattern` compiles on RE2, otherwise the RE2 parser's reason. */
export function re2CompileError(pattern: string): string | null {
  try {
    RE2JS.compile(pattern);
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}
