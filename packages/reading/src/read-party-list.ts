/**
 * `readPartyList(document)`: the parties an agreement names, read once per document (a
 * capability keeps the result in the run memo). The preamble is read first: after a lead
 * word ("by and between", "zwischen", "entre"), each party runs up to the term the
 * agreement calls it by afterwards — a parenthesis holding a quoted term, or a quoted term
 * after a defined-term lead ("hereinafter", "nachfolgend", "ci-après") — and the next party
 * starts after a joining word ("and", "und", "et") or a comma. A name keeps its legal form
 * ("Kite Pharma, Inc.") and loses the descriptor after it ("a Delaware corporation having
 * …"). The signature block ("IN WITNESS WHEREOF", a company line over "By:") confirms the
 * preamble's parties, or names them when no preamble does. Around that (ADR 0025, revision
 * 3): a descriptor's own term is passed over when a joining word follows it, the last party
 * may print no term when its legal form ends its name, a blank first slot ("the undersigned")
 * lets the list go on, a term that calls the parties together ends a list printed without
 * terms, a wide gap inside a line ends a name's column, and parties may be numbered "(1)",
 * "(2)". Revision 4: a letter's list takes the companies its closing signs with no lead word,
 * leaves out a name that ends with another's (a board of that company) and fills a preamble's "you"
 * with its addressee; an opening's company may follow a comma or a term's closing parenthesis; a
 * party without a legal form is a company when its descriptor says so (", a California
 * corporation,"); a heading lead ending in a colon ("PARTIES:") may list parties each closed by its
 * term with no joining word; an opening that joins nothing to its company may define one other
 * company by a term in the same sentence; a last party's term may be quoted right after its name
 * with no parenthesis ("and Danna Rabin "Employee"."); a wide gap after a legal form ends the name
 * there. Revision 6: a party's details printed one key and colon a line ("Address : …") after its
 * term, a joining word ending them, lead to the next party; a lead's colon and a blank line open a
 * list; a parenthesis followed by another legal form stays in the name; an unquoted term may follow
 * its lead after a comma, a dash or a quote left unpaired ("(hereinafter, -Licensee")"). ADR 0042: a title page's block may join
 * further companies in a sentence of its own; a joined party's term may be printed before its name ("and (Client) Pelican
 * Delivers Inc."); a title page's name of two words or more alone on its line is bounded by the line; a place between a legal form and the company's kind stays on the name ("Sony Corporation of
 * America, a New York corporation"). Every word comes from the knowledge packs;
 * this module only knows the shapes: parentheses, quotes, commas, lines.
 */
import type { SourceSpan } from '@paxman/core';
import type { Document } from '@paxman/document';
import { type RecordKnowledge, type TermsByLanguage, allTerms, builtInLexicon, recordKnowledge } from '@paxman/knowledge';
import { findTerms, lowerSameLength } from './header-terms.js';
import { type GroupReading, groupedCompanies } from './party-groups.js';
import type { PartyList, PartySighting } from './party-list.js';
import { keyedSignerWithoutCompany, signedOnlyFor, signedPairNamedInOpening, signerNamedInOpening, signerUnderTermHeading } from './party-named-signer.js';
import { type SignatoryWords, signatoryCompanies, signatoryOpening } from './party-signatories.js';
import { type SignatureWords, type SignerWords, closingNames, companyLine, holdsSignature, letterCompanies, letterSalutation, signatureNames, signerNames } from './party-signatures.js';
import { type LegalForms, MAX_LOWERCASE_WORDS, NAME_LENGTH, NAME_START, PREAMBLE_WINDOW, SEPARATORS, type Stretch, type Term, endsInLegalForm, foldedWords, isLegalForm, lineAt, namesAt, startsLowercaseBrand, startsName, trimStretch } from './party-text.js';

export { foldedWords } from './party-text.js';

/** Options of a reading: the record knowledge and the legal forms to read with (the built-in packs' by default). */
export interface ReadPartyListOptions {
  readonly knowledge?: RecordKnowledge;
  /** Legal forms that end a company's name ("Inc.", "GmbH", "SARL"): the lexicon's `legal-forms` words. */
  readonly legalForms?: readonly string[];
}

/** How far into a document a preamble is looked for when its opening window names no parties (ADR 0043). */
const FAR_PREAMBLE_WINDOW = 40_000;

/** Longest run of text from a party's first word to the term it is called by (a name, its descriptor and an address). */
const PARTY_STRETCH = 420;
/** Longest parenthesis or quoted phrase read as a defined term. */
const DEFINED_TERM_LENGTH = 120;
/** How far after a defined-term lead its quoted term may open. */
const TERM_AFTER_LEAD = 16;
/** Most words of a name: more is a sentence (its length in characters: `NAME_LENGTH`). */
const NAME_WORDS = 16;
/** Lowercase words allowed between a defined term and the joining word ("genannt", "dénommée"). */
const LOOSE_WORDS = 2;

const DOUBLE_QUOTES = new Set(['"', '\u201C', '\u201D', '\u201E', '\u00AB', '\u00BB']);
const QUOTES = new Set([...DOUBLE_QUOTES, '\u2018', '\u2019']);
const BREAKING_SEPARATORS = new Set([',', ';']);
const LETTERS = /^\p{L}+/u;
/** A party's list number in parentheses ("(2) "). */
const PARTY_NUMBER = /^\(\p{N}{1,2}\)\s/u;
const BLANK_LINE = /\n[ \t]*\r?\n/;
/** A heading at a place in the text: a capitalised word or two and a colon ("DATE:", "RECITALS:"). */
const HEADING = /^\p{Lu}[\p{Lu}\s]{1,30}:/u;
/** A run of spaces inside a line that sets text out in columns (a text layer's rendering of a table or an address block). */
const WIDE_GAP_LENGTH = 3;
const WIDE_GAP = /^[ \t]{3}/u;
const SPACES = /\s+/g;
/** A run of rule characters a text layer leaves inside a name ("Mail ------- Boxes", a page break's rule). */
const RULE_RUNS = /\s+[-_=]{3,}\s+/g;

/**
 * The preamble words of the language an opening with no lead word is printed in: the language
 * whose joining words, articles and term leads of three letters or more it holds most often
 * (a one-letter joining word, Polish "a", says nothing about a text's language).
 */
function openingWords(knowledge: RecordKnowledge, window: string, legalForms: readonly (readonly string[])[]): Words | null {
  const languages = Object.keys(knowledge.partyLeads).sort();
  let best: { language: string; count: number } | null = null;
  for (const language of languages) {
    const own = ofLanguages(knowledge.partyJoiners, [language]);
    const terms = [...allTerms(own), ...allTerms(ofLanguages(knowledge.partyNameArticles, [language])), ...allTerms(ofLanguages(knowledge.partyDefinedTermLeads, [language]))].filter((term) => term.length >= 3);
    const count = findTerms(window, terms.map((term) => ({ term, concept: '' }))).length;
    if (count > 0 && (best === null || count > best.count)) best = { language, count };
  }
  if (best === null) return null;
  const lead = knowledge.partyLeads[best.language]?.[0];
  return lead === undefined ? null : preambleWords(knowledge, lead, legalForms);
}

/** The words of the languages a preamble is printed in (those whose lead word it opens with). */
interface Words {
  readonly joiners: ReadonlySet<string>;
  readonly termLeads: readonly Term[];
  readonly articles: readonly string[];
  readonly legalForms: readonly (readonly string[])[];
  /** Suffixes a person's name prints after a comma ("Jr.", "III"), folded, in every language. */
  readonly nameSuffixes: readonly (readonly string[])[];
  /** The words a list of parties is called by ("party", "parties"), folded: a term that is one of them names the parties together. */
  readonly listNames: ReadonlySet<string>;
  /** The words an agreement in the first or second person calls its unnamed party by ("you", "my", "the undersigned"). */
  readonly selfWords: readonly Term[];
  /** The words that close a party's description by its side ("d'une part", "einerseits"), folded to lower case. */
  readonly sides: readonly string[];
}

interface DefinedTerm extends Stretch {
  readonly role: Stretch | null;
}

const asTerms = (terms: TermsByLanguage): Term[] => allTerms(terms).map((term) => ({ term, concept: '' }));

/** The terms of the given languages only. */
function ofLanguages(terms: TermsByLanguage, languages: readonly string[]): TermsByLanguage {
  return Object.fromEntries(languages.filter((language) => terms[language] !== undefined).map((language) => [language, terms[language]!]));
}

/** The preamble words of the languages whose leads include `lead`: a joining word of one language ("a" in Polish) is no word of another. */
function preambleWords(knowledge: RecordKnowledge, lead: string, legalForms: readonly (readonly string[])[]): Words {
  const languages = Object.keys(knowledge.partyLeads)
    .filter((language) => knowledge.partyLeads[language]!.includes(lead))
    .sort();
  return {
    joiners: new Set(allTerms(ofLanguages(knowledge.partyJoiners, languages))),
    termLeads: asTerms(ofLanguages(knowledge.partyDefinedTermLeads, languages)),
    articles: allTerms(ofLanguages(knowledge.partyNameArticles, languages)),
    legalForms,
    nameSuffixes: allTerms(knowledge.partyNameSuffixes).map(foldedWords).filter((folded) => folded.length > 0),
    listNames: new Set(allTerms(knowledge.partyListNames).map((name) => foldedWords(name).join(' '))),
    selfWords: asTerms(ofLanguages(knowledge.partySelfWords, languages)),
    sides: allTerms(ofLanguages(knowledge.partySides, languages)).map((side) => side.toLowerCase()),
  };
}

/** The index of the parenthesis closing the one at `open`, or -1. */
function closingParenthesis(text: string, open: number, limit: number): number {
  let depth = 0;
  for (let index = open; index < Math.min(text.length, limit); index += 1) {
    if (text[index] === '(') depth += 1;
    else if (text[index] === ')') {
      depth -= 1;
      if (depth === 0) return index;
    }
  }
  return -1;
}

/** The last quoted phrase in `[start, end)`: the term itself when a parenthesis holds an alias and a term (`"Domini" or the "Sponsor"`). */
function lastQuoted(text: string, start: number, end: number): Stretch | null {
  let found: Stretch | null = null;
  let open = -1;
  for (let index = start; index < end; index += 1) {
    if (!QUOTES.has(text[index]!)) continue;
    if (open < 0) open = index;
    else {
      const inner = trimStretch(text, { start: open + 1, end: index });
      if (inner.end > inner.start) found = inner;
      open = -1;
    }
  }
  return found;
}

/** What may stand between a defined-term lead and its term in a parenthesis: spaces, a comma, a colon, a dash. */
const UNPAIRED = /[\s,:\-\u2013]/u;

/** The term of a parenthesis that opens with a defined-term lead and quotes nothing ("(hereinafter H&S)"), or null. */
function unquotedTerm(text: string, start: number, end: number, words: Words): Stretch | null {
  const inner = trimStretch(text, { start, end });
  const lead = findTerms(text.slice(inner.start, inner.end), words.termLeads)[0];
  if (lead === undefined || lead.start !== 0) return null;
  let term = trimStretch(text, { start: inner.start + lead.end, end: inner.end });
  // A comma, a dash or a quote left unpaired (a text layer's damage) may stand between the lead and the term, or a quote after it ("(hereinafter, -Licensee")", "(hereinafter, "Vendor)").
  while (term.start < term.end && (UNPAIRED.test(text[term.start]!) || QUOTES.has(text[term.start]!))) term = { start: term.start + 1, end: term.end };
  while (term.end > term.start && QUOTES.has(text[term.end - 1]!)) term = { start: term.start, end: term.end - 1 };
  term = trimStretch(text, term);
  const quoted = [...text.slice(term.start, term.end)].some((character) => QUOTES.has(character));
  return term.end > term.start && !quoted && startsName(text, term.start) ? term : null;
}

