/**
 * `clause_reading@1.8.0` (tier 2): values a contract states in prose rather than beside a
 * label — the date an agreement is made or dated ("made and entered into as of June 23,
 * 2015", "dated as of …", "this 11th day of January, 2012"; a letter agreement's date line
 * above its salutation, as an inference), the date it takes effect ("effective as of …",
 * "… (the "Effective Date")", "the term of this Agreement shall begin on …"), the law that
 * governs it ("governed by and construed in accordance with the laws of the State of New
 * York", "construed according to …", "governed by Kansas law", "the laws of Nevada … govern"),
 * and its title (the heading at its head that the preamble names: "This Master Services
 * Agreement …"; or, as an inference, the heading standing alone when the preamble says only
 * "This Agreement").
 * Which clause a field reads is decided by the lexicon concepts its labels name
 * (`agreement-date`, `effective-date`, `governing-law`, `document-title`), never by its
 * name. A form may state its date under a label at its head ("PARTIES: … DATE: October 6,
 * 1994", the pack's `head-date-labels`, read in its first 600 characters only: far above
 * any signature block). A date after a lead is read with its line breaks as spaces ("as of
 * June\n10, 2014") and past a form's blank ("as of _Dec. 8, 2005").
 * Dates are read by the DATE recognizer in the document's date order, in the
 * preamble — up to the recitals, and never in a sentence citing another agreement ("pursuant
 * to a Supply Agreement dated …"); the governing law anywhere, a clause about this agreement
 * outranking one about an arbitration or an export. Evidence is `RECOGNIZER` with
 * `pattern: 'clause:<concept>'`, how many distinct values the clauses gave, and
 * `detail.inferred` when the value is inferred rather than stated (graded lower, ADR 0007).
 * The clause leads, headings and place words are the patterns of clause packs, one per
 * language (the built-in `contract-clauses-en`, `-de`, `-fr`, `-lv` by default, `@paxman/knowledge`):
 * a document is read with each pack's rules and every value any pack finds is a candidate
 * (a contract in one language matches only its own pack's leads in practice; when two packs
 * find values, the reconciler groups and judges them as it does any candidates). What one
 * pack's clauses state outranks what any pack only infers (another language's signing line,
 * a heading no preamble names), as within one pack. Contracts in
 * another language are read by giving the capability their pack, not by changing this code.
 * A heading of one word is a title only when its kind is a part of it (a compound,
 * "Liefervertrag"), never the bare kind ("AGREEMENT").
 */
import { CapabilityTier, EvidenceKind, type JsonValue } from '@paxman/core';
import type { CanonicalField } from '@paxman/contract';
import { type Capability, type CapabilityContext, type CapabilityResult, type CapabilitySpec, type StepConfiguration, capabilityKey } from '@paxman/capability-spi';
import { type ClauseKnowledge, builtInClausePacks } from '@paxman/knowledge';
import { defaultLexicon, labelsForField, type Lexicon } from '@paxman/values';
import { documentIndex } from '../shared/document-index.js';
import type { ValueRecognizers } from '../shared/recognizer-port.js';
import { createResultBuilder } from '../shared/result-builder.js';
import { type ClauseRules, compileClauseRules } from './clause-rules.js';

export const CLAUSE_READING_SPEC: CapabilitySpec = Object.freeze({
  id: 'clause_reading',
  version: '1.8.0',
  tier: CapabilityTier.LOCAL_DETERMINISTIC,
  acceptsTypes: Object.freeze(['DATE', 'STRING'] as const),
  costHint: Object.freeze({ usd: '0', ms: 2, tokens: 0 }),
  deterministic: true,
  specificationVersion: 'v1',
});

type ClauseConcept = 'agreement-date' | 'effective-date' | 'governing-law' | 'document-title';
const CLAUSE_CONCEPTS: Readonly<Record<ClauseConcept, 'DATE' | 'STRING'>> = Object.freeze({ 'agreement-date': 'DATE', 'effective-date': 'DATE', 'governing-law': 'STRING', 'document-title': 'STRING' });

/** Characters at the head of a document where its title heading is looked for. */
const HEAD_CHARACTERS = 3_000;


/** Characters of the document searched for the dates of its preamble. */
const PREAMBLE_CHARACTERS = 6_000;


/** Characters before a date lead looked at for a cited agreement (within the lead's sentence). */
const CITATION_LOOKBACK = 200;

/** A line of a heading: letters, none in lower case ("EXHIBIT A", "NON-DISCLOSURE AGREEMENT"), then its line break. */
const HEADING_LINE = /(?:^|\n)[^\n\p{Ll}]*\p{Lu}[^\n\p{Ll}]*\n/gu;

