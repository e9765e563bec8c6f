/**
 * `buildDocument`: raw input → the Document every field step reads (ARCHITECTURE §5,
 * `text_extraction`). The input type comes from the caller (the InputProfile's type) or
 * a cheap sniff; each kind is structured by its own module, and any failure inside falls
 * back to plain-text structuring with a warning — building a Document never throws.
 *
 * Spans: for text, CSV, JSON, e-mail headers and unencoded e-mail parts, and HTML
 * structures that map exactly, spans point into `input`. Derived layers: `html-text`
 * (visible text of an HTML input; `offsetMap` → `input`), `mime:<n>` (decoded
 * quoted-printable/base64 e-mail part; `origin` → its encoded text in `input`),
 * `mime:<n>:html-text` (an e-mail HTML part rendered; `offsetMap` → its source layer),
 * `pdf-text` (text extracted by pdf.js; the `input` layer of a PDF is empty), `attachment:<file>`
 * (an XML file embedded in a PDF, such as an e-invoice's data), and XML inputs' elements.
 */
import { type InputType, classifyInput, hasPdfMagic, isInputType, refineTextType, sniffImageFormat } from '@paxman/input-profile';
import type { Document, DocumentKind } from './model.js';
import { scanCsv } from './csv-scanner.js';
import { decodeInput, utf16Encoding, withoutUtf8Bom } from './decode-input.js';
import { addHtmlLayer, addLayer, addTextRegion, createDraft, freezeDraft, type DocumentDraft } from './document-draft.js';
import { buildEmail } from './email-document.js';
import { scanJson } from './json-scanner.js';
import { loadHtmlParser } from './lazy-libraries.js';
import { JSON_CHARACTER_LIMIT, STRUCTURE_CHARACTER_LIMIT } from './limits.js';
import { extractPdfText } from './pdf-text.js';
import { addOcrLayer } from './ocr/ocr-document.js';
import type { OcrEngine } from './ocr/ocr-engine.js';
import { renderPdfPages } from './ocr/pdf-pages.js';
import { createOcrReader } from './ocr/ocr-reader.js';
import { type PdfAttachment, type PdfReader, createPdfReader } from './pdf/pdf-reader.js';
import { addXmlDocument } from './xml/xml-document.js';
import { looksLikeXml } from './xml/xml-scanner.js';
import type { StructureWords } from './structure-words.js';

/** Options of `buildDocument`. */
export interface BuildDocumentOptions {
  /** The InputProfile's input type (`text|html|csv|json|pdf_text|email|empty|unknown`); classified when absent. */
  readonly inputType?: string;
  /** Stops reading a PDF between pages (the text read so far is kept, with a warning). */
  readonly signal?: AbortSignal;
  /**
   * Reads images and PDF pages without a text layer (a Paxman instance passes its own
   * pool). When absent and such an input comes, the default OCR reader (PP-OCRv4 and tesseract.js, one page at a time) is
   * started for this call and closed before it returns.
   */
  readonly ocr?: OcrEngine;
  /**
   * Parses PDFs in a bounded worker (a Paxman instance passes its own). When absent and a
   * PDF comes, a reader is started for this call and closed before it returns.
   */
  readonly pdf?: PdfReader;
  /**
   * The words signature blocks and tax summaries are recognized by: an instance passes its
   * packs' (`structureWordsOf(lexicon)`); the built-in packs' when absent.
   */
  readonly words?: StructureWords;
}

/** Runs `read` with the caller's OCR engine, or with one made for this call and closed after. */
async function withOcr(engine: OcrEngine | undefined, read: (engine: OcrEngine) => Promise<void>): Promise<void> {
  if (engine !== undefined) return read(engine);
  const ownEngine = createOcrReader({ workers: 1 });
  try {
    await read(ownEngine);
  } finally {
    await ownEngine.close();
  }
}

/**
 * The input type to structure by: the caller's (the InputProfile's) when given, else the
 * profile's own classifier; a PDF's magic always wins. A `text` input that is clearly a
 * `;`/tab-delimited grid or an HTML fragment is read as such (the profile calls both text).
 */
