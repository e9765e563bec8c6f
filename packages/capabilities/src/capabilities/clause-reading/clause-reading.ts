/**
 * `clause_reading@1.2.0` (tier 2): values a contract states in prose rather than beside a
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
 * name. Dates are read by the DATE recognizer in the document's date order, in the
 * preamble — up to the recitals, and never in a sentence citing another agreement ("pursuant
 * to a Supply Agreement dated …"); the governing law anywhere, a clause about this agreement
 * outranking one about an arbitration or an export. Evidence is `RECOGNIZER` with
 * `pattern: 'clause:<concept>'`, how many distinct values the clauses gave, and
 * `detail.inferred` when the value is inferred rather than stated (graded lower, ADR 0007).
 */
import { CapabilityTier, EvidenceKind, type JsonValue } from '@paxman/core';
import type { CanonicalField } from '@paxman/contract';
import { type Capability, type CapabilityContext, type CapabilityResult, type CapabilitySpec, type StepConfiguration, capabilityKey } from '@paxman/capability-spi';
import { defaultLexicon, labelsForField, type Lexicon } from '@paxman/values';
import { documentIndex } from '../shared/document-index.js';
import type { ValueRecognizers } from '../shared/recognizer-port.js';
import { createResultBuilder } from '../shared/result-builder.js';