/** A bare term: one to three capitalised words ("Transporter", "COMPANY", "Trademark Licensor"); no abbreviation with periods ("U.S.A.", an address's). */
const BARE_TERM = /^\p{Lu}[\p{L}\p{N}&'\u2019-]*(?:\s+\p{Lu}[\p{L}\p{N}&'\u2019-]*){0,2}$/u;

/**
 * The term of a parenthesis that holds one to three capitalised words and nothing else, an
 * article and a quote that opens without closing aside ("(Transporter)", "(the COMPANY)",
 * "("Celebrity)"), when no name goes on after it: a capitalised word or a number after the
 * parenthesis makes it part of a name ("PPG Paints Trading (Shanghai) Co Ltd"), a comma and a
 * capitalised word part of an address ("Halle (Saale), Germany").
 */
function bareTerm(text: string, start: number, end: number, words: Words): Stretch | null {
  let inner = trimStretch(text, { start, end });
  while (inner.start < inner.end && QUOTES.has(text[inner.start]!)) inner = trimStretch(text, { start: inner.start + 1, end: inner.end });
  while (inner.end > inner.start && QUOTES.has(text[inner.end - 1]!)) inner = trimStretch(text, { start: inner.start, end: inner.end - 1 });
  inner = { start: afterArticle(text, inner.start, words), end: inner.end };
  if (inner.end <= inner.start || !BARE_TERM.test(text.slice(inner.start, inner.end))) return null;
  const after = skipSpaces(text, end + 1, Math.min(text.length, end + 40));
  // The next party's list number ("(the Company) (2) JOHN ROGERS") opens no part of this name.
  if (/[\p{Lu}\p{N}(]/u.test(text[after] ?? '') && !PARTY_NUMBER.test(text.slice(after, after + 6))) return null;
  // "(Saale), Germany": a comma then a capitalised word goes on with an address.
  return text[after] === ',' && startsName(text, skipSpaces(text, after + 1, Math.min(text.length, after + 40))) ? null : inner;
}

/** The first defined term in `[from, limit)`: a parenthesis holding a quoted term, or a quoted term right after a defined-term lead. */
function nextDefinedTerm(text: string, from: number, limit: number, words: Words): DefinedTerm | null {
  let parenthesis: DefinedTerm | null = null;
  for (let index = from; index < limit; index += 1) {
    if (text[index] !== '(') continue;
    const close = closingParenthesis(text, index, index + DEFINED_TERM_LENGTH);
    if (close < 0) continue;
    const role = lastQuoted(text, index + 1, close) ?? unquotedTerm(text, index + 1, close, words) ?? bareTerm(text, index + 1, close, words);
    if (role !== null) {
      parenthesis = { start: index, end: close + 1, role };
      break;
    }
    index = close;
  }
  const searchEnd = Math.min(text.length, parenthesis === null ? limit : parenthesis.start);
  for (const hit of findTerms(text.slice(from, searchEnd), words.termLeads)) {
    const leadEnd = from + hit.end;
    let open = leadEnd;
    while (open < Math.min(text.length, leadEnd + TERM_AFTER_LEAD) && !QUOTES.has(text[open]!)) open += 1;
    if (!QUOTES.has(text[open] ?? '')) {
      // A term printed without quotes after its lead and a dash ("turpmāk – Piegādātājs,", "nachfolgend Lieferant genannt,").
      const bare = bareTermAfterLead(text, leadEnd);
      if (bare !== null) return { start: from + hit.start, end: bare.end, role: bare };
      continue;
    }
    let close = open + 1;
    while (close < Math.min(text.length, open + DEFINED_TERM_LENGTH) && !QUOTES.has(text[close]!)) close += 1;
    if (!QUOTES.has(text[close] ?? '')) continue;
    const role = trimStretch(text, { start: open + 1, end: close });
    return { start: from + hit.start, end: close + 1, role: role.end > role.start ? role : null };
  }
  return parenthesis;
}

/** A capitalized term of one to three words right after a lead (a dash or colon between), ending at a comma, a period or a closing parenthesis, maybe after one lowercase word ("genannt"). */
const BARE_TERM_AFTER_LEAD = /^[ \t]*[-\u2013\u2014:]?[ \t]*(\p{Lu}[\p{L}\p{N}&'\u2019-]*(?:[ \t]+\p{Lu}[\p{L}\p{N}&'\u2019-]*){0,2})(?:[ \t]+\p{Ll}+)?[ \t]*[,.;)]/u;

/** The term printed without quotes right after a lead ending at `leadEnd`, or null. */
function bareTermAfterLead(text: string, leadEnd: number): Stretch | null {
  const match = BARE_TERM_AFTER_LEAD.exec(text.slice(leadEnd, leadEnd + DEFINED_TERM_LENGTH));
  if (match === null) return null;
  const start = leadEnd + match[0].indexOf(match[1]!);
  return { start, end: start + match[1]!.length };
}

/**
 * Where the next party's stretch starts after a defined term ending at `at`: after a joining
 * word or a comma; or, when the previous party's descriptor goes on after its term ("("Lifeway")
 * with a principal business address … and Ludmila …"), at the descriptor (`descriptor`);
 * null when the list ends there.
 */
function nextPartyStart(text: string, at: number, words: Words): { readonly index: number; readonly descriptor: boolean } | null {
  let index = at;
  let joined = false;
  let joinedByWord = false;
  let loose = 0;
  for (;;) {
    while (index < text.length && (/\s/.test(text[index]!) || SEPARATORS.has(text[index]!))) {
      if (BREAKING_SEPARATORS.has(text[index]!)) joined = true;
      index += 1;
    }
    // A list number in parentheses opens the next party of a numbered list ("(the Company) (2) JOHN ROGERS (the Executive)").
    if (PARTY_NUMBER.test(text.slice(index, index + 6))) return { index, descriptor: false };
    // The side a party takes closes its description ("D'UNE PART,", "einerseits"), on its line or its own: the next party follows.
    const side = sideAt(text, index, words);
    if (side > 0) {
      index += side;
      continue;
    }
    const word = LETTERS.exec(text.slice(index, index + 40))?.[0];
    if (word === undefined) break;
    const lower = word.toLowerCase();
    if (words.joiners.has(lower)) {
      joined = true;
      joinedByWord = true;
      index += word.length;
      continue;
    }
    // "(… „Käufer“ genannt –) und": a lowercase word or two may close the defined term before the joining word.
    if (!joined && loose < LOOSE_WORDS && lower === word) {
      loose += 1;
      index += word.length;
      continue;
    }
    break;
  }
  // A comma then a lowercase word that joins nothing ("("Bravatek"), with an address at …") goes on describing the party.
  if (joined && (joinedByWord || !startsLowercase(text, index))) return { index, descriptor: false };
  // No joining word, but a company's name and its own term right after ("("Heritage") Premier Nutrition Corporation ("Premier")"): the next party.
  if (!joined && loose === 0 && startsName(text, index) && unjoinedCompany(text, index, words)) return { index, descriptor: false };
  // The term ends its line and the party's details follow, a key and a colon on each line ("Address : …", "Tel. : …"), the last line ending in a joining word: the next party after it.
  if (!joined && loose === 0) {
    const after = afterDetailLines(text, at, words);
    if (after !== null) return { index: after, descriptor: false };
  }
  return loose > 0 || startsLowercase(text, index) ? { index: at, descriptor: true } : null;
}

/** The length of a side word of the packs printed at `index` ("D'UNE PART", "andererseits"), in any case, or 0. */
function sideAt(text: string, index: number, words: Words): number {
  if (words.sides.length === 0) return 0;
  const printed = lowerSameLength(text.slice(index, index + 40)).replace(/\u2019/gu, "'");
  for (const side of words.sides) {
    if (printed.startsWith(side) && !/[\p{L}\p{N}]/u.test(printed[side.length] ?? '')) return side.length;
  }
  return 0;
}

/** Most lines of a party's details ("Address : …", "Tel. : …") read between its term and the joining word that opens the next party. */
const DETAIL_LINES = 8;
/** A line of a party's details: a key of a few words, spaces, a colon and a value ("Legal representative   :   Jane Roe"). */
const DETAIL_LINE = /^\p{Lu}[\p{L}.'\u2019]*(?:[ \t]\p{L}[\p{L}.'\u2019]*){0,3}[ \t]*:[ \t]*\S/u;

/**
 * Where the next party starts when a term ends its line and the party's details follow, one key
 * and colon a line, the last ending in a joining word or followed by a line holding it alone
 * ("("Acme") / Address : … / Tel. : … and / Beta Ltd ("Beta")"); null when any line is not a
 * detail or no joining word ends them.
 */
function afterDetailLines(text: string, at: number, words: Words): number | null {
  const rest = lineAt(text, at);
  if (!/^[\s\p{P}]*$/u.test(text.slice(at, rest.end))) return null;
  const lines = linesFrom(text, rest.end + 1, DETAIL_LINES + 1);
  for (const [index, line] of lines.entries()) {
    const printed = text.slice(line.start, line.end);
    if (index > 0 && isJoinerLine(text, line, words)) return line.end;
    if (index === DETAIL_LINES || !DETAIL_LINE.test(printed)) return null;
    const last = /(\p{L}+)$/u.exec(printed)?.[1];
    if (last !== undefined && last === last.toLowerCase() && words.joiners.has(last) && /\s/u.test(printed[printed.length - last.length - 1] ?? '')) return line.end;
  }
  return null;
}

/** True when a company's name ending in a legal form runs from `index` right up to a defined term of its own. */
function unjoinedCompany(text: string, index: number, words: Words): boolean {
  const term = nextDefinedTerm(text, index, Math.min(text.length, index + NAME_LENGTH), words);
  if (term === null) return false;
  const name = nameIn(text, { start: index, end: term.start }, words);
  if (name === null || name.start !== index || skipSpaces(text, name.end, term.start) !== term.start) return false;
  const printed = text.slice(name.start, name.end);
  return !/\n/u.test(printed) && (isLegalForm(printed, words) || endsInLegalForm(printed, words));
}

/** True when a name may start at `index`: a capital or a digit, or a lowercase brand (then the name must end in a legal form). */
function opensName(text: string, index: number): boolean {
  return startsName(text, index) || startsLowercaseBrand(text, index);
}

/** Skips an article printed before a name ("der", "la société") that is no part of it. */
function afterArticle(text: string, start: number, words: Words): number {
  // Printed in lower case only: "the Town of Vinton" drops its article, "The Associated Press" keeps it.
  // An article of several words is one capitalized too, opening a paragraph ("La société", "Die Firma").
  const printed = text.slice(start, start + 40);
  const capitalized = printed.charAt(0).toLowerCase() + printed.slice(1);
  for (const article of words.articles) {
    const matches = printed.startsWith(article) || (article.includes(' ') && capitalized.startsWith(article));
    if (matches && /\s/.test(printed[article.length] ?? '')) {
      let index = start + article.length;
      while (index < text.length && /\s/.test(text[index]!)) index += 1;
      return index;
    }
  }
  return start;
}

