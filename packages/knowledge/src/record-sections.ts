/**
 * The `records` section of a knowledge pack: what a user adds to the built-in record
 * knowledge for another language or document kind — the header terms of a column concept
 * (`Antal`, `À-pris`), a new concept with the member names it binds to, the words that open
 * a totals line under a table, and the words of a contract's party list. A section has the
 * shape of the built-in `record-headers` data with every part optional; it is checked with
 * the rest of its pack (each problem named with its path) and merged into the built-in
 * knowledge once per instance: terms are added per language, never removed.
 */
import { deepFreeze, isPlainObject } from '@paxman/core';
import { MAX_TERM_LENGTH, validTermList } from './term-list.js';
import { PARTY_WORD_FIELDS, VALUE_TYPES, type RecordConcept, type RecordKnowledge, type RecordValueType, type TermsByLanguage } from './record-knowledge.js';

/** A column concept in a pack's `records` section: a built-in id adds terms; a new id also states its value type and member names. */
export interface RecordsSectionConcept {
  readonly id: string;
  readonly valueType?: RecordValueType;
  readonly memberNames?: readonly string[];
  readonly terms?: TermsByLanguage;
}

/** A pack's `records` section. */
export interface RecordsSection {
  readonly concepts?: readonly RecordsSectionConcept[];
  readonly totals?: { readonly itemsTotal?: TermsByLanguage; readonly grandTotal?: TermsByLanguage };
  readonly partyPreamble?: Readonly<Partial<Record<keyof typeof PARTY_WORD_FIELDS, TermsByLanguage>>>;
}

function checkTerms(value: unknown, path: string, problems: string[]): void {
  if (!isPlainObject(value)) {
    problems.push(`${path}: must map language codes to lists of terms`);
    return;
  }
  for (const [language, terms] of Object.entries(value)) {
    if (!validTermList(terms)) problems.push(`${path}.${language}: must be a list of non-empty single-line terms of at most ${MAX_TERM_LENGTH} characters`);
  }
}

/** Adds to `problems` what is wrong with a pack's `records` section (`builtInIds`: the concepts it may extend without restating them). */
export function recordsSectionProblems(input: unknown, builtInIds: ReadonlySet<string>, problems: string[]): void {
  if (!isPlainObject(input)) {
    problems.push('records: must be an object');
    return;
  }
  for (const key of Object.keys(input)) if (!['concepts', 'totals', 'partyPreamble'].includes(key)) problems.push(`records.${key}: is not a part of a records section`);
  const { concepts, totals, partyPreamble } = input;
  if (concepts !== undefined) {
    if (!Array.isArray(concepts)) problems.push('records.concepts: must be a list');
    else
      concepts.forEach((concept: unknown, index) => {
        const at = `records.concepts[${index}]`;
        if (!isPlainObject(concept) || typeof concept.id !== 'string' || concept.id === '') return void problems.push(`${at}: must be an object with an id`);
        const known = builtInIds.has(concept.id);
        if (concept.valueType !== undefined || !known) {
          if (typeof concept.valueType !== 'string' || !VALUE_TYPES.includes(concept.valueType)) problems.push(`${at}.valueType: must be one of ${VALUE_TYPES.join(', ')}${known ? '' : ` (a new concept, "${concept.id}", states it)`}`);
        }
        if (concept.memberNames !== undefined || !known) {
          if (!validTermList(concept.memberNames)) problems.push(`${at}.memberNames: must be a list of member names${known ? '' : ` (a new concept, "${concept.id}", states them)`}`);
        }
        if (concept.terms !== undefined || !known) checkTerms(concept.terms, `${at}.terms`, problems);
      });
  }
  if (totals !== undefined) {
    if (!isPlainObject(totals)) problems.push('records.totals: must be an object');
    else
      for (const [key, terms] of Object.entries(totals)) {
        if (key !== 'itemsTotal' && key !== 'grandTotal') problems.push(`records.totals.${key}: is not itemsTotal or grandTotal`);
        else checkTerms(terms, `records.totals.${key}`, problems);
      }
  }
  if (partyPreamble !== undefined) {
    if (!isPlainObject(partyPreamble)) problems.push('records.partyPreamble: must be an object');
    else
      for (const [key, terms] of Object.entries(partyPreamble)) {
        if (!Object.hasOwn(PARTY_WORD_FIELDS, key)) problems.push(`records.partyPreamble.${key}: is not one of ${Object.keys(PARTY_WORD_FIELDS).join(', ')}`);
        else checkTerms(terms, `records.partyPreamble.${key}`, problems);
      }
  }
}

/** `base` with `added`'s terms appended per key (lower case, each once, in order). */
function withTerms(base: TermsByLanguage, added: TermsByLanguage | undefined): TermsByLanguage {
  if (added === undefined) return base;
  const merged: Record<string, readonly string[]> = { ...base };
  for (const [key, terms] of Object.entries(added)) merged[key] = [...new Set([...(merged[key] ?? []), ...terms.map((term) => term.toLowerCase())])];
  return merged;
}

function mergeConcept(base: RecordConcept | undefined, section: RecordsSectionConcept): RecordConcept {
  return {
    id: section.id,
    valueType: section.valueType ?? base!.valueType,
    memberNames: [...new Set([...(base?.memberNames ?? []), ...(section.memberNames ?? []).map((name) => name.toLowerCase())])],
    terms: withTerms(base?.terms ?? {}, section.terms),
  };
}

/**
 * The record knowledge an instance reads with: `base` (the built-in) with each section's
 * terms added, in the order the packs were given. Sections must have been checked with
 * `recordsSectionProblems` (pack validation does it).
 */
export function mergeRecordKnowledge(base: RecordKnowledge, sections: readonly RecordsSection[]): RecordKnowledge {
  if (sections.length === 0) return base;
  const concepts = new Map(base.concepts.map((concept) => [concept.id, concept]));
  let merged: RecordKnowledge = base;
  for (const section of sections) {
    for (const concept of section.concepts ?? []) concepts.set(concept.id, mergeConcept(concepts.get(concept.id), concept));
    const partyWords: Record<string, TermsByLanguage> = {};
    for (const [key, field] of Object.entries(PARTY_WORD_FIELDS)) partyWords[field] = withTerms(merged[field], section.partyPreamble?.[key as keyof typeof PARTY_WORD_FIELDS]);
    merged = {
      ...merged,
      itemsTotal: withTerms(merged.itemsTotal, section.totals?.itemsTotal),
      grandTotal: withTerms(merged.grandTotal, section.totals?.grandTotal),
      ...(partyWords as Pick<RecordKnowledge, (typeof PARTY_WORD_FIELDS)[keyof typeof PARTY_WORD_FIELDS]>),
    };
  }
  return deepFreeze({ ...merged, concepts: [...concepts.values()] });
}