/** Where the text's last heading line ends (a sentence starts after it), or -1. */
function afterLastHeading(text: string): number {
  let end = -1;
  for (const match of text.matchAll(HEADING_LINE)) end = match.index + match[0].length - 1;
  return end;
}

/** Whether the sentence leading to `index` speaks of another agreement (headings above it are no part of it: "Exhibit A" is no article). */
function citesAnotherAgreement(rules: ClauseRules, text: string, index: number, leadEnd: number): boolean {
  const before = text.slice(Math.max(0, index - CITATION_LOOKBACK), leadEnd);
  const sentenceStart = Math.max(before.lastIndexOf('. '), before.lastIndexOf(';'), before.lastIndexOf('\n\n'), afterLastHeading(before.slice(0, index - Math.max(0, index - CITATION_LOOKBACK))));
  return rules.citesAnother.test(sentenceStart >= 0 ? before.slice(sentenceStart + 1) : before);
}

/** The preamble: the head of the document up to its recitals. */
function preambleOf(rules: ClauseRules, text: string): string {
  const head = text.slice(0, PREAMBLE_CHARACTERS);
  const recitals = rules.recitalsStart.exec(head);
  return recitals === null ? head : head.slice(0, recitals.index);
}


/** Characters of a letter's head searched for its salutation. */
const LETTER_HEAD_CHARACTERS = 2_000;

/**
 * A letter agreement's date: the line of the letter's head, above its salutation, that is
 * nothing but a date ("March 16, 2010"). An inference by the convention of letters
 * (`inferred`), graded lower.
 */
function letterDates(rules: ClauseRules, text: string, recognizers: ValueRecognizers, options: Parameters<ValueRecognizers['findValues']>[2]): ClauseValue[] {
  const head = text.slice(0, LETTER_HEAD_CHARACTERS);
  const salutation = rules.salutation.exec(head);
  if (salutation === null) return [];
  let lineStart = 0;
  for (const line of head.slice(0, salutation.index).split('\n')) {
    const trimmed = line.trim();
    if (trimmed.length >= 6 && trimmed.length <= 40) {
      const hit = recognizers.parseValue('DATE', trimmed, options);
      if (hit !== null && typeof hit.value === 'string') {
        const start = lineStart + line.indexOf(trimmed);
        return [{ value: hit.value, start, end: start + trimmed.length, inferred: true, letterDate: true }];
      }
    }
    lineStart += line.length + 1;
  }
  return [];
}

/** A place name wrapped onto the next line goes on in its own case ("New\nYork"); a word in capitals there ("Delaware\nUSA") is another element. */
function placeOnItsLine(place: string): string {
  const lineBreak = place.search(/\s*\n/);
  if (lineBreak < 0) return place;
  const next = place.slice(lineBreak).trim();
  return next === next.toUpperCase() && place.slice(0, lineBreak) !== place.slice(0, lineBreak).toUpperCase() ? place.slice(0, lineBreak) : place;
}

interface ClauseValue {
  readonly value: JsonValue;
  readonly start: number;
  readonly end: number;
  /** An effective date read as the agreement's date (no effective-date clause). */
  readonly fromAgreementDate?: boolean;
  /** Inferred rather than stated (an effective date from the agreement's date, a title from a heading the preamble does not name). */
  readonly inferred?: boolean;
  /** Read from a letter's date line. */
  readonly letterDate?: boolean;
  /** Read from the signing clause, the preamble stating no date. */
  readonly executionDate?: boolean;
  /** An agreement's date read as the date the preamble says it takes effect (it states no other). */
  readonly fromEffectiveDate?: boolean;
  /** Where the value ends is uncertain (a place name going on: "Victoria, Australia"). */
  readonly extentUncertain?: boolean;
  /** A governing-law clause whose sentence is about this agreement. */
  readonly aboutThisAgreement?: boolean;
}

/** The step config, or why the field is not read from clauses. */
export function configureClauseReading(field: CanonicalField, lexicon: Lexicon = defaultLexicon()): StepConfiguration {
  if (field.path.includes('[]')) return { skip: 'clause_reading reads one value per document.' };
  const concepts = labelsForField(field, lexicon).concepts.filter((concept): concept is ClauseConcept => concept in CLAUSE_CONCEPTS && CLAUSE_CONCEPTS[concept as ClauseConcept] === field.type);
  if (concepts.length === 0) return { skip: `No clause concept names ${field.path} (agreement date, effective date, governing law, document title).` };
  return { config: { concepts: [...concepts].sort() } };
}

