/**
 * The real pipeline stages: the capabilities package builds the Document and supplies
 * the V1 capabilities and document-wide reading hints, the executor runs the plan, and
 * the reconciler's rubric scores fields for early stop.
 */
import { createDefaultCapabilities, inferDocumentContext, textExtraction } from '@paxman/capabilities';
import { run } from '@paxman/executor';
import { createFieldScorer } from '@paxman/reconciler';
import type { PipelineStages } from './pipeline-stages.js';

const stages: PipelineStages = {
  defaultCapabilities: () => createDefaultCapabilities(),
  documentBuilder: { id: textExtraction.spec.id, version: textExtraction.spec.version },
  buildDocument: (bytes, options) => textExtraction.extract(bytes, { inputType: options.profile.inputType }),
  documentContext: (document) => {
    const text = document.layers[document.primaryLayer]?.text ?? document.layers['input']?.text ?? '';
    const hints = inferDocumentContext(text);
    return { dominantCurrency: hints.dominantCurrency };
  },
  execute: (options) => run(options),
  fieldScorer: (contract, policy, documentContext) => createFieldScorer(contract, policy, documentContext),
};

export const defaultStages: PipelineStages = Object.freeze(stages);
