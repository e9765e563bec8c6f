/**
 * Parties an agreement names only as those who sign it: a joint filing's "the undersigned
 * hereby agree …", a consortium's "between and among the Parties signatory hereto". Its list is
 * the companies its signature blocks sign for, read where a block prints its company over its
 * key line or on the key's own line, as a text layer that runs the blocks together does
 * ("DATED: April 8, 2020 SCULPTOR CAPITAL LP / By: …", "For and on behalf of KDD Corporation
 * By:", "… Chief Compliance Officer YA II PN, Ltd. By:/s/ …", two blocks side by side: "ACME
 * FUND L.P. ACME MANAGEMENT L.P. By: …"). A company printed right after a key ("By: Acme GP,
 * LLC, its general partner") signs for another and is no party of its own. Shapes only: the
 * words (signatory words, keys, name prefixes, office titles, legal forms) come from the record
 * knowledge and the lexicon packs.
 */
import { findTerms, lowerSameLength } from './header-terms.js';
import { type LegalForms, MAX_LOWERCASE_WORDS, NAME_LENGTH, PREAMBLE_WINDOW, type Stretch, type Term, endsInLegalForm, foldedWords, isLegalForm, namesAt, trimStretch } from './party-text.js';

/** The words the signatories of an agreement are read with, in every language. */
export interface SignatoryWords extends LegalForms {
  /** Words an opening calls its parties by when they are those who sign ("the undersigned hereby agree"). */
  readonly signatories: readonly Term[];
  /** Keys of a signature block, lower case ("by", "name"). */
  readonly signatureKeys: readonly string[];
  /** Words printed before a company's name in its block ("for and on behalf of"), lower case. */
  readonly namePrefixes: readonly string[];
  /** Titles an officer prints after their name ("officer", "geschäftsführer"), lower case. */
  readonly offices: readonly string[];
}

/** Where the opening calls its parties those who sign it; null when it does not. */
export function signatoryOpening(text: string, words: SignatoryWords): Stretch | null {
  return findTerms(text.slice(0, PREAMBLE_WINDOW), words.signatories)[0] ?? null;
}

/** Characters read back from a key for the names before it (two blocks side by side at most a few names). */
const REACH = 600;

/** Words a legal form spans at most ("S. de R.L. de C.V."), and the words before it looked at for another. */
const FORM_WORDS = 6;

/** Longest lowercase word a name may hold between capitalised words ("of", "and"): a longer one is prose. */
const CONNECTOR_LENGTH = 3;

interface Token extends Stretch {
  readonly word: string;
}

function tokensOf(text: string, stretch: Stretch): Token[] {
  return [...text.slice(stretch.start, stretch.end).matchAll(/\S+/gu)].map((match) => ({ start: stretch.start + match.index, end: stretch.start + match.index + match[0].length, word: match[0] }));
}

/** The key hits of the signature blocks from `from` on: a key word followed by a colon, a rule or a conformed signature ("By:", "By /s/"). */
function keyHits(text: string, from: number, keys: readonly string[]): Stretch[] {
  const lowered = lowerSameLength(text);
  const hits: Stretch[] = [];
  for (const key of keys) {
    for (let at = lowered.indexOf(key, from); at >= 0; at = lowered.indexOf(key, at + 1)) {
      if (at > 0 && /[\p{L}\p{N}]/u.test(lowered[at - 1]!)) continue;
      const after = /^\s*(?::|_|\/s\/)/u.exec(lowered.slice(at + key.length, at + key.length + 12));
      if (after === null) continue;
      hits.push({ start: at, end: at + key.length + after[0].length });
    }
  }
  return hits.sort((left, right) => left.start - right.start);
}

/** What a block prints before its key at `key`: the key's line before it, or the previous non-empty line when the key opens its line. */
function beforeKey(text: string, key: number): Stretch {
  const lineStart = text.lastIndexOf('\n', key - 1) + 1;
  if (text.slice(lineStart, key).trim() !== '') return { start: lineStart, end: key };
  let end = lineStart - 1;
  while (end > 0) {
    const start = text.lastIndexOf('\n', end - 1) + 1;
    if (text.slice(start, end).trim() !== '') return { start, end };
    end = start - 1;
  }
  return { start: 0, end: 0 };
}

