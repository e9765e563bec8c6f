/**
 * The only way a contract-supplied regular expression runs in Paxman: compiled by re2js
 * (RE2 semantics, linear time in the input, no backreferences or lookaround). A pattern
 * RE2 cannot compile is a contract error (`INVALID_REGEX_PATTERN`) — there is no
 * fallback to the backtracking JavaScript engine, so a hostile pattern such as `(a+)+$`
 * can never hang the process.
 */
import { InvalidContractError, compileRe2, type Re2Pattern } from '@paxman/core';

/** One match of a safe regex, with UTF-16 offsets into the searched text. */
export interface SafeRegexMatch {
  readonly start: number;
  readonly end: number;
  readonly text: string;
  /** Named groups that took part in the match. */
  readonly groups: Readonly<Record<string, { readonly start: number; readonly end: number; readonly text: string }>>;
}

/** A compiled RE2 pattern. */
export interface SafeRegex {
  readonly source: string;
  readonly groupNames: readonly string[];
  /** All non-overlapping matches, at most `limit` (default 1000). */
  matchAll(text: string, options?: { readonly limit?: number }): readonly SafeRegexMatch[];
  /** True when the whole text matches. */
  matchesWhole(text: string): boolean;
  /** True when some substring matches. */
  test(text: string): boolean;
}

/**
 * Compiles `pattern` on RE2. Throws `InvalidContractError` with code
 * `INVALID_REGEX_PATTERN` (and the RE2 parser's reason in `context.reason`) when RE2
 * rejects it. The caller keeps
 * the compiled pattern (a step compiles it once per run).
 *
 * @example
 * compileSafeRegex('INV-(?P<value>\\d+)').matchAll('see INV-42')[0]?.groups.value?.text; // '42'
 */
export function compileSafeRegex(pattern: string, options: { readonly caseInsensitive?: boolean } = {}): SafeRegex {
  let compiled: Re2Pattern;
  try {
    compiled = compileRe2(pattern, options);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new InvalidContractError(`Pattern ${JSON.stringify(pattern)} is not valid RE2 syntax: ${reason}`, {
      code: 'INVALID_REGEX_PATTERN',
      context: { pattern, reason },
    });
  }
  const groupNames = Object.keys(compiled.namedGroups()).sort();
  const regex: SafeRegex = Object.freeze({
    source: pattern,
    groupNames,
    matchAll(text: string, matchOptions: { readonly limit?: number } = {}): readonly SafeRegexMatch[] {
      const limit = matchOptions.limit ?? 1000;
      const matcher = compiled.matcher(text);
      const matches: SafeRegexMatch[] = [];
      while (matches.length < limit && matcher.find()) {
        const start = matcher.start();
        const end = matcher.end();
        const groups: Record<string, { start: number; end: number; text: string }> = {};
        for (const name of groupNames) {
          const groupStart = matcher.start(name);
          if (groupStart < 0) continue;
          const groupEnd = matcher.end(name);
          groups[name] = { start: groupStart, end: groupEnd, text: text.slice(groupStart, groupEnd) };
        }
        matches.push({ start, end, text: text.slice(start, end), groups });
      }
      return matches;
    },
    matchesWhole: (text: string) => compiled.matches(text),
    test: (text: string) => compiled.matcher(text).find(),
  });
  return regex;
}
