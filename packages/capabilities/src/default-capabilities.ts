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
import { DEFAULT_RECOGNIZERS } from './capabilities/shared/default-recognizers.js';
import type { ValueRecognizers } from './capabilities/shared/recognizer-port.js';
import { createValidationCapability } from './capabilities/validation/validation.js';
import type { Capability } from '@paxman/capability-spi';

/** The V1 deterministic field capabilities, in tier order. `recognizers` swaps the value recognizers. */
export function createDefaultCapabilities(options: { readonly recognizers?: ValueRecognizers } = {}): readonly Capability[] {
  const recognizers = options.recognizers ?? DEFAULT_RECOGNIZERS;
  return Object.freeze([
    createExplicitEvidenceCapability({ recognizers }),
    createRecordReadingCapability(),
    createPatternExtractionCapability({ recognizers }),
    createClauseReadingCapability({ recognizers }),
    createLookupCapability(),
    createDerivedCapability(),
    createValidationCapability(),
  ]);
}