function resolveInputType(text: string, bytes: Uint8Array | null, declared: string | undefined): InputType {
  if (bytes !== null && hasPdfMagic(bytes)) return 'pdf_text';
  // UTF-16 is classified by its text; a UTF-8 BOM is not content (a BOM before JSON is JSON).
  const classified = bytes === null || utf16Encoding(bytes) !== null ? new TextEncoder().encode(text) : withoutUtf8Bom(bytes);
  const type = isInputType(declared) ? declared : classifyInput(classified);
  return type === 'text' ? refineTextType(text) : type;
}

/** Control characters that are not white space (NUL, BEL, ESC, DEL, …), built from code points so the source holds none. */
// eslint-disable-next-line no-control-regex -- the point is to find control characters
const STRAY_CONTROL = /[\u0000-\u0008\u000b\u000e-\u001f\u007f]/g;

/** Share of a decoded text's characters that are control characters (not tab or line breaks) or U+FFFD. */
function unreadableShare(text: string): number {
  const sample = text.length > 65_536 ? text.slice(0, 65_536) : text;
  let unreadable = 0;
  for (let index = 0; index < sample.length; index += 1) {
    const code = sample.charCodeAt(index);
    if ((code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d && code !== 0x0c) || code === 0xfffd || code === 0x7f) unreadable += 1;
  }
  return sample.length === 0 ? 0 : unreadable / sample.length;
}

function buildText(draft: DocumentDraft, kind: DocumentKind = 'text'): void {
  draft.kind = kind;
  addTextRegion(draft, 'input');
}

function buildCsv(draft: DocumentDraft): void {
  const input = draft.layers.input!.text;
  draft.kind = 'csv';
  addTextRegion(draft, 'input', { structures: false });
  let end = input.length;
  if (end > STRUCTURE_CHARACTER_LIMIT) {
    const lastBreak = input.lastIndexOf('\n', STRUCTURE_CHARACTER_LIMIT);
    end = lastBreak > 0 ? lastBreak : STRUCTURE_CHARACTER_LIMIT;
    draft.warnings.push(`CSV of ${input.length} characters; only the records in the first ${end} are read.`);
  }
  const grid = scanCsv(input, 'input', { end });
  for (const warning of grid.warnings) draft.warnings.push(warning);
  draft.csv = { header: grid.header, rows: grid.rows };
  if (grid.header.length > 0) draft.tables.push({ source: 'csv', header: grid.header, rows: grid.rows });
}

function buildJson(draft: DocumentDraft, declared: boolean): void {
  const input = draft.layers.input!.text;
  if (input.length > JSON_CHARACTER_LIMIT) {
    draft.warnings.push(`JSON of ${input.length} characters is larger than ${JSON_CHARACTER_LIMIT}; read as text.`);
    buildText(draft);
    return;
  }
  const scan = scanJson(input, 'input');
  if (!scan.ok) {
    if (declared) draft.warnings.push(`Input is not valid JSON (${scan.error} at offset ${scan.offset}); read as text.`);
    buildText(draft);
    return;
  }
  draft.kind = 'json';
  if (scan.truncated) draft.warnings.push(`JSON has more values than listed; only the first ${scan.nodes.length} have nodes.`);
  addTextRegion(draft, 'input', { structures: false });
  draft.json = { root: scan.root, nodes: scan.nodes };
}

/**
 * An XML document (a UBL or CII invoice, any XML export): its elements with their paths;
 * the markup is not structured as lines of text. XML that cannot be read is read as text,
 * with the reason (`XML_REFUSED`).
 */
function buildXml(draft: DocumentDraft): boolean {
  draft.kind = 'xml';
  if (addXmlDocument(draft, 'input', 'input', null)) return true;
  draft.kind = 'text';
  return false;
}

async function buildHtml(draft: DocumentDraft): Promise<void> {
  const input = draft.layers.input!.text;
  draft.kind = 'html';
  const Parser = await loadHtmlParser();
  draft.primaryLayer = addHtmlLayer(draft, Parser, 'input', 'html-text', 0, input.length);
}

