/**
 * @paxman/document — the Document: the raw input (text, HTML, e-mail, CSV, JSON, PDF, images by OCR)
 * parsed once per run into text layers, lines, key-values, tables, the e-mail and JSON
 * trees, with spans back into the input and the document's conventions (`context`).
 * Every field step reads it; nothing here assigns confidence or knows about fields.
 */
export type {
  Document,
  DocumentKind,
  DocumentOcr,
  DocumentPdfLayout,
  PdfPageSize,
  PdfTextRun,
  OcrCheckWord,
  OcrPageStatus,
  OcrWordPlacement,
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
  XmlAttribute,
  XmlDocument,
  XmlElement,
  XmlRefusal,
} from './model.js';
export { buildDocument, type BuildDocumentOptions } from './build-document.js';
export { defaultStructureWords, structureWordsOf, type StructureWords } from './structure-words.js';
export { mapSpanToInput, type MappedSpan } from './offset-map.js';
export { splitLines } from './lines.js';
export { SEARCH_CHARACTER_LIMIT, searchedText, unsearchedTextDiagnostics } from './searched-text.js';
export { layoutPieces, groupLines, type LaidOutPage, type LineRule, type PositionedText } from './layout/layout-lines.js';
export { OCR_LAYER, ocrDiagnostics, ocrEvidence, ocrReadingConfidence, secondReadingCheck, secondReadingWords } from './ocr/ocr-document.js';
export type { OcrWordAgreement, OcrWordVerdict } from './ocr/ocr-word-agreement.js';
export { scanXml, looksLikeXml, type XmlScan } from './xml/xml-scanner.js';
export { xmlDiagnostics } from './xml/xml-document.js';
export { pdfTextBoxes, placeTextItem, type PdfTextItem } from './pdf/pdf-boxes.js';
export { documentDiagnostics } from './document-diagnostics.js';
export { DEFAULT_OCR_PAGE_TIMEOUT_MS, type OcrEngine, type OcrEngineName, type OcrOutcome, type OcrPoolOptions, type OcrReaderOptions, type OcrWord } from './ocr/ocr-engine.js';
export { createOcrReader, DEFAULT_OCR_ENGINES } from './ocr/ocr-reader.js';
export { createPpOcrEngine, type PpOcrEngineOptions } from './ocr/ppocr/ppocr-engine.js';
export { createOcrPool } from './ocr/tesseract-pool.js';
export { createPdfReader, DEFAULT_PDF_DEADLINE_MS, DEFAULT_PDF_HEAP_MB, STARTUP_LIMIT_MS, type DeadlineTimer, type PdfReader, type PdfReaderOptions, type PdfParse, type PdfPageViewport } from './pdf/pdf-reader.js';
export { sameLines } from './same-lines.js';
