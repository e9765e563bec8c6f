/**
 * The person who signs an agreement beside the one company its party list holds (ADR 0038), where
 * the lone-signature reading of `party-signatures.ts` (a signature under no key and no company
 * line) finds none: the one conformed signer ("/s/ Jane Roe", "By: /s/ …", "Signature: /s/ …", in
 * columns or not) whom the opening names too ("I, Roe, Jane, …", "made … by Jane Roe"); else the
 * person signed under a heading that repeats the term the opening gives the unnamed party ("SECOND
 * PARTY", "EMPLOYEE:"); else the one person signing after a key where the company signs nowhere.
 * With no list in the opening, the company the closing signs for and such a person, both named in
 * the opening, are the list; and a form only the company's officer signed names no other party. An
 * officer signing for the company is rarely named in the opening, a witness never. Structure only:
 * the words (witnesses, office keys, legal forms) are the caller's.
 */
import { findTerms } from './header-terms.js';
import { CONFORMED_SIGNATURE, PERSON_NAME, isSignatureKeyLine } from './party-signatures.js';
import { type LegalForms, type Stretch, type Term, endsInLegalForm, foldedWords, isLegalForm, lineAt, trimStretch } from './party-text.js';

/** How much of a document's start counts as its opening: its title, preamble or address block and first paragraph. */
export const SIGNER_OPENING = 3000;

/** Most words between the first and the last word of a name printed in the opening ("Roe, Jane M."). */
const NAME_SPREAD = 4;

/** A conformed signature anywhere in a line, after a key or none ("By: /s/ Jane Roe", "Signature: /s/Jane Roe"). */
const CONFORMED_ANYWHERE = /(?:^|[\s:])\/s\/\s*/giu;

/** The name a conformed signature signs with: the rest of its line up to a comma (a suffix or title after it is left out), its doubling by a layout removed. */
function signedName(text: string, from: number, lineEnd: number): Stretch {
  let name = trimStretch(text, { start: from, end: lineEnd });
  const comma = text.indexOf(',', name.start);
  if (comma >= 0 && comma < name.end) name = trimStretch(text, { start: name.start, end: comma });
  const tokens = text.slice(name.start, name.end).split(/\s+/u);
  const half = tokens.length / 2;
  // A layout that prints the name again beside the signature ("/s/ Jane Roe Jane Roe") signs it once.
  if (tokens.length >= 4 && Number.isInteger(half) && foldedWords(tokens.slice(0, half).join(' ')).join(' ') === foldedWords(tokens.slice(half).join(' ')).join(' ')) {
    name = trimStretch(text, { start: name.start, end: name.start + text.slice(name.start, name.end).indexOf(tokens[half]!, tokens.slice(0, half).join(' ').length) });
  }
  return name;
}

/** The trimmed lines of `text` from `from` that hold a letter or a digit (rules and blank lines left out). */
function linesWithText(text: string, from: number): Stretch[] {
  const lines: Stretch[] = [];
  for (let at = from; at < text.length; ) {
    const line = lineAt(text, at);
    const trimmed = trimStretch(text, line);
    if (/[\p{L}\p{N}]/u.test(text.slice(trimmed.start, trimmed.end))) lines.push(trimmed);
    at = line.end + 1;
  }
  return lines;
}

/** The words a name is matched by in the opening: its folded words of two letters or more (initials left out). */
function nameWords(printed: string): string[] {
  return foldedWords(printed).filter((word) => word.length >= 2);
}

/** True when every word of `words` occurs in `opening` (folded words) within `NAME_SPREAD` words of one another, in any order ("Hewes, Hap" for "Hap Hewes"). */
function printedIn(opening: readonly string[], words: readonly string[]): boolean {
  if (words.length < 2) return false;
  const span = words.length + NAME_SPREAD;
  for (let at = 0; at < opening.length; at += 1) {
    if (!words.includes(opening[at]!)) continue;
    const window = opening.slice(at, at + span);
    if (words.every((word) => window.includes(word))) return true;
  }
  return false;
}

/**
 * The one person who signs with a conformed signature and whom the opening names too, other
 * than `party` (the company the list holds); null when none or several do. The opening is the
 * document's first `SIGNER_OPENING` characters, up to its first conformed signature.
 */
export function signerNamedInOpening(text: string, party: string, words: LegalForms): Stretch | null {
  const marks = [...text.matchAll(CONFORMED_ANYWHERE)];
  if (marks.length === 0) return null;
  const opening = openingWords(text, marks[0]!.index);
  const own = foldedWords(party).join(' ');
  const found = new Map<string, Stretch>();
  for (const mark of marks) {
    const from = mark.index + mark[0].length;
    const lineEnd = text.indexOf('\n', from);
    const name = signedName(text, from, lineEnd < 0 ? text.length : lineEnd);
    const printed = text.slice(name.start, name.end);
    if (!PERSON_NAME.test(printed) || CONFORMED_SIGNATURE.test(printed) || isLegalForm(printed, words) || endsInLegalForm(printed, words)) continue;
    const key = foldedWords(printed).join(' ');
    if (key === own || own.includes(key)) continue;
    if (!printedIn(opening, nameWords(printed))) continue;
    const people = [...found.keys()];
    // The same person signing twice (the agreement and its release) is one signer.
    if (people.some((other) => sameNameWords(other, key))) continue;
    found.set(key, name);
  }
  return found.size === 1 ? [...found.values()][0]! : null;
}

