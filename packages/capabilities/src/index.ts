/**
 * @paxman/capabilities — the capability SPI and registry, the Document model built by
 * `text_extraction`, the value recognizers, and the V1 deterministic capabilities.
 */
export type {
  Document,
  DocumentKind,
  DocumentLine,
  EmailMessage,
  EmailPart,
  JsonNode,
  KeyValuePair,
  LayerMapSegment,
  LayerOffsetMap,
  Table,
  TableCell,
  TextLayer,
} from './document.js';
export {
  buildDocument,
  type BuildDocumentOptions,
  textExtraction,
  type TextExtraction,
  mapSpanToInput,
  type MappedSpan,
  sniffInputType,
  type DocumentInputType,
  SEARCH_CHARACTER_LIMIT,
  searchedText,
  unsearchedTextDiagnostics,
} from './document/index.js';
export {
  findValues,
  parseValue,
  inferDocumentContext,
  ibanChecksumHolds,
  type DocumentContext,
  type RecognizedValue,
  type RecognizerKind,
  type RecognizerOptions,
} from './recognizers/index.js';
export {
  type Capability,
  type CapabilityContext,
  type CapabilityResult,
  type CapabilitySpec,
  type CapabilityRegistry,
  type CapabilityUsage,
  type CostHint,
  type StepConfiguration,
  type ResolvedFieldValue,
  capabilityKey,
  EMPTY_RESULT,
} from './spi.js';
export { createCapabilityRegistry, validateCapability } from './registry.js';
export { createDefaultCapabilities } from './default-capabilities.js';
export { EXPLICIT_EVIDENCE_SPEC, configureExplicitEvidence, createExplicitEvidenceCapability } from './capabilities/explicit-evidence/explicit-evidence.js';
export { PATTERN_EXTRACTION_SPEC, configurePatternExtraction, createPatternExtractionCapability } from './capabilities/pattern-extraction/pattern-extraction.js';
export { LOOKUP_SPEC, configureLookup, createLookupCapability, normalizeLookupKey } from './capabilities/lookup/lookup.js';
export { DERIVED_SPEC, configureDerived, createDerivedCapability } from './capabilities/derived/derived.js';
export { parseExpression, formatExpression, expressionFields, type ExpressionNode } from './capabilities/derived/arithmetic-expression.js';
export { VALIDATION_SPEC, configureValidation, createValidationCapability } from './capabilities/validation/validation.js';
export { isValidIban, passesLuhn, isValidEmail, isValidUri, isCalendarDate } from './capabilities/validation/semantic-checks.js';
export { DEFAULT_RECOGNIZERS } from './capabilities/shared/default-recognizers.js';
export type { ValueRecognizers, DocumentReadingHints } from './capabilities/shared/recognizer-port.js';
export { matchLabel, type LabelMatch, type LabelSet } from './capabilities/shared/label-match.js';
export { labelsForField, descriptionNounPhrase, type FieldLabels } from './lexicon/labels-for-field.js';
export { normalizeLabel, normalizeLabelText, splitIdentifier, type NormalizedLabel } from './lexicon/normalize-label.js';
export { businessLexicon, conceptsOfLabel, type LexiconConcept } from './lexicon/business-lexicon.js';
export { compileSafeRegex, type SafeRegex, type SafeRegexMatch } from './regex/safe-regex.js';