function datesAfterLeads(rules: ClauseRules, text: string, leads: readonly RegExp[], recognizers: ValueRecognizers, options: Parameters<ValueRecognizers['findValues']>[2]): ClauseValue[] {
  const found: ClauseValue[] = [];
  for (const lead of leads) {
    lead.lastIndex = 0;
    for (let match = lead.exec(text); match !== null; match = lead.exec(text)) {
      const from = match.index + match[0].length;
      if (citesAnotherAgreement(rules, text, match.index, from)) continue;
      // A date wrapped onto the next line ("as of June\n10, 2014") is read as one line (same length, same offsets);
      // a form's blank filled in after its underscores ("as of _Dec. 8, 2005") starts after them.
      const window = text.slice(from, from + 40).replace(/[\r\n\t]/g, ' ');
      const blank = /^[ _]*/.exec(window)![0].length;
      const hit = recognizers.findValues('DATE', window, options)[0];
      if (hit !== undefined && hit.start <= Math.max(1, blank)) {
        found.push({ value: hit.value, start: from + hit.start, end: from + hit.end });
        continue;
      }
      // "effective as of the 1st day of January, 2018", "as of 6th day of February, 2007".
      const ordinal = ordinalDayAt(rules, text, from, recognizers);
      if (ordinal !== null) found.push(ordinal);
    }
  }
  return found;
}


function ordinalDayAt(rules: ClauseRules, text: string, from: number, recognizers: ValueRecognizers): ClauseValue | null {
  const match = rules.ordinalDayAt.exec(text.slice(from, from + 60));
  if (match === null) return null;
  const hit = recognizers.parseValue('DATE', `${match[2]} ${match[1]}, ${match[3]}`, { dateOrder: 'MDY' });
  return hit !== null && typeof hit.value === 'string' ? { value: hit.value, start: from, end: from + match[0].length } : null;
}

function ordinalDays(rules: ClauseRules, text: string, recognizers: ValueRecognizers): ClauseValue[] {
  const found: ClauseValue[] = [];
  rules.ordinalDay.lastIndex = 0;
  for (let match = rules.ordinalDay.exec(text); match !== null; match = rules.ordinalDay.exec(text)) {
    if (citesAnotherAgreement(rules, text, match.index, match.index + match[0].length)) continue;
    const written = `${match[2]} ${match[1]}, ${match[3]}`;
    const hit = recognizers.parseValue('DATE', written, { dateOrder: 'MDY' });
    if (hit !== null && typeof hit.value === 'string') found.push({ value: hit.value, start: match.index, end: match.index + match[0].length });
  }
  return found;
}

function datesBeforeEffectiveTerm(rules: ClauseRules, text: string, recognizers: ValueRecognizers, options: Parameters<ValueRecognizers['findValues']>[2]): ClauseValue[] {
  const found: ClauseValue[] = [];
  rules.effectiveTerm.lastIndex = 0;
  for (let match = rules.effectiveTerm.exec(text); match !== null; match = rules.effectiveTerm.exec(text)) {
    const from = Math.max(0, match.index - 60);
    const window = text.slice(from, match.index);
    // A date written with numerals or month names, or as "the 5th day of November 2004".
    const hits = [...recognizers.findValues('DATE', window, options), ...ordinalDays(rules, window, recognizers)].sort((left, right) => left.end - right.end);
    const last = hits[hits.length - 1];
    if (last !== undefined && /^[\s,]{0,3}$/.test(window.slice(last.end))) found.push({ value: last.value, start: from + last.start, end: from + last.end });
  }
  return found;
}

