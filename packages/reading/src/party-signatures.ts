/**
 * The signature side of a party list: the names printed over the key lines of an
 * agreement's signature blocks ("ACME, INC." over "By:"), the people who sign for
 * themselves with a conformed signature ("/s/ Jane Roe"), the companies of a letter's
 * address block above its salutation (a line ending in a legal form, or one a signature block
 * names too), and the names a letter signs over key lines in its closing with no lead word.
 * A legal form followed by a lowercase word ends a signed company's name ("… LP d/b/a …").
 * `read-party-list.ts` confirms a preamble's parties
 * with them, or reads a list from them when no preamble names the parties. The words (keys,
 * leads, salutations, witnesses) come from the record knowledge; this module knows lines.
 */
import { findTerms, lowerSameLength } from './header-terms.js';
import { type LegalForms, MAX_LOWERCASE_WORDS, NAME_LENGTH, PREAMBLE_WINDOW, SEPARATORS, type Stretch, type Term, endsInLegalForm, foldedWords, isLegalForm, lineAt, namesAt, trimStretch } from './party-text.js';

/** Non-empty lines above a letter's salutation searched for the addressee's company. */
export const ADDRESS_LINES = 12;

/** Lines after a signature lead searched for the parties' names. */
export const SIGNATURE_LINES = 80;

/** The words a signature block is read with, in every language. */
export interface SignatureWords {
  readonly signatureLeads: readonly Term[];
  readonly namePrefixes: readonly string[];
  readonly salutations: readonly Term[];
  readonly signatureKeys: readonly string[];
  readonly legalForms: readonly (readonly string[])[];
}

/** True when a line opens with a signature key followed by a colon, a rule or a signature (`By:`, `Name:`, `By /s/`). */
export function isSignatureKeyLine(line: string, keys: readonly string[]): boolean {
  const lowered = lowerSameLength(line).trimStart();
  for (const key of keys) {
    if (!lowered.startsWith(key)) continue;
    const rest = lowered.slice(key.length).trimStart();
    if (rest.startsWith(':') || rest.startsWith('_') || rest.startsWith('/')) return true;
  }
  return false;
}

export interface SignatureName extends Stretch {
  readonly legalForm: boolean;
}

/** The names printed over the key lines of the signature blocks (`ACME, INC.` over `By: …`). */
export function signatureNames(text: string, words: SignatureWords): SignatureName[] {
  const names: SignatureName[] = [];
  const seen = new Set<string>();
  for (const lead of findTerms(text, words.signatureLeads)) namesOverKeys(text, lineAt(text, lead.end).end + 1, words, seen, names);
  return names;
}

/**
 * The names printed over key lines in a letter's closing, its last `SIGNATURE_LINES` lines after
 * `from` (the salutation): a letter signs its sender's block right after its last paragraph,
 * with no lead word ("Please confirm your agreement … / LIFECELL CORPORATION / By: …"), and the
 * addressee's after "Accepted and agreed".
 */
export function closingNames(text: string, from: number, words: SignatureWords): SignatureName[] {
  let start = text.length;
  for (let count = 0; start > from && count < SIGNATURE_LINES; ) {
    const previous = text.lastIndexOf('\n', start - 2) + 1;
    if (previous < from) break;
    if (text.slice(previous, start).trim() !== '') count += 1;
    start = previous;
  }
  const names: SignatureName[] = [];
  namesOverKeys(text, start, words, new Set<string>(), names);
  return names;
}

/** Adds to `names` the names over key lines in the `SIGNATURE_LINES` non-empty lines from `from`, each once (`seen`: folded names). */
function namesOverKeys(text: string, from: number, words: SignatureWords, seen: Set<string>, names: SignatureName[]): void {
  const lines: Stretch[] = [];
  let at = from;
  while (at < text.length && lines.length < SIGNATURE_LINES) {
    const line = lineAt(text, at);
    const trimmed = trimStretch(text, line);
    if (trimmed.end > trimmed.start) lines.push(trimmed);
    at = line.end + 1;
  }
  lines.forEach((line, index) => {
    const next = lines[index + 1];
    const content = text.slice(line.start, line.end);
    if (next === undefined || !isSignatureKeyLine(text.slice(next.start, next.end), words.signatureKeys) || isSignatureKeyLine(content, words.signatureKeys)) return;
    const colon = content.lastIndexOf(':');
    let name: Stretch = colon >= 0 && colon < content.length - 1 ? { start: line.start + colon + 1, end: line.end } : { start: line.start, end: colon >= 0 ? line.start + colon : line.end };
    name = trimStretch(text, name);
    const lowered = lowerSameLength(text.slice(name.start, name.end));
    const prefix = words.namePrefixes.find((candidate) => lowered.startsWith(candidate) && /\s/.test(lowered[candidate.length] ?? ''));
    if (prefix !== undefined) name = trimStretch(text, { start: name.start + prefix.length, end: name.end });
    while (name.end > name.start && SEPARATORS.has(text[name.end - 1]!)) name = { ...name, end: name.end - 1 };
    name = { start: name.start, end: legalFormBeforeLowercase(text, name, words) };
    while (name.end > name.start && (SEPARATORS.has(text[name.end - 1]!) || /\s/u.test(text[name.end - 1]!))) name = { ...name, end: name.end - 1 };
    const printed = text.slice(name.start, name.end);
    const key = foldedWords(printed).join(' ');
    // More than a few lowercase words make a sentence ("WARREN A. STEPHENS, on behalf of himself and as President …"), not a name.
    if (printed.split(/\s+/).filter((word) => /^\p{Ll}/u.test(word)).length > MAX_LOWERCASE_WORDS) return;
    if (printed.length < 2 || printed.length > NAME_LENGTH || !namesAt(text, name.start, printed, words) || seen.has(key)) return;
    seen.add(key);
    names.push({ ...name, legalForm: endsInLegalForm(printed, words) });
  });
}