/** Where a legal form that opens `text` at `from` ends (`Inc.` in "Inc. a Delaware …"), or -1. */
function legalFormEnd(text: string, from: number, limit: number, words: LegalForms): number {
  const found = [...text.slice(from, limit).matchAll(/[^\s,(]+/gu)];
  let best = -1;
  for (let count = 1; count <= Math.min(found.length, 4); count += 1) {
    const last = found[count - 1]!;
    if (isLegalForm(text.slice(from, from + last.index + last[0].length), words)) best = from + last.index + last[0].length;
  }
  return best;
}

/** True when the word at `index` starts in lower case (a descriptor: "a Delaware corporation", "having its office", "d/b/a"). */
function startsLowercase(text: string, index: number): boolean {
  const character = text.slice(index, index + 1);
  return character !== '' && character !== character.toUpperCase() && character === character.toLowerCase();
}

function skipSpaces(text: string, from: number, limit: number): number {
  let index = from;
  while (index < limit && /\s/.test(text[index]!)) index += 1;
  return index;
}

/** True when a lowercase word followed by a number starts at `index` ("of 90 High Street", "at 4 Quay Road"). */
function startsAddress(text: string, index: number, limit: number): boolean {
  return /^\p{Ll}+\s+\p{N}/u.test(text.slice(index, Math.min(limit, index + 40)));
}

/**
 * True when two lowercase words followed by a number start at `index`, after a comma or not (",
 * located at 12 Via Roma"): an address. One word is not enough ("Page 1 of 10": "of 10").
 */
function opensAddress(text: string, index: number, limit: number): boolean {
  return /^,?\s*\p{Ll}+\s+\p{Ll}+\s+\p{N}/u.test(text.slice(index, Math.min(limit, index + 40)));
}

/** Skips a list number before a party ("1.", "(a)", "2)"). */
function afterEnumeration(text: string, start: number): number {
  const match = /^(?:\(?[\p{N}\p{Ll}]{1,3}[.)])\s+/u.exec(text.slice(start, start + 8));
  return match === null ? start : start + match[0].length;
}

/** A lowercase word of letters, then one or two capitalised words ("of America", "of New York"), up to a comma. */
const PLACE_AFTER_FORM = /^\p{Ll}+\s+\p{Lu}\p{Ll}+(?:\s+\p{Lu}\p{Ll}+)?(?=\s*,)/u;

/**
 * Where a name goes on after its legal form with a place ("Sony Corporation of America, a New York
 * corporation"): a lowercase word that joins nothing, one or two capitalised words and then a
 * descriptor of the company's kind (`describedCompany`) make the place part of the name; -1
 * otherwise ("Celebrity Speakers Limited of Boston House, 69 …", "Acme Inc. and Beta Corp., a …").
 */
function placeBeforeKind(text: string, at: number, end: number, words: Words): number {
  const place = PLACE_AFTER_FORM.exec(text.slice(at, end))?.[0];
  if (place === undefined) return -1;
  const first = /^\p{Ll}+/u.exec(place)![0];
  if (words.joiners.has(first)) return -1;
  const placeEnd = at + place.length;
  return describedCompany(text, placeEnd, end, words) && !endsInLegalForm(place, words) ? placeEnd : -1;
}

/**
 * The name in a party's stretch: its first words up to the descriptor (the first comma not
 * followed by a legal form, or a legal form followed by a lowercase word) or a defined-term
 * lead, without a list number or an article before it; null when what is left does not look
 * like a name.
 */
function nameIn(text: string, stretch: Stretch, words: Words): Stretch | null {
  let start = stretch.start;
  while (start < stretch.end && (/\s/.test(text[start]!) || SEPARATORS.has(text[start]!) || text[start] === '.')) start += 1;
  start = afterArticle(text, afterEnumeration(text, start), words);
  let end = stretch.end;
  const lead = findTerms(text.slice(start, end), words.termLeads)[0];
  if (lead !== undefined) end = start + lead.start;
  let depth = 0;
  for (let index = start; index < end; index += 1) {
    const character = text[index]!;
    if (character === '(') depth += 1;
    else if (character === ')') depth = Math.max(0, depth - 1);
    else if (depth === 0 && (character === ',' || /\s/.test(character))) {
      const wordStart = skipSpaces(text, index + 1, end);
      // A lowercase word before a number opens an address ("Celebrity Speakers of 90 High Street"): the name ends before it.
      if (startsAddress(text, wordStart, end) || (character !== ',' && opensAddress(text, wordStart, end) && /\p{Lu}/u.test(text[start] ?? ''))) {
        end = index;
        break;
      }
      const formEnd = legalFormEnd(text, wordStart, end, words);
      // A wide gap inside a line is a column's edge ("PLAN_B MEDIA AG      Schaafenstr. 25"): the name ends there unless its legal form or a rule (a page break's: "Mail      ------- Boxes") follows.
      if (formEnd < 0 && character !== ',' && WIDE_GAP.test(text.slice(index, index + WIDE_GAP_LENGTH)) && !/\s/u.test(text[index - 1] ?? '') && !/^[-_=]{3}/u.test(text.slice(wordStart, wordStart + 3))) {
        end = index;
        break;
      }
      // A comma then a name's suffix ("THOMAS W. MILLS, SR", "Eugene Wright, III") goes on with the name, which then ends unless a legal form follows.
      const suffixEnd = character === ',' && formEnd < 0 ? legalFormEnd(text, wordStart, end, { legalForms: words.nameSuffixes }) : -1;
      if (suffixEnd >= 0 && !startsName(text, skipSpaces(text, suffixEnd, end))) {
        index = suffixEnd - 1;
        continue;
      }
      if (formEnd < 0) {
        if (character === ',') {
          end = index;
          break;
        }
        continue;
      }
      // "Inc." then the end, a comma, a parenthesis, a lowercase word or a number (the address: "Inc. 111 Lemon Ave."): the name ends with its legal form.
      const after = skipSpaces(text, formEnd, end);
      // A parenthesis then another legal form goes on with the name ("Harbin Paints Trading (Shanghai) Co Ltd": "Trading" is a legal form in some packs).
      const close = text[after] === '(' ? text.indexOf(')', after) : -1;
      if (close > after && close < end && legalFormEnd(text, skipSpaces(text, close + 1, end), end, words) >= 0) {
        index = close;
        continue;
      }
      // A lowercase word and a place in capitals before the company's kind go on with the name ("Sony Corporation of America, a New York corporation").
      const placeEnd = startsLowercase(text, after) ? placeBeforeKind(text, after, end, words) : -1;
      if (placeEnd > after) {
        end = placeEnd;
        break;
      }
      // A wide gap after the legal form is a column's edge too ("Ceres, Inc.      CERES-IGER Collaboration Agreement").
      if (after >= end || text[after] === ',' || text[after] === '(' || startsLowercase(text, after) || /\p{N}/u.test(text[after]!) || WIDE_GAP.test(text.slice(formEnd, formEnd + WIDE_GAP_LENGTH))) {
        index = formEnd - 1;
        if (after < end && text[after] !== ',') {
          end = formEnd;
          break;
        }
        continue;
      }
      if (character === ',') {
        end = index;
        break;
      }
    }
  }
  // A parenthesis the stretch leaves open ("Charles D. Denson (EMPLOYEE") is no part of the name.
  const open = text.lastIndexOf('(', end - 1);
  if (open >= start) {
    const close = text.indexOf(')', open);
    if (close < 0 || close >= end) end = open;
  }
  while (end > start && (/\s/.test(text[end - 1]!) || SEPARATORS.has(text[end - 1]!) || text[end - 1] === '(')) end -= 1;
  const name = text.slice(start, end);
  const nameWords = name.split(/\s+/);
  if (name.length < 2 || name.length > NAME_LENGTH || nameWords.length > NAME_WORDS) return null;
  if (!namesAt(text, start, name, words) || isPlaceholder(name) || BLANK_LINE.test(name) || ([...name].some((character) => DOUBLE_QUOTES.has(character)) && !formBeforeQuotedName(name, words))) return null;
  // More than a few lowercase words make a sentence, not a name ("Bank of America" has one).
  if (nameWords.filter((word) => /^\p{Ll}/u.test(word)).length > MAX_LOWERCASE_WORDS) return null;
  return { start, end };
}

/**
 * A legal form before a name in quotes, the whole name (`SIA "Kokapstrāde"`, `AS „Latvijas
 * Finieris“`): the quotes are the name's own, not a defined term's.
 */
function formBeforeQuotedName(name: string, words: Words): boolean {
  let open = -1;
  for (let index = 0; index < name.length && open < 0; index += 1) if (DOUBLE_QUOTES.has(name[index]!)) open = index;
  const quoted = name.slice(open);
  if (open <= 0 || quoted.length < 3 || !DOUBLE_QUOTES.has(quoted[quoted.length - 1]!) || [...quoted.slice(1, -1)].some((character) => DOUBLE_QUOTES.has(character))) return false;
  const form = name.slice(0, open).trimEnd();
  return form.length > 0 && legalFormEnd(form, 0, form.length, words) === form.length;
}

/** True when `[start, end)` crosses a blank line or the end of a sentence (a lowercase word or a number, a period, a capital). */
function crossesBoundary(text: string, start: number, end: number): boolean {
  // A lead's colon and the blank line after it ("by and between:" / "" / "Acme Ltd ("Acme")") open the list, no new paragraph.
  const inner = text.slice(start, end).replace(/^[\s:]+/u, '');
  // A sentence ends at a period after a lowercase word or a number ("herein.", "60602."); not after "Inc.", "Ave." or an initial.
  // A sentence that ends right before the term ("… by this reference. ("Supplier")") leaves the term to no party of the list.
  return BLANK_LINE.test(inner) || /(?:^|\s)[\p{Ll}\p{N}]{4,}\.(?:\s+\p{Lu}|\s*$)/u.test(inner);
}

/**
 * The stretch of the next party, from `from` to its defined term. A comma and a joining word
 * inside it ("…, a Delaware corporation, and Gilead …") start the party after them: what
 * comes before is the previous party's descriptor printed after its term; so does a bare
 * joining word when the stretch is known to open with such a descriptor (`descriptor`) and
 * no quote comes before it. A stretch that crosses a blank line or a sentence is no party's.
 */
function partyStretch(text: string, from: number, term: DefinedTerm, words: Words, descriptor: boolean): Stretch | null {
  // A blank line right before the term ("… 91016 USA" / "" / "(hereinafter called "XENCOR")") sets the term apart, not a new paragraph.
  let end = term.start;
  while (end > from && /\s/u.test(text[end - 1]!)) end -= 1;
  if (crossesBoundary(text, from, end)) return null;
  const joiners = findTerms(text.slice(from, term.start), [...words.joiners].map((joiner) => ({ term: joiner, concept: '' })));
  for (let index = joiners.length - 1; index >= 0; index -= 1) {
    const hit = joiners[index]!;
    const before = text.slice(from, from + hit.start);
    if (!before.trimEnd().endsWith(',') && !(descriptor && ![...before].some((character) => QUOTES.has(character)))) continue;
    const start = skipSeparators(text, from + hit.end);
    if (opensName(text, afterArticle(text, afterEnumeration(text, start), words))) return { start, end: term.start };
  }
  if (descriptor) {
    // The previous party's kind after its term, then the next company with no joining word ("("Buyer"), a Pennsylvania corporation, Gulf Lubricants Ltd., a company … ("Gulf")"): the company starts after the kind.
    const kindEnd = groupReading(text, words).afterKind(from, term.start);
    const start = kindEnd > from ? skipSeparators(text, kindEnd) : -1;
    const name = start < 0 || !startsName(text, start) ? null : nameIn(text, { start, end: term.start }, words);
    return name !== null && name.start === start && endsInLegalForm(text.slice(name.start, name.end), words) ? { start, end: term.start } : null;
  }
  const start = skipSeparators(text, from);
  if (opensName(text, afterArticle(text, afterEnumeration(text, start), words))) return { start: from, end: term.start };
  // A few lowercase words and a comma before the name ("and its Reseller, Schoolpop, Inc., a Delaware corporation ("Schoolpop")"): the name after the comma, a company's.
  const comma = text.indexOf(',', start);
  if (startsLowercase(text, start) && comma > start && comma < term.start && !/\n/u.test(text.slice(start, comma)) && text.slice(start, comma).split(/\s+/u).length <= APPOSITIVE_WORDS) {
    const after = skipSpaces(text, comma + 1, term.start);
    const name = startsName(text, after) ? nameIn(text, { start: after, end: term.start }, words) : null;
    if (name !== null && endsInLegalForm(text.slice(name.start, name.end), words)) return { start: after, end: term.start };
  }
  return null;
}

/** Most words printed before a party's name and a comma ("its Reseller, …", "its wholly owned subsidiary, …"). */
const APPOSITIVE_WORDS = 4;

function skipSeparators(text: string, from: number): number {
  let index = from;
  while (index < text.length && (/\s/.test(text[index]!) || SEPARATORS.has(text[index]!))) index += 1;
  return index;
}

interface ReadParty {
  readonly name: Stretch;
  readonly role: Stretch | null;
  /** True when a descriptor that says what kind of company it is ends the name (", a Delaware corporation"), as a term or a legal form would. */
  readonly bounded?: boolean;
}

/** A preamble's parties, and how many of its slots print no name (a form's blank "and ______ ("Employee")"). */
interface Preamble {
  readonly parties: ReadParty[];
  readonly unnamed: number;
}

/** A rule a form prints where a name is to be written in ("______"). */
const BLANK_RULE = /^_{3,}/u;

/** True when the next slot at `at` is a form's blank: a rule of underscores where the name would be. */
function opensBlank(text: string, at: number): boolean {
  const start = skipSeparators(text, at);
  return BLANK_RULE.test(text.slice(start, start + 3));
}

/** Longest text read as an unnamed party ("the undersigned", "the employee signatory hereof"). */
const UNNAMED_LENGTH = 40;

/** True when a text is a form's placeholder for a name: one letter repeated ("XXXX", "xxx"). */
function isPlaceholder(text: string): boolean {
  return /^(\p{L})\1{2,}$/iu.test(text.replace(/[\s\p{P}]/gu, ''));
}

/** True when a stretch names no one: blank, a rule, brackets or a placeholder of a form, or a few lowercase words. */
function isUnnamed(text: string, stretch: Stretch): boolean {
  const inner = text.slice(stretch.start, stretch.end).trim();
  if (!/\p{L}/u.test(inner) || isPlaceholder(inner)) return true;
  return inner.length <= UNNAMED_LENGTH && /^\p{Ll}/u.test(inner) && !BLANK_LINE.test(inner);
}

/** How many defined terms of one descriptor are passed over before the next party ("…, as Administrator for Fox Film Corporation ("Trademark Licensor"), and …"). */
const DESCRIPTOR_TERMS = 2;
/** Longest stretch read for a last party that prints no term. */
const UNTERMED_STRETCH = 200;

/**
 * The last party of a preamble when it prints no defined term: a company's name right after the
 * joining word, read like any party's name and ended by its legal form, which must be followed
 * by the end of the sentence or line, a comma, a lowercase word or a number (its address:
 * "Uniquest Corporation 780 Montague Expressway"); null otherwise. The stretch ends at
 * `limit` (the next, later defined term) or a blank line or a sentence's end.
 */
function untermedCompany(text: string, at: number, words: Words, limit = text.length): Stretch | null {
  const start = skipSeparators(text, at);
  let end = Math.min(limit, text.length, start + UNTERMED_STRETCH);
  const blank = BLANK_LINE.exec(text.slice(start, end));
  if (blank !== null) end = start + blank.index;
  const name = nameIn(text, { start, end }, words);
  if (name === null) return null;
  const printed = text.slice(name.start, name.end);
  // A legal form printed in lower case or as a short word in title case ends no name ("Distributor, as set forth below": "AS" is a Norwegian legal form).
  if ((!isLegalForm(printed, words) && !endsInLegalForm(printed, words)) || /(?:^|\s)(?:\p{Ll}\S*|\p{Lu}\p{Ll}{1,2})$/u.test(printed)) return null;
  if (/\n/u.test(printed) && crossesBoundary(text, name.start, name.end)) return null;
  const after = skipSpaces(text, name.end, end);
  if (after < end && !/[,.;:\p{N}\n]/u.test(text[after]!) && !startsLowercase(text, after)) return null;
  return name;
}

/**
 * A joined party whose term is printed before its name ("…, and (Client) Pelican Delivers Inc.
 * for the performance of …"): the term opens right after the joining word, and a company's name
 * that its legal form ends follows it, as a last party without a term is read
 * (`untermedCompany`); the list ends with it. Null when anything but spaces and separators
 * stands before the term, or no company follows it.
 */
function partyAfterTerm(text: string, at: number, words: Words): ReadParty | null {
  const open = skipSpaces(text, at, text.length);
  if (text[open] !== '(') return null;
  const close = closingParenthesis(text, open, open + DEFINED_TERM_LENGTH);
  if (close < 0) return null;
  let role = trimStretch(text, { start: open + 1, end: close });
  while (role.start < role.end && QUOTES.has(text[role.start]!)) role = trimStretch(text, { start: role.start + 1, end: role.end });
  while (role.end > role.start && QUOTES.has(text[role.end - 1]!)) role = trimStretch(text, { start: role.start, end: role.end - 1 });
  role = { start: afterArticle(text, role.start, words), end: role.end };
  if (role.end <= role.start || !BARE_TERM.test(text.slice(role.start, role.end))) return null;
  const start = skipSpaces(text, close + 1, text.length);
  if (!startsName(text, start)) return null;
  const name = untermedCompany(text, start, words);
  return name === null || name.start !== start ? null : { name, role };
}

/**
 * The last party of a preamble when its term is quoted right after its name with no parenthesis
 * and ends the sentence ("… (the "Company") and Danna Rabin "Employee"."): the name runs up to the
 * opening quote, the term is one to three capitalised words, and a period, a comma or a semicolon
 * follows the closing quote; null otherwise.
 */
function quotedTermParty(text: string, at: number, words: Words): ReadParty | null {
  const start = skipSeparators(text, at);
  const line = lineAt(text, start);
  let open = start;
  while (open < line.end && !DOUBLE_QUOTES.has(text[open]!)) open += 1;
  if (open >= line.end || open - start > NAME_LENGTH) return null;
  let close = open + 1;
  while (close < line.end && !DOUBLE_QUOTES.has(text[close]!)) close += 1;
  if (close >= line.end || !/^\s*[.,;]/u.test(text.slice(close + 1, close + 3))) return null;
  const role = trimStretch(text, { start: open + 1, end: close });
  if (!BARE_TERM.test(text.slice(role.start, role.end))) return null;
  const name = nameIn(text, { start, end: open }, words);
  if (name === null || name.start !== afterArticle(text, start, words) || skipSpaces(text, name.end, open) !== open) return null;
  return { name, role };
}

/** True when a first slot names no one: a blank, a rule or a placeholder, or a few words printed all in lower case ("the undersigned"). */
function isBlankSlot(text: string, stretch: Stretch): boolean {
  const inner = text.slice(stretch.start, stretch.end).trim();
  return !/\p{L}/u.test(inner) || isPlaceholder(inner) || (!/[\p{Lu}\p{N}]/u.test(inner) && !/\n/u.test(inner));
}

/** Most further terms one party is given right after its first ("("IDE") (hereinafter referred to as "Company")"). */
const ALIAS_TERMS = 2;

/** Where the terms a party is given one after another end: its first term and those that follow it with nothing but spaces between. */
function aliasesEnd(text: string, term: DefinedTerm, words: Words): number {
  let end = term.end;
  for (let count = 0; count < ALIAS_TERMS; count += 1) {
    const start = skipSpaces(text, end, text.length);
    if (text[start] !== '(') break;
    const alias = nextDefinedTerm(text, start, start + DEFINED_TERM_LENGTH, words);
    if (alias === null || alias.start !== start) break;
    end = alias.end;
  }
  return end;
}

/** True when a term is one of the words a list of parties is called by ("the Parties", "party"), its article aside. */
function callsPartiesTogether(text: string, role: Stretch, words: Words): boolean {
  const term = roleIn(text, role, words);
  return term !== null && words.listNames.has(foldedWords(text.slice(term.start, term.end)).join(' '));
}

/**
 * True when a party's stretch ends with a comma, a joining word and nothing that names anyone
 * before the term ("Acme, Inc., a Delaware corporation, and ("Employee")", "…, and ______
 * ("Employee")"): the term calls the slot the form leaves blank, not the party before it.
 */
function blankSlotBefore(text: string, name: Stretch, term: DefinedTerm, words: Words): boolean {
  const tail = text.slice(name.end, term.start);
  const last = findTerms(tail, [...words.joiners].map((joiner) => ({ term: joiner, concept: '' }))).at(-1);
  return last !== undefined && /,\s*$/u.test(tail.slice(0, last.start)) && !/[\p{L}\p{N}]/u.test(tail.slice(last.end));
}

/** True when a term is or ends with a word a list of parties is called by ("the Seller Parties", "Parties"): the companies it calls together are parties each. */
function namesParties(text: string, role: Stretch, words: Words): boolean {
  const folded = foldedWords(text.slice(role.start, role.end)).join(' ');
  return [...words.listNames].some((name) => folded === name || folded.endsWith(` ${name}`));
}

/** The shapes `groupedCompanies` reads a stretch of companies with: names as a preamble party's, legal forms and descriptors of a company's kind. */
function groupReading(text: string, words: Words): GroupReading {
  return {
    // The name must open its piece, an article aside ("und der Beta GmbH"): words before it ("its Reseller, …") are no company's.
    nameIn: (stretch) => {
      const name = nameIn(text, stretch, words);
      return name !== null && name.start === afterArticle(text, skipSeparators(text, stretch.start), words) ? name : null;
    },
    isCompany: (stretch) => endsInLegalForm(text.slice(stretch.start, stretch.end), words) && !/\n[ \t]*\r?\n/u.test(text.slice(stretch.start, stretch.end)),
    afterKind: (at, end) => {
      // ", a Delaware limited partnership", ", an Ohio banking corporation": a comma, then a few words opening and ending in lower case, up to the next comma or the term.
      const comma = skipSpaces(text, at, end);
      if (text[comma] !== ',') return at;
      const start = skipSpaces(text, comma + 1, end);
      const next = text.indexOf(',', start);
      const clauseEnd = next < 0 || next > end ? end : next;
      const clause = text.slice(start, clauseEnd).trim().split(/\s+/u);
      // No joining word in it: "and their affiliated entities" names more parties, no kind.
      const kind = startsLowercase(text, start) && !clause.some((word) => words.joiners.has(word)) && clause.length <= KIND_WORDS && /^\p{Ll}+$/u.test(clause[clause.length - 1] ?? '') && !/[\p{N}\n(]/u.test(text.slice(start, clauseEnd));
      return kind ? clauseEnd : at;
    },
    joiners: words.joiners,
  };
}

/** The parties of a preamble whose lead word ends at `from`. */
function preambleAt(text: string, from: number, words: Words): Preamble {
  const parties: ReadParty[] = [];
  let unnamed = 0;
  let at = from;
  let descriptor = false;
  let skipped = 0;
  for (;;) {
    // A joined party's term printed before its name ("…, and (Client) Pelican Delivers Inc. for …"): the company that follows the term is the party.
    const termFirst = !descriptor && parties.length > 0 ? partyAfterTerm(text, at, words) : null;
    if (termFirst !== null) {
      parties.push(termFirst);
      break;
    }
    const term = nextDefinedTerm(text, at, Math.min(text.length, at + PARTY_STRETCH), words);
    if (term === null) {
      // The last party may print no term ("… ("Tripath"), and Uniquest Corporation 780 Montague …"): a company's name that its legal form ends.
      const last = (parties.length > 0 || unnamed > 0) && !descriptor ? untermedCompany(text, at, words) : null;
      const quoted = last === null && (parties.length > 0 || unnamed > 0) && !descriptor ? quotedTermParty(text, at, words) : null;
      if (last !== null) parties.push({ name: last, role: null });
      else if (quoted !== null) parties.push(quoted);
      // A last slot the form leaves blank with no term after it ("("Cisco") and ______, a ______ corporation"): an unnamed party.
      else if (parties.length > 0 && !descriptor && opensBlank(text, at)) unnamed += 1;
      break;
    }
    // A first term that calls the parties together ("…, and B Ltd., a Japanese corporation (each a "party" and together the "parties")") ends a list printed without terms.
    if (parties.length === 0 && unnamed === 0 && term.role !== null && callsPartiesTogether(text, term.role, words)) return plainPreambleAt(text, from, words, term.start);
    const stretch = partyStretch(text, at, term, words, descriptor);
    const name = stretch === null ? null : nameIn(text, stretch, words);
    if (name === null) {
      // A descriptor's own term ("…, a member institution of The University of Texas System ("System") and …") names no party: the list goes on after it.
      // The descriptor opens with a comma ("…"), a member institution of …"); a stretch that runs on without one is a new sentence ("… ("Agreement") is entered into … by and between …").
      const opensDescriptor = /^[\s)\]]*,/u.test(text.slice(at, at + 8));
      const joined = descriptor && opensDescriptor && skipped < DESCRIPTOR_TERMS && !crossesBoundary(text, at, term.start) ? nextPartyStart(text, term.end, words) : null;
      // Only a joining word after the descriptor's term opens the next party ("…("System") and Adaptimmune LLC"); after a comma alone the term may be a party's own ("…, Hyde Park Bancorp, MHC, … (the "MHC"), …").
      if (joined !== null && !joined.descriptor && /\p{L}/u.test(text.slice(term.end, joined.index))) {
        skipped += 1;
        at = joined.index;
        descriptor = false;
        continue;
      }
      // A party the form leaves blank ("and ________ ("Employee")", "the undersigned ("Employee") and …") counts as a slot; a blank first slot lets the list go on.
      if (!descriptor && isUnnamed(text, { start: at, end: term.start }) && (parties.length > 0 || isBlankSlot(text, { start: at, end: term.start }))) {
        unnamed += 1;
        const next = parties.length === 0 && unnamed === 1 ? nextPartyStart(text, term.end, words) : null;
        if (next !== null && !next.descriptor) {
          at = next.index;
          continue;
        }
      } else if (!descriptor && parties.length > 0) {
        const last = untermedCompany(text, at, words, term.start);
        if (last !== null) parties.push({ name: last, role: null });
        else if (opensBlank(text, at)) unnamed += 1;
      }
      break;
    }
    skipped = 0;
    // ", and ("Employee")": the term is the blank slot's after the joining word, and the party before it prints none.
    if (!descriptor && blankSlotBefore(text, name, term, words)) {
      parties.push({ name, role: null });
      unnamed += 1;
      break;
    }
    const role = term.role === null ? null : roleIn(text, term.role, words);
    // Companies listed one after another before one term that calls them parties ("A LP, a Delaware limited partnership, B LLC, … and C LLC (collectively, the "C Parties")"): each a party.
    // A term that calls them as one party ("A, Inc. and A, L.P. (collectively, the "Company")") keeps the one name before it.
    const group = descriptor || role === null || !namesParties(text, role, words) ? null : groupedCompanies(text, skipSeparators(text, at), term.start, groupReading(text, words));
    parties.push(...(group ?? [name]).map((company) => ({ name: company, role })));
    const next = nextPartyStart(text, aliasesEnd(text, term, words), words);
    if (next === null) break;
    at = next.index;
    descriptor = next.descriptor;
  }
  return { parties, unnamed };
}

