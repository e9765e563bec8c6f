/**
 * Record knowledge as data (`packs/record-headers.json`): the column header concepts of
 * record sets (description, quantity, unit, unit price, line amount, VAT rate, item
 * number) with their terms per language and the contract member names each binds to; the
 * words that open the totals under a table; the words of a contract's party list (the lead
 * and joining words of its preamble, the words that introduce a party's defined term, the
 * articles printed before a name, the words of its signature block). This module only validates the data once and types it; the reading
 * layer matches the terms, so no domain word lives in reading code.
 */
import { InvalidKnowledgePackError, deepFreeze, isPlainObject, lazyConstant } from '@paxman/core';
import data from './packs/record-headers.json';

/** The kind of value a column holds. */
export type RecordValueType = 'text' | 'quantity' | 'code' | 'amount' | 'rate' | 'identifier';

/** A column header concept: its terms per language and the member names it binds to. */
export interface RecordConcept {
  readonly id: string;
  readonly valueType: RecordValueType;
  /** Contract member names (lower case, words split by spaces) bound to this concept. */
  readonly memberNames: readonly string[];
  /** Language code → header terms, lower case. */
  readonly terms: Readonly<Record<string, readonly string[]>>;
}

/** Terms per language. */
export type TermsByLanguage = Readonly<Record<string, readonly string[]>>;

/** The record knowledge: header concepts, totals words, party preamble words. */
export interface RecordKnowledge {
  readonly id: string;
  readonly version: string;
  readonly concepts: readonly RecordConcept[];
  /** Words that open the line printing the sum of the rows (before tax). */
  readonly itemsTotal: TermsByLanguage;
  /** Words that open the line printing a document total. */
  readonly grandTotal: TermsByLanguage;
  /** Words that introduce a contract's parties (`by and between`). */
  readonly partyLeads: TermsByLanguage;
  /** Headings a contract prints before each party's name (`Party A:`, `Partie B :`), one per party. */
  readonly partyHeadings: TermsByLanguage;
  /** Words that join two parties (`and`). */
  readonly partyJoiners: TermsByLanguage;
  /** Words that introduce the term a party is called by afterwards (`hereinafter referred to as`, `nachfolgend`, `ci-après`). */
  readonly partyDefinedTermLeads: TermsByLanguage;
  /**
   * Words that close a party's description in a preamble by the side it takes (`d'une part`,
   * `einerseits`, `of the one part`, `no vienas puses`): the next party follows them.
   */
  readonly partySides: TermsByLanguage;
  /** Articles a language prints before a party's name that are no part of it (`der`, `la société`). */
  readonly partyNameArticles: TermsByLanguage;
  /** Suffixes a person's name prints after a comma (`Jr.`, `Sr.`, `III`): the name goes on past that comma. */
  readonly partyNameSuffixes: TermsByLanguage;
  /** Words an agreement in the first or second person calls its unnamed party by (`you`, `my`, `the undersigned`): an unsigned form of one company names no other party. */
  readonly partySelfWords: TermsByLanguage;
  /** Words an agreement's opening calls its parties by when they are those who sign it (`the undersigned hereby agree`, `the Parties signatory hereto`): its signature blocks list them. */
  readonly partySignatoryWords: TermsByLanguage;
  /** Words that open the signature block closing an agreement (`in witness whereof`). */
  readonly signatureLeads: TermsByLanguage;
  /** Keys a signature block prints under a party's name (`By`, `Name`, `Title`). */
  readonly signatureKeys: TermsByLanguage;
  /** Keys of a signature block that print the office of the person signing for a company (`Title`, `Its`, `Funktion`): who signs over them is an officer, no party. */
  readonly signatureOfficeKeys: TermsByLanguage;
  /** Words that open a witness's line in a signature block (`Witness`, `Zeuge`, `Témoin`): who signs under them is no party. */
  readonly signatureWitnesses: TermsByLanguage;
  /** Titles an officer prints after their name in a signature block (`Officer`, `Geschäftsführer`): no word of the company's name that follows. */
  readonly signatureOffices: TermsByLanguage;
  /** Words that open a letter's salutation (`Dear`, `Ladies and Gentlemen`, `Sehr geehrte`): the addressee block is above it. */
  readonly salutations: TermsByLanguage;
  /** Words printed before a company's name over its signature (`For and on behalf of`). */
  readonly signatureNamePrefixes: TermsByLanguage;
  /** Words a contract field's name, labels or tags use for a list of parties (`parties`, `Vertragsparteien`). */
  readonly partyListNames: TermsByLanguage;
  /** Member of a party object (`party-name`, `party-role`, `party-address`) → the contract member names bound to it. */
  readonly partyMemberNames: Readonly<Record<string, readonly string[]>>;
}

