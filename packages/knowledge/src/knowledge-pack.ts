/**
 * What a knowledge pack is: versioned data that a capability reads as a mechanism reads its
 * input — never code. A pack has an id, a semver version and a fingerprint (sha256 of its
 * canonical JSON), so an artifact can name exactly the knowledge that produced it.
 *
 * Three sections exist. `structuredData`: the business terms of structured e-invoices — the
 * XML syntaxes a pack knows (root element and namespaces), each term with the contract
 * field names that mean it and its element path in every syntax. `lexicon`: a language's
 * (or a locale's) words — the labels each business concept is printed under, and word
 * classes the reading mechanisms use (document titles, legal forms, street words, number
 * markers, date connectors, the keys that hold a party's name). `records`: terms added to
 * the built-in record knowledge — the headers of a table's columns, the words that open its
 * totals, the words of a contract's party list. Beside them, `examples`: documents and the
 * values the pack must let Paxman read from them, run as tests. A user can write a pack for
 * another standard, language or locale in the same shape.
 */
import { InvalidKnowledgePackError, canonicalJson, deepFreeze, isPlainObject, sha256Hex } from '@paxman/core';
import { recordKnowledge } from './record-knowledge.js';
import { recordsSectionProblems, type RecordsSection } from './record-sections.js';
import { MAX_TERM_LENGTH, isStringArray, validTermList } from './term-list.js';
import { examplesSectionProblems, type PackExample } from './pack-examples.js';
import type { ClauseKnowledge } from './clause-knowledge.js';

/** An XML syntax of a standard: its root element and the namespace URIs of the prefixes its paths use. */
export interface XmlSyntax {
  /** Short id the terms' paths are keyed by (`CII`, `UBL-Invoice`). */
  readonly id: string;
  readonly name: string;
  /** The root element, prefixed (`rsm:CrossIndustryInvoice`). */
  readonly root: string;
  /** Prefix → namespace URI; documents may use any prefix, matching is by URI. */
  readonly namespaces: Readonly<Record<string, string>>;
}

/** How a term's value is read. */
export type TermValueType = 'identifier' | 'text' | 'date' | 'amount' | 'code' | 'quantity';

/** One business term (`BT-112 Invoice total amount with VAT`) and where each syntax puts it. */
export interface BusinessTerm {
  readonly id: string;
  readonly name: string;
  readonly valueType: TermValueType;
  /**
   * Names a contract field may have for this term (its name split into words, or a declared
   * label), lower case. A field whose name is one of them is bound to the term.
   */
  readonly fieldNames: readonly string[];
  /**
   * Element paths relative to the root, per syntax id: `rsm:ExchangedDocument/ram:ID`. A
   * step may require an attribute value: `ram:ID[@schemeID='VA']`. Several paths are tried
   * in order; the first that holds a value is read.
   */
  readonly paths: Readonly<Record<string, readonly string[]>>;
  /** For amounts: the term whose value is their currency when the amount does not state one (`BT-5`). */
  readonly currencyTerm?: string;
}

/** Attributes the syntaxes of a standard qualify values with. */
export interface ValueAttributes {
  /** The attribute that states an amount's currency (`currencyID`). */
  readonly currency?: string;
  /** The attribute that names a date's format qualifier (`format`: `102`). */
  readonly dateFormat?: string;
}

/** Business terms of structured documents, and the syntaxes they are written in. */
export interface StructuredDataKnowledge {
  readonly standard: string;
  /** The attributes that qualify amounts and dates (local names). */
  readonly attributes?: ValueAttributes;
  readonly syntaxes: readonly XmlSyntax[];
  readonly terms: readonly BusinessTerm[];
  /** Date format qualifiers (UN/CEFACT code list 2379: `102` → `yyyyMMdd`) → the pattern of the text. */
  readonly dateFormats: Readonly<Record<string, string>>;
}