/** Most lines a party's block runs on a title page (its name, then a descriptor or an address). */
const BLOCK_LINES = 4;

/** The trimmed, non-empty lines of `text` from `from`, each with its span. */
function linesFrom(text: string, from: number, count: number): (Stretch & { readonly blankBefore: boolean })[] {
  const lines: (Stretch & { blankBefore: boolean })[] = [];
  let at = from;
  let blank = false;
  while (at < text.length && lines.length < count) {
    const line = trimStretch(text, lineAt(text, at));
    if (line.end > line.start) {
      lines.push({ ...line, blankBefore: blank });
      blank = false;
    } else blank = true;
    at = lineAt(text, at).end + 1;
  }
  return lines;
}

/** True when a line holds a joining word alone ("and", "- und -", "ET") or an ampersand alone ("&"). */
function isJoinerLine(text: string, line: Stretch, words: Words): boolean {
  const printed = text.slice(line.start, line.end);
  if (printed.trim() === '&') return true;
  const inner = printed.replace(/^[\s\p{P}]+|[\s\p{P}]+$/gu, '').toLowerCase();
  return words.joiners.has(inner);
}

/** The defined term a line holds alone ("(the "Issuer");", "(hereinafter called "MLX")"), or null. */
function termLine(text: string, line: Stretch, words: Words): DefinedTerm | null {
  const term = nextDefinedTerm(text, line.start, line.end, words);
  if (term === null || term.start !== line.start) return null;
  return /^[\s\p{P}]*$/u.test(text.slice(term.end, line.end)) ? term : null;
}

