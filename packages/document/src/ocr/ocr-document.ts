/**
 * The OCR text layer of a Document: each page image is read by the OCR engine, its words
 * are laid out from their boxes (`layout/layout-lines.ts`: visual lines by vertical
 * overlap once the page's skew is taken out, left to right, columns on a character grid) and the pages joined by a blank
 * line into the `ocr-text` layer, which is then structured like any text (lines,
 * key-values, tables). Every word keeps its offsets in the layer, its page box and its
 * confidence, so evidence found in the text can point at the page (`ocrEvidence`).
 */
import type { Diagnostic, PageBox, SourceSpan } from '@paxman/core';
import { addLayer, addTextRegion, type DocumentDraft } from '../document-draft.js';
import { deskewPieces, estimateSlope, layoutPieces } from '../layout/layout-lines.js';
import type { Document, OcrPageStatus, OcrWordPlacement } from '../model.js';
import type { OcrEngine } from './ocr-engine.js';

/** Name of the OCR text layer. */
export const OCR_LAYER = 'ocr-text';

/** One page image to read: its number (from 1) and pixels per page unit. */
export interface OcrPageImage {
  readonly page: number;
  readonly image: Uint8Array;
  readonly scale: number;
}

/**
 * Reads the pages by OCR into the draft's `ocr-text` layer (made primary) and structures
 * it. A page that fails or exceeds the engine's time limit is recorded, with a warning,
 * and the other pages are kept.
 */
export async function addOcrLayer(draft: DocumentDraft, pages: AsyncIterable<OcrPageImage> | Iterable<OcrPageImage>, engine: OcrEngine, signal?: AbortSignal): Promise<void> {
  const statuses: OcrPageStatus[] = [];
  const words: OcrWordPlacement[] = [];
  let text = '';
  for await (const source of pages) {
    if (signal?.aborted === true) {
      draft.warnings.push(`OCR aborted before page ${source.page}.`);
      break;
    }
    const outcome = await engine.recognize(source.image, signal === undefined ? {} : { signal });
    if (outcome.status !== 'read') {
      const message = outcome.status === 'timeout' ? `reading took longer than ${outcome.limitMs} ms` : outcome.message;
      statuses.push({ page: source.page, status: outcome.status, words: 0, message });
      draft.warnings.push(`OCR of page ${source.page} ${outcome.status === 'timeout' ? 'timed out' : 'failed'}: ${message}.`);
      continue;
    }
    const scale = source.scale > 0 ? source.scale : 1;
    const pieces = outcome.words.map((word) => ({ text: word.text, left: word.x, top: word.y, width: word.width, height: word.height }));
    // A photo taken askew: rows are grouped with the skew taken out (boxes stay as read).
    const laidOut = layoutPieces(deskewPieces(pieces, estimateSlope(pieces, outcome.words.map((word) => word.line))));
    if (laidOut.text.length > 0 && text.length > 0) text += '\n\n';
    const base = text.length;
    text += laidOut.text;
    const pageWords: OcrWordPlacement[] = [];
    outcome.words.forEach((word, index) => {
      const offsets = laidOut.offsets[index];
      if (offsets === null || offsets === undefined) return;
      pageWords.push({
        start: base + offsets.start,
        end: base + offsets.end,
        page: source.page,
        x: word.x / scale,
        y: word.y / scale,
        width: word.width / scale,
        height: word.height / scale,
        confidence: word.confidence,
      });
    });
    pageWords.sort((left, right) => left.start - right.start);
    words.push(...pageWords);
    statuses.push({ page: source.page, status: 'read', words: pageWords.length });
  }
  addLayer(draft, { name: OCR_LAYER, text, origin: null });
  draft.primaryLayer = OCR_LAYER;
  draft.ocr = { layer: OCR_LAYER, pages: statuses, words };
  if (text.trim().length === 0 && statuses.some((page) => page.status === 'read')) draft.warnings.push('OCR found no text on the page(s).');
  addTextRegion(draft, OCR_LAYER);
}

/** First index of `words` (sorted by start) whose end is past `offset`. */
function firstWordEndingAfter(words: readonly OcrWordPlacement[], offset: number): number {
  let low = 0;
  let high = words.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (words[middle]!.end <= offset) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * Where OCR'd spans are on the page: one box per page enclosing every word the spans of
 * the OCR layer touch, and the lowest confidence among those words; null when no span is
 * in the OCR layer.
 *
 * @example ocrEvidence(document, [{ layer: 'ocr-text', start: 120, end: 124 }]) // { boxes: [{ page: 1, x: 402, … }], confidence: 0.91 }
 */
export function ocrEvidence(document: Document, spans: readonly SourceSpan[]): { readonly boxes: readonly PageBox[]; readonly confidence: number } | null {
  const ocr = document.ocr;
  if (ocr === undefined) return null;
  const byPage = new Map<number, { left: number; top: number; right: number; bottom: number }>();
  let confidence = 1;
  let found = false;
  for (const span of spans) {
    if (span.layer !== ocr.layer) continue;
    for (let index = firstWordEndingAfter(ocr.words, span.start); index < ocr.words.length; index += 1) {
      const word = ocr.words[index]!;
      if (word.start >= Math.max(span.end, span.start + 1)) break;
      found = true;
      confidence = Math.min(confidence, word.confidence);
      const box = byPage.get(word.page);
      if (box === undefined) byPage.set(word.page, { left: word.x, top: word.y, right: word.x + word.width, bottom: word.y + word.height });
      else {
        box.left = Math.min(box.left, word.x);
        box.top = Math.min(box.top, word.y);
        box.right = Math.max(box.right, word.x + word.width);
        box.bottom = Math.max(box.bottom, word.y + word.height);
      }
    }
  }
  if (!found) return null;
  // Rounded outwards to 1/100 unit, so the box still encloses every word.
  const down = (value: number) => Math.floor(value * 100 + 1e-9) / 100;
  const up = (value: number) => Math.ceil(value * 100 - 1e-9) / 100;
  const boxes = [...byPage.entries()]
    .sort((left, right) => left[0] - right[0])
    .map(([page, box]) => {
      const x = down(box.left);
      const y = down(box.top);
      return { page, x, y, width: up(up(box.right) - x), height: up(up(box.bottom) - y) };
    });
  return { boxes, confidence: Math.round(confidence * 100) / 100 };
}

/** A warning per page that OCR could not read (`OCR_PAGE_TIMEOUT`, `OCR_PAGE_FAILED`). */
export function ocrDiagnostics(document: Document): Diagnostic[] {
  const pages = document.ocr?.pages ?? [];
  return pages
    .filter((page) => page.status !== 'read')
    .map((page) => ({
      code: page.status === 'timeout' ? 'OCR_PAGE_TIMEOUT' : 'OCR_PAGE_FAILED',
      severity: 'WARNING' as const,
      stage: 'execution' as const,
      message: `Page ${page.page} was not read by OCR (${page.message ?? page.status}); values on it are missing.`,
      context: { page: page.page },
    }));
}
