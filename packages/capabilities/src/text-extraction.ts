/**
 * The `text_extraction` capability: the tier-1 step that turns the raw input into the
 * Document (see `buildDocument`). It is not invoked per field — the executor calls
 * `extract` once per run and hands the frozen Document to every field step.
 */
import type { CapabilitySpec } from '@paxman/capability-spi';
import { buildDocument, type BuildDocumentOptions, type Document } from '@paxman/document';

/** The text-extraction capability: its spec and `extract`. */
export interface TextExtraction {
  readonly spec: CapabilitySpec;
  /** Builds the run's Document; never throws. */
  extract(input: string | Uint8Array, options?: BuildDocumentOptions): Promise<Document>;
}

/** `text_extraction@1.2.0`. */
export const textExtraction: TextExtraction = Object.freeze({
  spec: Object.freeze({
    id: 'text_extraction',
    version: '1.2.0',
    tier: 1,
    acceptsTypes: Object.freeze(['*'] as const),
    costHint: Object.freeze({ tokens: 0, ms: 1, usd: '0' }),
    deterministic: true,
    description: 'Raw input → Document: text layers, lines, key-values, tables, e-mail, CSV, JSON tree, PDF text.',
  }) as CapabilitySpec,
  extract: (input: string | Uint8Array, options?: BuildDocumentOptions): Promise<Document> => buildDocument(input, options),
});
