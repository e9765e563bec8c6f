/**
 * Runs `normalize` (deterministic tiers only) on every case of the given corpora and
 * scores the artifacts. A case whose normalization throws or returns something that is
 * not an artifact counts as a crash.
 */
import { readFileSync } from 'node:fs';
import { loadCorpus } from './corpus.mjs';
import { scoreCase } from './score.mjs';

export const DETERMINISTIC_ONLY = Object.freeze({ allowLocalInference: false, allowRemoteInference: false });

/**
 * @param {{ corpusFolders: string[], normalize: (input: Uint8Array, options: object) => Promise<object>, onCase?: (corpus: string, id: string) => void }} options
 */
export async function evaluate({ corpusFolders, normalize, onCase }) {
  const corpora = [];
  for (const folder of corpusFolders) {
    const corpus = loadCorpus(folder);
    const cases = [];
    let crashes = 0;
    for (const entry of corpus.cases) {
      onCase?.(corpus.name, entry.id);
      let artifact = null;
      let error = null;
      try {
        artifact = await normalize(new Uint8Array(readFileSync(entry.inputPath)), { contract: corpus.contract, policy: DETERMINISTIC_ONLY });
        if (artifact === null || typeof artifact !== 'object' || typeof artifact.status !== 'string') throw new Error('normalize returned no artifact');
      } catch (caught) {
        error = caught instanceof Error ? `${caught.name}: ${caught.message}` : String(caught);
        artifact = null;
        crashes += 1;
      }
      const { outcomes } = scoreCase({ artifact, expected: entry.expected, fieldTypes: corpus.fieldTypes });
      cases.push({ id: entry.id, artifact, error, outcomes });
    }
    corpora.push({ name: corpus.name, cases, crashes });
  }
  return { corpora };
}
