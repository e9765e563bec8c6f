/**
 * Matching header concepts in text: every term of the record knowledge, longest first, at
 * word boundaries, case-insensitively; occurrences never overlap. The terms are data
 * (`@paxman/knowledge`); this module knows no word of any language.
 */
import { type RecordKnowledge, allTerms } from '@paxman/knowledge';

/** A term found in a text: the concept it names and where (`[start, end)` in the text). */
export interface TermHit {
  readonly concept: string;
  readonly start: number;
  readonly end: number;
}

/** The compiled term list of an instance's record knowledge: term → concept, longest first. */
export interface HeaderTerms {
  readonly terms: readonly { readonly term: string; readonly concept: string }[];
}

/** Compiles the header terms once (per reading). A term two concepts share goes to the first listed. */
export function compileHeaderTerms(knowledge: RecordKnowledge): HeaderTerms {
  const conceptOf = new Map<string, string>();
  for (const concept of knowledge.concepts) for (const term of allTerms(concept.terms)) if (!conceptOf.has(term)) conceptOf.set(term, concept.id);
  const terms = [...conceptOf.keys()].sort((left, right) => right.length - left.length || (left < right ? -1 : 1)).map((term) => ({ term, concept: conceptOf.get(term)! }));
  return { terms };
}

const WORD = /[\p{L}\p{N}]/u;

/** Capital sigma: the one letter lower-cased by its context (a final "Σ" becomes "ς", another "σ"). */
const CAPITAL_SIGMA = '\u03a3';

/** Lower case, character by character (so offsets stay those of the text). */
export function lowerSameLength(text: string): string {
  // The whole text lowered at once is the same when no character changes its length (no
  // lower-casing shortens one; "İ" lengthens) and none is lowered by its context (only Σ
  // is): one native call instead of a string built a character at a time (a long contract).
  if (!text.includes(CAPITAL_SIGMA)) {
    const whole = text.toLowerCase();
    if (whole.length === text.length) return whole;
  }
  let lowered = '';
  for (const character of text) {
    const lower = character.toLowerCase();
    lowered += lower.length === character.length ? lower : character;
  }
  return lowered;
}

function boundaryAt(text: string, index: number): boolean {
  return index <= 0 || index >= text.length || !WORD.test(text[index - 1]!) || !WORD.test(text[index]!);
}

/** Every non-overlapping term occurrence in `text`, longest terms first, in text order. */
export function findTerms(text: string, terms: readonly { readonly term: string; readonly concept: string }[]): TermHit[] {
  const lowered = lowerSameLength(text);
  const taken: boolean[] = new Array<boolean>(text.length).fill(false);
  const hits: TermHit[] = [];
  for (const { term, concept } of terms) {
    let from = 0;
    for (;;) {
      const index = lowered.indexOf(term, from);
      if (index < 0) break;
      from = index + 1;
      const end = index + term.length;
      const startsWord = WORD.test(term[0]!) ? boundaryAt(lowered, index) : true;
      const endsWord = WORD.test(term[term.length - 1]!) ? boundaryAt(lowered, end) : true;
      if (!startsWord || !endsWord) continue;
      let free = true;
      for (let position = index; position < end; position += 1) if (taken[position]) free = false;
      if (!free) continue;
      for (let position = index; position < end; position += 1) taken[position] = true;
      hits.push({ concept, start: index, end });
    }
  }
  return hits.sort((left, right) => left.start - right.start);
}

/** True when `text` opens (after spaces and a leading symbol) with one of `terms`. */
export function startsWithTerm(text: string, terms: readonly string[]): boolean {
  const lowered = lowerSameLength(text).trimStart();
  return terms.some((term) => lowered.startsWith(term) && boundaryAt(lowered, term.length));
}

/** True when `text` holds one of `terms` as whole words. */
export function containsTerm(text: string, terms: readonly string[]): boolean {
  return findTerms(text, terms.map((term) => ({ term, concept: '' }))).length > 0;
}