/** The folded words of a document's opening: its first `SIGNER_OPENING` characters, up to `signedAt` (its first conformed signature). */
function openingWords(text: string, signedAt: number): string[] {
  return foldedWords(text.slice(0, Math.min(SIGNER_OPENING, signedAt)));
}

/** True when `words` occur in `opening` one after another ("anheuser busch companies inc"). */
function printedInOrder(opening: readonly string[], words: readonly string[]): boolean {
  if (words.length === 0) return false;
  for (let at = 0; at + words.length <= opening.length; at += 1) {
    if (words.every((word, index) => opening[at + index] === word)) return true;
  }
  return false;
}

/**
 * The parties of a signed agreement that no preamble lists (ADR 0038): the one company its
 * closing prints over a key line (`signed`: "ACME, INC." over "By: /s/ …") whose name the opening
 * prints too, and the one person who signs for themselves whom the opening names (a release
 * "I, Jane Roe, … release Acme, Inc."; "ACME, INC. … and JANE ROE ("Roe") … agree"). Null unless
 * there is exactly one of each.
 */
export function signedPairNamedInOpening(text: string, signed: readonly Stretch[], words: LegalForms): { readonly company: Stretch; readonly person: Stretch } | null {
  const person = signerNamedInOpening(text, '', words);
  if (person === null) return null;
  const firstMark = [...text.matchAll(CONFORMED_ANYWHERE)][0]!.index;
  const opening = openingWords(text, firstMark);
  const personKey = foldedWords(text.slice(person.start, person.end)).join(' ');
  const companies = new Map<string, Stretch>();
  for (const name of signed) {
    const folded = foldedWords(text.slice(name.start, name.end));
    const key = folded.join(' ');
    if (sameNameWords(key, personKey) || !printedInOrder(opening, folded)) continue;
    if (!companies.has(key)) companies.set(key, name);
  }
  return companies.size === 1 ? { company: [...companies.values()][0]!, person } : null;
}

