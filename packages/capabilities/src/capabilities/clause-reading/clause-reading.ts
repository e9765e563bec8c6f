/**
 * `clause_reading@1.1.0` (tier 2): values a contract states in prose rather than beside a
 * label — the date an agreement is made or dated ("made and entered into as of June 23,
 * 2015", "dated as of …", "this 11th day of January, 2012"), the date it takes effect
 * ("effective as of …", "… (the "Effective Date")"), and the law that governs it
 * ("governed by and construed in accordance with the laws of the State of New York"), and
 * its title (the heading in capitals at its head that the preamble names: "This Master
 * Services Agreement …").
 * Which clause a field reads is decided by the lexicon concepts its labels name
 * (`agreement-date`, `effective-date`, `governing-law`), never by its name. Dates are read
 * by the DATE recognizer in the document's date order; the clauses are searched in the
 * document's preamble (dates) or anywhere (governing law). Evidence is `RECOGNIZER` with
 * `pattern: 'clause:<concept>'` and how many distinct values the clauses gave.
 */
import { CapabilityTier, EvidenceKind, type JsonValue } from '@paxman/core';
import type { CanonicalField } from '@paxman/contract';
import { type Capability, type CapabilityContext, type CapabilityResult, type CapabilitySpec, type StepConfiguration, capabilityKey } from '@paxman/capability-spi';
import { labelsForField } from '@paxman/values';
import { documentIndex } from '../shared/document-index.js';
import type { ValueRecognizers } from '../shared/recognizer-port.js';
import { createResultBuilder } from '../shared/result-builder.js';