/**
 * The word classes a lexicon may fill. Each is read by one mechanism, in every language
 * that a pack covers:
 * - `document-titles`: words that title a document ("invoice", "Rechnung") — a title line
 *   is not a letterhead, and a title line may state the document's number and date;
 * - `legal-forms`: what ends a company's name ("GmbH", "SARL", "Sdn Bhd");
 * - `street-words`: what makes a line an address ("rue", "straße", "jalan");
 * - `address-starts`: words that open an address line ("Unit", "Lot", "PO Box", "Jalan");
 * - `number-markers`: what stands before a number ("Nr.", "n°", "#");
 * - `date-connectors`: what joins a number to its date in a title line ("vom", "du", "dated");
 * - `dateline-connectors`: what stands between the place and the date of a letter's date
 *   line ("den" in "Berlin, den 14.03.2025", "le" in "Paris, le 3 avril 2025") — the date a
 *   document gives under its place is its own date;
 * - `payment-words`: what makes a sentence about paying ("zahlbar", "Zahlung", "payer",
 *   "pay") — a deadline after it in the sentence is the due date;
 * - `deadline-connectors`: what stands between such a sentence and its deadline date ("bis
 *   zum", "avant le", "by", "no later than");
 * - `discount-words`: what names a discount for paying early ("Skonto", "escompte",
 *   "discount") — a deadline in its sentence is the discount's, not the due date;
 * - `name-keys`: the key a party block prints its name under ("Name", "Raison sociale");
 * - `rounding-words`: what names a rounding adjustment ("rounding", "Rundung", "arrondi") —
 *   a total followed by a non-zero one is the total before rounding;
 * - `added-charges`: what names a charge added to an amount (a tax, a service charge:
 *   "VAT", "MwSt", "service") — where "net" is printed after one, net means after tax;
 * - `net-words`: the word for "net" ("net", "nett", "netto");
 * - `other-tenders`: ways of paying other than cash ("card", "voucher", "Gutschein") — a
 *   payment split between cash and one of them does not check the total;
 * - `sender-words`: the word before who sent something ("from", "von") — an e-mail's
 *   subject "Your receipt from ACME" names the issuer;
 * - `recipient-words`: how a letter addresses its recipient above the name ("Herrn",
 *   "Frau", "Madame", "Mr") — in an address window, the line of these is not the
 *   recipient, the name after them is;
 * - `name-first-legal-forms`: legal forms a language prints before the company's name
 *   ("SIA Rimi Latvia", "AS Latvijas Balzams") — a head line that starts with one and goes
 *   on with a name names the issuer, quoted or not;
 * - `business-kinds`: what says which kind of business a company is, not which one
 *   ("trading", "restaurant", "pharmacy") — a letterhead line of only these continues the
 *   name printed above it;
 * - `name-connectors`: what joins a name to its legal form ("Co.", "&", "Sons") — a line of
 *   only these and a legal form continues the name above;
 * - `address-stops`: what ends the address under a letterhead: contact, tax, registration
 *   and document words ("Tel", "Fax", "GST", "Receipt", "Cashier");
 * - `outlet-words`: what names a store's or a branch's code printed under its name
 *   ("Outlet #12", "Site: 1046");
 * - `registration-labels`: what is printed before a company's registration number
 *   ("Co. Reg. No.", "ROC") — such a line under a letterhead is skipped, and ends an address;
 * - `percent-words`, `rate-words`: what makes a name or a label a percentage's ("pct",
 *   "percent") or a rate's ("rate", "ratio") — a `tax_rate` field is the rate of the tax,
 *   printed inside the tax's label ("Tax (8.25%)"), read as a fraction (a rate) or as points
 *   (a percentage);
 * - `value-connectors`: what may stand between a label and its value in a line of prose ("is", "amounts to", "dated", "vom") — "Total is $1,250.00";
 * - `label-qualifiers`: what starts a qualifier after a label ("for", "as", "by", "vom") — "Total for March" is still the total's label;
 * - `count-units`: units a count or a duration is given in ("days", "items", "pcs", "Tage") — "30 days" is not an amount;
 * - `place-connectors`: words that may stand in lower case inside a place name ("of", "the", "de", "von") — "State of New York";
 * - `place-leads`: what may lead a place under a governing-law label and is no part of it
 *   ("the laws of the");
 * - `duration-days`, `duration-weeks`, `duration-months`, `duration-years`: how a duration in
 *   each unit is printed ("day", "days", "Jahre") — a term field reads "two (2) years" as `2 years`;
 * - `contact-labels`: labels of a contact line ("tel", "fax", "phone") — a value "Tel: 555 …" is no party's name;
 * - `contact-person-words`: what marks a line naming a party's contact person ("Contact", "z. Hd.", "Ansprechpartner",
 *   "à l'attention de") — such a line in a party's block is its contact, not the party's name;
 * - `url-words`: words of a field's name that make it a web address ("url", "website");
 * - `phone-words`: words of a field's name that make it a telephone number ("phone", "telephone");
 * - `tax-words`: names of a tax ("tax", "VAT", "GST", "MwSt", "TVA") — "GST Reg No: 0012…" under a letterhead is a registration; "VAT summary" heads a tax summary;
 * - `tax-id-words`: words between a tax's name and its registration number ("reg", "no", "id") — "GST REG. NO.: 0001…";
 * - `summary-words`: words that, after a tax's name, head a tax summary block ("summary", "analysis", "breakdown");
 * - `signature-keys`: keys of the lines of a signature block ("By", "Name", "Title", "Date") — the document builder marks such pairs as the signature region;
 * - `signature-anchors`: keys that show a signature block is there ("By", "Its", "Signature");
 * - `country-names`: names of countries as an address prints them last ("Malaysia", "Deutschland", "Latvija") — an address under a letterhead ends with its country;
 * - `signature-key-sets`: keys that, printed together, show a signature block, an entry naming the keys of one set ("name title": a Name next to a Title).
 */