async function buildPdf(draft: DocumentDraft, bytes: Uint8Array, signal: AbortSignal | undefined, ocr: OcrEngine | undefined, reader: PdfReader | undefined): Promise<void> {
  draft.kind = 'pdf';
  const ownReader = reader === undefined ? createPdfReader() : null;
  let pdf;
  try {
    pdf = await extractPdfText(bytes, reader ?? ownReader!, signal);
  } finally {
    await ownReader?.close();
  }
  if (pdf.text.trim().length === 0 && pdf.pageCount > 0 && signal?.aborted !== true) {
    // No text layer (a scan): read the rendered pages by OCR. A PDF with text keeps it.
    for (const warning of pdf.warnings) if (!warning.startsWith('PDF has no text layer')) draft.warnings.push(warning);
    await withOcr(ocr, (engine) => addOcrLayer(draft, renderPdfPages(bytes, signal), engine, signal));
  } else {
    for (const warning of pdf.warnings) draft.warnings.push(warning);
    addLayer(draft, { name: 'pdf-text', text: pdf.text, origin: null });
    draft.primaryLayer = 'pdf-text';
    // Where each run of text is on its page, so evidence in the layer gets page boxes.
    draft.pdf = { layer: 'pdf-text', pages: pdf.pages, runs: pdf.runs };
    addTextRegion(draft, 'pdf-text');
  }
  addPdfAttachments(draft, pdf.attachments);
}

/**
 * The PDF's embedded XML files (a ZUGFeRD / Factur-X invoice's data) as further layers of
 * the same Document, `attachment:<file name>`, each scanned as XML. The page text stays
 * the primary layer.
 */
function addPdfAttachments(draft: DocumentDraft, attachments: readonly PdfAttachment[]): void {
  for (const [index, attachment] of attachments.entries()) {
    let name = `attachment:${attachment.fileName}`;
    if (draft.layers[name] !== undefined) name = `attachment:${index + 1}:${attachment.fileName}`;
    let text: string;
    try {
      text = decodeInput(attachment.bytes);
    } catch (error) {
      draft.warnings.push(`The PDF's embedded file ${attachment.fileName} could not be decoded: ${error instanceof Error ? error.message : String(error)}`);
      continue;
    }
    addLayer(draft, { name, text, origin: null });
    addXmlDocument(draft, name, 'pdf-attachment', attachment.fileName);
  }
}

async function buildInto(
  draft: DocumentDraft,
  type: InputType,
  bytes: Uint8Array | null,
  declared: boolean,
  signal: AbortSignal | undefined,
  ocr: OcrEngine | undefined,
  pdf: PdfReader | undefined,
): Promise<void> {
  switch (type) {
    case 'pdf_text':
      if (bytes === null) {
        draft.warnings.push('PDF input given as a string; pass the bytes (Uint8Array) to read it. No text extracted.');
        draft.kind = 'pdf';
        return;
      }
      return buildPdf(draft, bytes, signal, ocr, pdf);
    case 'email':
      draft.kind = 'email';
      return buildEmail(draft, signal, pdf);
    case 'html':
      if (looksLikeXml(draft.layers.input!.text)) {
        if (buildXml(draft)) return;
        return buildText(draft);
      }
      return buildHtml(draft);
    case 'csv':
      return buildCsv(draft);
    case 'json':
      return buildJson(draft, declared);
    case 'empty':
      draft.kind = 'empty';
      if (draft.layers.input!.text.trim().length > 0) addTextRegion(draft, 'input');
      return;
    case 'unknown':
      draft.kind = 'binary';
      return;
    case 'text':
      if (looksLikeXml(draft.layers.input!.text)) {
        if (buildXml(draft)) return;
      }
      return buildText(draft);
  }
}

