/**
 * The V1 field capabilities, ready to register: explicit evidence and record reading (tier 1), pattern
 * extraction and clause reading (tier 2), lookup (tier 3), derived relations and
 * validation (tier 4).
 *
 * @example
 * const registry = createCapabilityRegistry(createDefaultCapabilities());
 */
import { createClauseReadingCapability } from './capabilities/clause-reading/clause-reading.js';
import { createDerivedCapability } from './capabilities/derived/derived.js';
import { createExplicitEvidenceCapability } from './capabilities/explicit-evidence/explicit-evidence.js';
import { createLookupCapability } from './capabilities/lookup/lookup.js';
import { createPatternExtractionCapability } from './capabilities/pattern-extraction/pattern-extraction.js';
import { createRecordReadingCapability } from './capabilities/record-reading/record-reading.js';
import { recognizersFor } from './capabilities/shared/default-recognizers.js';
import type { ValueRecognizers } from './capabilities/shared/recognizer-port.js';
import { createValidationCapability } from './capabilities/validation/validation.js';
import type { Capability } from '@paxman/capability-spi';
import { defaultLexicon, type Lexicon } from '@paxman/values';
import type { ClauseKnowledge, CompiledStructuredData, RecordKnowledge } from '@paxman/knowledge';

/** Options of `createDefaultCapabilities`. */
export interface DefaultCapabilityOptions {
  /** Swaps the value recognizers. */
  readonly recognizers?: ValueRecognizers;
  /** The instance's lexicon (`createLexicon(compileLexicon(packs))`); the built-in packs' by default. */
  readonly lexicon?: Lexicon;
  /** The structured-data terms `explicit_evidence` binds fields to; the built-in EN 16931 pack by default. */
  readonly structuredData?: CompiledStructuredData | null;
  /** The record knowledge `record_reading` and the scalar finders read record sets with (the built-in merged with the packs' `records` sections); the built-in by default. */
  readonly records?: RecordKnowledge;
  /** The clause packs `clause_reading` reads contracts with, one per language; the built-in packs (`builtInClausePacks()`) by default. */
  readonly clauses?: readonly ClauseKnowledge[];
}

/** The V1 deterministic field capabilities, in tier order, reading with the given recognizers and lexicon. */
export function createDefaultCapabilities(options: DefaultCapabilityOptions = {}): readonly Capability[] {
  const lexicon = options.lexicon ?? defaultLexicon();
  const recognizers = options.recognizers ?? recognizersFor(lexicon);
  const records = options.records === undefined ? {} : { records: options.records };
  return Object.freeze([
    createExplicitEvidenceCapability({ recognizers, lexicon, ...records, ...(options.structuredData === undefined ? {} : { structuredData: options.structuredData }) }),
    createRecordReadingCapability({ lexicon, ...records }),
    createPatternExtractionCapability({ recognizers, lexicon }),
    createClauseReadingCapability({ recognizers, lexicon, ...(options.clauses === undefined ? {} : { clauses: options.clauses }) }),
    createLookupCapability(),
    createDerivedCapability({ lexicon }),
    createValidationCapability({ lexicon }),
  ]);
}
