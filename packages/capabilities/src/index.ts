/**
 * @paxman/capabilities — the built-in deterministic capabilities: `text_extraction`
 * (input → Document, once per run), `explicit_evidence`, `record_reading`, `pattern_extraction`, `lookup`,
 * `derived` and `validation`. What a capability is lives in `@paxman/capability-spi`,
 * the Document in `@paxman/document`, value recognizers in `@paxman/values`.
 */
export { textExtraction, type TextExtraction } from './text-extraction.js';
export { createDefaultCapabilities } from './default-capabilities.js';
export { EXPLICIT_EVIDENCE_SPEC, configureExplicitEvidence, createExplicitEvidenceCapability } from './capabilities/explicit-evidence/explicit-evidence.js';
export { RECORD_READING_SPEC, bindMember, configureRecordReading, createRecordReadingCapability } from './capabilities/record-reading/record-reading.js';
export { PATTERN_EXTRACTION_SPEC, configurePatternExtraction, createPatternExtractionCapability } from './capabilities/pattern-extraction/pattern-extraction.js';
export { CLAUSE_READING_SPEC, configureClauseReading, createClauseReadingCapability } from './capabilities/clause-reading/clause-reading.js';
export { LOOKUP_SPEC, configureLookup, createLookupCapability, normalizeLookupKey } from './capabilities/lookup/lookup.js';
export { DERIVED_SPEC, configureDerived, createDerivedCapability } from './capabilities/derived/derived.js';
export { parseExpression, formatExpression, expressionFields, type ExpressionNode } from './capabilities/derived/arithmetic-expression.js';
export { VALIDATION_SPEC, configureValidation, createValidationCapability } from './capabilities/validation/validation.js';
export { isValidIban, passesLuhn, isValidEmail, isValidUri } from './capabilities/validation/semantic-checks.js';
export { DEFAULT_RECOGNIZERS, recognizersFor } from './capabilities/shared/default-recognizers.js';
export type { ValueRecognizers, DocumentReadingHints } from './capabilities/shared/recognizer-port.js';
export { matchLabel, type LabelMatch, type LabelSet } from './capabilities/shared/label-match.js';