/** A photo or scan (PNG, JPEG, TIFF, WebP, BMP): one page read by OCR; the `input` layer is empty. */
async function buildImage(bytes: Uint8Array, options: BuildDocumentOptions): Promise<Document> {
  const draft = createDraft('', 'image', options.words);
  try {
    await withOcr(options.ocr, (engine) => addOcrLayer(draft, [{ page: 1, image: bytes, scale: 1 }], engine, options.signal));
    return freezeDraft(draft);
  } catch (error) {
    // Also when tesseract.js or the language data is not installed: the warning names the package.
    const fallback = createDraft('', 'image', options.words);
    fallback.warnings.push(...draft.warnings, `Reading the image failed (${error instanceof Error ? error.message : String(error)}); no text extracted.`);
    return freezeDraft(fallback);
  }
}

/**
 * Builds the Document of one input, once per run; the result is deeply frozen and shared
 * read-only by every field step. Never throws (problems become `warnings`).
 *
 * @example
 * const document = await buildDocument('Invoice No: INV-7\nTotal: $12.50\n');
 * const total = document.keyValues.find((pair) => pair.key === 'Total');
 * document.layers[total.valueSpan.layer].text.slice(total.valueSpan.start, total.valueSpan.end); // '$12.50'
 */
export async function buildDocument(input: string | Uint8Array, options: BuildDocumentOptions = {}): Promise<Document> {
  const bytes = typeof input === 'string' ? null : input;
  if (bytes !== null && sniffImageFormat(bytes) !== null) return buildImage(bytes, options);
  let type: InputType = 'unknown';
  let text = '';
  try {
    const isPdf = bytes !== null && hasPdfMagic(bytes);
    text = isPdf ? '' : decodeInput(input);
    type = resolveInputType(text, bytes, options.inputType);
  } catch (error) {
    const draft = createDraft('', 'binary');
    draft.warnings.push(`Input could not be decoded: ${error instanceof Error ? error.message : String(error)}`);
    return freezeDraft(draft);
  }
  const notes: string[] = [];
  if (type === 'text' && bytes !== null && withoutUtf8Bom(bytes) !== bytes && classifyInput(withoutUtf8Bom(bytes)) === 'json') {
    // A UTF-8 byte-order mark is not allowed before JSON (the profile says text), but the content is JSON.
    type = 'json';
    notes.push('Input is JSON behind a UTF-8 byte-order mark (not allowed in JSON); read as JSON.');
  }
  if (bytes !== null && utf16Encoding(bytes) !== null) notes.push(`Input decoded as ${utf16Encoding(bytes)!.toUpperCase()} (${bytes[0] === 0xff || bytes[0] === 0xfe ? 'byte-order mark' : 'every other byte zero'}).`);
  if (type === 'unknown' && text.length > 0) {
    if (unreadableShare(text) > 0.02) {
      // Binary input: no text to search (decoding noise would only produce false matches).
      const draft = createDraft('', 'binary');
      draft.warnings.push('Input looks binary (or is of an unknown type); no text extracted.');
      return freezeDraft(draft);
    }
    // Text with a few stray control bytes (a NUL at byte 0): read it, the bytes as spaces (offsets unchanged).
    const stray = text.match(STRAY_CONTROL)?.length ?? 0;
    text = text.replace(STRAY_CONTROL, ' ');
    type = refineTextType(text);
    notes.push(`Input has ${stray} control character(s) (such as NUL) in otherwise readable text; read as ${type}, those characters as spaces.`);
  }
  const draft = createDraft(text, 'text', options.words);
  draft.warnings.push(...notes);
  try {
    await buildInto(draft, type, bytes, options.inputType !== undefined, options.signal, options.ocr, options.pdf);
    return freezeDraft(draft);
  } catch (error) {
    // A bug or a pathological input in one structure must not cost the run its document.
    const fallback = createDraft(text, 'text', options.words);
    fallback.warnings.push(
      ...draft.warnings,
      `Structuring as ${type} failed (${error instanceof Error ? error.message : String(error)}); read as plain text.`,
    );
    try {
      addTextRegion(fallback, 'input');
    } catch {
      fallback.lines.length = 0;
      fallback.sameLines = null;
      fallback.keyValues.length = 0;
      fallback.tables.length = 0;
    }
    return freezeDraft(fallback);
  }
}
