/**
 * `--knowledge <pack.json>` (repeatable) for `normalize` and `replay`: knowledge packs read
 * besides the built-in ones — a lexicon for another language or locale, the business terms
 * of another structured-data standard, a clause pack for another language's contracts
 * (docs/guides/knowledge-pack.md). A file that cannot
 * be read or is not JSON is a usage error naming it; an invalid pack is one naming every
 * problem (the instance validates it).
 */
import { PaxmanError } from 'paxman';
import { readInputFile, UsageError } from './option-files.js';

/** The packs of the `--knowledge` files, parsed (validated when the instance is made). */
export async function readKnowledgePacks(files: readonly string[] | undefined): Promise<unknown[]> {
  const packs: unknown[] = [];
  for (const file of files ?? []) {
    const text = (await readInputFile(file, 'knowledge pack')).toString('utf8');
    try {
      packs.push(JSON.parse(text) as unknown);
    } catch (error) {
      throw new UsageError(`--knowledge ${file} is not valid JSON: ${(error as Error).message}`);
    }
  }
  return packs;
}

/** Makes the command's instance; an invalid knowledge pack is a usage error listing its problems. */
export function instanceWithKnowledge<T>(make: () => T): T {
  try {
    return make();
  } catch (error) {
    if (PaxmanError.isInstance(error) && error.code === 'INVALID_KNOWLEDGE_PACK') throw new UsageError(`--knowledge: ${error.message}`);
    throw error;
  }
}