/**
 * The defined term of a descriptor line under a party's name ("with an office and place of
 * business at …, Switzerland ("Roche Basel")"): a line that opens in lower case and ends with a
 * defined term; null otherwise.
 */
function descriptorTermLine(text: string, line: Stretch, words: Words): DefinedTerm | null {
  if (!startsLowercase(text, line.start)) return null;
  let found: DefinedTerm | null = null;
  for (let at = line.start; at < line.end; ) {
    const term = nextDefinedTerm(text, at, line.end, words);
    if (term === null || term.end > line.end) break;
    found = term;
    at = term.end;
  }
  return found !== null && /^[\s\p{P}]*$/u.test(text.slice(found.end, line.end)) ? found : null;
}

/** True when a block ends with a joining word ("…, London (the "Company"); and"): the next block is the next party. */
function endsWithJoiner(text: string, block: Stretch, words: Words): boolean {
  const last = /(\p{L}+)[\s\p{P}]*$/u.exec(text.slice(Math.max(block.start, block.end - 40), block.end))?.[1];
  return last !== undefined && words.joiners.has(last.toLowerCase());
}

/** True when a defined term opens on `line` ("Datakey, Inc. ("Datakey")"), its parenthesis maybe closing on a later line. */
function holdsTerm(text: string, line: Stretch, words: Words): boolean {
  const term = nextDefinedTerm(text, line.start, line.end + DEFINED_TERM_LENGTH, words);
  return term !== null && term.start < line.end;
}

/** True when a line opens with a capitalised heading and a colon ("DATE: …", "RECITALS:"): a new section, no party's line. */
function isHeadingLine(text: string, line: Stretch): boolean {
  return HEADING.test(text.slice(line.start, line.end));
}

/** True when a line opens with a list number ("(1)", "2."). */
function isEnumerated(text: string, line: Stretch): boolean {
  return afterEnumeration(text, line.start) > line.start;
}

/**
 * True when a title page's party is a name of two words or more that fills its block's one line
 * ("EXXONMOBIL RESEARCH AND ENGINEERING COMPANY" between "BETWEEN … and" lines): the line's end
 * fixes the name's end, as a term or a legal form would. A name of one word ("IAC") may be a short
 * name the agreement spells out elsewhere, and is not taken as bounded.
 */
function fillsLine(text: string, name: Stretch, first: Stretch, last: Stretch): boolean {
  if (first !== last || afterEnumeration(text, first.start) !== name.start) return false;
  if (!/^[\s\p{P}]*$/u.test(text.slice(name.end, first.end))) return false;
  return text.slice(name.start, name.end).trim().split(/\s+/u).length >= 2;
}

/**
 * The further companies a title page's block joins to its party in a sentence of its own ("2.
 * Blackwell Science Limited a company registered in England ("Blackwell"), whose registered
 * office is …, and Munksgaard A/S, a company registered in Denmark ("Munksgaard"), …"): the
 * block read as a preamble, the parties after `first` whose names lie inside the block and end in
 * a legal form (a company, not a word of the descriptor). None when the preamble reading does
 * not open with `first`.
 */
function joinedInBlock(text: string, first: Stretch, block: Stretch, words: Words): ReadParty[] {
  const { parties } = preambleAt(text, first.start, words);
  if (parties[0]?.name.start !== first.start) return [];
  const joined: ReadParty[] = [];
  for (const party of parties.slice(1)) {
    if (party.name.end > block.end || !endsInLegalForm(text.slice(party.name.start, party.name.end), words)) break;
    joined.push(party);
  }
  return joined;
}

/**
 * The parties of a title page whose lead stands alone on its line ("BETWEEN" / party /
 * "AND" / party): each party is the block of lines after the lead or a joining line, its name
 * read like a preamble's (up to a defined term, a descriptor or its legal form). A line that
 * holds a defined term alone after a block without one is that party's term ("(the
 * "Issuer")"); the next block is the next party after a joining line, after a block that ends
 * with a joining word ("…; and"), when both blocks open with a list number ("(1)", "(2)"), or
 * when both open a defined term on their first line (parties listed under a heading).
 */
