/**
 * The business lexicon: concepts that invoices, receipts, quotations, orders and contracts
 * name in many ways, each with the labels a document may use for it. The words are data —
 * the lexicon packs of `@paxman/knowledge` (one per language, and locale overlays) — and
 * this module only normalizes them for matching. A field is linked to a concept when its
 * name, a declared label or its description's noun phrase is one of the concept's terms;
 * the other terms then become the field's synonym labels.
 *
 * Concepts that no V1 field asks for (order date, tax id, quote number, …) are in the
 * packs too: they stop near-miss labels from matching ("VAT number" is a tax id, not a tax
 * amount; "Order date" is not the invoice date).
 *
 * `createLexicon(compiled)` builds the lexicon of an instance's packs; the module-level
 * functions read the built-in packs' lexicon (`defaultLexicon()`).
 */
import { lazyConstant } from '@paxman/core';
import { builtInLexicon, type CompiledCalendar, type CompiledLexicon, type PackReference, type WordClass } from '@paxman/knowledge';
import { builtInDateNames, compileDateNames, type DateNames } from '../recognizers/calendar-names.js';
import { builtInLegalFormCodes, compileLegalFormCodes, type LegalFormCodes } from '../recognizers/legal-form-codes.js';
import { normalizeLabelText } from './normalize-label.js';

/** One business concept and the labels that name it. */
export interface LexiconConcept {
  readonly id: string;
  readonly terms: readonly string[];
}

/** The lexicon of a set of packs, with every term normalized (`normalizeLabelText`). */
export interface Lexicon {
  /** The packs it was built from (`id@version` and fingerprint). */
  readonly packs: readonly PackReference[];
  /** Every concept, in pack order, terms normalized and each once. */
  readonly concepts: readonly LexiconConcept[];
  /** Ids of the concepts a normalized label names exactly (usually zero or one). */
  conceptsOfLabel(normalizedLabel: string): readonly string[];
  /** The normalized terms of one concept (none for an unknown id). */
  termsOfConcept(id: string): readonly string[];
  /** The words of a class, normalized (`normalizeLabelText`), each once. */
  words(wordClass: WordClass): readonly string[];
  /** The words of a class as the packs write them (case and punctuation kept). */
  rawWords(wordClass: WordClass): readonly string[];
  /** The value of a number written as a word in any language of the packs ("two", "Zwei", "deux" → 2), or null. */
  numberOf(word: string): number | null;
  /** The packs' month and weekday names compiled for the DATE recognizer (the built-in packs' own object when they add none). */
  readonly dateNames: DateNames;
  /** The packs' legal forms that end in a currency code ("Sdn Bhd"), compiled for the CURRENCY recognizer (the built-in packs' own object when they add none). */
  readonly legalFormCodes: LegalFormCodes;
}

/**
 * The lexicon of compiled packs. Normalizing the few thousand terms is done here, once per
 * instance (and once per process for the built-in packs, on first use).
 */
export function createLexicon(compiled: CompiledLexicon): Lexicon {
  const concepts = Object.freeze(
    compiled.concepts.map((concept) =>
      Object.freeze({ id: concept.id, terms: Object.freeze([...new Set(concept.terms.map(normalizeLabelText).filter((term) => term.length > 0))]) }),
    ),
  );
  const byTerm = new Map<string, string[]>();
  for (const concept of concepts) {
    for (const term of concept.terms) {
      const list = byTerm.get(term) ?? [];
      list.push(concept.id);
      byTerm.set(term, list);
    }
  }
  const byId = new Map(concepts.map((concept) => [concept.id, concept.terms]));
  const normalizedWords = new Map<WordClass, readonly string[]>();
  const numbers = new Map<string, number>();
  for (const [word, value] of compiled.numbers ?? []) if (!numbers.has(normalizeLabelText(word))) numbers.set(normalizeLabelText(word), value);
  return Object.freeze({
    packs: compiled.packs,
    concepts,
    conceptsOfLabel: (label: string) => byTerm.get(label) ?? [],
    termsOfConcept: (id: string) => byId.get(id) ?? [],
    rawWords: (wordClass: WordClass) => compiled.words(wordClass),
    numberOf: (word: string) => numbers.get(normalizeLabelText(word)) ?? null,
    dateNames: dateNamesOf(compiled.calendar),
    legalFormCodes: legalFormCodesOf(compiled.words('legal-forms')),
    words(wordClass: WordClass) {
      let words = normalizedWords.get(wordClass);
      if (words === undefined) {
        words = Object.freeze([...new Set(compiled.words(wordClass).map(normalizeLabelText).filter((word) => word.length > 0))]);
        normalizedWords.set(wordClass, words);
      }
      return words;
    },
  });
}

/** The date names of a compiled calendar: the built-in ones (one shared object) when it names nothing more. */
function dateNamesOf(calendar: CompiledCalendar | undefined): DateNames {
  const builtIn = builtInLexicon().calendar;
  if (calendar === undefined || (builtIn !== undefined && sameCalendar(calendar, builtIn))) return builtInDateNames();
  return compileDateNames(calendar);
}

/** The legal-form codes of a pack set's legal forms: the built-in ones (one shared object) when they compile to the same. */
function legalFormCodesOf(legalForms: readonly string[]): LegalFormCodes {
  const compiled = compileLegalFormCodes(legalForms);
  const builtIn = builtInLegalFormCodes();
  const same =
    compiled.reach === builtIn.reach &&
    compiled.before.size === builtIn.before.size &&
    [...compiled.before].every(([code, pattern]) => builtIn.before.get(code)?.source === pattern.source);
  return same ? builtIn : compiled;
}

function sameCalendar(left: CompiledCalendar, right: CompiledCalendar): boolean {
  const sameMap = (one: ReadonlyMap<string, number>, other: ReadonlyMap<string, number>) => one.size === other.size && [...one].every(([name, value]) => other.get(name) === value);
  const sameWords = (one: readonly string[], other: readonly string[]) => one.length === other.length && one.every((word) => other.includes(word));
  return sameMap(left.months, right.months) && sameMap(left.weekdays, right.weekdays) && sameWords(left.connectors, right.connectors) && sameWords(left.yearMarkers, right.yearMarkers);
}

/** The lexicon of the built-in packs, built on first use (a process that never plans a field never needs it). */
export const defaultLexicon: () => Lexicon = lazyConstant(() => createLexicon(builtInLexicon()));

/** The built-in lexicon's concepts (`defaultLexicon().concepts`). */
export const businessLexicon = (): readonly LexiconConcept[] => defaultLexicon().concepts;

/** Ids of the concepts a normalized label names exactly in the built-in lexicon (usually zero or one). */
export function conceptsOfLabel(normalizedLabel: string): readonly string[] {
  return defaultLexicon().conceptsOfLabel(normalizedLabel);
}

/** The terms of one concept of the built-in lexicon (none for an unknown id). */
export function termsOfConcept(id: string): readonly string[] {
  return defaultLexicon().termsOfConcept(id);
}

/** The concept with this id in the built-in lexicon, if any. */
export function lexiconConcept(id: string): LexiconConcept | undefined {
  return defaultLexicon().concepts.find((concept) => concept.id === id);
}
