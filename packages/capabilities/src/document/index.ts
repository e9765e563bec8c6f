/** The Document builder (`text_extraction`): re-exports. */
export { buildDocument, type BuildDocumentOptions } from './build-document.js';
export { textExtraction, type TextExtraction } from './text-extraction.js';
export { mapSpanToInput, type MappedSpan } from './offset-map.js';
export { sniffInputType, type DocumentInputType } from './sniff-input-type.js';
export { SEARCH_CHARACTER_LIMIT, searchedText, unsearchedTextDiagnostics } from './searched-text.js';