function titlePageAt(text: string, leadEnd: number, words: Words): Preamble {
  const parties: ReadParty[] = [];
  /** How many parties were read before a company line followed a company with no joining line between (null: none, or a joining line came since). */
  let listed: number | null = null;
  const lines = linesFrom(text, lineAt(text, leadEnd).end + 1, BLOCK_LINES * 8);
  let index = 0;
  while (index < lines.length) {
    const first = lines[index]!;
    let last = first;
    index += 1;
    const termed = holdsTerm(text, first, words);
    // Under a heading ("PARTIES:"), a line that opens a term after a block that has one is the next party.
    while (index < lines.length && index - lines.indexOf(first) < BLOCK_LINES && !lines[index]!.blankBefore && !isJoinerLine(text, lines[index]!, words) && !isHeadingLine(text, lines[index]!) && !(termed && holdsTerm(text, lines[index]!, words))) {
      last = lines[index]!;
      index += 1;
    }
    const block: Stretch = { start: first.start, end: last.end };
    let term = nextDefinedTerm(text, block.start, block.end, words);
    const name = nameIn(text, { start: block.start, end: term === null ? lineAt(text, block.start).end : term.start }, words);
    if (name === null) break;
    let end = block.end;
    if (term === null && index < lines.length) {
      term = termLine(text, lines[index]!, words) ?? descriptorTermLine(text, lines[index]!, words);
      if (term !== null) end = lines[index++]!.end;
    }
    parties.push({ name, role: term?.role == null ? null : roleIn(text, term.role, words), ...(term === null && fillsLine(text, name, first, last) ? { bounded: true } : {}) });
    if (term !== null) parties.push(...joinedInBlock(text, name, { start: block.start, end }, words));
    // A line in lower case before a joining line closes the party ("on the one hand" / "and").
    if (index + 1 < lines.length && startsLowercase(text, lines[index]!.start) && !isJoinerLine(text, lines[index]!, words) && isJoinerLine(text, lines[index + 1]!, words)) index += 1;
    if (index >= lines.length) break;
    if (isJoinerLine(text, lines[index]!, words)) {
      index += 1;
      listed = null;
    } else if (!endsWithJoiner(text, { start: block.start, end }, words) && !(isEnumerated(text, first) && isEnumerated(text, lines[index]!)) && !(termed && holdsTerm(text, lines[index]!, words))) {
      // A title page may list its companies one a line, the joining line before the last only ("A Limited" / "B Limited" / "and" / "C, Inc."): a company over a company goes on, if a joining line comes.
      if (term !== null || !endsInLegalForm(text.slice(name.start, name.end), words) || companyLine(text, lines[index]!, words) === null) break;
      listed ??= parties.length;
    }
  }
  // A list of companies one a line that no joining line closes is no list: the page names its first only.
  return { parties: listed === null ? parties : parties.slice(0, listed), unnamed: 0 };
}

/** Longest preamble sentence read without defined terms. */
const PLAIN_PREAMBLE = 600;

/**
 * The parties of a preamble that prints no defined terms ("between Precision Metal, Inc (a
 * Colorado corporation) located at …, and Back 2 Health Ltd., a …"): the sentence is split at
 * its joining words outside parentheses, and each piece must name a company ending in a legal
 * form, or the reading gives up (a name such as "Leonard Green and Partners LP" is then not
 * split into two parties).
 */
function plainPreambleAt(text: string, from: number, words: Words, limit = text.length): Preamble {
  const split = plainPiecesAt(text, from, words, limit, false);
  // A joining word printed in capitals between words in capitals may be part of a name ("THE HENRY FILM AND ENTERTAINMENT CORPORATION"): read again without splitting there.
  return split.parties.length > 0 ? split : plainPiecesAt(text, from, words, limit, true);
}

/** True when a joining word at `[start, end)` is printed in capitals between two words in capitals. */
function capitalJoiner(text: string, start: number, end: number): boolean {
  const printed = text.slice(start, end);
  return printed === printed.toUpperCase() && /\p{Lu}{2,}[\p{P}]?[ \t]+$/u.test(text.slice(Math.max(0, start - 40), start)) && /^[ \t]+\p{Lu}{2,}/u.test(text.slice(end, end + 40));
}

/** The parties of a plain preamble split at its joining words (not at those `capitalJoiner` finds, when `keepCapitals`). */
function plainPiecesAt(text: string, from: number, words: Words, limit: number, keepCapitals: boolean): Preamble {
  let end = Math.min(text.length, limit, from + PLAIN_PREAMBLE);
  for (let index = from; index < end; index += 1) {
    if (crossesBoundary(text, from, index + 1) && (text[index] === '.' || text[index] === '\n')) {
      end = index;
      break;
    }
  }
  const pieces: Stretch[] = [];
  let depth = 0;
  let start = from;
  for (const hit of findTerms(text.slice(from, end), [...words.joiners].map((joiner) => ({ term: joiner, concept: '' })))) {
    for (let index = start; index < from + hit.start; index += 1) depth += text[index] === '(' ? 1 : text[index] === ')' ? -1 : 0;
    if (depth > 0 || (keepCapitals && capitalJoiner(text, from + hit.start, from + hit.end))) continue;
    pieces.push({ start, end: from + hit.start });
    start = from + hit.end;
  }
  pieces.push({ start, end });
  const parties: ReadParty[] = [];
  for (const piece of pieces) {
    const name = nameIn(text, piece, words);
    if (name === null) return { parties: [], unnamed: 0 };
    const printed = text.slice(name.start, name.end);
    // A descriptor of its kind (", a California corporation,") or an address right after the name ("PACIFICAP ENTERTAINMENT located at 12 Via Roma") bounds it as a term would.
    const described = describedCompany(text, name.end, piece.end, words) || opensAddress(text, skipSpaces(text, name.end, piece.end), piece.end);
    if (!isLegalForm(printed, words) && !endsInLegalForm(printed, words) && !described) return { parties: [], unnamed: 0 };
    parties.push({ name, role: null, ...(described ? { bounded: true } : {}) });
    // Companies listed with commas before the joining word ("Sucampo Pharmaceuticals, Inc., Sucampo Pharma, LLC. and …"): a comma then another company's name.
    for (let at = name.end; ; ) {
      const comma = skipSpaces(text, at, piece.end);
      if (text[comma] !== ',') break;
      const next = nameIn(text, { start: comma + 1, end: piece.end }, words);
      if (next === null || next.start !== skipSpaces(text, comma + 1, piece.end)) break;
      const listed = text.slice(next.start, next.end);
      if ((!isLegalForm(listed, words) && !endsInLegalForm(listed, words)) || isLegalForm(listed, words)) break;
      parties.push({ name: next, role: null });
      at = next.end;
    }
  }
  return { parties, unnamed: 0 };
}

/** Most words of a descriptor that says what kind of company a party is ("a California corporation", "an Ohio banking corporation"). */
const KIND_WORDS = 5;

/**
 * True when a name ending at `at` is followed by a comma and a descriptor that says it is a
 * company: a few words opening in lower case and ending in a legal form printed in lower case,
 * up to the next comma or the piece's end ("IXIA, a California corporation, with its offices
 * at …"). The comma and the descriptor end the name as a term would.
 */
function describedCompany(text: string, at: number, end: number, words: Words): boolean {
  const comma = skipSpaces(text, at, end);
  if (text[comma] !== ',') return false;
  const start = skipSpaces(text, comma + 1, end);
  const next = text.indexOf(',', start);
  const clause = text.slice(start, next < 0 || next > end ? end : next).trim();
  const clauseWords = clause.split(/\s+/u);
  return startsLowercase(text, start) && clauseWords.length <= KIND_WORDS && /^\p{Ll}/u.test(clauseWords[clauseWords.length - 1] ?? '') && endsInLegalForm(clause, words);
}

/**
 * The parties a heading lead ending in a colon lists one after another with no joining word
 * ("PARTIES: Mark G. Parker (EMPLOYEE) NIKE, Inc., an Oregon corporation, … (NIKE) DATE: …"): each
 * party's name runs up to its term (a quoted term, or one to three capitalised words in a
 * parenthesis) and loses its descriptor; the next party opens right after the term, with a capital,
 * and the list ends at the next heading ("DATE:") or where no term follows. Two parties at least,
 * none a bare legal form; none otherwise.
 */
function listedAfterHeading(text: string, from: number, words: Words): Preamble {
  const parties: ReadParty[] = [];
  let at = skipSpaces(text, from, text.length);
  while (at < text.length && !HEADING.test(text.slice(at, at + 40))) {
    const open = text.indexOf('(', at);
    if (open < 0 || open - at > PARTY_STRETCH || crossesBoundary(text, at, open)) break;
    const close = closingParenthesis(text, open, open + DEFINED_TERM_LENGTH);
    if (close < 0) break;
    const role = lastQuoted(text, open + 1, close) ?? headingTerm(text, open + 1, close, words);
    const name = role === null ? null : nameIn(text, { start: at, end: open }, words);
    if (role === null || name === null || name.start !== at || isLegalForm(text.slice(name.start, name.end), words)) break;
    parties.push({ name, role: roleIn(text, role, words) });
    at = skipSpaces(text, close + 1, text.length);
    if (!startsName(text, at)) break;
  }
  return parties.length >= 2 ? { parties, unnamed: 0 } : { parties: [], unnamed: 0 };
}

/** The term of a parenthesis holding one to three capitalised words and nothing else, an article aside ("(EMPLOYEE)", "(the Company)"). */
function headingTerm(text: string, start: number, end: number, words: Words): Stretch | null {
  const inner = trimStretch(text, { start: afterArticle(text, skipSpaces(text, start, end), words), end });
  return inner.end > inner.start && BARE_TERM.test(text.slice(inner.start, inner.end)) ? inner : null;
}

/** How many defined terms of a document's opening are looked at for a party that no lead word introduces. */
const OPENING_TERMS = 4;

/** Longest descriptor between an opening's company and its defined term ("…, its subsidiaries, affiliates, successors or assigns (together, the "Company")"). */
const OPENING_DESCRIPTOR = 160;

/**
 * Where the name before a defined term opens when no lead word introduces it ("As an associate
 * of Ann Taylor, Inc. (the "Company")", "Landry's, Inc. (the "Recipient") and …"): among the
 * capitalised runs between `from` and the term (a run opens after a lowercase word or a blank line), the one
 * whose name ends in a legal form printed with a capital, with the fewest lowercase words
 * ("Interactive Data Corporation", not "Board of Directors of Interactive Data Corporation"),
 * the earliest first; null when none does, when the name ends more than a short descriptor or a
 * line break before its term (a letterhead's company above a date and an address), or when
 * another company stands between them (the term then names them together).
 */