export const WORD_CLASSES = [
  'document-titles',
  'legal-forms',
  'name-first-legal-forms',
  'street-words',
  'address-starts',
  'number-markers',
  'date-connectors',
  'dateline-connectors',
  'payment-words',
  'deadline-connectors',
  'discount-words',
  'name-keys',
  'rounding-words',
  'added-charges',
  'net-words',
  'other-tenders',
  'sender-words',
  'recipient-words',
  'business-kinds',
  'name-connectors',
  'address-stops',
  'outlet-words',
  'registration-labels',
  'percent-words',
  'rate-words',
  'value-connectors',
  'label-qualifiers',
  'count-units',
  'place-connectors',
  'place-leads',
  'duration-days',
  'duration-weeks',
  'duration-months',
  'duration-years',
  'contact-labels',
  'contact-person-words',
  'url-words',
  'phone-words',
  'tax-words',
  'tax-id-words',
  'summary-words',
  'signature-keys',
  'signature-anchors',
  'signature-key-sets',
  'country-names',
] as const;
export type WordClass = (typeof WORD_CLASSES)[number];

/** A language's or a locale's words for business documents. */
export interface LexiconKnowledge {
  /** BCP 47 tag of the language or locale (`de`, `ms-MY`). */
  readonly language: string;
  /** Concept id (`total`, `issue-date`) → the labels the language prints it under. */
  readonly concepts: Readonly<Record<string, readonly string[]>>;
  /** Word class → its words in this language. */
  readonly words?: Readonly<Partial<Record<WordClass, readonly string[]>>>;
  /** Whole numbers as the language writes them out ("two" → 2, "zwei" → 2): a contract's "two (2) years". */
  readonly numbers?: Readonly<Record<string, number>>;
  /** Month and weekday names and the small words of written-out dates. */
  readonly calendar?: CalendarKnowledge;
}

/**
 * How a language writes dates out: `25 de marzo de 2024`, `2024. gada 12. martā`,
 * `Dienstag, 3. März 2024`. Names are matched without regard to case.
 */
export interface CalendarKnowledge {
  /** Twelve lists, January first: each month's names (full, abbreviated, inflected). */
  readonly months: readonly (readonly string[])[];
  /** Seven lists, Sunday first: each weekday's names. */
  readonly weekdays?: readonly (readonly string[])[];
  /** Words that may link a day, month and year (`of`, `de`, `del`). */
  readonly connectors?: readonly string[];
  /** Words that may follow a year printed first (`gada` in `2024. gada 12. martā`). */
  readonly yearMarkers?: readonly string[];
}

