/**
 * @paxman/document — the Document: the raw input (text, HTML, e-mail, CSV, JSON, PDF)
 * parsed once per run into text layers, lines, key-values, tables, the e-mail and JSON
 * trees, with spans back into the input and the document's conventions (`context`).
 * Every field step reads it; nothing here assigns confidence or knows about fields.
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
} from './model.js';
export { buildDocument, type BuildDocumentOptions } from './build-document.js';
export { mapSpanToInput, type MappedSpan } from './offset-map.js';
export { splitLines } from './lines.js';
export { SEARCH_CHARACTER_LIMIT, searchedText, unsearchedTextDiagnostics } from './searched-text.js';
