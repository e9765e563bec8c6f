/**
 * ENUM: a declared value or one of its synonyms, case-insensitive and whole-word only
 * (`net 30` never matches inside `internet 300`). The value is the declared value; a
 * synonym declared for two values is ambiguous and lists both. Values that name a common
 * business concept (a payment method: `card`, `cash`, …) also match the words documents
 * print for it (`VISA`, `Barzahlung`; see `enum-synonyms.ts`); a built-in word never
 * overrides a word the contract declares for another value.
 *
 * Compiling a list builds one regular expression over all its terms (tens of
 * microseconds); `compileEnumMatcher` does it once for a caller that scans with the same
 * list again (a prepared plan's step: ADR 0030).
 */
import type { CompiledEnum, EnumMatcher, EnumValue } from './types.js';
import { builtInEnumSynonyms } from './enum-synonyms.js';
import { escapeRegExp, makeHit } from './text-scan.js';
import type { RecognizedValue } from './types.js';

function normalize(term: string): string {
  return term.trim().toLowerCase().replace(/\s+/g, ' ');
}

function compile(values: readonly EnumValue[]): CompiledEnum | null {
  const owners = new Map<string, string[]>();
  for (const entry of values) {
    for (const term of [entry.value, ...entry.synonyms]) {
      const key = normalize(term);
      if (key === '') continue;
      const list = owners.get(key) ?? [];
      if (!list.includes(entry.value)) list.push(entry.value);
      owners.set(key, list);
    }
  }
  const declared = new Set(owners.keys());
  const builtIn = new Map<string, string[]>();
  for (const entry of values) {
    for (const term of builtInEnumSynonyms(entry.value, entry.synonyms)) {
      const key = normalize(term);
      if (declared.has(key)) continue;
      const list = builtIn.get(key) ?? [];
      if (!list.includes(entry.value)) list.push(entry.value);
      builtIn.set(key, list);
    }
  }
  for (const [key, list] of builtIn) owners.set(key, list);
  if (owners.size === 0) return null;
  const alternation = [...owners.keys()]
    .sort((left, right) => right.length - left.length || (left < right ? -1 : 1))
    .map((key) => escapeRegExp(key).replace(/ /g, '\\s+'))
    .join('|');
  return { pattern: new RegExp(`(?<![\\p{L}\\p{N}_])(?:${alternation})(?![\\p{L}\\p{N}_])`, 'giu'), owners };
}

/** `values` compiled once, for `RecognizerOptions.enumMatcher`. */
export function compileEnumMatcher(values: readonly EnumValue[]): EnumMatcher {
  return Object.freeze({ values, compiled: values.length === 0 ? null : compile(values) });
}

/** Finds ENUM values among `values` (with `matcher` when it was compiled from this very list). */
export function findEnumValues(text: string, values: readonly EnumValue[] | undefined, matcher?: EnumMatcher): RecognizedValue[] {
  if (values === undefined || values.length === 0) return [];
  const compiled = matcher !== undefined && matcher.values === values ? matcher.compiled : compile(values);
  if (compiled === null) return [];
  const hits: RecognizedValue[] = [];
  // The compiled pattern is reused (scans never nest), from the start of the text.
  const { pattern } = compiled;
  pattern.lastIndex = 0;
  let match: RegExpExecArray | null;
  while ((match = pattern.exec(text)) !== null) {
    if (match[0] === '') {
      pattern.lastIndex += 1;
      continue;
    }
    const owners = compiled.owners.get(normalize(match[0])) ?? [];
    const [first] = owners;
    if (first === undefined) continue;
    const detail: Record<string, string[]> = owners.length > 1 ? { alternatives: owners.slice(1) } : {};
    hits.push(makeHit('ENUM', text, match.index, match.index + match[0].length, first, owners.length > 1, detail));
  }
  return hits;
}
