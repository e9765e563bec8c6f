/**
 * Clause knowledge as data (`packs/contract-clauses-<language>.json`, one pack per language:
 * English, German, French and Latvian built in): how a language's contracts
 * state their date, the date they take effect, the law that governs them and their title.
 * A contract says these in sentences, not beside labels, so the pack holds patterns over
 * the prose ("made and entered into as of", "governed by … the laws of", a heading in
 * capitals ending in AGREEMENT) and the places a people's adjective names ("English" →
 * England). This module only checks the data once and types it; `clause_reading` compiles
 * the patterns per instance, so no word of a contract's language lives in its code.
 *
 * The patterns are JavaScript regular expressions and run as written: load a clause pack
 * only from a source you trust as you trust code (a lexicon pack, matched by words, has no
 * such concern).
 */
import { InvalidKnowledgePackError, deepFreeze, isPlainObject, lazyConstant } from '@paxman/core';
import { PACK_ID, PACK_VERSION } from './knowledge-pack.js';
import { examplesSectionProblems, type PackExample } from './pack-examples.js';
import de from './packs/contract-clauses-de.json';
import data from './packs/contract-clauses-en.json';
import fr from './packs/contract-clauses-fr.json';
import lv from './packs/contract-clauses-lv.json';

/** A regular expression as data: its source and flags (`g`, `i`, `m`, `d` …). */
export interface ClausePattern {
  readonly source: string;
  readonly flags: string;
  /** What the pattern finds, for the person who reads or writes the pack. */
  readonly description?: string;
}

/**
 * The patterns a clause pack names (groups as the descriptions in the built-in pack say):
 * the title's heading and its parts, the leads of the agreement's and the effective date,
 * the recitals and citations of other agreements, a letter's salutation, ordinal dates, and
 * the governing-law clauses and the words around a place.
 */
export const CLAUSE_PATTERN_NAMES = [
  'title-heading',
  'title-prefix',
  'exhibit-mark',
  'title-kind-at-end',
  'title-goes-on',
  'title-continuation',
  'title-case-heading',
  'self-reference',
  'generic-self-reference',
  'self-reference-words',
  'preamble-start',
  'legal-form',
  'sentence-word',
  'takes-effect',
  'at-its-date',
  'said-of-agreement',
  'said-of-other',
  'term-begins',
  'effective-defined',
  'recitals-start',
  'cites-another',
  'effective-date-is',
  'salutation',
  'ordinal-day',
  'ordinal-day-at',
  'effective-term',
  'governing-law',
  'law-applies',
  'place-law',
  'place-goes-on',
  'place-adjective-ending',
  'not-a-place',
  'not-a-place-name',
  'place-kind',
  'place-kind-after',
  'about-this-agreement',
  'incorporation',
  'and-state',
  'place-stop',
] as const;
export type ClausePatternName = (typeof CLAUSE_PATTERN_NAMES)[number];

/** The pattern lists a clause pack names: the lead-ins that end right before a date. */
export const CLAUSE_LEAD_NAMES = ['agreement-date-leads', 'effective-date-leads', 'body-effective-leads', 'execution-date-leads', 'head-date-labels'] as const;
/** Patterns a pack may leave out (added after packs were first written): what stands in for each, a pattern that matches nothing. */
const OPTIONAL_PATTERNS: Readonly<Partial<Record<ClausePatternName, ClausePattern>>> = { 'said-of-other': { source: '(?!)', flags: '' } };
/** Lead lists a pack may leave out (read as empty): the ones added after packs were first written. */
const OPTIONAL_LEADS: readonly ClauseLeadName[] = ['execution-date-leads', 'head-date-labels'];
export type ClauseLeadName = (typeof CLAUSE_LEAD_NAMES)[number];

/** A clause pack: a language's contract clauses as patterns, and the places its adjectives name. */
export interface ClauseKnowledge {
  readonly id: string;
  readonly version: string;
  readonly description: string;
  /** The BCP 47 tag of the contracts' language. */
  readonly language: string;
  readonly patterns: Readonly<Record<ClausePatternName, ClausePattern>>;
  readonly leads: Readonly<Record<ClauseLeadName, readonly ClausePattern[]>>;
  /** A people's adjective → the place it names in "governed by English law" ("English" → "England"). */
  readonly placeAdjectives: Readonly<Record<string, string>>;
  /** Example cases: contracts and the values the pack must let Paxman read from them (tests as data, never read by the mechanisms). */
  readonly examples?: readonly PackExample[];
}

