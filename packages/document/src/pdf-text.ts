/**
 * PDF text through pdf.js, loaded lazily (`await import(...)`) so that non-PDF runs never
 * pay its import cost. Lines are rebuilt from the positioned text items by the layout
 * from boxes (`layout/layout-lines.ts`, shared with OCR words): items are grouped into
 * visual lines, ordered by x, and laid out on a character grid, so `Label      value`
 * pairs stay on one line and table columns stay aligned for the text-table detector.
 * Pages are separated by a blank line. Every run keeps its offsets in the text and its box
 * on the page as displayed (`pdf/pdf-boxes.ts`), so evidence can point at the page. pdf.js runs in the reader's worker thread (heap and
 * time bounded, `pdf/pdf-reader.ts`); no font loading, no eval, no network.
 */
import { PDF_BYTE_LIMIT, PDF_PAGE_LIMIT } from './limits.js';
import { toWellFormedText } from './decode-input.js';
import type { PdfAttachment, PdfPageItems, PdfPageViewport, PdfReader } from './pdf/pdf-reader.js';
import { layoutPieces, type PositionedText } from './layout/layout-lines.js';
import type { PdfPageSize, PdfTextRun } from './model.js';
import { placeTextItem } from './pdf/pdf-boxes.js';

/** The extracted text and what went wrong on the way. */
export interface PdfText {
  readonly text: string;
  readonly pageCount: number;
  /** Embedded files that may hold XML. */
  readonly attachments: readonly PdfAttachment[];
  readonly warnings: readonly string[];
  /** The pages read (size as displayed, in PDF points). */
  readonly pages: readonly PdfPageSize[];
  /** Every placed run of text, sorted by its offsets in `text`. */
  readonly runs: readonly PdfTextRun[];
}

/**
 * Extracts the text of a PDF with `reader` (pdf.js in a bounded worker). Never throws: a
 * broken, oversized, too slow or too hungry PDF, or an abort, yields warnings.
 */
export async function extractPdfText(bytes: Uint8Array, reader: PdfReader, signal?: AbortSignal): Promise<PdfText> {
  if (bytes.length > PDF_BYTE_LIMIT) {
    return { text: '', pageCount: 0, attachments: [], pages: [], runs: [], warnings: [`PDF of ${bytes.length} bytes is larger than ${PDF_BYTE_LIMIT}; not parsed.`] };
  }
  const warnings: string[] = [];
  const parsed = await reader.parse(bytes, PDF_PAGE_LIMIT, signal);
  if (parsed.failure !== undefined) warnings.push(parsed.failure);
  if (parsed.attachmentFailure !== undefined) warnings.push(parsed.attachmentFailure);
  const pageCount = parsed.pageCount;
  if (pageCount > PDF_PAGE_LIMIT) warnings.push(`PDF has ${pageCount} pages; only the first ${PDF_PAGE_LIMIT} were read.`);
  const pages: string[] = [];
  const sizes: PdfPageSize[] = [];
  const runs: PdfTextRun[] = [];
  let length = 0;
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
    const laidOut = layoutPieces(items, 'baseline');
    // Offsets in the joined text: pages before, each followed by the blank line between pages.
    const base = pages.length === 0 ? 0 : length + 2;
    pages.push(laidOut.text);
    length = base + laidOut.text.length;
    if (page.viewport !== undefined) {
      const number = index + 1;
      sizes.push({ page: number, width: page.viewport.width, height: page.viewport.height });
      runs.push(...placedRuns(page.items, laidOut.offsets, page.viewport, number, base));
    }
  }
  const text = pages.join('\n\n');
  if (text.trim().length === 0 && pageCount > 0 && parsed.failure === undefined && signal?.aborted !== true) warnings.push('PDF has no text layer (a scanned image?); no text extracted.');
  runs.sort((left, right) => left.start - right.start);
  return { text, pageCount, attachments: parsed.attachments ?? [], warnings, pages: sizes, runs };
}

/** The runs of one page with their offsets in the text (`base` + their place on the page) and their boxes. */
function placedRuns(
  items: NonNullable<PdfPageItems['items']>,
  offsets: readonly ({ readonly start: number; readonly end: number } | null)[],
  viewport: PdfPageViewport,
  page: number,
  base: number,
): PdfTextRun[] {
  const runs: PdfTextRun[] = [];
  items.forEach((item, index) => {
    const placed = offsets[index];
    if (placed === null || placed === undefined || placed.end <= placed.start) return;
    const box = placeTextItem(item, viewport);
    if (box !== null) runs.push({ start: base + placed.start, end: base + placed.end, page, ...box });
  });
  return runs;
}
