/**
 * E-mail input: the top-level RFC 5322 headers (with spans in the input, also listed as
 * `email-header` key-value pairs), then the MIME tree walked by hand so every part keeps
 * its position: multipart bodies are split on their boundary lines; a text part with an
 * identity transfer encoding (7bit, 8bit, binary) is structured in place in `input` and
 * copied to `mime:<n>` (offset-mapped exactly to `input`) as the text to search; a
 * quoted-printable or base64 part is decoded into its own layer `mime:<n>` (origin: the
 * encoded body); an HTML part is rendered into `mime:<n>:html-text` with an offset map
 * onto its source. A base64 PDF attachment is read with pdf.js into `mime:<n>:pdf-text`
 * (origin: its encoded text). Other non-text parts are not read.
 */
import type { EmailMessage, EmailPart } from './model.js';
import { addHtmlLayer, addLayer, addTextRegion, type DocumentDraft } from './document-draft.js';
import { parseContentType, parseHeaderBlock, type RawHeader } from './email-headers.js';
import { loadDecodeWords, loadHtmlParser, type DecodeWords, type HtmlParserConstructor } from './lazy-libraries.js';
import { MIME_DEPTH_LIMIT, MIME_PART_CHARACTER_LIMIT } from './limits.js';
import { extractPdfText } from './pdf-text.js';
import { type PdfReader, createPdfReader } from './pdf/pdf-reader.js';
import { decodeBase64, decodeTransfer } from './transfer-encoding.js';

const IDENTITY_ENCODINGS = new Set(['', '7bit', '8bit', 'binary']);
const PART_LIMIT = 100;
/** PDF attachments read (each costs a pdf.js parse). */
const PDF_ATTACHMENT_LIMIT = 3;

interface WalkState {
  partCount: number;
  readonly parts: EmailPart[];
  readonly Parser: HtmlParserConstructor;
  readonly decodeWords: DecodeWords;
  pdfCount: number;
  readonly signal: AbortSignal | undefined;
  /** Parses attached PDFs (the caller's, or one made for this e-mail). */
  readonly pdf: PdfReader;
}

function header(headers: readonly RawHeader[], name: string): string | undefined {
  return headers.find((candidate) => candidate.name === name)?.value;
}

/** The [start, end) ranges of the parts of a multipart body, split on `--boundary` lines. */
function splitMultipart(text: string, start: number, end: number, boundary: string): [number, number][] {
  const delimiter = `--${boundary}`;
  const ranges: [number, number][] = [];
  let partStart = -1;
  let lineStart = start;
  while (lineStart < end) {
    let lineEnd = text.indexOf('\n', lineStart);
    if (lineEnd === -1 || lineEnd > end) lineEnd = end;
    const next = Math.min(lineEnd + 1, end);
    if (text.startsWith(delimiter, lineStart)) {
      const rest = text.slice(lineStart + delimiter.length, lineEnd).trim();
      if (rest === '' || rest === '--') {
        if (partStart !== -1) {
          // The line break before the delimiter belongs to the delimiter.
          let partEnd = lineStart;
          if (partEnd > partStart && text[partEnd - 1] === '\n') partEnd -= 1;
          if (partEnd > partStart && text[partEnd - 1] === '\r') partEnd -= 1;
          ranges.push([partStart, Math.max(partStart, partEnd)]);
        }
        if (rest === '--') return ranges;
        partStart = next;
      }
    }
    lineStart = next;
  }
  // No closing delimiter: the last part runs to the end.
  if (partStart !== -1 && partStart < end) ranges.push([partStart, end]);
  return ranges;
}

