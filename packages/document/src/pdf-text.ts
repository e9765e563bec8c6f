/**
 * PDF text through pdf.js, loaded lazily (`await import(...)`) so that non-PDF runs never
 * pay its import cost. Lines are rebuilt from the positioned text items by the layout
 * from boxes (`layout/layout-lines.ts`, shared with OCR words): items are grouped into
 * visual lines, ordered by x, and laid out on a character grid, so `Label      value`
 * pairs stay on one line and table columns stay aligned for the text-table detector.
 * Pages are separated by a blank line. No worker, no font loading, no eval, no network.
 */
import { PDF_BYTE_LIMIT, PDF_PAGE_LIMIT } from './limits.js';
import { toWellFormedText } from './decode-input.js';
import { importOptionalPeer } from './lazy-libraries.js';
import { layoutPieces, type PositionedText } from './layout/layout-lines.js';

/** The extracted text and what went wrong on the way. */
export interface PdfText {
  readonly text: string;
  readonly pageCount: number;
  readonly warnings: readonly string[];
}

interface PdfTextItem {
  readonly str?: string;
  readonly transform?: readonly number[];
  readonly width?: number;
  readonly height?: number;
}

/** Extracts the text of a PDF. Never throws: a broken or oversized PDF, or an abort, yields warnings. */
export async function extractPdfText(bytes: Uint8Array, signal?: AbortSignal): Promise<PdfText> {
  if (bytes.length > PDF_BYTE_LIMIT) {
    return { text: '', pageCount: 0, warnings: [`PDF of ${bytes.length} bytes is larger than ${PDF_BYTE_LIMIT}; not parsed.`] };
  }
  const warnings: string[] = [];
  let loadingTask: { promise: Promise<unknown>; destroy(): Promise<void> } | undefined;
  try {
    const pdfjs = await importOptionalPeer('pdfjs-dist', () => import('pdfjs-dist/legacy/build/pdf.mjs'));
    // pdf.js transfers (detaches) the buffer it is given: hand it a copy.
    loadingTask = pdfjs.getDocument({
      data: bytes.slice(),
      disableFontFace: true,
      useSystemFonts: false,
      isEvalSupported: false,
      disableAutoFetch: true,
      disableStream: true,
      stopAtErrors: false,
      verbosity: 0,
    }) as unknown as { promise: Promise<unknown>; destroy(): Promise<void> };
    const pdf = (await loadingTask.promise) as {
      numPages: number;
      getPage(number: number): Promise<{ getTextContent(): Promise<{ items: readonly PdfTextItem[] }>; cleanup(): void }>;
    };
    const pageCount = pdf.numPages;
    if (pageCount > PDF_PAGE_LIMIT) warnings.push(`PDF has ${pageCount} pages; only the first ${PDF_PAGE_LIMIT} were read.`);
    const pages: string[] = [];
    for (let number = 1; number <= Math.min(pageCount, PDF_PAGE_LIMIT); number += 1) {
      if (signal?.aborted === true) {
        warnings.push(`PDF reading aborted after ${number - 1} of ${pageCount} pages.`);
        break;
      }
      try {
        const page = await pdf.getPage(number);
        const content = await page.getTextContent();
        const items: PositionedText[] = [];
        for (const item of content.items) {
          if (typeof item.str !== 'string' || item.transform === undefined) continue;
          const [scaleX = 1, skewY = 0, skewX = 0, scaleY = 1, x = 0, y = 0] = item.transform;
          const size = Math.hypot(skewX, scaleY) || Math.hypot(scaleX, skewY) || (item.height ?? 0) || 10;
          // PDF y is the baseline, growing upwards: the box spans one glyph height above it.
          items.push({ text: toWellFormedText(item.str), left: x, top: -y - size, width: item.width ?? 0, height: size });
        }
        pages.push(layoutPieces(items, 'baseline').text);
        page.cleanup();
      } catch (error) {
        warnings.push(`PDF page ${number} could not be read: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    const text = pages.join('\n\n');
    if (text.trim().length === 0 && signal?.aborted !== true) warnings.push('PDF has no text layer (a scanned image?); no text extracted.');
    return { text, pageCount, warnings };
  } catch (error) {
    warnings.push(`PDF could not be parsed: ${error instanceof Error ? error.message : String(error)}`);
    return { text: '', pageCount: 0, warnings };
  } finally {
    if (loadingTask !== undefined) await loadingTask.destroy().catch(() => undefined);
  }
}