export const CLAUSE_READING_SPEC: CapabilitySpec = Object.freeze({
  id: 'clause_reading',
  version: '1.1.0',
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
const TITLE_PREFIX = /^(?:(?:EXHIBIT|SCHEDULE|ANNEX|APPENDIX)[ \t]+[0-9A-Z][0-9A-Z.\-()]*[ \t]+|EXECUTION[ \t]+(?:COPY|VERSION)[ \t]+|CONFIDENTIAL[ \t]+|FINAL[ \t]+|\d+[ \t]+)+/;

/** Words by which an agreement says it takes effect at some other time than its date. */
const TAKES_EFFECT_OTHERWISE = /\b(?:effective(?:\s+date|\s+as\s+of|\s+on|\s+upon|\s+from|\s+immediately)|become[s]?\s+effective|take[s]?\s+effect|commencement\s+date|commence[s]?\s+on)\b/i;

/** Characters of the document searched for the dates of its preamble. */
const PREAMBLE_CHARACTERS = 6_000;

/** Where a date follows: a clause's lead-in, ending right before the date. */
const DATE_LEADS: Readonly<Record<'agreement-date' | 'effective-date', readonly RegExp[]>> = Object.freeze({
  'agreement-date': [
    /\b(?:made|entered\s+into|executed|signed)(?:\s+and\s+(?:entered\s+into|made|effective))?(?:\s*,)?\s+(?:as\s+of|on|effective(?:\s+as\s+of)?)\s+(?:the\s+(?:date\s+of\s+)?)?/gi,
    /\b(?:agreement|contract|amendment|instrument)\s*(?:\([^)]{0,40}\)\s*)?(?:is\s+)?dated\s+(?:as\s+of\s+)?/gi,
    /\bdated\s+as\s+of\s+/gi,
  ],
  'effective-date': [/\beffective\s+(?:as\s+of|on|from|beginning)\s+/gi],
});

/** "this 11th day of January, 2012" — the day written as an ordinal. */
const ORDINAL_DAY = /\b(?:this|on\s+the|the)\s+(\d{1,2})(?:st|nd|rd|th)?\s+day\s+of\s+([A-Za-z]{3,9})\s*,?\s+(?:A\.?D\.?\s+)?(\d{4})\b/gi;
/** A date followed by its defined term: `June 1, 2020 (the "Effective Date")`. */
const EFFECTIVE_TERM = /\(\s*(?:the\s+|hereinafter\s+(?:the\s+)?)?["“”']?effective\s+date["“”']?\s*\)/gi;
/** "governed by (and construed in accordance with) the laws of [the State of] X". */
const GOVERNING_LAW = /\b(?:governed\s+by|construed\s+(?:and\s+enforced\s+)?(?:in\s+accordance\s+with|under)|interpreted\s+(?:in\s+accordance\s+with|under)|subject\s+to)[^.;]{0,80}?\blaws?\s+of\s+(?:the\s+)?((?:(?:State|Commonwealth|Province|Republic|Kingdom)\s+of\s+)?[A-Z][A-Za-z'’]+(?:\s+(?:of\s+)?[A-Z][A-Za-z'’]+){0,4})/g;
/** "the United States and the State of Kentucky": the state is the narrower answer. */
const AND_STATE = /^\s*(?:,|and)\s+(?:of\s+)?(?:the\s+)?(?:State|Commonwealth)\s+of\s+([A-Z][A-Za-z]+(?:\s+[A-Z][A-Za-z]+){0,2})/;
/** Words that end a place name in the governing-law clause. */
const PLACE_STOP = /\s+(?:And|Without|Applicable|Excluding|Including|Except|As|In|Which|That|The|To|For|With|Regardless|Irrespective|Governing|Without)\b.*$/;

interface ClauseValue {
  readonly value: JsonValue;
  readonly start: number;
  readonly end: number;
  /** An effective date read as the agreement's date (no effective-date clause). */
  readonly fromAgreementDate?: boolean;
}

/** The step config, or why the field is not read from clauses. */
export function configureClauseReading(field: CanonicalField): StepConfiguration {
  if (field.path.includes('[]')) return { skip: 'clause_reading reads one value per document.' };
  const concepts = labelsForField(field).concepts.filter((concept): concept is ClauseConcept => concept in CLAUSE_CONCEPTS && CLAUSE_CONCEPTS[concept as ClauseConcept] === field.type);
  if (concepts.length === 0) return { skip: `No clause concept names ${field.path} (agreement date, effective date, governing law, document title).` };
  return { config: { concepts: [...concepts].sort() } };
}

function datesAfterLeads(text: string, leads: readonly RegExp[], recognizers: ValueRecognizers, options: Parameters<ValueRecognizers['findValues']>[2]): ClauseValue[] {
  const found: ClauseValue[] = [];
  for (const lead of leads) {
    lead.lastIndex = 0;
    for (let match = lead.exec(text); match !== null; match = lead.exec(text)) {
      const from = match.index + match[0].length;
      const hit = recognizers.findValues('DATE', text.slice(from, from + 40), options)[0];
      if (hit !== undefined && hit.start <= 1) found.push({ value: hit.value, start: from + hit.start, end: from + hit.end });
    }
  }
  return found;
}

function ordinalDays(text: string, recognizers: ValueRecognizers): ClauseValue[] {
  const found: ClauseValue[] = [];
  ORDINAL_DAY.lastIndex = 0;
  for (let match = ORDINAL_DAY.exec(text); match !== null; match = ORDINAL_DAY.exec(text)) {
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
    const from = Math.max(0, match.index - 40);
    const hits = recognizers.findValues('DATE', text.slice(from, match.index), options);
    const last = hits[hits.length - 1];
    if (last !== undefined && match.index - (from + last.end) <= 3) found.push({ value: last.value, start: from + last.start, end: from + last.end });
  }
  return found;
}

/**
 * The document's title: the first heading in capitals at its head that names a kind of
 * agreement, confirmed by the preamble referring to the agreement by that name ("This
 * Master Services Agreement (the "Agreement") …", "THIS LEASE is made …"). An unconfirmed
 * heading is not offered: a capitalised line can also be a section heading or a cited
 * agreement.
 */
function documentTitles(text: string): ClauseValue[] {
  const head = text.slice(0, HEAD_CHARACTERS);
  const preamble = text.slice(0, PREAMBLE_CHARACTERS);
  TITLE_HEADING.lastIndex = 0;
  for (let match = TITLE_HEADING.exec(head); match !== null; match = TITLE_HEADING.exec(head)) {
    const run = match[1]!;
    const prefix = TITLE_PREFIX.exec(run)?.[0] ?? '';
    const title = run.slice(prefix.length).replace(/[\s,.;:]+$/, '');
    if (title.split(/\s+/).length < 2 || /[a-z]/.test(title)) continue;
    const words = title.split(/\s+/).map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
    const namedInPreamble = new RegExp(`\\bthis\\s+${words.join('\\s+')}(?![A-Za-z])`, 'i').test(preamble);
    if (!namedInPreamble) continue;
    const start = match.index + (match[0].length - run.length) + prefix.length;
    // The heading may go on in capitals on its line ("SERVICE AGREEMENT FOR TRANSFER AGENT SERVICES").
    const lineEnd = head.indexOf('\n', start + title.length);
    const rest = head.slice(start + title.length, lineEnd === -1 ? head.length : lineEnd);
    const continuation = /^[ \t]+(?:FOR|TO|OF|BETWEEN|AND|ON|REGARDING|CONCERNING)[ \t]+[A-Z0-9][A-Z0-9&'’.,\-/() \t]*$/.exec(rest.replace(/\s+$/, ''));
    const full = continuation === null || continuation[0].length > 120 ? title : `${title}${continuation[0]}`.replace(/[\s,.;:]+$/, '');
    return [{ value: full.replace(/\s+/g, ' '), start, end: start + full.length }];
  }
  return [];
}

/**
 * The date an agreement takes effect: what an effective-date clause says; without one, an
 * agreement takes effect on its date ("dated as of …", "made this 4th day of May 2005"),
 * reported as such (`detail.fromAgreementDate`) so the reconciler grades it lower.
 */
function effectiveDates(text: string, preamble: string, recognizers: ValueRecognizers, options: Parameters<ValueRecognizers['findValues']>[2]): ClauseValue[] {
  const stated = [...datesAfterLeads(preamble, DATE_LEADS['effective-date'], recognizers, options), ...datesBeforeEffectiveTerm(preamble, recognizers, options)];
  if (stated.length > 0) return stated;
  // Only an agreement that nowhere speaks of taking effect otherwise ("the Effective Date shall be …",
  // "effective upon …", "shall become effective …", "commencement date") takes effect on its date.
  if (TAKES_EFFECT_OTHERWISE.test(text)) return [];
  return [...datesAfterLeads(preamble, DATE_LEADS['agreement-date'], recognizers, options), ...ordinalDays(preamble, recognizers)].map((entry) => ({ ...entry, fromAgreementDate: true }));
}

function governingLaws(text: string): ClauseValue[] {
  const found: ClauseValue[] = [];
  GOVERNING_LAW.lastIndex = 0;
  for (let match = GOVERNING_LAW.exec(text); match !== null; match = GOVERNING_LAW.exec(text)) {
    let place = match[1]!.replace(PLACE_STOP, '').trim();
    let start = match.index + match[0].length - match[1]!.length;
    const narrower = AND_STATE.exec(text.slice(start + place.length, start + place.length + 80));
    if (narrower !== null) {
      start = start + place.length + narrower.index + narrower[0].length - narrower[1]!.length;
      place = narrower[1]!.replace(PLACE_STOP, '').trim();
    }
    if (place.length < 3 || /^(?:Such|Any|This|Each|Its|Their|Said|Other)\b/.test(place)) continue;
    // "State of New York" / "New York State" name the state; the place itself is the answer.
    const name = place.replace(/^(?:State|Commonwealth)\s+of\s+/, '').replace(/\s+State$/, '');
    const offset = place.indexOf(name);
    found.push({ value: name, start: start + offset, end: start + offset + name.length });
  }
  return found;
}

export function createClauseReadingCapability(options: { readonly recognizers: ValueRecognizers }): Capability {
  const key = capabilityKey(CLAUSE_READING_SPEC);
  const invoke = (context: CapabilityContext): CapabilityResult => {
    const builder = createResultBuilder({ capability: key, tier: CLAUSE_READING_SPEC.tier, fieldPath: context.field.path, document: context.document });
    const index = documentIndex(context, options.recognizers);
    const text = index.primary.text;
    const preamble = text.slice(0, PREAMBLE_CHARACTERS);
    const dateOptions = index.recognizerOptions;
    for (const concept of (context.config.concepts ?? []) as readonly ClauseConcept[]) {
      const values =
        concept === 'agreement-date'
          ? [...datesAfterLeads(preamble, DATE_LEADS['agreement-date'], options.recognizers, dateOptions), ...ordinalDays(preamble, options.recognizers)]
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
          detail: { occurrences: values.filter((other) => JSON.stringify(other.value) === JSON.stringify(entry.value)).length, distinctValues: distinct.size, ...(entry.fromAgreementDate === true ? { fromAgreementDate: true } : {}) },
        });
      }
    }
    return builder.build();
  };
  return Object.freeze({ spec: CLAUSE_READING_SPEC, configure: configureClauseReading, invoke });
}
