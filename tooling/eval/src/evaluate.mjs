/**
 * Runs `normalize` (deterministic tiers only) on every case of the given corpora and
 * scores the artifacts. A case whose normalization throws or returns something that is
 * not an artifact counts as a crash. A corpus whose documents carry structured data (an
 * e-invoice's XML: any artifact with `STRUCTURED_DATA` evidence) is scored a second time
 * from its pages alone (`structuredData: 'ignore'`), as `<name> (page only)`. ARRAY fields
 * are scored apart (`arrays` per case, `score-array.mjs`); the scalar outcomes never hold them.
 */
import { readFileSync } from 'node:fs';
import { loadCorpus } from './corpus.mjs';
import { scoreCase } from './score.mjs';
import { arrayShapesOf, scoreArrays } from './score-array.mjs';

export const DETERMINISTIC_ONLY = Object.freeze({ allowLocalInference: false, allowRemoteInference: false });

/**
 * @param {{ corpusFolders: string[], normalize: (input: Uint8Array, options: object) => Promise<object>, onCase?: (corpus: string, id: string) => void }} options
 */
export async function evaluate({ corpusFolders, normalize, onCase }) {
  const corpora = [];
  for (const folder of corpusFolders) {
    const corpus = loadCorpus(folder);
    const scored = await evaluateCorpus(corpus, corpus.name, DETERMINISTIC_ONLY, normalize, onCase);
    corpora.push(scored);
    const structured = scored.cases.some((entry) => entry.artifact?.evidence?.some((record) => record.kind === 'STRUCTURED_DATA'));
    if (structured) corpora.push(await evaluateCorpus(corpus, `${corpus.name} (page only)`, PAGE_ONLY, normalize, onCase));
  }
  return { corpora };
}

/** The deterministic tiers, with any structured data the documents carry left unread. */
export const PAGE_ONLY = Object.freeze({ ...DETERMINISTIC_ONLY, structuredData: 'ignore' });

async function evaluateCorpus(corpus, name, policy, normalize, onCase) {
    const cases = [];
    let crashes = 0;
    for (const entry of corpus.cases) {
      onCase?.(name, entry.id);
      let artifact = null;
      let error = null;
      try {
        artifact = await normalize(new Uint8Array(readFileSync(entry.inputPath)), { contract: corpus.contract, policy });
        if (artifact === null || typeof artifact !== 'object' || typeof artifact.status !== 'string') throw new Error('normalize returned no artifact');
      } catch (caught) {
        error = caught instanceof Error ? `${caught.name}: ${caught.message}` : String(caught);
        artifact = null;
        crashes += 1;
      }
      const { outcomes } = scoreCase({ artifact, expected: entry.expected, fieldTypes: corpus.fieldTypes });
      const arrays = scoreArrays({ artifact, expected: entry.expected, shapes: arrayShapesOf(corpus.contract) });
      cases.push({ id: entry.id, artifact, error, outcomes, arrays });
    }
    return { name, cases, crashes };
}