/** A versioned pack of knowledge. */
export interface KnowledgePack {
  /** Lower-case id (`en16931`). */
  readonly id: string;
  /** Semver. */
  readonly version: string;
  readonly description: string;
  /** Where the knowledge comes from, and its licence. */
  readonly source?: string;
  readonly structuredData?: StructuredDataKnowledge;
  readonly lexicon?: LexiconKnowledge;
  /** Record knowledge to add to the built-in: column header terms, totals words, party words. */
  readonly records?: RecordsSection;
  /** Example cases: documents and the values the pack's knowledge must let Paxman read from them (tests as data). */
  readonly examples?: readonly PackExample[];
}

/** A pack's id (lower-case letters, digits, hyphens) and version (semver), for every kind of pack. */
export const PACK_ID = /^[a-z][a-z0-9-]*$/;
export const PACK_VERSION = /^\d+\.\d+\.\d+$/;
const PATH_STEP = /^[A-Za-z_][\w.-]*:[A-Za-z_][\w.-]*(?:\[@[A-Za-z_][\w.-]*='[^']*'\])?$/;
const VALUE_TYPES: readonly TermValueType[] = ['identifier', 'text', 'date', 'amount', 'code', 'quantity'];
const DATE_PATTERN = /^(?:yyyy|MM|dd|ww|HH|mm|ss)+$/;
const LANGUAGE_TAG = /^[a-z]{2,3}(?:-[A-Za-z0-9]{2,8})*$/;
const CONCEPT_ID = /^[a-z][a-z0-9-]*$/;

/** `id@version`, as artifacts name a pack. */
export function packKey(pack: Pick<KnowledgePack, 'id' | 'version'>): string {
  return `${pack.id}@${pack.version}`;
}

/** sha256 of the validated pack's canonical JSON (a knowledge pack or a clause pack): the same knowledge, the same fingerprint. */
export function packFingerprint(pack: KnowledgePack | ClauseKnowledge): string {
  return sha256Hex(canonicalJson(pack as never));
}

function problem(problems: string[], path: string, message: string): void {
  problems.push(`${path}: ${message}`);
}

function validateStructuredData(data: unknown, problems: string[]): void {
  if (!isPlainObject(data)) return problem(problems, 'structuredData', 'must be an object');
  if (typeof data.standard !== 'string' || data.standard.length === 0) problem(problems, 'structuredData.standard', 'must be a non-empty string');
  if (data.attributes !== undefined) {
    const attributes = data.attributes;
    if (!isPlainObject(attributes) || Object.entries(attributes).some(([key, name]) => !['currency', 'dateFormat'].includes(key) || typeof name !== 'string' || !/^[A-Za-z_][\w.-]*$/.test(name))) {
      problem(problems, 'structuredData.attributes', 'must name attributes by their local names: { currency?, dateFormat? }');
    }
  }
  const syntaxIds = new Set<string>();
  const prefixesBySyntax = new Map<string, ReadonlySet<string>>();
  if (!Array.isArray(data.syntaxes) || data.syntaxes.length === 0) problem(problems, 'structuredData.syntaxes', 'must be a non-empty array');
  else {
    data.syntaxes.forEach((syntax: unknown, index) => {
      const at = `structuredData.syntaxes[${index}]`;
      if (!isPlainObject(syntax)) return problem(problems, at, 'must be an object');
      if (typeof syntax.id !== 'string' || syntax.id.length === 0) problem(problems, `${at}.id`, 'must be a non-empty string');
      else if (syntaxIds.has(syntax.id)) problem(problems, `${at}.id`, `"${syntax.id}" is listed twice`);
      if (typeof syntax.name !== 'string') problem(problems, `${at}.name`, 'must be a string');
      if (!isPlainObject(syntax.namespaces) || !Object.values(syntax.namespaces).every((uri) => typeof uri === 'string' && uri.length > 0)) {
        problem(problems, `${at}.namespaces`, 'must map prefixes to namespace URIs');
      }
      const prefixes = new Set(isPlainObject(syntax.namespaces) ? Object.keys(syntax.namespaces) : []);
      if (typeof syntax.root !== 'string' || !PATH_STEP.test(syntax.root) || !prefixes.has(syntax.root.split(':')[0]!)) {
        problem(problems, `${at}.root`, 'must be a prefixed element name whose prefix is declared in namespaces');
      }
      if (typeof syntax.id === 'string') {
        syntaxIds.add(syntax.id);
        prefixesBySyntax.set(syntax.id, prefixes);
      }
    });
  }
  const termIds = new Set<string>();
  if (!Array.isArray(data.terms)) problem(problems, 'structuredData.terms', 'must be an array');
  else {
    data.terms.forEach((term: unknown, index) => {
      const at = `structuredData.terms[${index}]`;
      if (!isPlainObject(term)) return problem(problems, at, 'must be an object');
      if (typeof term.id !== 'string' || term.id.length === 0) problem(problems, `${at}.id`, 'must be a non-empty string');
      else if (termIds.has(term.id)) problem(problems, `${at}.id`, `"${term.id}" is listed twice`);
      else termIds.add(term.id);
      if (typeof term.name !== 'string') problem(problems, `${at}.name`, 'must be a string');
      if (!VALUE_TYPES.includes(term.valueType as TermValueType)) problem(problems, `${at}.valueType`, `must be one of ${VALUE_TYPES.join(', ')}`);
      if (!isStringArray(term.fieldNames) || term.fieldNames.some((name) => name !== name.toLowerCase() || name.trim() !== name)) {
        problem(problems, `${at}.fieldNames`, 'must be an array of trimmed lower-case names');
      }
      if (!isPlainObject(term.paths)) return problem(problems, `${at}.paths`, 'must map syntax ids to element paths');
      for (const [syntax, paths] of Object.entries(term.paths)) {
        const prefixes = prefixesBySyntax.get(syntax);
        if (prefixes === undefined) problem(problems, `${at}.paths.${syntax}`, 'names a syntax the pack does not declare');
        if (!isStringArray(paths) || paths.length === 0) {
          problem(problems, `${at}.paths.${syntax}`, 'must be a non-empty array of paths');
          continue;
        }
        for (const path of paths) {
          const steps = path.split('/');
          if (!steps.every((step) => PATH_STEP.test(step))) problem(problems, `${at}.paths.${syntax}`, `"${path}" is not a path of prefixed element names`);
          else if (prefixes !== undefined && !steps.every((step) => prefixes.has(step.split(':')[0]!))) problem(problems, `${at}.paths.${syntax}`, `"${path}" uses a prefix the syntax does not declare`);
        }
      }
    });
    data.terms.forEach((term: unknown, index) => {
      if (isPlainObject(term) && term.currencyTerm !== undefined && !termIds.has(String(term.currencyTerm))) {
        problem(problems, `structuredData.terms[${index}].currencyTerm`, `names no term of the pack ("${String(term.currencyTerm)}")`);
      }
    });
  }
  if (!isPlainObject(data.dateFormats) || !Object.values(data.dateFormats).every((pattern) => typeof pattern === 'string' && DATE_PATTERN.test(pattern))) {
    problem(problems, 'structuredData.dateFormats', 'must map format codes to patterns of yyyy, MM, dd, HH, mm, ss');
  }
}

function validateLexicon(data: unknown, problems: string[]): void {
  if (!isPlainObject(data)) return problem(problems, 'lexicon', 'must be an object');
  if (typeof data.language !== 'string' || !LANGUAGE_TAG.test(data.language)) problem(problems, 'lexicon.language', 'must be a BCP 47 language tag (de, fr, ms-MY)');
  if (!isPlainObject(data.concepts)) problem(problems, 'lexicon.concepts', 'must map concept ids to lists of terms');
  else {
    for (const [id, terms] of Object.entries(data.concepts)) {
      if (!CONCEPT_ID.test(id)) problem(problems, `lexicon.concepts.${id}`, 'is not a concept id (lower-case letters, digits, hyphens)');
      if (!validTermList(terms)) problem(problems, `lexicon.concepts.${id}`, `must be a list of non-empty single-line terms of at most ${MAX_TERM_LENGTH} characters`);
    }
  }
  if (data.words !== undefined) {
    if (!isPlainObject(data.words)) return problem(problems, 'lexicon.words', 'must map word classes to lists of words');
    for (const [wordClass, words] of Object.entries(data.words)) {
      if (!(WORD_CLASSES as readonly string[]).includes(wordClass)) problem(problems, `lexicon.words.${wordClass}`, `is not a word class (${WORD_CLASSES.join(', ')})`);
      else if (!validTermList(words)) problem(problems, `lexicon.words.${wordClass}`, `must be a list of non-empty single-line words of at most ${MAX_TERM_LENGTH} characters`);
    }
  }
  if (data.numbers !== undefined) {
    if (!isPlainObject(data.numbers)) return problem(problems, 'lexicon.numbers', 'must map number words to whole numbers');
    for (const [word, value] of Object.entries(data.numbers)) {
      if (!validTermList([word]) || /\s/.test(word)) problem(problems, `lexicon.numbers.${word}`, 'must be a single word');
      if (!Number.isInteger(value) || (value as number) < 0 || (value as number) > MAX_NUMBER_WORD) problem(problems, `lexicon.numbers.${word}`, `must be a whole number from 0 to ${MAX_NUMBER_WORD}`);
    }
  }
  if (data.calendar !== undefined) validateCalendar(data.calendar, problems);
}

/** Shortest name of a month or weekday (dates are found from letter runs of three or more). */
const MIN_CALENDAR_NAME = 3;

function validCalendarNames(value: unknown, count: number): boolean {
  return (
    Array.isArray(value) &&
    value.length === count &&
    value.every((names) => Array.isArray(names) && (names.length === 0 || validTermList(names)) && (names as string[]).every((name) => !/\s/.test(name) && [...name].length >= MIN_CALENDAR_NAME))
  );
}

function validateCalendar(data: unknown, problems: string[]): void {
  if (!isPlainObject(data)) return problem(problems, 'lexicon.calendar', 'must be an object');
  const names = `single words of at least ${MIN_CALENDAR_NAME} letters`;
  if (!validCalendarNames(data.months, 12)) problem(problems, 'lexicon.calendar.months', `must be 12 lists (January first) of ${names}`);
  if (data.weekdays !== undefined && !validCalendarNames(data.weekdays, 7)) problem(problems, 'lexicon.calendar.weekdays', `must be 7 lists (Sunday first) of ${names}`);
  for (const key of ['connectors', 'yearMarkers'] as const) {
    const words = data[key];
    if (words !== undefined && !(validTermList(words) && (words as string[]).every((word) => !/\s/.test(word)))) problem(problems, `lexicon.calendar.${key}`, 'must be a list of single words');
  }
}

/** Largest number a pack may write as a word. */
const MAX_NUMBER_WORD = 1000;

/**
 * Checks a pack (a user's, read from JSON, or a built-in) and returns it frozen; throws
 * `InvalidKnowledgePackError` listing every problem with its path.
 *
 * @example
 * const pack = validateKnowledgePack(JSON.parse(readFileSync('my-pack.json', 'utf8')));
 */
export function validateKnowledgePack(input: unknown): KnowledgePack {
  const problems: string[] = [];
  if (!isPlainObject(input)) throw new InvalidKnowledgePackError('A knowledge pack must be a JSON object.', { context: { problems: ['(root): must be an object'] } });
  if (typeof input.id !== 'string' || !PACK_ID.test(input.id)) problem(problems, 'id', 'must be a lower-case id (letters, digits, hyphens)');
  if (typeof input.version !== 'string' || !PACK_VERSION.test(input.version)) problem(problems, 'version', 'must be a semver version (1.0.0)');
  if (typeof input.description !== 'string') problem(problems, 'description', 'must be a string');
  if (input.source !== undefined && typeof input.source !== 'string') problem(problems, 'source', 'must be a string');
  const known = ['id', 'version', 'description', 'source', 'structuredData', 'lexicon', 'records', 'examples', '$schema'];
  for (const key of Object.keys(input)) if (!known.includes(key)) problem(problems, key, 'is not a pack section this version knows');
  if (input.structuredData !== undefined) validateStructuredData(input.structuredData, problems);
  if (input.lexicon !== undefined) validateLexicon(input.lexicon, problems);
  if (input.records !== undefined) recordsSectionProblems(input.records, new Set(recordKnowledge().concepts.map((concept) => concept.id)), problems);
  if (input.examples !== undefined) examplesSectionProblems(input.examples, problems);
  if (problems.length > 0) {
    throw new InvalidKnowledgePackError(`Knowledge pack ${String(input.id ?? '(no id)')} is invalid: ${problems.join('; ')}.`, { context: { problems } });
  }
  return deepFreeze(structuredClone(input)) as unknown as KnowledgePack;
}
