/**
 * The pages of a PDF as images, for OCR when the PDF has no text layer: each page is
 * rendered by pdf.js onto an `@napi-rs/canvas` canvas (the canvas pdf.js itself uses in
 * Node; an optional peer, imported on first use) and encoded as PNG. Pages are rendered
 * one at a time, so memory holds one page image at most.
 */
import { importOptionalPeer } from '../lazy-libraries.js';
import { OCR_PIXEL_LIMIT, PDF_PAGE_LIMIT } from '../limits.js';

/** Rendering scale: 3 × 72 dpi = 216 dpi, enough for Tesseract on body text. */
export const PDF_RENDER_SCALE = 3;

/**
 * The scale a page is rendered at: `PDF_RENDER_SCALE`, lowered for a page so large (a poster,
 * a forged 200-inch MediaBox) that its image would exceed `OCR_PIXEL_LIMIT`.
 *
 * @example renderScale({ width: 595, height: 842 }) // 3 (A4)
 */
export function renderScale(page: { readonly width: number; readonly height: number }): number {
  const area = page.width * page.height;
  if (!(area > 0)) return PDF_RENDER_SCALE;
  return Math.min(PDF_RENDER_SCALE, Math.sqrt(OCR_PIXEL_LIMIT / area));
}

/** One rendered page: its number (from 1), the PNG, and pixels per PDF point. */
export interface RenderedPage {
  readonly page: number;
  readonly image: Uint8Array;
  readonly scale: number;
}

interface Viewport {
  readonly width: number;
  readonly height: number;
  readonly scale: number;
}
interface PdfPage {
  getViewport(options: { scale: number }): Viewport;
  render(options: { canvasContext: unknown; viewport: Viewport }): { promise: Promise<void> };
  cleanup(): void;
}
interface NapiCanvas {
  getContext(kind: '2d'): unknown;
  encode(format: 'png'): Promise<Buffer>;
}

/**
 * Renders the first pages of a PDF (up to the page limit) as PNG images, one after the
 * other. Stops between pages when `signal` is aborted.
 */
export async function* renderPdfPages(bytes: Uint8Array, signal?: AbortSignal): AsyncGenerator<RenderedPage> {
  const pdfjs = await importOptionalPeer('pdfjs-dist', () => import('pdfjs-dist/legacy/build/pdf.mjs'));
  const { createCanvas } = await importOptionalPeer('@napi-rs/canvas', () => import('@napi-rs/canvas'));
  const loadingTask = pdfjs.getDocument({
    data: bytes.slice(),
    isEvalSupported: false,
    disableAutoFetch: true,
    disableStream: true,
    stopAtErrors: false,
    verbosity: 0,
  }) as unknown as { promise: Promise<{ numPages: number; getPage(number: number): Promise<PdfPage> }>; destroy(): Promise<void> };
  try {
    const pdf = await loadingTask.promise;
    for (let number = 1; number <= Math.min(pdf.numPages, PDF_PAGE_LIMIT); number += 1) {
      if (signal?.aborted === true) return;
      const page = await pdf.getPage(number);
      const viewport = page.getViewport({ scale: renderScale(page.getViewport({ scale: 1 })) });
      const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height)) as unknown as NapiCanvas;
      const context = canvas.getContext('2d') as { fillStyle: string; fillRect(x: number, y: number, width: number, height: number): void };
      context.fillStyle = '#ffffff';
      context.fillRect(0, 0, Math.ceil(viewport.width), Math.ceil(viewport.height));
      await page.render({ canvasContext: context, viewport }).promise;
      page.cleanup();
      yield { page: number, image: new Uint8Array(await canvas.encode('png')), scale: viewport.scale };
    }
  } finally {
    await loadingTask.destroy().catch(() => undefined);
  }
}