/**
 * Where a signature line's company name ends when a legal form is followed by a lowercase word
 * ("TYCO HEALTHCARE GROUP LP d/b/a COVIDIEN": the trade name after it is no part of the party's
 * name); the line's end otherwise.
 */
function legalFormBeforeLowercase(text: string, name: Stretch, words: LegalForms): number {
  for (const word of text.slice(name.start, name.end).matchAll(/\s+(?=\p{Ll})/gu)) {
    const end = name.start + word.index;
    if (endsInLegalForm(text.slice(name.start, end), words)) return end;
  }
  return name.end;
}

/** A conformed signature: the mark a filed copy prints where a signature was ("/s/ Jane Roe"). */
export const CONFORMED_SIGNATURE = /^\/s\/\s*/iu;

/**
 * True when a document holds a conformed signature anywhere ("/s/ Jane Roe", "By: /s/ …"): a
 * copy someone signed. A form nobody signed names only the parties its text prints.
 */
export function holdsSignature(text: string): boolean {
  return /(?:^|[\s:])\/s\//iu.test(text);
}

/** A person's name as a signature block prints it: two to five capitalised words or initials ("Patrick J. Mahaffy", "RAY M. DOLBY"), no digit, no comma. */
export const PERSON_NAME = /^\p{Lu}[\p{L}'\u2019.-]*(?:\s+\p{Lu}[\p{L}'\u2019.-]*){1,4}$/u;

/** Lines after a conformed signature searched for the printed name and an office key. */
export const SIGNER_LINES = 3;

/** The words a signer is told from an officer or a witness with. */
export interface SignerWords {
  readonly signatureKeys: readonly string[];
  readonly officeKeys: readonly string[];
  readonly witnesses: readonly Term[];
  readonly legalForms: readonly (readonly string[])[];
}

/**
 * The people who sign an agreement for themselves: a conformed signature ("/s/ Jane Roe") of
 * a person's name that no key line opens ("By: /s/ …" is an officer's), that does not sit
 * under a company's name or a witness's word, and that no office key (`Title:`, `Its:`), company
 * name or title after the printed name ("Jane Roe, Chief Financial Officer") follows before the
 * next heading line. The name is
 * the printed one under the signature when it holds the signature's words ("/s/ RAY DOLBY"
 * over "RAY M. DOLBY"); a layout that repeats the name on the signature's line ("/s/ Jane
 * Roe Jane Roe") gives it once.
 */
