/**
 * PDF text through pdf.js, loaded lazily (`await import(...)`) so that non-PDF runs never
 * pay its import cost. Lines are rebuilt from the positioned text items by the layout
 * from boxes (`layout/layout-lines.ts`, shared with OCR words): items are grouped into
 * visual lines, ordered by x, and laid out on a character grid, so `Label      value`
 * pairs stay on one line and table columns stay aligned for the text-table detector.
 * Pages are separated by a blank line. pdf.js runs in the reader's worker thread (heap and
 * time bounded, `pdf/pdf-reader.ts`); no font loading, no eval, no network.
 */
import { PDF_BYTE_LIMIT, PDF_PAGE_LIMIT } from './limits.js';
import { toWellFormedText } from './decode-input.js';
import type { PdfAttachment, PdfReader } from './pdf/pdf-reader.js';
import { layoutPieces, type PositionedText } from './layout/layout-lines.js';

/** The extracted text and what went wrong on the way. */
export interface PdfText {
  readonly text: string;
  readonly pageCount: number;
  /** Embedded files that may hold XML. */
  readonly attachments: readonly PdfAttachment[];
  readonly warnings: readonly string[];
}

/**
 * Extracts the text of a PDF with `reader` (pdf.js in a bounded worker). Never throws: a
 * broken, oversized, too slow or too hungry PDF, or an abort, yields warnings.
 */
export async function extractPdfText(bytes: Uint8Array, reader: PdfReader, signal?: AbortSignal): Promise<PdfText> {
  if (bytes.length > PDF_BYTE_LIMIT) {
    return { text: '', pageCount: 0, attachments: [], warnings: [`PDF of ${bytes.length} bytes is larger than ${PDF_BYTE_LIMIT}; not parsed.`] };
  }
  const warnings: string[] = [];
  const parsed = await reader.parse(bytes, PDF_PAGE_LIMIT, signal);
  if (parsed.failure !== undefined) warnings.push(parsed.failure);
  if (parsed.attachmentFailure !== undefined) warnings.push(parsed.attachmentFailure);
  const pageCount = parsed.pageCount;
  if (pageCount > PDF_PAGE_LIMIT) warnings.push(`PDF has ${pageCount} pages; only the first ${PDF_PAGE_LIMIT} were read.`);
  const pages: string[] = [];
  for (const [index, page] of parsed.pages.entries()) {
    if (page.error !== undefined || page.items === undefined) {
      warnings.push(`PDF page ${index + 1} could not be read: ${page.error ?? 'no content'}`);
      continue;
    }
    const items: PositionedText[] = [];
    for (const item of page.items) {
      const [scaleX = 1, skewY = 0, skewX = 0, scaleY = 1, x = 0, y = 0] = item.transform;
      const size = Math.hypot(skewX, scaleY) || Math.hypot(scaleX, skewY) || item.height || 10;
      // PDF y is the baseline, growing upwards: the box spans one glyph height above it.
      items.push({ text: toWellFormedText(item.str), left: x, top: -y - size, width: item.width, height: size });
    }
    pages.push(layoutPieces(items, 'baseline').text);
  }
  const text = pages.join('\n\n');
  if (text.trim().length === 0 && pageCount > 0 && parsed.failure === undefined && signal?.aborted !== true) warnings.push('PDF has no text layer (a scanned image?); no text extracted.');
  return { text, pageCount, attachments: parsed.attachments ?? [], warnings };
}
