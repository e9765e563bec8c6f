/**
 * The knowledge an instance reads documents with: the built-in packs (the lexicon of every
 * built-in language, the EN 16931 business terms, the record knowledge) plus the packs the caller gives
 * (`createPaxman({ knowledge: [...] })`, `--knowledge <pack.json>`). Each pack is validated
 * (`InvalidKnowledgePackError` naming every problem) and compiled once, when the instance is
 * made; every pack used is named with its fingerprint in each artifact (`versions.knowledge`)
 * and replay refuses an instance whose packs differ.
 *
 * Clause packs (the shape of `contract-clauses-en.json`: a `patterns` table, one pack per
 * language) are told from knowledge packs by that table. A user's clause pack is added to the
 * built-in ones (English, German, French, Latvian), so a contract is read with every language's pack;
 * one whose id is a built-in pack's (`contract-clauses-en`) replaces that pack instead.
 */
import { lazyConstant } from '@paxman/core';
import {
  type CompiledStructuredData,
  type KnowledgePack,
  type RecordKnowledge,
  type RecordsSection,
  type ClauseKnowledge,
  builtInClausePacks,
  builtInLexiconPacks,
  compileLexicon,
  compileStructuredData,
  en16931Pack,
  mergeRecordKnowledge,
  packFingerprint,
  isClauseKnowledgeData,
  packKey,
  recordKnowledge,
  validateClauseKnowledge,
  validateKnowledgePack,
} from '@paxman/knowledge';
import { type StructureWords, structureWordsOf } from '@paxman/document';
import { createLexicon, defaultLexicon, type Lexicon } from '@paxman/values';

/** What an instance's capabilities read with, and how artifacts name it. */
export interface InstanceKnowledge {
  readonly lexicon: Lexicon;
  /** The lexicon's words the document builder reads signature blocks and tax summaries by. */
  readonly structureWords: StructureWords;
  /** The structured-data terms (the last pack with a `structuredData` section: a user's replaces EN 16931). */
  readonly structuredData: CompiledStructuredData | null;
  /** The record knowledge: the built-in column headers, totals and party words with the packs' `records` sections added. */
  readonly records: RecordKnowledge;
  /** The clause packs `clause_reading` reads contracts with: the built-in ones, a user's added (or replacing the built-in pack of its id). */
  readonly clauses: readonly ClauseKnowledge[];
  /** `id@version` → fingerprint of every pack (clause packs too), as artifacts record them. */
  readonly versions: Readonly<Record<string, string>>;
  /** The BCP 47 languages of the caller's lexicon packs (none for the built-in packs alone): the OCR reads in them. */
  readonly languages: readonly string[];
}

/** The packs every instance reads with: the built-in lexicon packs, then EN 16931. */
export function builtInPacks(): KnowledgePack[] {
  return [...builtInLexiconPacks(), en16931Pack()];
}

/** `id@version` → fingerprint of each pack and each clause pack. */
function versionsOf(packs: readonly KnowledgePack[], clauses: readonly ClauseKnowledge[]): Readonly<Record<string, string>> {
  const versions: Record<string, string> = {};
  for (const pack of packs) versions[packKey(pack)] = packFingerprint(pack);
  for (const pack of clauses) versions[packKey(pack)] = packFingerprint(pack);
  return Object.freeze(versions);
}

/** The built-in clause packs with the user's: each added, or put in the place of the built-in pack of its id. */
export function withUserClausePacks(own: readonly ClauseKnowledge[]): readonly ClauseKnowledge[] {
  const packs = [...builtInClausePacks()];
  for (const pack of own) {
    const same = packs.findIndex((builtIn) => builtIn.id === pack.id);
    if (same >= 0) packs[same] = pack;
    else packs.push(pack);
  }
  return Object.freeze(packs);
}

/**
 * The built-in packs' knowledge, built once per process on first use (it depends on the
 * packs alone and is immutable): an instance without packs of its own shares it instead of
 * normalizing and fingerprinting every term again (about 19 ms per `createPaxman`).
 */
const builtInKnowledge = lazyConstant(
  (): InstanceKnowledge =>
    Object.freeze({
      lexicon: defaultLexicon(),
      structureWords: structureWordsOf(defaultLexicon()),
      structuredData: compileStructuredData(en16931Pack()),
      records: recordKnowledge(),
      clauses: builtInClausePacks(),
      versions: versionsOf(builtInPacks(), builtInClausePacks()),
      languages: Object.freeze([]),
    }),
);

/** Validates and compiles the built-in packs plus the caller's (objects parsed from JSON, or packs). */
export function instanceKnowledge(userPacks: readonly unknown[] = []): InstanceKnowledge {
  if (userPacks.length === 0) return builtInKnowledge();
  const own = userPacks.filter((pack) => !isClauseKnowledgeData(pack)).map((pack) => validateKnowledgePack(pack));
  const clauses = withUserClausePacks(userPacks.filter((pack) => isClauseKnowledgeData(pack)).map((pack) => validateClauseKnowledge(pack)));
  const packs: KnowledgePack[] = [...builtInPacks(), ...own];
  const structured = packs.filter((pack) => pack.structuredData !== undefined).at(-1) ?? en16931Pack();
  const lexicon = createLexicon(compileLexicon(packs));
  return Object.freeze({
    lexicon,
    structureWords: structureWordsOf(lexicon),
    structuredData: compileStructuredData(structured),
    records: mergeRecordKnowledge(
      recordKnowledge(),
      own.flatMap((pack): RecordsSection[] => (pack.records === undefined ? [] : [pack.records])),
    ),
    clauses,
    versions: versionsOf(packs, clauses),
    languages: Object.freeze([...new Set(own.flatMap((pack) => (pack.lexicon === undefined ? [] : [pack.lexicon.language])))]),
  });
}