export function signerNames(text: string, words: SignerWords): Stretch[] {
  const lines: Stretch[] = [];
  for (let at = 0; at < text.length; ) {
    const line = lineAt(text, at);
    const trimmed = trimStretch(text, line);
    if (trimmed.end > trimmed.start) lines.push(trimmed);
    at = line.end + 1;
  }
  const found: Stretch[] = [];
  const seen = new Set<string>();
  lines.forEach((line, index) => {
    const content = text.slice(line.start, line.end);
    const mark = CONFORMED_SIGNATURE.exec(content);
    if (mark === null) return;
    let name = trimStretch(text, { start: line.start + mark[0].length, end: line.end });
    const tokens = text.slice(name.start, name.end).split(/\s+/);
    const half = tokens.length / 2;
    if (tokens.length >= 4 && Number.isInteger(half) && foldedWords(tokens.slice(0, half).join(' ')).join(' ') === foldedWords(tokens.slice(half).join(' ')).join(' ')) {
      name = { start: name.start, end: name.start + text.slice(name.start, name.end).indexOf(tokens[half]!, tokens.slice(0, half).join(' ').length) };
      name = trimStretch(text, name);
    }
    const printed = text.slice(name.start, name.end);
    if (!PERSON_NAME.test(printed) || isLegalForm(printed, words) || endsInLegalForm(printed, words)) return;
    const previous = lines[index - 1];
    if (previous !== undefined) {
      const above = text.slice(previous.start, previous.end);
      // A key line that holds nothing after its key ("By:", "By: ______") opens an officer's signature.
      if ((isSignatureKeyLine(above, words.signatureKeys) && /[:_/][^\p{L}\p{N}]*$/u.test(above)) || companyLine(text, previous, words) !== null) return;
      if (findTerms(above, words.witnesses).some((hit) => hit.start === 0)) return;
    }
    const folded = foldedWords(printed);
    let shown = name;
    // Rules ("________") between the lines of a block are no lines of it.
    for (const next of lines.slice(index + 1).filter((candidate) => /[\p{L}\p{N}]/u.test(text.slice(candidate.start, candidate.end))).slice(0, SIGNER_LINES)) {
      const below = text.slice(next.start, next.end);
      // A heading ends the signer's block ("ACKNOWLEDGED AND AGREED:"); an office key, a witness's word or a company's name in it makes the signer an officer or a witness.
      if (/:\s*$/u.test(below)) break;
      if (isSignatureKeyLine(below, words.officeKeys) || findTerms(below, words.witnesses).some((hit) => hit.start === 0) || companyLine(text, next, words) !== null) return;
      const belowWords = foldedWords(below);
      if (!folded.every((word) => belowWords.includes(word))) continue;
      // The printed name followed by a title ("William F. Weissman, Chief Financial Officer"): an officer.
      if (/,\s*\S/u.test(below) && !PERSON_NAME.test(below)) return;
      if (PERSON_NAME.test(below) && shown === name) shown = next;
    }
    const key = foldedWords(text.slice(shown.start, shown.end)).join(' ');
    if (seen.has(key)) return;
    seen.add(key);
    found.push(shown);
  });
  return found;
}

/** A line that names a company: name-like, not too long, ending in a legal form ("LS Cable Ltd."). */
export function companyLine(text: string, line: Stretch, words: LegalForms): Stretch | null {
  let end = line.end;
  while (end > line.start && (SEPARATORS.has(text[end - 1]!) || /\s/.test(text[end - 1]!))) end -= 1;
  const printed = text.slice(line.start, end);
  if (printed.length < 2 || printed.length > NAME_LENGTH || !namesAt(text, line.start, printed, words)) return null;
  return isLegalForm(printed, words) || endsInLegalForm(printed, words) ? { start: line.start, end } : null;
}

/**
 * The companies of a letter agreement's address block: the lines ending in a legal form above
 * its salutation ("Dear …", "Ladies and Gentlemen:") — the sender's letterhead and the
 * addressee — and the lines that name a company its signature blocks name too (`signed`: folded
 * names; "Imperial Sugar Company" over its address, and over "By:" at the close). Empty when
 * the document opens with no salutation.
 */
export function letterCompanies(text: string, words: SignatureWords, signed: ReadonlySet<string> = new Set()): Stretch[] {
  const salutation = letterSalutation(text, words);
  if (salutation === null) return [];
  const lines: Stretch[] = [];
  let at = text.lastIndexOf('\n', salutation.start - 1);
  while (at > 0 && lines.length < ADDRESS_LINES) {
    const start = text.lastIndexOf('\n', at - 1) + 1;
    const line = trimStretch(text, { start, end: at });
    if (line.end > line.start) lines.unshift(line);
    at = start - 1;
  }
  return lines.flatMap((line) => companyLine(text, line, words) ?? (signedCompany(text, line, signed, words) ? [line] : []));
}

/** A person's name with a middle initial ("Douglas H. Miller"): a person who signs, not a company. */
const INITIALLED_PERSON = /^\p{Lu}\p{L}+\s+\p{Lu}\.\s+\p{Lu}[\p{L}'\u2019-]+$/u;

/** True when an address-block line names what a signature block names too, and not a person by its shape. */
function signedCompany(text: string, line: Stretch, signed: ReadonlySet<string>, words: LegalForms): boolean {
  const printed = text.slice(line.start, line.end);
  return signed.has(foldedWords(printed).join(' ')) && namesAt(text, line.start, printed, words) && !INITIALLED_PERSON.test(printed);
}

/** The salutation that opens a letter's body ("Dear …", "Ladies and Gentlemen:") at the start of its line, in the document's opening; null when there is none. */
export function letterSalutation(text: string, words: SignatureWords): Stretch | null {
  const window = text.slice(0, PREAMBLE_WINDOW);
  return findTerms(window, words.salutations).find((hit) => trimStretch(text, lineAt(text, text.lastIndexOf('\n', hit.start - 1) + 1)).start === hit.start) ?? null;
}
