/**
 * The real pipeline stages: the capabilities package builds the Document (which carries
 * the document's conventions) and supplies the V1 capabilities, the executor runs the plan, and
 * the reconciler's rubric scores fields for early stop.
 */
import { createDefaultCapabilities, textExtraction } from '@paxman/capabilities';
import { run } from '@paxman/executor';
import { createFieldScorer } from '@paxman/reconciler';
import type { PipelineStages } from './pipeline-stages.js';

const stages: PipelineStages = {
  defaultCapabilities: (knowledge) => createDefaultCapabilities({ lexicon: knowledge.lexicon, structuredData: knowledge.structuredData, records: knowledge.records, clauses: knowledge.clauses }),
  documentBuilder: { id: textExtraction.spec.id, version: textExtraction.spec.version },
  buildDocument: (bytes, options) =>
    textExtraction.extract(bytes, { inputType: options.profile.inputType, ...(options.ocr === undefined ? {} : { ocr: options.ocr }), ...(options.pdf === undefined ? {} : { pdf: options.pdf }), ...(options.signal === undefined ? {} : { signal: options.signal }), ...(options.words === undefined ? {} : { words: options.words }) }),
  execute: (options) => run(options),
  fieldScorer: (contract, policy, documentContext) => createFieldScorer(contract, policy, documentContext),
};

export const defaultStages: PipelineStages = Object.freeze(stages);