/** Whether `input` has a clause pack's shape (its `patterns` table) rather than a knowledge pack's sections. */
export function isClauseKnowledgeData(input: unknown): boolean {
  return isPlainObject(input) && isPlainObject((input as Record<string, unknown>).patterns);
}


function fail(message: string): never {
  throw new InvalidKnowledgePackError(`Clause knowledge: ${message}`);
}

function pattern(value: unknown, where: string): ClausePattern {
  if (!isPlainObject(value)) fail(`${where} must be an object with a source and flags.`);
  const { source, flags, description } = value as Record<string, unknown>;
  if (typeof source !== 'string' || source === '' || typeof flags !== 'string') fail(`${where} needs a non-empty source and a flags string.`);
  try {
    new RegExp(source, flags);
  } catch (error) {
    fail(`${where} is not a valid regular expression (${(error as Error).message}).`);
  }
  return typeof description === 'string' ? { source, flags, description } : { source, flags };
}

/**
 * Validates clause knowledge data (the shape of `contract-clauses-en.json`) and freezes it.
 * @throws InvalidKnowledgePackError naming the first problem.
 */
export function validateClauseKnowledge(input: unknown): ClauseKnowledge {
  if (!isPlainObject(input)) fail('the data must be an object.');
  const { id, version, description, language, patterns, placeAdjectives, examples } = input as Record<string, unknown>;
  if (typeof id !== 'string' || typeof version !== 'string' || typeof language !== 'string') fail('id, version and language must be strings.');
  if (!PACK_ID.test(id) || !PACK_VERSION.test(version)) fail('id must be a lower-case id (letters, digits, hyphens) and version a semver version (1.0.0).');
  if (!isPlainObject(patterns)) fail('patterns must map pattern names to patterns.');
  // A pack validated before holds its lead lists apart (`leads`): read again, they join its patterns.
  const { leads: validatedLeads } = input as Record<string, unknown>;
  const table = { ...(isPlainObject(validatedLeads) ? (validatedLeads as Record<string, unknown>) : {}), ...(patterns as Record<string, unknown>) };
  const named = {} as Record<ClausePatternName, ClausePattern>;
  for (const name of CLAUSE_PATTERN_NAMES) named[name] = pattern(table[name] ?? OPTIONAL_PATTERNS[name], `patterns.${name}`);
  const leads = {} as Record<ClauseLeadName, readonly ClausePattern[]>;
  for (const name of CLAUSE_LEAD_NAMES) {
    const list = table[name] ?? (OPTIONAL_LEADS.includes(name) ? [] : undefined);
    if (!Array.isArray(list)) fail(`patterns.${name} must be a list of patterns.`);
    leads[name] = list.map((entry, index) => pattern(entry, `patterns.${name}[${index}]`));
  }
  const unknown = Object.keys(table).filter((name) => !(CLAUSE_PATTERN_NAMES as readonly string[]).includes(name) && !(CLAUSE_LEAD_NAMES as readonly string[]).includes(name));
  if (unknown.length > 0) fail(`patterns.${unknown[0]} is not a clause pattern (${[...CLAUSE_PATTERN_NAMES, ...CLAUSE_LEAD_NAMES].join(', ')}).`);
  const adjectives = placeAdjectives ?? {};
  if (!isPlainObject(adjectives) || Object.values(adjectives).some((place) => typeof place !== 'string' || place.trim() === '')) fail('placeAdjectives must map adjectives to place names.');
  const problems: string[] = [];
  if (examples !== undefined) examplesSectionProblems(examples, problems);
  if (problems.length > 0) fail(problems.join('; '));
  return deepFreeze({
    id,
    version,
    description: typeof description === 'string' ? description : '',
    language,
    patterns: named,
    leads,
    placeAdjectives: { ...(adjectives as Record<string, string>) },
    ...(examples === undefined ? {} : { examples: structuredClone(examples) as PackExample[] }),
  });
}

/** The built-in clause knowledge of English contracts (`contract-clauses-en@1.2.0`), validated once. */
export const contractClauses: () => ClauseKnowledge = lazyConstant(() => validateClauseKnowledge(data));

/**
 * The built-in clause packs, one per language (English, German, French, Latvian), validated once:
 * `clause_reading` reads a contract with each, and an instance names each in its artifacts.
 */
export const builtInClausePacks: () => readonly ClauseKnowledge[] = lazyConstant(() => Object.freeze([contractClauses(), validateClauseKnowledge(de), validateClauseKnowledge(fr), validateClauseKnowledge(lv)]));
