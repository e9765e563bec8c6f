/**
 * PDF text through pdf.js, loaded lazily (`await import(...)`) so that non-PDF runs never
 * pay its import cost. Lines are rebuilt from the positioned text items: items are grouped
 * into lines by baseline (y), ordered by x, and laid out on a character grid (the page's
 * typical glyph width), like `pdftotext -layout`: a small gap becomes one space, a wide
 * gap pads to the item's grid column with at least two spaces. So `Label      value`
 * pairs stay on one line and table columns stay aligned for the text-table detector.
 * Pages are separated by a blank line. No worker, no font loading, no eval, no network.
 */
import { PDF_BYTE_LIMIT, PDF_PAGE_LIMIT } from './limits.js';
import { toWellFormedText } from './decode-input.js';
import { importOptionalPeer } from './lazy-libraries.js';

/** The extracted text and what went wrong on the way. */
export interface PdfText {
  readonly text: string;
  readonly pageCount: number;
  readonly warnings: readonly string[];
}

/** A text item as pdf.js reports it (the part we use). */
interface PositionedItem {
  readonly text: string;
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly size: number;
}

interface PdfTextItem {
  readonly str?: string;
  readonly transform?: readonly number[];
  readonly width?: number;
  readonly height?: number;
}

function median(values: readonly number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((left, right) => left - right);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** Lays out one page's items as lines of text. */
export function layoutPage(items: readonly PositionedItem[]): string[] {
  const visible = items.filter((item) => item.text.trim().length > 0);
  if (visible.length === 0) return [];
  const glyphWidth = Math.max(1, median(visible.map((item) => item.width / Math.max(1, item.text.length))));
  const minimumX = Math.min(...visible.map((item) => item.x));
  // Top of the page first (PDF y grows upwards), then left to right.
  const sorted = [...visible].sort((left, right) => right.y - left.y || left.x - right.x);
  const lines: PositionedItem[][] = [];
  let current: PositionedItem[] = [];
  let baseline = Number.NaN;
  for (const item of sorted) {
    const tolerance = Math.max(1.5, 0.45 * Math.min(item.size || 10, current[0]?.size || item.size || 10));
    if (current.length > 0 && Math.abs(item.y - baseline) <= tolerance) {
      current.push(item);
    } else {
      if (current.length > 0) lines.push(current);
      current = [item];
      baseline = item.y;
    }
  }
  if (current.length > 0) lines.push(current);
  return lines.map((line) => {
    line.sort((left, right) => left.x - right.x);
    let text = '';
    let previousEnd = Number.NaN;
    for (const item of line) {
      const piece = item.text.replace(/[\r\n]+/g, ' ');
      if (text.length === 0) {
        const column = Math.max(0, Math.round((item.x - minimumX) / glyphWidth));
        text = ' '.repeat(column) + piece;
      } else {
        const gap = item.x - previousEnd;
        const ownGlyph = Math.max(1, item.width / Math.max(1, piece.length));
        if (gap > 1.5 * Math.max(ownGlyph, glyphWidth)) {
          const column = Math.round((item.x - minimumX) / glyphWidth);
          text += ' '.repeat(Math.max(2, column - text.length)) + piece;
        } else if (gap > 0.15 * ownGlyph && !text.endsWith(' ') && !piece.startsWith(' ')) {
          text += ' ' + piece;
        } else {
          text += piece;
        }
      }
      previousEnd = Math.max(Number.isNaN(previousEnd) ? -Infinity : previousEnd, item.x + item.width);
    }
    return text.trimEnd();
  });
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
        const items: PositionedItem[] = [];
        for (const item of content.items) {
          if (typeof item.str !== 'string' || item.transform === undefined) continue;
          const [scaleX = 1, skewY = 0, skewX = 0, scaleY = 1, x = 0, y = 0] = item.transform;
          items.push({
            text: toWellFormedText(item.str),
            x,
            y,
            width: item.width ?? 0,
            size: Math.hypot(skewX, scaleY) || Math.hypot(scaleX, skewY) || (item.height ?? 0),
          });
        }
        pages.push(layoutPage(items).join('\n'));
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