/** True when a token closes a sentence or a clause before a name (a year, a date, "2020.", "Esq.", "authorized."), not an initial ("J."). */
function closesBefore(word: string): boolean {
  if (/^\(?\p{Lu}\.$/u.test(word)) return false;
  return /[.;:\]]$/u.test(word) || /^\d{4}\W*$/u.test(word) || /\d[/.-]\d/u.test(word);
}

/**
 * The company a block prints last in `stretch` (before its key): the words back from a legal form
 * ending it, as far as a closing word (a date, a sentence's end), an office title, another legal form
 * (two blocks side by side), a lowercase word of prose or, in a name printed in capitals, a word that
 * is not. `previous` says whether a further company stands right before it (blocks side by side).
 */
function companyBefore(text: string, stretch: Stretch, words: SignatoryWords, offices: ReadonlySet<string>): { name: Stretch; previous: Stretch | null } | null {
  const tokens = tokensOf(text, { start: Math.max(stretch.start, stretch.end - REACH), end: stretch.end });
  let form = -1;
  for (let index = tokens.length - 1; index >= Math.max(0, tokens.length - FORM_WORDS); index -= 1) {
    if (isLegalForm(text.slice(tokens[index]!.start, tokens[tokens.length - 1]!.end), words)) form = index;
  }
  if (form <= 0) return null;
  // A name printed in capitals ("SCULPTOR CAPITAL LP") ends at the first word that is not ("… Chief Financial Officer SCULPTOR …").
  const word = tokens.slice(0, form).reverse().find((token) => (token.word.match(/\p{L}/gu) ?? []).length >= 3);
  const capitals = word !== undefined && !/\p{Ll}/u.test(word.word);
  let first = form;
  let lowercase = 0;
  for (let index = form - 1; index >= 0; index -= 1) {
    const word = tokens[index]!.word;
    const folded = foldedWords(word).join(' ');
    // A comma may stand between a name and its legal form ("PN, Ltd."), nowhere else in a signed name.
    if (index < form - 1 && word.endsWith(',')) break;
    if (closesBefore(word) || offices.has(folded) || offices.has(lowerSameLength(word))) break;
    if (index < form - 1 && endsInLegalForm(text.slice(tokens[Math.max(0, index - FORM_WORDS)]!.start, tokens[index]!.end), words)) break;
    if (/^\p{Ll}/u.test(word)) {
      if (folded.length > CONNECTOR_LENGTH || (lowercase += 1) > MAX_LOWERCASE_WORDS) break;
    } else if (capitals && /\p{Ll}/u.test(word)) break;
    first = index;
  }
  while (first < form && /^\p{Ll}/u.test(tokens[first]!.word)) first += 1;
  if (first >= form) return null;
  const name: Stretch = { start: tokens[first]!.start, end: stretch.end };
  const printed = text.slice(name.start, name.end);
  if (printed.length > NAME_LENGTH || !namesAt(text, name.start, printed, words)) return null;
  const before = first > 0 && endsInLegalForm(text.slice(tokens[Math.max(0, first - 1 - FORM_WORDS)]!.start, tokens[first - 1]!.end), words) ? { start: stretch.start, end: tokens[first - 1]!.end } : null;
  return { name, previous: before };
}