async function walkEntity(
  draft: DocumentDraft,
  state: WalkState,
  start: number,
  end: number,
  depth: number,
  headers: readonly RawHeader[],
  bodyStart: number,
): Promise<void> {
  const input = draft.layers.input!.text;
  const contentType = parseContentType(header(headers, 'content-type'));
  const media = contentType.mediaType;
  if (media.startsWith('multipart/')) {
    const boundary = contentType.parameters.boundary;
    if (boundary === undefined || boundary.length === 0) {
      draft.warnings.push(`E-mail: ${media} part without a boundary at offset ${start}; read as text.`);
      addTextRegion(draft, 'input', { start: bodyStart, end });
      return;
    }
    if (depth >= MIME_DEPTH_LIMIT) {
      draft.warnings.push(`E-mail: multipart nesting deeper than ${MIME_DEPTH_LIMIT}; inner parts skipped.`);
      return;
    }
    for (const [partStart, partEnd] of splitMultipart(input, bodyStart, end, boundary)) {
      if (state.partCount >= PART_LIMIT) {
        draft.warnings.push(`E-mail: more than ${PART_LIMIT} parts; the rest skipped.`);
        return;
      }
      const block = parseHeaderBlock(input, 'input', partStart, partEnd, state.decodeWords);
      await walkEntity(draft, state, partStart, partEnd, depth + 1, block.headers, block.bodyStart);
    }
    return;
  }
  if (media === 'message/rfc822' && depth < MIME_DEPTH_LIMIT) {
    const block = parseHeaderBlock(input, 'input', bodyStart, end, state.decodeWords);
    addTextRegion(draft, 'input', { start: bodyStart, end: block.bodyStart, structures: false });
    await walkEntity(draft, state, bodyStart, end, depth + 1, block.headers, block.bodyStart);
    return;
  }
  if (isPdfAttachment(media, headers)) {
    await readPdfAttachment(draft, state, headers, bodyStart, end);
    return;
  }
  if (media !== 'text/plain' && media !== 'text/html' && media !== 'text/enriched' && media !== 'text') return;
  state.partCount += 1;
  const number = state.partCount;
  const transferEncoding = (header(headers, 'content-transfer-encoding') ?? '').trim().toLowerCase();
  const charset = contentType.parameters.charset;
  let layer = 'input';
  let bodySpanStart = bodyStart;
  let bodySpanEnd = end;
  if (!IDENTITY_ENCODINGS.has(transferEncoding)) {
    if (end - bodyStart > MIME_PART_CHARACTER_LIMIT) {
      draft.warnings.push(`E-mail: part ${number} has ${end - bodyStart} encoded characters; only the first ${MIME_PART_CHARACTER_LIMIT} are decoded.`);
    }
    const decoded = decodeTransfer(input.slice(bodyStart, Math.min(end, bodyStart + MIME_PART_CHARACTER_LIMIT)), transferEncoding, charset);
    if (decoded === null) {
      draft.warnings.push(`E-mail: unknown transfer encoding "${transferEncoding}" in part ${number}; read as is.`);
    } else {
      layer = `mime:${number}`;
      addLayer(draft, { name: layer, text: decoded, origin: { start: bodyStart, end, layer: 'input' } });
      bodySpanStart = 0;
      bodySpanEnd = decoded.length;
    }
  }
  const part: EmailPart = {
    contentType: media,
    layer,
    span: { start: bodySpanStart, end: bodySpanEnd, layer },
    transferEncoding: transferEncoding.length === 0 ? '7bit' : transferEncoding,
    ...(charset === undefined ? {} : { charset: charset.toLowerCase() }),
  };
  if (media === 'text/html') {
    const textLayer = addHtmlLayer(draft, state.Parser, layer, `mime:${number}:html-text`, bodySpanStart, bodySpanEnd);
    state.parts.push({ ...part, textLayer });
    return;
  }
  addTextRegion(draft, layer, { start: bodySpanStart, end: bodySpanEnd });
  if (layer !== 'input') {
    state.parts.push(part);
    return;
  }
  // An unencoded body lives in the input between headers, boundaries and attachments;
  // searching the whole input would also search those. Its text alone, offset-mapped
  // back exactly, is the layer to search (its structures stay in `input`).
  const textLayer = `mime:${number}`;
  addLayer(draft, {
    name: textLayer,
    text: input.slice(bodySpanStart, bodySpanEnd),
    origin: { start: bodySpanStart, end: bodySpanEnd, layer: 'input' },
    offsetMap: { target: 'input', segments: [{ start: 0, end: bodySpanEnd - bodySpanStart, targetStart: bodySpanStart, targetEnd: bodySpanEnd }] },
  });
  state.parts.push({ ...part, textLayer });
}