/** A defined term in the opening: a quoted phrase inside a parenthesis ("(the "Employee")", "(hereinafter “Second Party”)", "(nachfolgend „Berater“)", "(ci-après « le Consultant »)"). */
const OPENING_TERM = /\([^()"\u201C\u201D\u201E\u00AB]{0,40}["\u201C\u201E\u00AB]\s*([^"\u201C\u201D\u201E\u00AB\u00BB()]{2,40}?)\s*["\u201C\u201D\u00BB]\s*\)/gu;

/** Lines after a heading searched for the signature or printed name under it. */
const UNDER_HEADING_LINES = 3;

/** A key line with nothing after its key ("By:", "Signature: ______"): the place a signature goes, passed over under a heading. */
const EMPTY_KEY_LINE = /^\p{L}[\p{L} ]{0,20}:?[\s_]*$/u;

/**
 * The one person a signature block prints under a heading that repeats a term the opening defines
 * for someone other than `party` (the company the list holds, its term `role`): "SECOND PARTY" /
 * "By:" / "/s/ Jane Roe" for "… and the undersigned (hereinafter “Second Party”)", or "EMPLOYEE:"
 * / "Jane Roe" / "(Print Name)" — a printed name is taken unsigned only over a caption in
 * parentheses. Null when none or several.
 */
export function signerUnderTermHeading(text: string, party: string, role: string | null, words: LegalForms): Stretch | null {
  const marks = [...text.matchAll(CONFORMED_ANYWHERE)];
  const openingText = text.slice(0, Math.min(SIGNER_OPENING, marks[0]?.index ?? text.length));
  const own = new Set([foldedWords(party).join(' '), foldedWords(role ?? '').join(' ')]);
  const defined = [...openingText.matchAll(OPENING_TERM)];
  const terms = new Set(defined.map((match) => foldedWords(match[1]!).join(' ')).filter((term) => term !== '' && !own.has(term)));
  if (terms.size === 0) return null;
  // The headings come after the terms are defined.
  const lines = linesWithText(text, defined[0]!.index + defined[0]![0].length);
  const found = new Map<string, Stretch>();
  lines.forEach((line, index) => {
    if (!terms.has(foldedWords(text.slice(line.start, line.end)).join(' ')) || !/^[\p{L}\s:]+$/u.test(text.slice(line.start, line.end))) return;
    for (let next = index + 1; next < Math.min(lines.length, index + 1 + UNDER_HEADING_LINES); next += 1) {
      const content = text.slice(lines[next]!.start, lines[next]!.end);
      const mark = /^(?:\p{L}[\p{L} ]{0,20}:?\s*)?\/s\/\s*/iu.exec(content);
      let name: Stretch | null = null;
      if (mark !== null) name = signedName(text, lines[next]!.start + mark[0].length, lines[next]!.end);
      else if (PERSON_NAME.test(content) && /^\(.*\)$/u.test(text.slice(lines[next + 1]?.start ?? 0, lines[next + 1]?.end ?? 0))) name = lines[next]!;
      else if (EMPTY_KEY_LINE.test(content)) continue;
      if (name === null) return;
      const printed = text.slice(name.start, name.end);
      if (!PERSON_NAME.test(printed) || isLegalForm(printed, words) || endsInLegalForm(printed, words) || own.has(foldedWords(printed).join(' '))) return;
      const key = foldedWords(printed).join(' ');
      if (![...found.keys()].some((other) => sameNameWords(other, key))) found.set(key, name);
      return;
    }
  });
  return found.size === 1 ? [...found.values()][0]! : null;
}

/** The words a keyed signer is told from a witness or an officer with. */
export interface KeyedSignerWords extends LegalForms {
  readonly witnesses: readonly Term[];
  readonly officeKeys: readonly string[];
}

/**
 * The one person who signs a form after a key ("By: /s/ Jane Roe") where the company `party`
 * signs nowhere: no line from a few above its first signature on names the company alone, so no
 * signature there is its officer's; a signature right under a witness's word ("Witness" / "By:
 * /s/ …") is a witness's, one an office key or a title follows ("Title: …", "Jane Roe, President")
 * an officer's. Null when none or several, or when the company signs.
 */
export function keyedSignerWithoutCompany(text: string, party: string, words: KeyedSignerWords): Stretch | null {
  const own = foldedWords(party).join(' ');
  const marks = [...text.matchAll(CONFORMED_ANYWHERE)];
  if (own === '' || marks.length === 0) return null;
  const lines = linesWithText(text, 0);
  // The company's name alone on a line from a few lines above the first signature on: a block it signs.
  const firstSigned = lines.findIndex((line) => line.end > marks[0]!.index);
  if (lines.slice(Math.max(0, firstSigned - OFFICER_LINES)).some((line) => foldedWords(text.slice(line.start, line.end)).join(' ') === own)) return null;
  const found = new Map<string, Stretch>();
  lines.forEach((line, index) => {
    const mark = /^\p{L}[\p{L} ]{0,20}:?\s*\/s\/\s*/iu.exec(text.slice(line.start, line.end));
    if (mark === null) return;
    const previous = lines[index - 1];
    if (previous !== undefined && findTerms(text.slice(previous.start, previous.end), words.witnesses).some((hit) => hit.start === 0)) return;
    const name = signedName(text, line.start + mark[0].length, line.end);
    const printed = text.slice(name.start, name.end);
    if (!PERSON_NAME.test(printed) || isLegalForm(printed, words) || endsInLegalForm(printed, words)) return;
    // An office key ("Title:") or a title after the printed name ("Jane Roe, President") in the lines below makes the signer an officer.
    const below = lines.slice(index + 1, index + 1 + OFFICER_LINES).map((next) => text.slice(next.start, next.end));
    if (below.some((content) => isSignatureKeyLine(content, words.officeKeys) || (content.includes(',') && foldedWords(content.split(',')[0]!).join(' ') === foldedWords(printed).join(' ')))) return;
    const key = foldedWords(printed).join(' ');
    if (![...found.keys()].some((other) => sameNameWords(other, key))) found.set(key, name);
  });
  return found.size === 1 ? [...found.values()][0]! : null;
}

/** Lines with letters around a conformed signature searched for the company it signs for. */
const OFFICER_LINES = 3;

/**
 * True when every conformed signature of the document signs for the company `party` names: a
 * line naming the company (its folded words, nothing else) is printed within `OFFICER_LINES`
 * lines with letters before or after it ("ACME, INC." / "By: /s/ …", or "/s/ Jane Roe" / "Jane
 * Roe" / "Vice President" / "Acme, Inc."). A form only the company's officer signed names no
 * other party; false when the document holds no conformed signature, or two on adjacent lines
 * (columns, which the lines do not tell apart).
 */
export function signedOnlyFor(text: string, party: string): boolean {
  const own = foldedWords(party).join(' ');
  if (own === '') return false;
  const lines = linesWithText(text, 0);
  const signs = (index: number): boolean => index >= 0 && index < lines.length && /(?:^|[\s:])\/s\//iu.test(text.slice(lines[index]!.start, lines[index]!.end));
  let signatures = 0;
  for (let index = 0; index < lines.length; index += 1) {
    if (!signs(index)) continue;
    signatures += 1;
    // Signatures on adjacent lines are set in columns ("Signature: /s/ Jane Roe" / "Signature: /s/ John Doe" under one company line): whose is whose, the lines do not tell.
    if (signs(index - 1) || signs(index + 1)) return false;
    const around = lines.slice(Math.max(0, index - OFFICER_LINES), index + OFFICER_LINES + 1);
    if (!around.some((line) => foldedWords(text.slice(line.start, line.end)).join(' ') === own)) return false;
  }
  return signatures > 0;
}

/** True when two folded names hold the same words of two letters or more ("jane m roe", "jane roe"). */
function sameNameWords(one: string, other: string): boolean {
  const first = nameWords(one).sort().join(' ');
  const second = nameWords(other).sort().join(' ');
  return first === second;
}