/** The name after a prefix that opens the stretch or follows a closing word ("… duly authorized. For and on behalf of China Telecom"); null when no prefix does. */
function prefixedName(text: string, stretch: Stretch, words: SignatoryWords): Stretch | null {
  const lowered = lowerSameLength(text.slice(stretch.start, stretch.end));
  let found: Stretch | null = null;
  for (const prefix of [...words.namePrefixes].sort((left, right) => right.length - left.length)) {
    for (let at = lowered.indexOf(prefix); at >= 0; at = lowered.indexOf(prefix, at + 1)) {
      const end = at + prefix.length;
      if (!/\s/u.test(lowered[end] ?? '') || (at > 0 && /[\p{L}\p{N}]/u.test(lowered[at - 1]!))) continue;
      const ahead = lowered.slice(0, at).trimEnd();
      if (ahead !== '' && !/[.:]$/u.test(ahead)) continue;
      if (found === null || stretch.start + at > found.start) found = { start: stretch.start + at, end: stretch.start + end };
    }
  }
  if (found === null) return null;
  const name = trimStretch(text, { start: found.end, end: stretch.end });
  const printed = text.slice(name.start, name.end);
  const lowercase = printed.split(/\s+/u).filter((word) => /^\p{Ll}/u.test(word)).length;
  if (printed.length < 2 || printed.length > NAME_LENGTH || lowercase > MAX_LOWERCASE_WORDS || !namesAt(text, name.start, printed, words)) return null;
  return name;
}

/**
 * The stretch with separators, spaces and a trailing parenthesis cut off its end: one holding a
 * number (a registration number: "Berhad (128740-P)") or one after a legal form ("Telia AB (publ)").
 */
function trimmedEnd(text: string, stretch: Stretch, words: LegalForms): Stretch {
  let end = stretch.end;
  for (;;) {
    const before = end;
    while (end > stretch.start && /[\s,;]/u.test(text[end - 1]!)) end -= 1;
    const parenthesis = /\s*\([^()]*\)$/u.exec(text.slice(Math.max(stretch.start, end - 80), end));
    if (parenthesis !== null && (/\d/u.test(parenthesis[0]) || endsInLegalForm(text.slice(Math.max(stretch.start, end - parenthesis[0].length - 80), end - parenthesis[0].length), words))) end -= parenthesis[0].length;
    if (end === before) return { start: stretch.start, end };
  }
}

/**
 * The companies the signature blocks from `from` on sign for, each once, in the order printed: a
 * name after a prefix ("For and on behalf of …") up to its key, or a name ending in a legal form
 * right before its key (with the company set beside it in another column). A name right after a
 * key signs for another company and is left out.
 */
export function signatoryCompanies(text: string, from: number, words: SignatoryWords): Stretch[] {
  const offices = new Set(words.offices);
  const keys = keyHits(text, from, words.signatureKeys);
  const found: Stretch[] = [];
  const seen = new Set<string>();
  const add = (name: Stretch): void => {
    const key = foldedWords(text.slice(name.start, name.end)).join(' ');
    if (key === '' || seen.has(key)) return;
    seen.add(key);
    found.push(name);
  };
  for (const key of keys) {
    let stretch = beforeKey(text, key.start);
    // What follows the last key or colon before this one: a key's own value ("By: Acme GP, LLC") is marked, a heading's ("DATED: …") is not.
    const inner = keys.filter((other) => other.end <= stretch.end && other.start >= stretch.start && other.end > stretch.start).at(-1);
    const colon = text.lastIndexOf(':', stretch.end - 1);
    let afterKey = false;
    if (inner !== undefined && inner.end >= colon + 1) {
      stretch = { start: inner.end, end: stretch.end };
      afterKey = true;
    } else if (colon >= stretch.start) stretch = { start: colon + 1, end: stretch.end };
    stretch = trimmedEnd(text, trimStretch(text, stretch), words);
    if (stretch.end <= stretch.start) continue;
    const prefixed = prefixedName(text, stretch, words);
    if (prefixed !== null) {
      add(prefixed);
      continue;
    }
    const names: Stretch[] = [];
    let company = companyBefore(text, stretch, words, offices);
    while (company !== null && names.length < 4) {
      // A name that runs back to a key's value signs for another company ("By: Acme GP, LLC").
      if (afterKey && text.slice(stretch.start, company.name.start).trim() === '') break;
      names.unshift(company.name);
      company = company.previous === null ? null : companyBefore(text, company.previous, words, offices);
    }
    names.forEach(add);
  }
  return found.sort((left, right) => left.start - right.start);
}