function openingNameStart(text: string, from: number, term: DefinedTerm, words: Words): number | null {
  const windowStart = Math.max(from, term.start - PARTY_STRETCH);
  let best: { start: number; lowercase: number } | null = null;
  for (const match of text.slice(windowStart, term.start).matchAll(/(?<=^|[\s(])[\p{Lu}\p{N}]/gu)) {
    const start = windowStart + match.index;
    const preceding = text.slice(Math.max(0, start - 40), start);
    const before = /(\S+)\s*$/u.exec(preceding)?.[1]?.replace(/\p{P}+$/u, '');
    // A run opens after a lowercase word or a blank line: "Roebuck" in "Sears, Roebuck and Co." opens none, nor does "TECHNOLOGIES" in "GENEXOSOME\nTECHNOLOGIES INC.".
    // It opens too after a parenthesis that closes a term ("(the "Effective Date") INKTOMI CORPORATION ("Inktomi")") and after a comma ("… Confidential Information, AOL Inc., with offices at …"), when its name is more than a legal form.
    const afterClause = /[,)]\s*$/u.test(preceding);
    if (before !== undefined && !/^\p{Ll}+$/u.test(before) && !/\n[ \t]*\r?\n\s*$/u.test(preceding) && !afterClause) continue;
    if (crossesBoundary(text, start, term.start)) continue;
    const name = nameIn(text, { start, end: term.start }, words);
    if (name === null || name.start !== start || term.start - name.end > OPENING_DESCRIPTOR) continue;
    // A descriptor runs on one line or two: more lines between the name and the term are an address block.
    const gap = text.slice(name.end, term.start);
    if ((gap.match(/\n/g) ?? []).length > 1) continue;
    const printed = text.slice(name.start, name.end);
    // A name wraps onto a second line at most: more lines are a title page's headings run together.
    if ((printed.match(/\n/g) ?? []).length > 1) continue;
    // A legal form printed in lower case ends a descriptor ("an Ohio banking corporation"); a short one in title case is a word of the sentence ("… AGREEMENT As a condition": "AS" is a Norwegian legal form).
    const quotedAfterForm = formBeforeQuotedName(printed, words);
    if (!quotedAfterForm && ((!isLegalForm(printed, words) && !endsInLegalForm(printed, words)) || /(?:^|\s)(?:\p{Ll}\S*|\p{Lu}\p{Ll}{1,2})$/u.test(printed))) continue;
    if (afterClause && !endsInLegalForm(printed, words) && !quotedAfterForm) continue;
    // Another company between the name and the term ("A Corporation and B, N.A. (together "VNB")"): the term names them together, and no one of them.
    if (gap.split(/[,;]/u).some((piece) => {
      const trimmed = piece.trim();
      return isLegalForm(trimmed, words) || (NAME_START.test(trimmed[0] ?? '') && endsInLegalForm(trimmed, words));
    })) return null;
    const lowercase = printed.split(/\s+/).filter((word) => /^\p{Ll}/u.test(word)).length;
    if (best === null || lowercase < best.lowercase) best = { start, lowercase };
  }
  return best?.start ?? null;
}

/**
 * The parties of an opening that no lead word introduces: the first of the opening's defined
 * terms (`OPENING_TERMS`) that follows a company's name, then the companies joined to it as in
 * a preamble ("Landry's, Inc. (the "Recipient") and Morton's Restaurant Group Inc. (the
 * "Company"), agree as follows"); the list ends at the first joined party that is no company
 * (a later term: "… this Agreement (the "Agreement")"). One party when nothing is joined to it
 * (an agreement in the first person: "As a condition of my employment with Clovis Oncology,
 * Inc., its subsidiaries … (together, the "Company")").
 */
function openingAt(text: string, words: Words): Preamble {
  let at = 0;
  for (let count = 0; count < OPENING_TERMS; count += 1) {
    const term = nextDefinedTerm(text, at, Math.min(text.length, PREAMBLE_WINDOW), words);
    if (term === null) break;
    const start = openingNameStart(text, at, term, words);
    if (start !== null) {
      const { parties, unnamed } = preambleAt(text, start, words);
      const companies: ReadParty[] = [];
      for (const party of parties) {
        const printed = text.slice(party.name.start, party.name.end);
        if (!isLegalForm(printed, words) && !endsInLegalForm(printed, words) && !formBeforeQuotedName(printed, words)) break;
        companies.push(party);
      }
      if (companies.length === 1) {
        const other = laterCompany(text, companies[0]!, OPENING_TERMS - count - 1, words);
        if (other !== null) companies.push(other);
      }
      // A slot the opening leaves blank after its companies ("Acme Corporation … ("Acme"), and ("Executive")") counts as the preamble's does.
      if (companies.length > 0) return { parties: companies, unnamed: companies.length === parties.length ? unnamed : 0 };
    }
    at = term.end;
  }
  return { parties: [], unnamed: 0 };
}

/** How far around an opening's company the words it calls its unnamed party by are looked for. */
const SELF_WINDOW = 600;

/** True when the opening around a company's name calls the other party by a word of the first or second person ("you", "my", "the undersigned"). */
function callsPartyBySelf(text: string, name: Stretch, words: Words): boolean {
  const start = Math.max(0, name.start - SELF_WINDOW);
  return findTerms(text.slice(start, Math.min(text.length, name.end + SELF_WINDOW)), words.selfWords).length > 0;
}

/** Longest stretch after an opening's company searched for the other company its paragraph defines. */
const OPENING_PARAGRAPH = 600;

/**
 * The other company an opening's paragraph defines by a term when nothing joins it to the first
 * ("… the Company's agent, Raymond James & Associates, Inc. (… "Raymond James"), that Providence
 * Equity Partners L.L.C. (referred to as "you") is interested …"): the first of the next `terms`
 * defined terms, in the same paragraph, that a company's name stands right before (as
 * `openingNameStart` reads it); null when there is none.
 */
function laterCompany(text: string, first: ReadParty, terms: number, words: Words): ReadParty | null {
  const firstTerm = nextDefinedTerm(text, first.name.end, Math.min(text.length, first.name.end + PARTY_STRETCH), words);
  if (firstTerm === null) return null;
  let at = firstTerm.end;
  const limit = Math.min(text.length, at + OPENING_PARAGRAPH);
  const blank = BLANK_LINE.exec(text.slice(at, limit));
  const end = blank === null ? limit : at + blank.index;
  // A descriptor of its kind after the first company's term (", a Pennsylvania corporation, Gulf …") opens a list of companies, which the preamble reading reads or leaves.
  if (describedCompany(text, skipSpaces(text, firstTerm.end, text.length), end, words)) return null;
  const own = foldedWords(text.slice(first.name.start, first.name.end)).join(' ');
  const found: ReadParty[] = [];
  for (let count = 0; count < terms; count += 1) {
    const term = nextDefinedTerm(text, at, end, words);
    if (term === null || term.end > end || crossesBoundary(text, firstTerm.end, term.start)) break;
    const start = openingNameStart(text, at, term, words);
    const name = start === null ? null : nameIn(text, { start, end: term.start }, words);
    if (name !== null && term.role !== null) {
      const key = foldedWords(text.slice(name.start, name.end)).join(' ');
      // The first company named again, or a company of its own group ("CVS Pharmacy, Inc." and "CVS Caremark Corporation"), is no other party.
      if (key === own || key.split(' ')[0] === own.split(' ')[0]) return null;
      found.push({ name, role: roleIn(text, term.role, words) });
    }
    at = term.end;
  }
  // Two companies or more after the first: a longer list than this reading can tell apart from affiliates.
  return found.length === 1 ? found[0]! : null;
}

/** A key of one or two words before a colon at the end of a text ("… Co., Ltd. Legal Representative", "Address"). */
const KEY_BEFORE_COLON = /\s(\p{Lu}\p{L}*)(\s\p{L}+)?\s?$/u;

/** Where the key printed after a party's name on its heading line starts ("… Co., Ltd. Address: 4F …"), or `end`: the name ends before it; a legal form is no word of the key ("… Co., Ltd Address:"). */
function nextKeyStart(text: string, from: number, end: number, words: Words): number {
  const colon = text.slice(from, end).indexOf(':');
  if (colon < 0) return end;
  const key = KEY_BEFORE_COLON.exec(text.slice(from, from + colon));
  if (key === null) return end;
  const start = from + key.index;
  return key[2] !== undefined && isLegalForm(key[1]!, words) ? start + 1 + key[1]!.length : start;
}

/**
 * The parties a contract prints under headings, one per party ("Party A: Dazzle Interactive
 * Co., Ltd. Address: …", "Party B:" over the name on the next line): each heading followed by a
 * colon, its party's name the rest of the line (up to the next key: "Address:", "Party B:") or
 * the next line, and the heading the party's role. Two headings at least, each with a name; the
 * list ends where a heading comes again (the signature block's).
 */
function headedParties(text: string, headings: readonly Term[], words: Words): ReadParty[] {
  const window = text.slice(0, PREAMBLE_WINDOW);
  const parties: ReadParty[] = [];
  const seen = new Set<string>();
  const hits = findTerms(window, headings);
  for (const [index, hit] of hits.entries()) {
    // A heading opens its line, or follows the previous party's line run together with it ("… Fax: 010-58951005   Party C: …").
    if (hit.start > 0 && !/\s/u.test(text[hit.start - 1]!)) continue;
    const colon = skipSpaces(text, hit.end, text.length);
    if (text[colon] !== ':') continue;
    const heading = lowerSameLength(text.slice(hit.start, hit.end));
    if (seen.has(heading)) break;
    let from = skipSpaces(text, colon + 1, lineAt(text, colon).end);
    if (from >= lineAt(text, colon).end) from = linesFrom(text, lineAt(text, colon).end + 1, 1)[0]?.start ?? text.length;
    const line = lineAt(text, from);
    const next = Math.max(from, Math.min(line.end, hits[index + 1]?.start ?? line.end));
    const name = nameIn(text, { start: from, end: nextKeyStart(text, from, next, words) }, words);
    if (name === null) return [];
    seen.add(heading);
    parties.push({ name, role: { start: hit.start, end: hit.end } });
  }
  return parties.length >= 2 ? parties : [];
}

/** True when the lead at `[start, end)` stands alone on its line (a title page's "BETWEEN"). */
function standsAlone(text: string, start: number, end: number): boolean {
  const line = trimStretch(text, lineAt(text, text.lastIndexOf('\n', start - 1) + 1));
  return line.start === start && text.slice(end, line.end).replace(/[\s:]/g, '') === '';
}

function roleIn(text: string, role: Stretch, words: Words): Stretch | null {
  const start = afterArticle(text, role.start, words);
  return start < role.end ? { start, end: role.end } : null;
}

function span(layer: string, stretch: Stretch): SourceSpan {
  return { layer, start: stretch.start, end: stretch.end };
}

function sighting(text: string, layer: string, party: ReadParty, source: PartySighting['source'], confirmed: boolean, words: LegalForms): PartySighting {
  const printed = text.slice(party.name.start, party.name.end);
  return Object.freeze({
    // Whitespace and rules between words collapse, and no space is kept before a comma or a period ("IMAGINE EXHIBITIONS , INC", "L.L .C.": a text layer's spacing, not the name's),
    // nor before a hyphen that joins two words with no space after it ("Build-A -Bear").
    name: printed.replace(RULE_RUNS, ' ').replace(SPACES, ' ').replace(/\s+(?=[,.])/gu, '').replace(/(?<=\p{L})\s+-(?=\p{L})/gu, '-').trim(),
    span: span(layer, party.name),
    role: party.role === null ? null : text.slice(party.role.start, party.role.end).replace(SPACES, ' ').trim(),
    roleSpan: party.role === null ? null : span(layer, party.role),
    source,
    confirmed,
    bounded: party.role !== null || party.bounded === true || isLegalForm(printed, words) || endsInLegalForm(printed, words),
    company: endsInLegalForm(printed, words),
  });
}

