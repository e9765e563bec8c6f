/**
 * The knowledge an instance reads documents with: the built-in packs (the lexicon of every
 * built-in language, the EN 16931 business terms) plus the packs the caller gives
 * (`createPaxman({ knowledge: [...] })`, `--knowledge <pack.json>`). Each pack is validated
 * (`InvalidKnowledgePackError` naming every problem) and compiled once, when the instance is
 * made; every pack used is named with its fingerprint in each artifact (`versions.knowledge`)
 * and replay refuses an instance whose packs differ.
 */
import { type CompiledStructuredData, type KnowledgePack, builtInLexiconPacks, compileLexicon, compileStructuredData, en16931Pack, packFingerprint, packKey, validateKnowledgePack } from '@paxman/knowledge';
import { createLexicon, type Lexicon } from '@paxman/values';

/** What an instance's capabilities read with, and how artifacts name it. */
export interface InstanceKnowledge {
  readonly lexicon: Lexicon;
  /** The structured-data terms (the last pack with a `structuredData` section: a user's replaces EN 16931). */
  readonly structuredData: CompiledStructuredData | null;
  /** `id@version` → fingerprint of every pack, as artifacts record them. */
  readonly versions: Readonly<Record<string, string>>;
}

/** Validates and compiles the built-in packs plus the caller's (objects parsed from JSON, or packs). */
export function instanceKnowledge(userPacks: readonly unknown[] = []): InstanceKnowledge {
  const packs: KnowledgePack[] = [...builtInLexiconPacks(), en16931Pack(), ...userPacks.map((pack) => validateKnowledgePack(pack))];
  const versions: Record<string, string> = {};
  for (const pack of packs) versions[packKey(pack)] = packFingerprint(pack);
  const structured = packs.filter((pack) => pack.structuredData !== undefined).at(-1) ?? en16931Pack();
  return Object.freeze({
    lexicon: createLexicon(compileLexicon(packs)),
    structuredData: compileStructuredData(structured),
    versions: Object.freeze(versions),
  });
}
