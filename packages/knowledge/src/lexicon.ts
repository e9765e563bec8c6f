/**
 * Lexicon packs compiled for an instance: the concepts of every pack merged (a concept's
 * terms are the union of its terms in each language, in pack order), and each word class
 * merged the same way. Mechanism only — every word comes from a pack, so a user's pack for
 * another language or locale is read exactly as a built-in one.
 */
import type { CalendarKnowledge, KnowledgePack, WordClass } from './knowledge-pack.js';
import { packFingerprint, packKey } from './knowledge-pack.js';

/** One concept and its terms in every language of the compiled packs. */
export interface LexiconConceptTerms {
  readonly id: string;
  readonly terms: readonly string[];
}

/** A pack an instance was compiled from, as an artifact names it. */
export interface PackReference {
  /** `id@version`. */
  readonly pack: string;
  readonly fingerprint: string;
}

/** The merged lexicon of a set of packs. */
export interface CompiledLexicon {
  /** The packs merged, in order. */
  readonly packs: readonly PackReference[];
  /** The languages and locales the packs cover, in pack order. */
  readonly languages: readonly string[];
  /** Every concept, in first-seen order, with its terms as written (not normalized). */
  readonly concepts: readonly LexiconConceptTerms[];
  /** The words of a class, as written, each once. */
  words(wordClass: WordClass): readonly string[];
  /** Number words as written → their value (the first pack to write a word gives its value); none when absent. */
  readonly numbers?: ReadonlyMap<string, number>;
  /** Month and weekday names of every pack (lower case), and the words of written-out dates. */
  readonly calendar?: CompiledCalendar;
}

/** The calendar words of a set of packs, merged. */
export interface CompiledCalendar {
  /** Month name (lower case) → month number, 1–12 (the first pack to name a month gives its number). */
  readonly months: ReadonlyMap<string, number>;
  /** Weekday name (lower case) → day index, 0 = Sunday. */
  readonly weekdays: ReadonlyMap<string, number>;
  /** Words linking a day, month and year (lower case). */
  readonly connectors: readonly string[];
  /** Words following a year printed first (lower case). */
  readonly yearMarkers: readonly string[];
}

/**
 * Merges the lexicons of `packs` (packs without a lexicon section are skipped).
 *
 * @example
 * const lexicon = compileLexicon([...builtInLexiconPacks(), validateKnowledgePack(myPack)]);
 * lexicon.words('legal-forms'); // ['Ltd', …, 'GmbH', …]
 */
export function compileLexicon(packs: readonly KnowledgePack[]): CompiledLexicon {
  const concepts = new Map<string, string[]>();
  const words = new Map<WordClass, string[]>();
  const numbers = new Map<string, number>();
  const calendar = { months: new Map<string, number>(), weekdays: new Map<string, number>(), connectors: [] as string[], yearMarkers: [] as string[] };
  const references: PackReference[] = [];
  const languages: string[] = [];
  for (const pack of packs) {
    if (pack.lexicon === undefined) continue;
    references.push({ pack: packKey(pack), fingerprint: packFingerprint(pack) });
    if (!languages.includes(pack.lexicon.language)) languages.push(pack.lexicon.language);
    for (const [id, terms] of Object.entries(pack.lexicon.concepts)) appendUnique(concepts, id, terms);
    for (const [wordClass, list] of Object.entries(pack.lexicon.words ?? {})) appendUnique(words, wordClass as WordClass, list ?? []);
    for (const [word, value] of Object.entries(pack.lexicon.numbers ?? {})) if (!numbers.has(word)) numbers.set(word, value);
    if (pack.lexicon.calendar !== undefined) mergeCalendar(calendar, pack.lexicon.calendar);
  }
  const frozenConcepts = Object.freeze([...concepts].map(([id, terms]) => Object.freeze({ id, terms: Object.freeze(terms) })));
  const frozenWords = new Map([...words].map(([wordClass, list]) => [wordClass, Object.freeze(list)] as const));
  return Object.freeze({
    packs: Object.freeze(references),
    languages: Object.freeze(languages),
    concepts: frozenConcepts,
    words: (wordClass: WordClass) => frozenWords.get(wordClass) ?? [],
    numbers,
    calendar: Object.freeze({ ...calendar, connectors: Object.freeze(calendar.connectors), yearMarkers: Object.freeze(calendar.yearMarkers) }),
  });
}

function mergeCalendar(into: { months: Map<string, number>; weekdays: Map<string, number>; connectors: string[]; yearMarkers: string[] }, calendar: CalendarKnowledge): void {
  const index = (map: Map<string, number>, groups: readonly (readonly string[])[], base: number): void =>
    groups.forEach((names, position) => {
      for (const name of names) if (!map.has(name.toLowerCase())) map.set(name.toLowerCase(), position + base);
    });
  index(into.months, calendar.months, 1);
  index(into.weekdays, calendar.weekdays ?? [], 0);
  for (const word of calendar.connectors ?? []) if (!into.connectors.includes(word.toLowerCase())) into.connectors.push(word.toLowerCase());
  for (const word of calendar.yearMarkers ?? []) if (!into.yearMarkers.includes(word.toLowerCase())) into.yearMarkers.push(word.toLowerCase());
}

function appendUnique<K>(map: Map<K, string[]>, key: K, terms: readonly string[]): void {
  let list = map.get(key);
  if (list === undefined) {
    list = [];
    map.set(key, list);
  }
  for (const term of terms) if (!list.includes(term)) list.push(term);
}
