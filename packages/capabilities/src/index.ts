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
  Table,
  TableCell,
  TextLayer,
} from './document.js';
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