export const CLAUSE_READING_SPEC: CapabilitySpec = Object.freeze({
  id: 'clause_reading',
  version: '1.2.0',
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
/**
 * A heading in capitals that names a kind of agreement ("MASTER SERVICES AGREEMENT",
 * "CONTENT LICENSE, MARKETING AND SALES AGREEMENT", "AMENDMENT NO. 2 TO LEASE"), on one line.
 */
const TITLE_HEADING = /(?<![A-Za-z])((?:[A-Z0-9][A-Z0-9&'’.,\-/()]*[ \t]+){0,14}(?:AGREEMENT|CONTRACT|LICENSE|LICENCE|LEASE|AMENDMENT|ADDENDUM|MEMORANDUM OF UNDERSTANDING|DEED|INDENTURE|TERMS AND CONDITIONS)(?:[ \t]+(?:NO\.?|NUMBER)[ \t]*\d+)?)(?![A-Za-z])/g;
/** What may precede a title on its line and is not part of it: an exhibit number, a copy mark, a page number. */
const TITLE_PREFIX = /^(?:(?:EXHIBIT|SCHEDULE|ANNEX|APPENDIX)[ \t]+[0-9A-Z][0-9A-Z.\-()]*[ \t]+|EXECUTION[ \t]+(?:COPY|VERSION)[ \t]+|CONFIDENTIAL[ \t]+|FINAL[ \t]+|FORM[ \t]+OF[ \t]+|\d+(?:[.-]\d+)*\.?(?:\([0-9A-Za-z]{1,3}\))*[ \t]+|[0-9A-Za-z]{1,3}\)[ \t]+)+/;

/** Words by which an agreement says when it takes effect ("shall become effective upon …", "effective as of …"). */
const TAKES_EFFECT = /\b(?:become[s]?\s+effective|take[s]?\s+effect|effective)\s+(?:as\s+of|on|upon|from|when|after|following|immediately|until)\b/gi;
/** …pointing back at the agreement's own date ("as of the date first written above", "on the date hereof", "upon execution"). */
const AT_ITS_DATE = /^\s*(?:the\s+)?(?:date\s+(?:first\s+)?(?:(?:set\s+forth|written|stated)\s+above|hereof|of\s+(?:this\s+agreement|execution))|day\s+and\s+year\s+first|(?:its\s+)?execution|signing)/i;
/** The term beginning at a time of its own ("The term of this Agreement shall begin on …", "the effective date of the start of the term"). */
const TERM_BEGINS = /\bterm\b[^.;]{0,60}?\b(?:begin|begins|commence|commences|commencing|start|starts)\s+(?:on|as\s+of|upon)\s+(?!the\s+date\s+(?:hereof|first|of\s+this))|\beffective\s+date\s+of\s+the\s+(?:start|beginning|commencement)\b/i;
/** The defined term "Effective Date" (or "Commencement Date") given to something. */
const EFFECTIVE_DEFINED = /\(\s*(?:the\s+|hereinafter\s+(?:the\s+)?)?["“”']?(?:effective|commencement)\s+date["“”']?\s*\)/gi;

/** Characters of the document searched for the dates of its preamble. */
const PREAMBLE_CHARACTERS = 6_000;

/**
 * Where the recitals begin ("WHEREAS", "RECITALS", "R E C I T A L S", "WITNESSETH",
 * "BACKGROUND"): what they tell is the background — the dates there are of other
 * agreements and past events, not of this agreement.
 */
const RECITALS_START = /(?:^|[\s.:;,])(?:WHEREAS|Whereas|R\s?E\s?C\s?I\s?T\s?A\s?L\s?S|Recitals|W\s?I\s?T\s?N\s?E\s?S\s?S\s?E\s?T\s?H|Witnesseth|BACKGROUND)\b/;

/**
 * The sentence before a date lead names another agreement than this one: "pursuant to a
 * Subscription Agreement dated …", "supersedes … Service Agreement dated …", "that certain
 * Lease dated …". A date there is that agreement's.
 */
const CITES_ANOTHER = /\b(?:pursuant\s+to|supersedes?|amends|amending|in\s+connection\s+with|(?:a|an|that(?:\s+certain)?|certain|said|such|prior|existing|original)\s+(?:[\w&,'’-]+\s+){0,8}?(?:agreement|contract|lease|licen[cs]e|note|plan|amendment))\b/i;
/** Characters before a date lead looked at for a cited agreement (within the lead's sentence). */
const CITATION_LOOKBACK = 200;

/** Whether the sentence leading to `index` speaks of another agreement. */
function citesAnotherAgreement(text: string, index: number, leadEnd: number): boolean {
  const before = text.slice(Math.max(0, index - CITATION_LOOKBACK), leadEnd);
  const sentenceStart = Math.max(before.lastIndexOf('. '), before.lastIndexOf(';'), before.lastIndexOf('\n\n'));
  return CITES_ANOTHER.test(sentenceStart >= 0 ? before.slice(sentenceStart + 1) : before);
}

/** The preamble: the head of the document up to its recitals. */
function preambleOf(text: string): string {
  const head = text.slice(0, PREAMBLE_CHARACTERS);
  const recitals = RECITALS_START.exec(head);
  return recitals === null ? head : head.slice(0, recitals.index);
}

/** Where a date follows: a clause's lead-in, ending right before the date. */
const DATE_LEADS: Readonly<Record<'agreement-date' | 'effective-date', readonly RegExp[]>> = Object.freeze({
  'agreement-date': [
    /\b(?:made|entered(?:\s+into)?|executed|signed)(?:\s+and\s+(?:entered(?:\s+into)?|made|effective))?(?:\s*,)?\s+(?:(?:as\s+of|on|effective(?:\s+as\s+of)?)\s+)?(?:the\s+(?:date\s+of\s+)?)?/gi,
    /\b(?:agreement|contract|amendment|instrument)\s*(?:\([^)]{0,40}\)\s*)?(?:is\s+)?dated\s+(?:as\s+of\s+)?/gi,
    /\bdated\s+as\s+of\s+/gi,
  ],
  'effective-date': [/\beffective\s+(?:for\s+all\s+purposes\s+)?(?:as\s+of|on|from|beginning)\s+/gi, /\b(?:has|have|with|bears?)\s+an\s+effective\s+date\s+of\s+/gi],
});
/** "The Effective Date shall be …", "the effective date of this Agreement will be …": a definition of the effective date. */
const EFFECTIVE_DATE_IS = /\beffective\s+date(?:\s+of\s+(?:this|the)\s+(?:agreement|[A-Z][a-z]+))?\s+(?:will\s+be|shall\s+be|means|is)\s+/gi;
/**
 * Where the body states when the agreement takes effect, anywhere in it: "The effective date
 * of this Agreement will be …", "The term of this Agreement shall begin on …", "… commencing
 * on …" said of the term.
 */
const BODY_EFFECTIVE_LEADS: readonly RegExp[] = [
  EFFECTIVE_DATE_IS,
  /\bterm\s+of\s+(?:this|the)\s+(?:agreement|[A-Z][a-z]+)\s+(?:shall|will)\s+(?:begin|commence|start)\s+(?:on|as\s+of)\s+/gi,
  /\bterm\s+of\s+(?:this|the)\s+(?:agreement|[A-Z][a-z]+)\s+shall\s+be\s+[^.;]{0,60}?,?\s+commencing\s+(?:on|as\s+of)\s+/gi,
];

/** A letter's salutation ("Dear Mr. Hook:", "Ladies and Gentlemen:"), which ends its head. */
const SALUTATION = /^[ \t]*(?:Dear\s|Ladies\s+and\s+Gentlemen\b|Gentlemen\s*[:,]|To\s+whom\s+it\s+may\s+concern\b)/im;
/** Characters of a letter's head searched for its salutation. */
const LETTER_HEAD_CHARACTERS = 2_000;

/**
 * A letter agreement's date: the line of the letter's head, above its salutation, that is
 * nothing but a date ("March 16, 2010"). An inference by the convention of letters
 * (`inferred`), graded lower.
 */
function letterDates(text: string, recognizers: ValueRecognizers, options: Parameters<ValueRecognizers['findValues']>[2]): ClauseValue[] {
  const head = text.slice(0, LETTER_HEAD_CHARACTERS);
  const salutation = SALUTATION.exec(head);
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

/** "this 11th day of January, 2012" — the day written as an ordinal. */
const ORDINAL_DAY = /\b(?:this|on\s+the|the)\s+(\d{1,2})(?:st|nd|rd|th)?\s+day\s+of\s+([A-Za-z]{3,9})\s*,?\s+(?:A\.?D\.?\s+)?(\d{4})\b/gi;
/** A date followed by its defined term: `June 1, 2020 (the "Effective Date")`. */
const EFFECTIVE_TERM = /\(\s*(?:the\s+|hereinafter\s+(?:the\s+)?)?["“”']?effective\s+date["“”']?\s*\)/gi;
/** A place as a governing-law clause names it: "[the] State of New York", "the Commonwealth of Massachusetts", "England". */
const PLACE = String.raw`(?:[Tt]he\s+)?(?<place>(?:(?:[Ss]tate|Commonwealth|Province|Republic|Kingdom)\s+of\s+)?[A-Z][A-Za-z'’]+(?:\s+(?:of\s+)?[A-Z][A-Za-z'’]+){0,4})`;
/**
 * "governed by (and construed in accordance with) the laws of [the State of] X", "construed
 * according to the laws of …", "governed by … the laws and public policies of …", "the laws
 * (other than the conflict of laws rules) of …" — a governing verb, then the laws of a place
 * within the sentence.
 */
const GOVERNING_LAW = new RegExp(
  String.raw`\b(?:(?:governed|construed|interpreted|enforced|determined|resolved)\b(?<between>[^.;]{0,120}?)|subject\s+to\s+(?:the\s+)?(?:internal\s+)?)\b[Ll]aws?\b(?:\s*\([^)]{0,60}\)|,[^,.;]{0,50},)?(?:\s+and\s+(?:public\s+)?polic(?:y|ies))?\s+of\s+${PLACE}`,
  'dg',
);
/** "Internal law of the State of Texas applies to this Agreement": the place before the verb. */
const LAW_APPLIES = new RegExp(String.raw`\b[Ll]aws?\s+of\s+${PLACE}\s*(?:\([^)]{0,120}\)\s*)?(?:shall\s+|will\s+)?(?:govern|governs|apply|applies|control|controls)\b`, 'dg');
/** "governed by Kansas law", "governed by the internal laws of …" written with the place first. */
const PLACE_LAW = /\bgoverned\s+(?:by|under)\s+(?:the\s+)?(?:internal\s+)?(?<place>[A-Z][a-z]+(?:\s+[A-Z][a-z]+)?)\s+laws?\b/dg;
/** A place name going on past what was read: ", Australia", " and Wales". */
const PLACE_GOES_ON = /^\s*(?:,\s*|\s+and\s+)(?:the\s+)?[A-Z][a-z]+/;
/** Places named by their adjective in "governed by English law". An adjective not listed is not read. */
const PLACE_OF_ADJECTIVE: Readonly<Record<string, string>> = Object.freeze({
  English: 'England', Scottish: 'Scotland', Scots: 'Scotland', Irish: 'Ireland', Swiss: 'Switzerland', German: 'Germany', French: 'France', Dutch: 'Netherlands',
  Italian: 'Italy', Spanish: 'Spain', Swedish: 'Sweden', Danish: 'Denmark', Norwegian: 'Norway', Finnish: 'Finland', Belgian: 'Belgium', Austrian: 'Austria',
  Japanese: 'Japan', Chinese: 'China', Korean: 'Korea', Israeli: 'Israel', Indian: 'India', Canadian: 'Canada', Australian: 'Australia', Singaporean: 'Singapore',
});
/** A word that reads as a people's adjective ("English", "Japanese", "Canadian"), not a place's name. */
const ADJECTIVE_ENDING = /(?:ish|ese|ian|ean|an|ic|ch|ss|al)$/;
/** Words before "law" that name a kind of law, not a place ("governed by applicable law", "by Company law"). */
const NOT_A_PLACE = /^(?:Applicable|Such|Common|Company|Corporate|Statutory|Customary|Governing|Local|Any|Its|Their|This|The|Civil|Criminal|Public|Private|Case|Contract|Trust|Tax|Labor|Labour|Admiralty|Maritime|Canon|Islamic|Sharia|Shari'a)\b/;
/** A sentence about the agreement itself ("This Agreement shall be governed …", "… hereunder"), not about an arbitration, an export or another agreement. */
const ABOUT_THIS_AGREEMENT = /\bthis\s+(?:\w+\s+){0,3}(?:agreement|letter|undertaking)\b|\bhere(?:under|of|in|to)\b/i;
/** Words showing the laws are those a party is organised under, not those governing the agreement. */
const INCORPORATION = /\b(?:organi[sz]ed|incorporated|existing|formed|registered|chartered|company|corporation)\b/i;
/**
 * "the United States and the State of Kentucky", "the United States and, to the extent not
 * inconsistent therewith, by the laws of the Commonwealth of Kentucky": the state is the
 * narrower answer.
 */
const AND_STATE = /^\s*(?:,|and)(?:[^.;]{0,100}?\blaws?\s+of)?\s+(?:of\s+)?(?:the\s+)?(?:State|Commonwealth)\s+of\s+([A-Z][A-Za-z]+(?:\s+[A-Z][A-Za-z]+){0,2})/;
/** A place name wrapped onto the next line goes on in its own case ("New\nYork"); a word in capitals there ("Delaware\nUSA") is another element. */
function placeOnItsLine(place: string): string {
  const lineBreak = place.search(/\s*\n/);
  if (lineBreak < 0) return place;
  const next = place.slice(lineBreak).trim();
  return next === next.toUpperCase() && place.slice(0, lineBreak) !== place.slice(0, lineBreak).toUpperCase() ? place.slice(0, lineBreak) : place;
}
/** Words that end a place name in the governing-law clause. */
const PLACE_STOP = /\s+(?:And|Without|Applicable|Excluding|Including|Except|As|In|Which|That|The|To|For|With|Regardless|Irrespective|Governing|Without)\b[\s\S]*$/;

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

function datesAfterLeads(text: string, leads: readonly RegExp[], recognizers: ValueRecognizers, options: Parameters<ValueRecognizers['findValues']>[2]): ClauseValue[] {
  const found: ClauseValue[] = [];
  for (const lead of leads) {
    lead.lastIndex = 0;
    for (let match = lead.exec(text); match !== null; match = lead.exec(text)) {
      const from = match.index + match[0].length;
      if (citesAnotherAgreement(text, match.index, from)) continue;
      const hit = recognizers.findValues('DATE', text.slice(from, from + 40), options)[0];
      if (hit !== undefined && hit.start <= 1) {
        found.push({ value: hit.value, start: from + hit.start, end: from + hit.end });
        continue;
      }
      // "effective as of the 1st day of January, 2018", "as of 6th day of February, 2007".
      const ordinal = ordinalDayAt(text, from, recognizers);
      if (ordinal !== null) found.push(ordinal);
    }
  }
  return found;
}

/** "[the] 11th day of January, 2012" starting right at `from`. */
const ORDINAL_DAY_AT = /^(?:the\s+)?(\d{1,2})\s?(?:st|nd|rd|th)?\s+day\s+of\s+([A-Za-z]{3,9})\s*,?\s+(?:A\.?D\.?\s+)?(\d{4})\b/i;

function ordinalDayAt(text: string, from: number, recognizers: ValueRecognizers): ClauseValue | null {
  const match = ORDINAL_DAY_AT.exec(text.slice(from, from + 60));
  if (match === null) return null;
  const hit = recognizers.parseValue('DATE', `${match[2]} ${match[1]}, ${match[3]}`, { dateOrder: 'MDY' });
  return hit !== null && typeof hit.value === 'string' ? { value: hit.value, start: from, end: from + match[0].length } : null;
}

function ordinalDays(text: string, recognizers: ValueRecognizers): ClauseValue[] {
  const found: ClauseValue[] = [];
  ORDINAL_DAY.lastIndex = 0;
  for (let match = ORDINAL_DAY.exec(text); match !== null; match = ORDINAL_DAY.exec(text)) {
    if (citesAnotherAgreement(text, match.index, match.index + match[0].length)) continue;
    const written = `${match[2]} ${match[1]}, ${match[3]}`;
    const hit = recognizers.parseValue('DATE', written, { dateOrder: 'MDY' });
    if (hit !== null && typeof hit.value === 'string') found.push({ value: hit.value, start: match.index, end: match.index + match[0].length });
  }
  return found;
}

function datesBeforeEffectiveTerm(text: string, recognizers: ValueRecognizers, options: Parameters<ValueRecognizers['findValues']>[2]): ClauseValue[] {
  const found: ClauseValue[] = [];
  EFFECTIVE_TERM.lastIndex = 0;
  for (let match = EFFECTIVE_TERM.exec(text); match !== null; match = EFFECTIVE_TERM.exec(text)) {
    const from = Math.max(0, match.index - 60);
    const window = text.slice(from, match.index);
    // A date written with numerals or month names, or as "the 5th day of November 2004".
    const hits = [...recognizers.findValues('DATE', window, options), ...ordinalDays(window, recognizers)].sort((left, right) => left.end - right.end);
    const last = hits[hits.length - 1];
    if (last !== undefined && /^[\s,]{0,3}$/.test(window.slice(last.end))) found.push({ value: last.value, start: from + last.start, end: from + last.end });
  }
  return found;
}

/** A heading in title case standing on its line ("Strategic Alliance Agreement", "License and Development Agreement"). */
const TITLE_CASE_HEADING = /^[ \t]*((?:[A-Z][A-Za-z&'’-]*[ \t]+(?:(?:and|of|for|to|on)[ \t]+)?){1,8}(?:Agreement|Contract|License|Licence|Lease|Amendment|Addendum))(?=[ \t]*$|[ \t]+(?:This|THIS)[ \t]+(?:Agreement|AGREEMENT|agreement)\b)/gm;
/** What may follow a heading on its line: the preamble's own reference to the agreement ("(the "Agreement")", "THIS AGREEMENT is …"). */
const SELF_REFERENCE = /^(?:\(\s*(?:the|this)\s+["“”']*[A-Z][a-z]+["“”']*\s*\)|(?:THIS|This)\s+(?:AGREEMENT|Agreement|agreement)\b)/;
/** Capitalised words going on after a heading ("BETWEEN ARCA FUND AND ARCA CAPITAL MANAGEMENT, LLC") before the preamble starts. */
const CAPITALISED_RUN = /^(?:[A-Z0-9][A-Z0-9&'’.,\-/()]*[ \t]+){0,15}/;
/** A document speaking of itself by its kind ("this Agreement", "THIS LEASE"). */
const GENERIC_SELF_REFERENCE = /\bthis\s+(?:agreement|contract|lease|licen[cs]e|amendment|addendum)\b/i;

interface TitleHeading {
  readonly title: string;
  readonly start: number;
  /** The heading has its line to itself, up to the preamble's own reference to the agreement. */
  readonly standsAlone: boolean;
}

/** Spacing that separates two elements printed on one line (or lines flattened into one). */
const ELEMENT_GAP = /[ \t]{3,}|\t/;
/** A company's legal form ending the party name some headings start with ("ACME, INC. SUPPLY AGREEMENT"). */
const LEGAL_FORM = /^(?:INC|LLC|L\.L\.C|CORP|CORPORATION|LTD|LIMITED|CO|PLC|L\.P|LP|N\.V|S\.A|AG|GMBH)\.?,?$/;
/** Words that make a capitalised run a sentence, not a heading ("THIS CONTRACT IS SUBJECT TO …"). */
const SENTENCE_WORD = /\b(?:IS|ARE|SHALL|WILL|MAY|BE|HAS|HAVE|WAS|WERE)\b/;

/** Headings at the head of the document that name a kind of agreement, in document order. */
function titleHeadings(head: string): TitleHeading[] {
  const found: TitleHeading[] = [];
  const add = (segment: string, at: number): void => {
    const prefix = TITLE_PREFIX.exec(segment)?.[0] ?? '';
    // A heading ends where the preamble begins ("TALENT AGREEMENT THIS SUPPLEMENTAL AGREEMENT is made").
    const title = segment.slice(prefix.length).split(/\s+THIS\b|^THIS\b/)[0]!.replace(/[\s,.;:]+$/, '');
    if (title.split(/\s+/).length < 2 || /[a-z]/.test(title) || SENTENCE_WORD.test(title) || !KIND_AT_END.test(title)) return;
    const start = at + prefix.length;
    found.push({ title, start, standsAlone: standsAlone(head, start, start + title.length) });
  };
  TITLE_HEADING.lastIndex = 0;
  for (let match = TITLE_HEADING.exec(head); match !== null; match = TITLE_HEADING.exec(head)) {
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
      if (!KIND_AT_END.test(segment.replace(/[\s,.;:]+$/, ''))) {
        if (!/(?:,|\b(?:AND|OF|FOR|TO|&|AMENDED|RESTATED))\s*$/.test(segment)) from = -1;
        continue;
      }
      add(head.slice(from, at), from);
      from = -1;
    }
  }
  TITLE_CASE_HEADING.lastIndex = 0;
  for (let match = TITLE_CASE_HEADING.exec(head); match !== null; match = TITLE_CASE_HEADING.exec(head)) {
    const title = match[1]!.trim();
    const start = match.index + match[0].indexOf(title);
    // A title-case line of many words names parties as well as the agreement ("Oceanic Time Warner Cable and Watchit
    // Media Content and License Agreement"): offered only when the preamble names it, never inferred.
    const words = title.split(/\s+/).length;
    if (words >= 2 && !found.some((heading) => heading.start === start)) found.push({ title, start, standsAlone: words <= MAX_INFERRED_TITLE_CASE_WORDS && standsAlone(head, start, start + title.length) });
  }
  return found.sort((left, right) => left.start - right.start);
}

/** Longest title-case heading taken as the title without the preamble naming it. */
const MAX_INFERRED_TITLE_CASE_WORDS = 6;

/** A title names its kind last ("… AGREEMENT", "… LEASE", "… AMENDMENT NO. 2"). */
const KIND_AT_END = /(?:AGREEMENT|CONTRACT|LICENSE|LICENCE|LEASE|AMENDMENT|ADDENDUM|UNDERSTANDING|DEED|INDENTURE|CONDITIONS)(?:\s+(?:NO\.?|NUMBER)\s*\d+)?$/;

/** Where the line holding `index` starts: a line break or a wide gap. */
function elementStart(head: string, index: number): number {
  let start = head.lastIndexOf('\n', index - 1) + 1;
  const gap = /[ \t]{3,}|\t/g;
  gap.lastIndex = start;
  for (let match = gap.exec(head); match !== null && match.index + match[0].length <= index; match = gap.exec(head)) start = match.index + match[0].length;
  return start;
}

/** Nothing but an exhibit mark before the heading on its line, and nothing after it but capitals up to the preamble's reference to the agreement. */
function standsAlone(head: string, start: number, end: number): boolean {
  const before = head.slice(elementStart(head, start), start).trim();
  if (before.length > 0 && (TITLE_PREFIX.exec(`${before} `)?.[0].trim() ?? '') !== before && !/^(?:exhibit|schedule|annex|appendix)\s+\S+$/i.test(before)) return false;
  const lineEnd = head.indexOf('\n', end);
  const line = head.slice(end, lineEnd === -1 ? head.length : lineEnd);
  const after = line.split(ELEMENT_GAP)[0]!.trim();
  if (after.length === 0 || SELF_REFERENCE.test(after)) return true;
  const run = CAPITALISED_RUN.exec(`${after} `)?.[0] ?? '';
  return run.trim().length === after.length || SELF_REFERENCE.test(after.slice(run.length));
}

/** The title's words as a pattern matching them across spaces and line breaks. */
function wordsPattern(words: readonly string[]): string {
  return words.map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('\\s+');
}

/** The index of the first word after a party name ending in a legal form ("KIOSK CONCEPTS, INC." / "… INC. DBA IMNTV"), or null. */
function afterPartyName(words: readonly string[]): number | null {
  const legalForm = words.findLastIndex((word, index) => index < words.length - 2 && LEGAL_FORM.test(word));
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
function extendedAsNamed(head: string, start: number, title: string, namedAfter: string): string {
  const more = /^(?:[ \t]+[A-Z][A-Z0-9&'’.\-/]*)+/.exec(namedAfter)?.[0].trim();
  if (more === undefined || more.length === 0) return withContinuation(head, start, title);
  const going = new RegExp(`^\\s+${wordsPattern(more.split(/\s+/))}(?![A-Za-z])`).exec(head.slice(start + title.length));
  return going === null ? withContinuation(head, start, title) : head.slice(start, start + title.length + going[0].length);
}

/** The heading going on in capitals on its line ("SERVICE AGREEMENT FOR TRANSFER AGENT SERVICES"). */
function withContinuation(head: string, start: number, title: string): string {
  const lineEnd = head.indexOf('\n', start + title.length);
  const rest = head.slice(start + title.length, lineEnd === -1 ? head.length : lineEnd);
  const continuation = /^[ \t]+(?:FOR|TO|OF|BETWEEN|AND|ON|REGARDING|CONCERNING)[ \t]+[A-Z0-9][A-Z0-9&'’.,\-/() \t]*$/.exec(rest.replace(/\s+$/, ''));
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
function documentTitles(text: string): ClauseValue[] {
  const head = text.slice(0, HEAD_CHARACTERS);
  const preamble = text.slice(0, PREAMBLE_CHARACTERS);
  const headings = titleHeadings(head);
  for (const heading of headings) {
    const words = heading.title.split(/\s+/);
    // The whole heading, or what follows a party name it starts with ("ACME, INC. CONTENT LICENSE AGREEMENT").
    for (const first of [0, afterPartyName(words)]) {
      if (first === null || (first > 0 && words.length - first < 2)) continue;
      const named = new RegExp(`\\bthis\\s+${wordsPattern(words.slice(first))}(?![A-Za-z])`, 'i').exec(preamble);
      if (named === null) continue;
      const offset = first === 0 ? 0 : heading.title.indexOf(words[first]!, words.slice(0, first).join(' ').length);
      const title = extendedAsNamed(head, heading.start + offset, heading.title.slice(offset), preamble.slice(named.index + named[0].length));
      return [{ value: title.replace(/\s+/g, ' '), start: heading.start + offset, end: heading.start + offset + title.length }];
    }
  }
  const first = headings.find((heading) => heading.standsAlone);
  if (first === undefined || !GENERIC_SELF_REFERENCE.test(preamble)) return [];
  const kind = first.title.split(/\s+/).at(-1)!;
  // "THIS MARINE TRANSPORTATION AGREEMENT" under "TRANSPORTATION SERVICES AGREEMENT": the preamble names another title.
  const named = new RegExp(`\\b(?:THIS|This)\\s+((?:[A-Z][A-Za-z&'’-]*\\s+){1,8})${kind.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`, 'i');
  const other = named.exec(preamble);
  if (other !== null && /[A-Z]/.test(other[1]![0]!) && !/^(?:this|the)\s*$/i.test(other[1]!)) return [];
  const words = first.title.split(/\s+/);
  const partyEnd = afterPartyName(words);
  const offset = partyEnd === null || words.length - partyEnd < 2 ? 0 : first.title.indexOf(words[partyEnd]!, words.slice(0, partyEnd).join(' ').length);
  const title = withContinuation(head, first.start + offset, first.title.slice(offset));
  return [{ value: title.replace(/\s+/g, ' '), start: first.start + offset, end: first.start + offset + title.length, inferred: true }];
}

/**
 * The date an agreement takes effect: what an effective-date clause says; without one, an
 * agreement takes effect on its date ("dated as of …", "made this 4th day of May 2005"),
 * reported as such (`detail.fromAgreementDate`) so the reconciler grades it lower.
 */
/**
 * Whether the agreement says it takes effect at another time than its date: an "Effective
 * Date" (or "Commencement Date") defined as something else, or "becomes effective upon /
 * effective as of …" naming anything but the agreement's own date ("as of the date first
 * written above", "upon execution"). A mention of an effective date that defines nothing
 * ("two years from the effective date hereof", "the effective date of termination") says
 * nothing either way.
 */
function takesEffectOtherwise(text: string): boolean {
  EFFECTIVE_DEFINED.lastIndex = 0;
  if (EFFECTIVE_DEFINED.test(text) || TERM_BEGINS.test(text)) return true;
  for (const pattern of [TAKES_EFFECT, EFFECTIVE_DATE_IS]) {
    pattern.lastIndex = 0;
    for (let match = pattern.exec(text); match !== null; match = pattern.exec(text)) {
      if (AT_ITS_DATE.test(text.slice(match.index + match[0].length, match.index + match[0].length + 80))) continue;
      // Said of the agreement ("This Agreement shall become effective upon …"), not of a notice or a termination.
      const before = text.slice(Math.max(0, match.index - 80), match.index);
      const sentence = before.slice(Math.max(before.lastIndexOf('. '), before.lastIndexOf(';')) + 1);
      if (pattern === EFFECTIVE_DATE_IS || /\b(?:agreement|letter|hereof|it)\b/i.test(sentence)) return true;
    }
  }
  return false;
}

function effectiveDates(text: string, preamble: string, recognizers: ValueRecognizers, options: Parameters<ValueRecognizers['findValues']>[2]): ClauseValue[] {
  const stated = [
    ...datesAfterLeads(preamble, DATE_LEADS['effective-date'], recognizers, options),
    ...datesBeforeEffectiveTerm(preamble, recognizers, options),
    ...datesAfterLeads(text, BODY_EFFECTIVE_LEADS, recognizers, options),
  ];
  if (stated.length > 0) return stated;
  // Only an agreement that nowhere says it takes effect otherwise ("shall become effective upon approval", an
  // "Effective Date" defined as something else) takes effect on its date.
  if (takesEffectOtherwise(text)) return [];
  return agreementDates(preamble, text, recognizers, options).map((entry) => ({ ...entry, fromAgreementDate: true, inferred: true }));
}

/** The date the agreement is made: what its preamble says, else a letter agreement's date line. */
function agreementDates(preamble: string, text: string, recognizers: ValueRecognizers, options: Parameters<ValueRecognizers['findValues']>[2]): ClauseValue[] {
  const stated = [...datesAfterLeads(preamble, DATE_LEADS['agreement-date'], recognizers, options), ...ordinalDays(preamble, recognizers)];
  return stated.length > 0 ? stated : letterDates(text, recognizers, options);
}

/** The sentence holding `start`…`end`: from the previous sentence end to the next. */
function sentenceAround(text: string, start: number, end: number): string {
  const from = Math.max(text.lastIndexOf('. ', start), text.lastIndexOf(';', start), text.lastIndexOf('\n\n', start), start - 300);
  const stop = text.slice(end, end + 300).search(/\.\s|;/);
  return text.slice(Math.max(0, from), stop < 0 ? end + 300 : end + stop);
}

function governingLaws(text: string): ClauseValue[] {
  const found: ClauseValue[] = [];
  for (const clause of [GOVERNING_LAW, LAW_APPLIES, PLACE_LAW]) {
    clause.lastIndex = 0;
    for (let match = clause.exec(text); match !== null; match = clause.exec(text)) {
      if (INCORPORATION.test(match.groups!.between ?? '')) continue;
      const matched = match.groups!.place!;
      const aboutThisAgreement = ABOUT_THIS_AGREEMENT.test(sentenceAround(text, match.index, match.index + match[0].length));
      if (clause === PLACE_LAW && NOT_A_PLACE.test(matched)) continue;
      if (clause === PLACE_LAW && ADJECTIVE_ENDING.test(matched)) {
        // "English law": the evidence is the adjective, the value the place it names.
        const named = PLACE_OF_ADJECTIVE[matched];
        const at = match.indices!.groups!.place![0];
        if (named !== undefined) found.push({ value: named, start: at, end: at + matched.length, aboutThisAgreement });
        continue;
      }
      let place = placeOnItsLine(matched.replace(PLACE_STOP, '').trim());
      let start = match.indices!.groups!.place![0];
      const narrower = AND_STATE.exec(text.slice(start + place.length, start + place.length + 200));
      if (narrower !== null) {
        start = start + place.length + narrower.index + narrower[0].length - narrower[1]!.length;
        place = narrower[1]!.replace(PLACE_STOP, '').trim();
      }
      if (place.length < 3 || /^(?:Such|Any|This|Each|Its|Their|Said|Other)\b/.test(place)) continue;
      // "State of New York" / "New York State" name the state; the place itself is the answer.
      const name = place.replace(/^(?:[Ss]tate|Commonwealth)\s+of\s+/, '').replace(/\s+State$/, '');
      const offset = place.indexOf(name);
      // "the laws of Victoria, Australia", "of England and Wales": where the place's name ends is uncertain.
      const extentUncertain = PLACE_GOES_ON.test(text.slice(start + place.length, start + place.length + 40));
      found.push({ value: name.replace(/\s+/g, ' '), start: start + offset, end: start + offset + name.length, aboutThisAgreement, ...(extentUncertain ? { extentUncertain: true } : {}) });
    }
  }
  // Clauses about the agreement itself outrank the laws an arbitration or an export is subject to.
  const aboutThis = found.filter((entry) => entry.aboutThisAgreement === true);
  return (aboutThis.length > 0 ? aboutThis : found).sort((left, right) => left.start - right.start);
}

export function createClauseReadingCapability(options: { readonly recognizers: ValueRecognizers; readonly lexicon?: Lexicon }): Capability {
  const key = capabilityKey(CLAUSE_READING_SPEC);
  const lexicon = options.lexicon ?? defaultLexicon();
  const invoke = (context: CapabilityContext): CapabilityResult => {
    const builder = createResultBuilder({ capability: key, tier: CLAUSE_READING_SPEC.tier, fieldPath: context.field.path, document: context.document });
    const index = documentIndex(context, options.recognizers);
    const text = index.primary.text;
    const preamble = preambleOf(text);
    const dateOptions = index.recognizerOptions;
    for (const concept of (context.config.concepts ?? []) as readonly ClauseConcept[]) {
      const values =
        concept === 'agreement-date'
          ? agreementDates(preamble, text, options.recognizers, dateOptions)
          : concept === 'effective-date'
            ? effectiveDates(text, preamble, options.recognizers, dateOptions)
            : concept === 'document-title'
              ? documentTitles(text)
              : governingLaws(text);
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
          detail: { occurrences: values.filter((other) => JSON.stringify(other.value) === JSON.stringify(entry.value)).length, distinctValues: distinct.size, ...(entry.fromAgreementDate === true ? { fromAgreementDate: true } : {}), ...(entry.inferred === true ? { inferred: true } : {}), ...(entry.letterDate === true ? { letterDate: true } : {}), ...(entry.extentUncertain === true ? { extentUncertain: true } : {}) },
        });
      }
    }
    return builder.build();
  };
  return Object.freeze({ spec: CLAUSE_READING_SPEC, configure: (field: CanonicalField) => configureClauseReading(field, lexicon), invoke });
}