function isPdfAttachment(media: string, headers: readonly RawHeader[]): boolean {
  if (media === 'application/pdf' || media === 'application/x-pdf') return true;
  if (media !== 'application/octet-stream') return false;
  const names = [parseContentType(header(headers, 'content-type')).parameters.name, parseContentType(header(headers, 'content-disposition'), 'attachment').parameters.filename];
  return names.some((name) => name !== undefined && name.toLowerCase().endsWith('.pdf'));
}

/** A base64 PDF attachment: its text, through pdf.js, in layer `mime:<n>:pdf-text`. */
async function readPdfAttachment(draft: DocumentDraft, state: WalkState, headers: readonly RawHeader[], bodyStart: number, end: number): Promise<void> {
  if (state.pdfCount >= PDF_ATTACHMENT_LIMIT) return;
  const transferEncoding = (header(headers, 'content-transfer-encoding') ?? '').trim().toLowerCase();
  if (transferEncoding !== 'base64') return;
  state.partCount += 1;
  state.pdfCount += 1;
  const number = state.partCount;
  const input = draft.layers.input!.text;
  const pdf = await extractPdfText(decodeBase64(input.slice(bodyStart, end)), state.pdf, state.signal);
  for (const warning of pdf.warnings) draft.warnings.push(`E-mail part ${number}: ${warning}`);
  const layer = `mime:${number}:pdf-text`;
  addLayer(draft, { name: layer, text: pdf.text, origin: { start: bodyStart, end, layer: 'input' } });
  addTextRegion(draft, layer);
  state.parts.push({ contentType: 'application/pdf', layer, span: { start: 0, end: pdf.text.length, layer }, transferEncoding });
}

/** Structures an e-mail input into the draft (headers, parts, primary layer). */
export async function buildEmail(draft: DocumentDraft, signal?: AbortSignal, pdf?: PdfReader): Promise<void> {
  const ownReader = pdf === undefined ? createPdfReader() : null;
  try {
    await walkEmail(draft, signal, pdf ?? ownReader!);
  } finally {
    await ownReader?.close();
  }
}

async function walkEmail(draft: DocumentDraft, signal: AbortSignal | undefined, pdf: PdfReader): Promise<void> {
  const [Parser, decodeWords] = await Promise.all([loadHtmlParser(), loadDecodeWords()]);
  const input = draft.layers.input!.text;
  const block = parseHeaderBlock(input, 'input', 0, input.length, decodeWords);
  // Header lines are lines of the input; their pairs are the headers themselves.
  addTextRegion(draft, 'input', { start: 0, end: block.bodyStart, structures: false });
  for (const raw of block.headers) {
    draft.keyValues.push({
      key: input.slice(raw.nameSpan.start, raw.nameSpan.end),
      value: input.slice(raw.span.start, raw.span.end),
      keySpan: raw.nameSpan,
      valueSpan: raw.span,
      source: 'email-header',
    });
  }
  const state: WalkState = { partCount: 0, parts: [], Parser, decodeWords, pdfCount: 0, signal, pdf };
  await walkEntity(draft, state, 0, input.length, 0, block.headers, block.bodyStart);
  const email: EmailMessage = {
    headers: block.headers.map((raw) => ({ name: raw.name, value: raw.value, span: raw.span, nameSpan: raw.nameSpan })),
    parts: state.parts,
  };
  draft.email = email;
  const plain = state.parts.find((part) => part.contentType === 'text/plain');
  const html = state.parts.find((part) => part.textLayer !== undefined);
  draft.primaryLayer = plain?.textLayer ?? plain?.layer ?? html?.textLayer ?? 'input';
}