/**
 * The party list of `document`: the preamble's parties (at least two, or one beside a party
 * the form leaves unnamed: "and ______ ("Employee")"), each confirmed when
 * the signature block names it too; failing a preamble, the companies the signature block
 * names (at least two, each ending in a legal form); null when neither names the parties.
 */
export function readPartyList(document: Document, options: ReadPartyListOptions = {}): PartyList | null {
  const layer = document.primaryLayer;
  const text = document.layers[layer]?.text ?? '';
  if (text === '') return null;
  const knowledge = options.knowledge ?? recordKnowledge();
  const legalForms = (options.legalForms ?? builtInLexicon().words('legal-forms')).map(foldedWords).filter((words) => words.length > 0);
  const signatureWords: SignatureWords = { signatureLeads: asTerms(knowledge.signatureLeads), signatureKeys: allTerms(knowledge.signatureKeys), namePrefixes: allTerms(knowledge.signatureNamePrefixes), salutations: asTerms(knowledge.salutations), legalForms };
  const signatures = signatureNames(text, signatureWords);
  const signerWords: SignerWords = { signatureKeys: signatureWords.signatureKeys, officeKeys: allTerms(knowledge.signatureOfficeKeys), witnesses: asTerms(knowledge.signatureWitnesses), legalForms };
  /** The one person who signs for themselves, unless it is `party`: the party an agreement names only by a blank, "the undersigned" or in the first person. */
  const signerFor = (party: PartySighting): PartySighting[] => {
    const people = signerNames(text, signerWords).filter((name) => foldedWords(text.slice(name.start, name.end)).join(' ') !== foldedWords(party.name).join(' '));
    if (people.length === 1) return [sighting(text, layer, { name: people[0]!, role: null }, 'signature', true, signerWords)];
    // Else the one signer, after a key or set in columns, whom the opening names too (ADR 0038).
    const named = people.length === 0 ? signerNamedInOpening(text, party.name, signerWords) ?? signerUnderTermHeading(text, party.name, party.role, signerWords) ?? keyedSignerWithoutCompany(text, party.name, signerWords) : null;
    return named === null ? [] : [sighting(text, layer, { name: named, role: null }, 'signature', true, signerWords)];
  };
  const signed = new Set(signatures.map((name) => foldedWords(text.slice(name.start, name.end)).join(' ')));
  /** True when a list holds one company only and no conformed signature names anyone (an unsigned form): the other party is unnamed, and the list complete. */
  const soleCompany = (sightings: readonly PartySighting[]): boolean => {
    const only = sightings.length === 1 ? sightings[0]! : null;
    // A company: its legal form ends its name, or a term follows a name of two words or more ("The Acme Company ("Employer")"), not a term read as a name ("between the Company and …").
    const company = only !== null && (endsInLegalForm(only.name, { legalForms }) || (only.role !== null && only.name.split(' ').length >= 2));
    // A form only the company's officer signed (ADR 0038) names no other party either.
    return company && (!holdsSignature(text) || signedOnlyFor(text, only.name));
  };
  const companies = signatures.filter((name) => name.legalForm);
  const salutation = letterSalutation(text, signatureWords);
  // A letter signs its closing with no lead word ("Please confirm … / LIFECELL CORPORATION / By: …"): the names over key lines in its last lines count too.
  const closingSigned = salutation === null ? [] : closingNames(text, salutation.end, signatureWords);
  const addressed = letterCompanies(text, signatureWords, new Set([...signatures, ...closingSigned].map((name) => foldedWords(text.slice(name.start, name.end)).join(' '))));
  /**
   * Who fills the slot a preamble leaves unnamed beside `party`: in a letter ("by and between Vocus, Inc. … and you"), its addressee —
   * the one other company of its address block (none when there are several); else the one person who signs for themselves.
   */
  const slotFor = (party: PartySighting): PartySighting[] => {
    // Only beside a company the preamble names (its legal form ends its name): a defined term read as a name ("between the Company and …") names no sender.
    if (!endsInLegalForm(party.name, { legalForms })) return signerFor(party);
    const own = foldedWords(party.name).join(' ');
    const others = (names: readonly Stretch[]): Stretch[] => {
      const seen = new Set<string>();
      return names.filter((name) => {
        const key = foldedWords(text.slice(name.start, name.end)).join(' ');
        if (key === own || key.endsWith(` ${own}`) || own.endsWith(` ${key}`) || seen.has(key)) return false;
        seen.add(key);
        return true;
      });
    };
    const addressee = others(addressed);
    if (addressee.length === 1) return [sighting(text, layer, { name: addressee[0]!, role: null }, 'letter', signed.has(foldedWords(text.slice(addressee[0]!.start, addressee[0]!.end)).join(' ')), signatureWords)];
    return addressee.length > 1 ? [] : signerFor(party);
  };
  const wordsByLead = new Map<string, Words>();
  /** The list of the first lead from `from` on in `window` (the text's first characters) that names two parties, or one beside an unnamed slot. */
  const preambleList = (window: string, from: number): PartyList | null => {
    for (const lead of findTerms(window, asTerms(knowledge.partyLeads)).filter((hit) => hit.start >= from)) {
      const term = lowerSameLength(window.slice(lead.start, lead.end));
      if (!wordsByLead.has(term)) wordsByLead.set(term, preambleWords(knowledge, term, legalForms));
      const words = wordsByLead.get(term)!;
      let { parties, unnamed } = preambleAt(text, lead.end, words);
      if (standsAlone(window, lead.start, lead.end)) {
        // A lead alone on its line opens a title page or a preamble set out in paragraphs ("BETWEEN:" / "(1) A …; and" / "(2) B …"): the longer reading wins.
        const page = titlePageAt(text, lead.end, words);
        if (page.parties.length > parties.length) ({ parties, unnamed } = page);
      }
      if (parties.length === 0) ({ parties, unnamed } = plainPreambleAt(text, lead.end, words));
      // A heading lead ("PARTIES:") may list its parties one after another, each closed by its term, with no joining word.
      if (parties.length + unnamed < 2 && window[lead.end - 1] === ':') ({ parties, unnamed } = listedAfterHeading(text, lead.end, words));
      if (parties.length === 0 || parties.length + unnamed < 2) continue;
      const sightings = parties.map((party) => sighting(text, layer, party, 'preamble', signed.has(foldedWords(text.slice(party.name.start, party.name.end)).join(' ')), words));
      // A party the preamble leaves blank ("and ______ ("Employee")", "the undersigned") is the one person who signs for themselves.
      if (parties.length === 1) sightings.push(...slotFor(sightings[0]!));
      return Object.freeze({ source: 'preamble', parties: Object.freeze(sightings), ...(soleCompany(sightings) ? { sole: true } : {}) });
    }
    return null;
  };
  const window = text.slice(0, PREAMBLE_WINDOW);
  const preamble = preambleList(window, 0);
  if (preamble !== null) return preamble;
  // Parties under headings ("Party A:", "Party B:").
  const headingWords = openingWords(knowledge, window, legalForms);
  if (headingWords !== null) {
    const headed = headedParties(text, asTerms(knowledge.partyHeadings), headingWords);
    if (headed.length >= 2) return Object.freeze({ source: 'preamble', parties: Object.freeze(headed.map((party) => sighting(text, layer, party, 'preamble', signed.has(foldedWords(text.slice(party.name.start, party.name.end)).join(' ')), headingWords))) });
  }
  if (addressed.length > 0) {
    const seen = new Set<string>();
    const closing = closingSigned.filter((name) => name.legalForm);
    const named = [...addressed, ...companies, ...closing].filter((name) => {
      const key = foldedWords(text.slice(name.start, name.end)).join(' ');
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
    // A name that ends with another's words names a part of that company ("SPECIAL COMMITTEE OF THE BOARD OF / DIRECTORS OF EXCO RESOURCES, INC."), no party of its own.
    const keys = named.map((name) => foldedWords(text.slice(name.start, name.end)).join(' '));
    const letter = named.filter((_, index) => !keys.some((other, at) => at !== index && keys[index]!.endsWith(` ${other}`)));
    if (letter.length >= 2) return Object.freeze({ source: 'letter', parties: Object.freeze(letter.map((name) => sighting(text, layer, { name, role: null }, 'letter', signed.has(foldedWords(text.slice(name.start, name.end)).join(' ')), signatureWords))) });
  }
  // No lead word: the opening's first company defined by a term, and the companies joined to it.
  const opening = openingWords(knowledge, window, legalForms);
  if (opening !== null) {
    const { parties, unnamed } = openingAt(text, opening);
    const sightings = parties.map((party) => sighting(text, layer, party, 'preamble', signed.has(foldedWords(text.slice(party.name.start, party.name.end)).join(' ')), opening));
    // An agreement in the first person ("As a condition of my employment with …") names the company only: the other party is the person who signs.
    if (sightings.length === 1) sightings.push(...signerFor(sightings[0]!));
    if (sightings.length >= 2) return Object.freeze({ source: 'preamble', parties: Object.freeze(sightings) });
    // Nobody signed the form in the first or second person: its one company is the list, the other party left unnamed ("… with Acme, Inc. (the "Company"), I agree …").
    if (soleCompany(sightings) && (unnamed > 0 || callsPartyBySelf(text, parties[0]!.name, opening))) return Object.freeze({ source: 'preamble', parties: Object.freeze(sightings), sole: true });
  }
  // An opening that calls its parties those who sign ("the undersigned hereby agree"): the companies its signature blocks sign for (ADR 0043),
  // each name bounded by a legal form or by the prefix and the key around it ("For and on behalf of Korea Telecom By:").
  const signatoryWords: SignatoryWords = { signatories: asTerms(knowledge.partySignatoryWords), signatureKeys: signatureWords.signatureKeys, namePrefixes: signatureWords.namePrefixes, offices: allTerms(knowledge.signatureOffices), legalForms };
  const opened = signatoryOpening(text, signatoryWords);
  if (opened !== null) {
    const signing = signatoryCompanies(text, opened.end, signatoryWords);
    if (signing.length >= 2) return Object.freeze({ source: 'signature', signatories: true, parties: Object.freeze(signing.map((name) => sighting(text, layer, { name, role: null, bounded: true }, 'signature', true, signatureWords))) });
  }
  // A preamble past the opening's window that names a party the opening names too: an exhibit restating this agreement's parties
  // ("… Exhibit A to that certain Letter Agreement by and between Emerson Electric Co. ("Employer") and Craig W. Ashmore …"), not another agreement's.
  const far = preambleList(text.slice(0, FAR_PREAMBLE_WINDOW), PREAMBLE_WINDOW);
  if (far !== null) {
    const opening = ` ${foldedWords(window).join(' ')} `;
    if (far.parties.some((party) => opening.includes(` ${foldedWords(party.name).join(' ')} `))) return far;
  }
  // No list in the opening: the one company the closing signs for and the one person who signs for themselves, both named in the opening (ADR 0038).
  const pair = signedPairNamedInOpening(text, [...signatures, ...closingNames(text, 0, signatureWords)], signerWords);
  if (pair !== null) return Object.freeze({ source: 'signature', parties: Object.freeze([pair.company, pair.person].map((name) => sighting(text, layer, { name, role: null }, 'signature', true, signerWords))) });
  if (companies.length < 2) return null;
  return Object.freeze({ source: 'signature', parties: Object.freeze(companies.map((name) => sighting(text, layer, { name, role: null }, 'signature', false, signatureWords))) });
}