/** Capitalised words going on after a heading ("BETWEEN ARCA FUND AND ARCA CAPITAL MANAGEMENT, LLC", "ÜBER GEWERBERÄUME") before the preamble starts: capitals of any script. */
const CAPITALISED_RUN = /^(?:[\p{Lu}0-9][\p{Lu}0-9&'’.,\-/()]*[ \t]+){0,15}/u;

interface TitleHeading {
  readonly title: string;
  readonly start: number;
  /** The heading has its line to itself, up to the preamble's own reference to the agreement. */
  readonly standsAlone: boolean;
}

/** Spacing that separates two elements printed on one line (or lines flattened into one). */
const ELEMENT_GAP = /[ \t]{3,}|\t/;

/** Headings at the head of the document that name a kind of agreement, in document order. */
function titleHeadings(rules: ClauseRules, head: string): TitleHeading[] {
  const found: TitleHeading[] = [];
  const add = (segment: string, at: number): void => {
    const prefix = rules.titlePrefix.exec(segment)?.[0] ?? '';
    // A heading ends where the preamble begins ("TALENT AGREEMENT THIS SUPPLEMENTAL AGREEMENT is made").
    const title = segment.slice(prefix.length).split(rules.preambleStart)[0]!.replace(/[\s,.;:]+$/, '');
    if ((title.split(/\s+/).length < 2 && !isCompoundTitle(rules, title)) || /[a-z]/.test(title) || rules.sentenceWord.test(title) || !rules.titleKindAtEnd.test(title)) return;
    const start = at + prefix.length;
    found.push({ title, start, standsAlone: standsAlone(rules, head, start, start + title.length) });
  };
  rules.titleHeading.lastIndex = 0;
  for (let match = rules.titleHeading.exec(head); match !== null; match = rules.titleHeading.exec(head)) {
    const run = match[1]!;
    let at = match.index + (match[0].length - run.length);
    // Elements apart on one line are headings of their own, but an element that names no kind and ends in a
    // comma, a joining word or "RESTATED" goes on in the next ("ELECTRONIC JOURNAL SOFTWARE DEVELOPMENT,   HOSTING
    // AND MANAGEMENT AGREEMENT", "AMENDED AND RESTATED   LICENSE AGREEMENT"); any other (a brand: "AIRSOPURE
    // FRANCHISE AGREEMENT") stands apart.
    let from = -1;
    for (const segment of run.split(ELEMENT_GAP)) {
      const offset = head.indexOf(segment, at);
      if (from < 0) from = offset;
      at = offset + segment.length;
      if (!rules.titleKindAtEnd.test(segment.replace(/[\s,.;:]+$/, ''))) {
        if (!rules.titleGoesOn.test(segment)) from = -1;
        continue;
      }
      add(head.slice(from, at), from);
      from = -1;
    }
  }
  rules.titleCaseHeading.lastIndex = 0;
  for (let match = rules.titleCaseHeading.exec(head); match !== null; match = rules.titleCaseHeading.exec(head)) {
    const title = match[1]!.trim();
    const start = match.index + match[0].indexOf(title);
    // A title-case line of many words names parties as well as the agreement ("Oceanic Time Warner Cable and Watchit
    // Media Content and License Agreement"): offered only when the preamble names it, never inferred.
    const words = title.split(/\s+/).length;
    if ((words >= 2 || isCompoundTitle(rules, title)) && !found.some((heading) => heading.start === start)) found.push({ title, start, standsAlone: words <= MAX_INFERRED_TITLE_CASE_WORDS && standsAlone(rules, head, start, start + title.length) });
  }
  return found.sort((left, right) => left.start - right.start);
}

/**
 * Whether a heading of one word names its kind as a part of it ("LIEFERVERTRAG",
 * "Rahmenvereinbarung": the kind found inside the word, not at its start), so it is a title
 * of its own; the bare kind ("AGREEMENT", "Vertrag") is not.
 */
function isCompoundTitle(rules: ClauseRules, title: string): boolean {
  if (/\s/.test(title.trim())) return false;
  const kind = rules.titleKindAtEnd.exec(title.toUpperCase());
  return kind !== null && kind.index > 0;
}

/** Longest title-case heading taken as the title without the preamble naming it. */
const MAX_INFERRED_TITLE_CASE_WORDS = 6;


/** Where the line holding `index` starts: a line break or a wide gap. */
function elementStart(head: string, index: number): number {
  let start = head.lastIndexOf('\n', index - 1) + 1;
  const gap = /[ \t]{3,}|\t/g;
  gap.lastIndex = start;
  for (let match = gap.exec(head); match !== null && match.index + match[0].length <= index; match = gap.exec(head)) start = match.index + match[0].length;
  return start;
}

/** Nothing but an exhibit mark before the heading on its line, and nothing after it but capitals up to the preamble's reference to the agreement. */
function standsAlone(rules: ClauseRules, head: string, start: number, end: number): boolean {
  const before = head.slice(elementStart(head, start), start).trim();
  if (before.length > 0 && (rules.titlePrefix.exec(`${before} `)?.[0].trim() ?? '') !== before && !rules.exhibitMark.test(before)) return false;
  const lineEnd = head.indexOf('\n', end);
  const line = head.slice(end, lineEnd === -1 ? head.length : lineEnd);
  const after = line.split(ELEMENT_GAP)[0]!.trim();
  if (after.length === 0 || rules.selfReference.test(after)) return true;
  const run = CAPITALISED_RUN.exec(`${after} `)?.[0] ?? '';
  return run.trim().length === after.length || rules.selfReference.test(after.slice(run.length));
}

/** The title's words as a pattern matching them across spaces and line breaks. */
function wordsPattern(words: readonly string[]): string {
  return words.map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('\\s+');
}

/** The index of the first word after a party name ending in a legal form ("KIOSK CONCEPTS, INC." / "… INC. DBA IMNTV"), or null. */
function afterPartyName(rules: ClauseRules, words: readonly string[]): number | null {
  const legalForm = words.findLastIndex((word, index) => index < words.length - 2 && rules.legalForm.test(word));
  if (legalForm < 0) return null;
  // "… INC. DBA IMNTV CONTENT LICENSE AGREEMENT": the trade name after DBA belongs to the party.
  return words[legalForm + 1] === 'DBA' ? legalForm + 3 : legalForm + 1;
}

/**
 * The title as the preamble names it when the heading is printed over several lines
 * ("SERVICE AGREEMENT / FOR / TRANSFER AGENT SERVICES" and "THIS SERVICE AGREEMENT FOR
 * TRANSFER AGENT SERVICES (this …"): the preamble's further capitalised words, when the
 * heading goes on with them.
 */
function extendedAsNamed(rules: ClauseRules, head: string, start: number, title: string, namedAfter: string): string {
  const more = /^(?:[ \t]+[A-Z][A-Z0-9&'’.\-/]*)+/.exec(namedAfter)?.[0].trim();
  if (more === undefined || more.length === 0) return withContinuation(rules, head, start, title);
  const going = new RegExp(`^\\s+${wordsPattern(more.split(/\s+/))}(?![A-Za-z])`).exec(head.slice(start + title.length));
  return going === null ? withContinuation(rules, head, start, title) : head.slice(start, start + title.length + going[0].length);
}

/** The heading going on in capitals on its line ("SERVICE AGREEMENT FOR TRANSFER AGENT SERVICES"). */
function withContinuation(rules: ClauseRules, head: string, start: number, title: string): string {
  const lineEnd = head.indexOf('\n', start + title.length);
  const rest = head.slice(start + title.length, lineEnd === -1 ? head.length : lineEnd);
  const continuation = rules.titleContinuation.exec(rest.replace(/\s+$/, ''));
  return continuation === null || continuation[0].length > 120 ? title : `${title}${continuation[0]}`.replace(/[\s,.;:]+$/, '');
}

/**
 * The document's title: a heading at its head that names a kind of agreement, confirmed by
 * the preamble naming the agreement by it ("This Master Services Agreement (the
 * "Agreement") …", "THIS LEASE is made …") — or by the heading's last words, when the
 * heading puts a party's name before them ("ACME INC. CONTENT LICENSE AGREEMENT" / "This
 * Content License Agreement"). Failing that, the first heading that has its line to itself
 * is the title when the document speaks of itself only by its kind ("This Agreement is
 * made …") and names no other agreement as "this …": an inference (`detail.inferred`),
 * graded lower. A capitalised line that is neither is not offered: it can be a section
 * heading or a cited agreement.
 */
function documentTitles(rules: ClauseRules, text: string): ClauseValue[] {
  const head = text.slice(0, HEAD_CHARACTERS);
  const preamble = text.slice(0, PREAMBLE_CHARACTERS);
  const headings = titleHeadings(rules, head);
  for (const heading of headings) {
    const words = heading.title.split(/\s+/);
    // The whole heading, or what follows a party name it starts with ("ACME, INC. CONTENT LICENSE AGREEMENT").
    for (const first of [0, afterPartyName(rules, words)]) {
      if (first === null || (first > 0 && words.length - first < 2)) continue;
      const named = new RegExp(`\\bthis\\s+${wordsPattern(words.slice(first))}(?![A-Za-z])`, 'i').exec(preamble);
      if (named === null) continue;
      const offset = first === 0 ? 0 : heading.title.indexOf(words[first]!, words.slice(0, first).join(' ').length);
      const title = extendedAsNamed(rules, head, heading.start + offset, heading.title.slice(offset), preamble.slice(named.index + named[0].length));
      return [{ value: title.replace(/\s+/g, ' '), start: heading.start + offset, end: heading.start + offset + title.length }];
    }
  }
  const first = headings.find((heading) => heading.standsAlone);
  if (first === undefined || !rules.genericSelfReference.test(preamble)) return [];
  const kind = first.title.split(/\s+/).at(-1)!;
  // "THIS MARINE TRANSPORTATION AGREEMENT" under "TRANSPORTATION SERVICES AGREEMENT": the preamble names another title.
  const named = new RegExp(`\\b(?:THIS|This)\\s+((?:[A-Z][A-Za-z&'’-]*\\s+){1,8})${kind.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`, 'i');
  const other = named.exec(preamble);
  if (other !== null && /[A-Z]/.test(other[1]![0]!) && !rules.selfReferenceWords.test(other[1]!)) return [];
  const words = first.title.split(/\s+/);
  const partyEnd = afterPartyName(rules, words);
  const offset = partyEnd === null || words.length - partyEnd < 2 ? 0 : first.title.indexOf(words[partyEnd]!, words.slice(0, partyEnd).join(' ').length);
  const title = withContinuation(rules, head, first.start + offset, first.title.slice(offset));
  return [{ value: title.replace(/\s+/g, ' '), start: first.start + offset, end: first.start + offset + title.length, inferred: true }];
}

/** How far back from "effective upon …" its sentence's start (and so its subject) is looked for. */
const SUBJECT_WINDOW = 240;
/** How far back from "effective upon …" the sentence is read for the agreement it speaks of. */
const SPEAKS_OF_WINDOW = 80;

/**
 * Whether the agreement says it takes effect at another time than its date: an "Effective
 * Date" (or "Commencement Date") defined as something else, or "becomes effective upon /
 * effective as of …" naming anything but the agreement's own date ("as of the date first
 * written above", "upon execution"). A mention of an effective date that defines nothing
 * ("two years from the effective date hereof", "the effective date of termination") says
 * nothing either way.
 */
function takesEffectOtherwise(rules: ClauseRules, text: string): boolean {
  rules.effectiveDefined.lastIndex = 0;
  if (rules.effectiveDefined.test(text) || rules.termBegins.test(text)) return true;
  for (const pattern of [rules.takesEffect, rules.effectiveDateIs]) {
    pattern.lastIndex = 0;
    for (let match = pattern.exec(text); match !== null; match = pattern.exec(text)) {
      if (rules.atItsDate.test(text.slice(match.index + match[0].length, match.index + match[0].length + 80))) continue;
      if (pattern === rules.effectiveDateIs) return true;
      // Said of the agreement ("This Agreement shall become effective upon …"), not of a notice or a termination:
      // a sentence whose start is in sight and whose subject is something else (a notice, sections) says nothing of
      // the agreement; otherwise its last characters are read for the agreement.
      const window = text.slice(Math.max(0, match.index - SUBJECT_WINDOW), match.index);
      const sentence = window.slice(Math.max(window.lastIndexOf('. '), window.lastIndexOf(';')) + 1);
      if (sentence.length < window.length && rules.saidOfOther.test(sentence)) continue;
      if (rules.saidOfAgreement.test(sentence.slice(-SPEAKS_OF_WINDOW))) return true;
    }
  }
  return false;
}

/** A pack's reading of one document: its rules and the document's preamble as they find it. */
interface PackReading {
  readonly rules: ClauseRules;
  readonly preamble: string;
}

type DateOptions = Parameters<ValueRecognizers['findValues']>[2];

/** One way of finding values, tried only when every better way found nothing. */
type Tier = () => ClauseValue[];

/**
 * The values of the best tier that finds any, over every pack: a date one pack's clauses
 * state outranks what any pack infers (another pack's signing line, a letter's date line), as
 * within one pack. The packs' values of that tier are all kept.
 */
function bestTierOfAll(tiersOfPacks: readonly (readonly Tier[])[]): ClauseValue[] {
  const count = Math.max(0, ...tiersOfPacks.map((tiers) => tiers.length));
  for (let tier = 0; tier < count; tier += 1) {
    const found = tiersOfPacks.flatMap((tiers) => tiers[tier]?.() ?? []);
    if (found.length > 0) return found;
  }
  return [];
}

/**
 * The date an agreement takes effect: what an effective-date clause of any pack says; without
 * one, an agreement takes effect on its date ("dated as of …", "made this 4th day of May
 * 2005"), reported as such (`detail.fromAgreementDate`) so the reconciler grades it lower —
 * unless any pack reads that it takes effect otherwise.
 */
function effectiveDates(readings: readonly PackReading[], text: string, recognizers: ValueRecognizers, options: DateOptions): ClauseValue[] {
  const stated = readings.flatMap(({ rules, preamble }) => [
    ...datesAfterLeads(rules, preamble, rules.effectiveDateLeads, recognizers, options),
    ...datesBeforeEffectiveTerm(rules, preamble, recognizers, options),
    ...datesAfterLeads(rules, text, rules.bodyEffectiveLeads, recognizers, options),
  ]);
  if (stated.length > 0) return stated;
  // Only an agreement that nowhere says it takes effect otherwise ("shall become effective upon approval", an
  // "Effective Date" defined as something else) takes effect on its date.
  if (readings.some(({ rules }) => takesEffectOtherwise(rules, text))) return [];
  return bestTierOfAll(readings.map(({ rules, preamble }) => agreementDateTiers(rules, preamble, text, recognizers, options))).map((entry) => ({ ...entry, fromAgreementDate: true, inferred: true }));
}

/**
 * The ways a pack finds the date the agreement is made, best first: what its preamble says;
 * else, for the agreement's own date field (`takesItsEffectiveDate`), the date the preamble
 * says it takes effect ("This Agreement, effective as of September 4, 2014, is by and between
 * …"; an inference, `fromEffectiveDate`); else the date its signing clause states ("IN WITNESS
 * WHEREOF, the parties have executed this Agreement as of July 14, 2011"; an inference,
 * `executionDate`); else a letter agreement's date line.
 */
function agreementDateTiers(rules: ClauseRules, preamble: string, text: string, recognizers: ValueRecognizers, options: DateOptions, reading: { readonly takesItsEffectiveDate?: boolean } = {}): Tier[] {
  return [
    () => [...datesAfterLeads(rules, preamble, rules.agreementDateLeads, recognizers, options), ...ordinalDays(rules, preamble, recognizers), ...datesAfterLeads(rules, preamble.slice(0, HEAD_LABEL_CHARACTERS), rules.headDateLabels, recognizers, options)],
    () =>
      reading.takesItsEffectiveDate === true
        ? [...datesAfterLeads(rules, preamble, rules.effectiveDateLeads, recognizers, options), ...datesBeforeEffectiveTerm(rules, preamble, recognizers, options)].map((entry) => ({ ...entry, inferred: true, fromEffectiveDate: true }))
        : [],
    () => datesAfterLeads(rules, text, rules.executionDateLeads, recognizers, options).map((entry) => ({ ...entry, inferred: true, executionDate: true })),
    () => letterDates(rules, text, recognizers, options),
  ];
}

/** Characters at the head of a document where a form's date label ("DATE: October 6, 1994") is read: far above any signature block. */
const HEAD_LABEL_CHARACTERS = 600;

/** The sentence holding `start`…`end`: from the previous sentence end to the next. */
function sentenceAround(text: string, start: number, end: number): string {
  const from = Math.max(text.lastIndexOf('. ', start), text.lastIndexOf(';', start), text.lastIndexOf('\n\n', start), start - 300);
  const stop = text.slice(end, end + 300).search(/\.\s|;/);
  return text.slice(Math.max(0, from), stop < 0 ? end + 300 : end + stop);
}

function governingLaws(rules: ClauseRules, text: string): ClauseValue[] {
  const found: ClauseValue[] = [];
  for (const clause of [rules.governingLaw, rules.lawApplies, rules.placeLaw]) {
    clause.lastIndex = 0;
    for (let match = clause.exec(text); match !== null; match = clause.exec(text)) {
      if (rules.incorporation.test(match.groups!.between ?? '')) continue;
      const matched = match.groups!.place!;
      const aboutThisAgreement = rules.aboutThisAgreement.test(sentenceAround(text, match.index, match.index + match[0].length));
      if (clause === rules.placeLaw && rules.notAPlace.test(matched)) continue;
      if (clause === rules.placeLaw && rules.placeAdjectiveEnding.test(matched)) {
        // "English law": the evidence is the adjective, the value the place it names.
        const named = rules.placeAdjectives[matched];
        const at = match.indices!.groups!.place![0];
        if (named !== undefined) found.push({ value: named, start: at, end: at + matched.length, aboutThisAgreement });
        continue;
      }
      let place = placeOnItsLine(matched.replace(rules.placeStop, '').trim());
      let start = match.indices!.groups!.place![0];
      const narrower = rules.andState.exec(text.slice(start + place.length, start + place.length + 200));
      if (narrower !== null) {
        start = start + place.length + narrower.index + narrower[0].length - narrower[1]!.length;
        place = narrower[1]!.replace(rules.placeStop, '').trim();
      }
      if (place.length < 3 || rules.notAPlaceName.test(place)) continue;
      // "State of New York" / "New York State" name the state; the place itself is the answer.
      const name = place.replace(rules.placeKind, '').replace(rules.placeKindAfter, '');
      const offset = place.indexOf(name);
      // "the laws of Victoria, Australia", "of England and Wales": where the place's name ends is uncertain.
      const extentUncertain = rules.placeGoesOn.test(text.slice(start + place.length, start + place.length + 40));
      found.push({ value: name.replace(/\s+/g, ' '), start: start + offset, end: start + offset + name.length, aboutThisAgreement, ...(extentUncertain ? { extentUncertain: true } : {}) });
    }
  }
  return found;
}

/** The governing laws every pack reads: clauses about the agreement itself outrank the laws an arbitration or an export is subject to, over all packs. */
function governingLawsOfAll(readings: readonly PackReading[], text: string): ClauseValue[] {
  const found = readings.flatMap(({ rules }) => governingLaws(rules, text));
  const aboutThis = found.filter((entry) => entry.aboutThisAgreement === true);
  return (aboutThis.length > 0 ? aboutThis : found).sort((left, right) => left.start - right.start);
}

/** The titles every pack reads: a heading the preamble names outranks a heading inferred to be the title, over all packs. */
function documentTitlesOfAll(readings: readonly PackReading[], text: string): ClauseValue[] {
  const found = readings.flatMap(({ rules }) => documentTitles(rules, text));
  const named = found.filter((entry) => entry.inferred !== true);
  return named.length > 0 ? named : found;
}

/** What the packs read for one concept, each pack's values kept; a value one pack states outranks what any pack infers. */
function readConcept(readings: readonly PackReading[], concept: ClauseConcept, text: string, recognizers: ValueRecognizers, dateOptions: DateOptions): ClauseValue[] {
  return concept === 'agreement-date'
    ? bestTierOfAll(readings.map(({ rules, preamble }) => agreementDateTiers(rules, preamble, text, recognizers, dateOptions, { takesItsEffectiveDate: true })))
    : concept === 'effective-date'
      ? effectiveDates(readings, text, recognizers, dateOptions)
      : concept === 'document-title'
        ? documentTitlesOfAll(readings, text)
        : governingLawsOfAll(readings, text);
}

/**
 * The capability, reading clauses with the patterns of each pack of `clauses` (default: the
 * built-in packs, `builtInClausePacks()`; one pack alone may be given), each compiled once
 * here. A document is read with every pack's rules, in the packs' order, and what each finds
 * is kept: the candidates of all packs together — but a value one pack's clauses state
 * outranks what any pack only infers (a signing line, a heading the preamble does not name,
 * the agreement's date as the date it takes effect), as within one pack.
 */
export function createClauseReadingCapability(options: { readonly recognizers: ValueRecognizers; readonly lexicon?: Lexicon; readonly clauses?: ClauseKnowledge | readonly ClauseKnowledge[] }): Capability {
  const key = capabilityKey(CLAUSE_READING_SPEC);
  const lexicon = options.lexicon ?? defaultLexicon();
  const packs: readonly ClauseKnowledge[] = options.clauses === undefined ? builtInClausePacks() : Array.isArray(options.clauses) ? (options.clauses as readonly ClauseKnowledge[]) : [options.clauses as ClauseKnowledge];
  const rulesOfPacks = Object.freeze(packs.map((pack) => compileClauseRules(pack)));
  const invoke = (context: CapabilityContext): CapabilityResult => {
    const builder = createResultBuilder({ capability: key, tier: CLAUSE_READING_SPEC.tier, fieldPath: context.field.path, document: context.document });
    const index = documentIndex(context, options.recognizers);
    const text = index.primary.text;
    const dateOptions = index.recognizerOptions;
    const readings = rulesOfPacks.map((rules): PackReading => ({ rules, preamble: preambleOf(rules, text) }));
    for (const concept of (context.config.concepts ?? []) as readonly ClauseConcept[]) {
      const values = readConcept(readings, concept, text, options.recognizers, dateOptions);
      const distinct = new Set(values.map((entry) => JSON.stringify(entry.value)));
      for (const entry of values) {
        builder.finding({
          value: entry.value,
          raw: text.slice(entry.start, entry.end),
          rank: 1,
          kind: EvidenceKind.RECOGNIZER,
          spans: [{ start: entry.start, end: entry.end, layer: index.primary.name }],
          text: text.slice(entry.start, entry.end),
          pattern: `clause:${concept}`,
          detail: { occurrences: values.filter((other) => JSON.stringify(other.value) === JSON.stringify(entry.value)).length, distinctValues: distinct.size, ...(entry.fromAgreementDate === true ? { fromAgreementDate: true } : {}), ...(entry.inferred === true ? { inferred: true } : {}), ...(entry.letterDate === true ? { letterDate: true } : {}), ...(entry.executionDate === true ? { executionDate: true } : {}), ...(entry.fromEffectiveDate === true ? { fromEffectiveDate: true } : {}), ...(entry.extentUncertain === true ? { extentUncertain: true } : {}) },
        });
      }
    }
    return builder.build();
  };
  return Object.freeze({ spec: CLAUSE_READING_SPEC, configure: (field: CanonicalField) => configureClauseReading(field, lexicon), invoke });
}
