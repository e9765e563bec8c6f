/**
 * The shapes a party's name is read by, shared by the preamble and the signature readings
 * (`read-party-list.ts`, `party-signatures.ts`): spans of text, the folded words names and
 * legal forms are compared by, whether a name opens or ends in a legal form at a place, and
 * lines. Structure only: the words (legal forms) come from the caller's packs.
 */

/** The legal forms a name is read with, each folded into its words ("inc", "l l c"). */
export interface LegalForms {
  readonly legalForms: readonly (readonly string[])[];
}

/** How far into a document its preamble is looked for (a cover page and a table of contents come first in some). */
export const PREAMBLE_WINDOW = 12_000;

/** A term of the knowledge as `findTerms` looks for it. */
export interface Term {
  readonly term: string;
  readonly concept: string;
}

/** A stretch of the document's text, `[start, end)`. */
export interface Stretch {
  readonly start: number;
  readonly end: number;
}

/** Letters and digits of a text, lower case, without diacritics: how names and legal forms are compared. */
export function foldedWords(text: string): string[] {
  return [...text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().matchAll(/[\p{L}\p{N}&]+/gu)].map((match) => match[0]);
}

export function isLegalForm(text: string, words: LegalForms): boolean {
  const folded = foldedWords(text);
  return folded.length > 0 && words.legalForms.some((form) => form.length === folded.length && form.every((word, index) => folded[index] === word));
}

export function endsInLegalForm(text: string, words: LegalForms): boolean {
  const folded = foldedWords(text);
  return words.legalForms.some((form) => form.length < folded.length && form.every((word, index) => folded[folded.length - form.length + index] === word));
}

export function trimStretch(text: string, stretch: Stretch): Stretch {
  let { start, end } = stretch;
  while (start < end && /\s/.test(text[start]!)) start += 1;
  while (end > start && /\s/.test(text[end - 1]!)) end -= 1;
  return { start, end };
}

export function lineAt(text: string, start: number): Stretch {
  const newline = text.indexOf('\n', start);
  return { start, end: newline < 0 ? text.length : newline };
}

export function startsName(text: string, index: number): boolean {
  const word = /^[\p{L}\p{N}][^\s,]*/u.exec(text.slice(index, index + 60))?.[0];
  return word !== undefined && NAME_START.test(word);
}

/**
 * True when the word at `index` is a name printed in lower case ("drkoop.com", "edge2net"):
 * it holds a digit or a dot between letters, which no word of prose does. Such a name is read
 * only when it ends in a legal form (`namesCompany`).
 */
export function startsLowercaseBrand(text: string, index: number): boolean {
  const word = /^\p{Ll}[^\s,]*/u.exec(text.slice(index, index + 60))?.[0];
  return word !== undefined && /\p{N}|\.\p{L}/u.test(word);
}

/** True when the printed name starting at `start` opens as a name: a capital or a digit, or a lowercase brand of a company ending in a legal form. */
export function namesAt(text: string, start: number, printed: string, words: LegalForms): boolean {
  return startsName(text, start) || (startsLowercaseBrand(text, start) && endsInLegalForm(printed, words));
}

/** Punctuation between a name and what follows it (a descriptor, a term, the next party). */
export const SEPARATORS = new Set([',', ';', ':', '\u2013', '\u2014', '-', ')']);

/** A name opens with a capital or a digit. */
export const NAME_START = /[\p{Lu}\p{N}]/u;

/** Longest name, in characters and in words: more is a sentence, not a name. */
export const NAME_LENGTH = 150;

/** Lowercase words a name may hold ("Bank of America", "Leonard Green and Partners"). */
export const MAX_LOWERCASE_WORDS = 2;