/** The record knowledge's tables of party words, by their key in the data's `partyPreamble`. */
export const PARTY_WORD_FIELDS = {
  leads: 'partyLeads',
  headings: 'partyHeadings',
  joiners: 'partyJoiners',
  definedTermLeads: 'partyDefinedTermLeads',
  sides: 'partySides',
  nameArticles: 'partyNameArticles',
  nameSuffixes: 'partyNameSuffixes',
  selfWords: 'partySelfWords',
  signatoryWords: 'partySignatoryWords',
  signatureLeads: 'signatureLeads',
  signatureKeys: 'signatureKeys',
  signatureOfficeKeys: 'signatureOfficeKeys',
  signatureWitnesses: 'signatureWitnesses',
  signatureOffices: 'signatureOffices',
  salutations: 'salutations',
  signatureNamePrefixes: 'signatureNamePrefixes',
  listNames: 'partyListNames',
  memberNames: 'partyMemberNames',
} as const satisfies Record<string, keyof RecordKnowledge>;

/** A field of the record knowledge holding party words. */
export type PartyWordField = (typeof PARTY_WORD_FIELDS)[keyof typeof PARTY_WORD_FIELDS];

export const VALUE_TYPES: readonly string[] = ['text', 'quantity', 'code', 'amount', 'rate', 'identifier'];

function fail(message: string): never {
  throw new InvalidKnowledgePackError(`Record knowledge: ${message}`);
}

function stringList(value: unknown, where: string): readonly string[] {
  if (!Array.isArray(value) || value.some((entry) => typeof entry !== 'string' || entry.trim() === '')) fail(`${where} must be a list of non-empty strings.`);
  return (value as string[]).map((entry) => entry.toLowerCase());
}

function termsByLanguage(value: unknown, where: string): TermsByLanguage {
  if (!isPlainObject(value)) fail(`${where} must map language codes to lists of terms.`);
  const result: Record<string, readonly string[]> = {};
  for (const [language, terms] of Object.entries(value)) result[language] = stringList(terms, `${where}.${language}`);
  return result;
}

/** A by-language table a record knowledge may leave out (none of its words known). */
function optionalTerms(value: unknown, where: string): TermsByLanguage {
  return value === undefined ? {} : termsByLanguage(value, where);
}

/**
 * Validates record knowledge data (the shape of `record-headers.json`) and freezes it.
 * @throws InvalidKnowledgePackError naming the first problem.
 */
export function validateRecordKnowledge(input: unknown): RecordKnowledge {
  if (!isPlainObject(input)) fail('the data must be an object.');
  const { id, version, concepts, totals, partyPreamble } = input as Record<string, unknown>;
  if (typeof id !== 'string' || typeof version !== 'string') fail('id and version must be strings.');
  if (!Array.isArray(concepts) || concepts.length === 0) fail('concepts must be a non-empty list.');
  const seen = new Set<string>();
  const parsed = concepts.map((concept, index): RecordConcept => {
    if (!isPlainObject(concept)) fail(`concepts[${index}] must be an object.`);
    const { id: conceptId, valueType, memberNames, terms } = concept as Record<string, unknown>;
    if (typeof conceptId !== 'string' || seen.has(conceptId)) fail(`concepts[${index}].id must be a unique string.`);
    seen.add(conceptId);
    if (typeof valueType !== 'string' || !VALUE_TYPES.includes(valueType)) fail(`concepts[${index}].valueType must be one of ${VALUE_TYPES.join(', ')}.`);
    return { id: conceptId, valueType: valueType as RecordValueType, memberNames: stringList(memberNames, `concepts[${index}].memberNames`), terms: termsByLanguage(terms, `concepts[${index}].terms`) };
  });
  if (!isPlainObject(totals) || !isPlainObject(partyPreamble)) fail('totals and partyPreamble must be objects.');
  const totalsRecord = totals as Record<string, unknown>;
  const preamble = partyPreamble as Record<string, unknown>;
  const partyWords: Record<string, TermsByLanguage> = {};
  for (const [key, field] of Object.entries(PARTY_WORD_FIELDS)) {
    partyWords[field] = key === 'leads' || key === 'joiners' ? termsByLanguage(preamble[key], `partyPreamble.${key}`) : optionalTerms(preamble[key], `partyPreamble.${key}`);
  }
  return deepFreeze({
    id,
    version,
    concepts: parsed,
    itemsTotal: termsByLanguage(totalsRecord['itemsTotal'], 'totals.itemsTotal'),
    grandTotal: termsByLanguage(totalsRecord['grandTotal'], 'totals.grandTotal'),
    ...(partyWords as Pick<RecordKnowledge, PartyWordField>),
  });
}

/** The built-in record knowledge (`record-headers@1.7.0`), validated once. */
export const recordKnowledge: () => RecordKnowledge = lazyConstant(() => validateRecordKnowledge(data));

/** Every term of a by-language table, lower case, longest first (so `unit price` wins over `price`). */
export function allTerms(terms: TermsByLanguage): readonly string[] {
  const unique = new Set<string>();
  for (const language of Object.keys(terms).sort()) for (const term of terms[language]!) unique.add(term);
  return [...unique].sort((left, right) => right.length - left.length || (left < right ? -1 : left > right ? 1 : 0));
}
