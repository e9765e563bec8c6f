/**
 * Page boxes for text read from a PDF's text layer. pdf.js places every run of text
 * (a text item: its transform and its advance width); the run is turned into a box on the
 * page as displayed — the page's viewport at scale 1, so its /Rotate and its own size are
 * applied and the box is in PDF points with y downwards from the top-left corner, like the
 * boxes of OCR words — and kept with its offsets in the `pdf-text` layer. A span of that
 * layer then maps to page boxes (`pdfTextBoxes`): the runs it touches, each cut to the
 * characters the span covers (by their share of the run: pdf.js does not give each glyph's
 * advance), joined into one box per line of the layer the span covers.
 */
import type { PageBox, SourceSpan } from '@paxman/core';
import type { Document, PdfTextRun } from '../model.js';
import type { PdfPageViewport } from './pdf-reader.js';

/** A pdf.js text item: its text, its text rendering matrix and its advance (user space). */
export interface PdfTextItem {
  readonly str: string;
  readonly transform: readonly number[];
  readonly width: number;
  readonly height: number;
}

/** Share of a glyph's size above the baseline (pdf.js's default ascent, as in its text layer). */
const ASCENT = 0.8;
/** Share of a glyph's size below the baseline (descenders). */
const DESCENT = 0.2;

type Point = readonly [number, number];

function apply(transform: readonly number[], [x, y]: Point): Point {
  const [a = 1, b = 0, c = 0, d = 1, e = 0, f = 0] = transform;
  return [a * x + c * y + e, b * x + d * y + f];
}

/** The way a vector points on the displayed page, rounded to the nearest of four. */
function directionOf(dx: number, dy: number): PdfTextRun['direction'] {
  if (Math.abs(dx) >= Math.abs(dy)) return dx >= 0 ? 'right' : 'left';
  return dy >= 0 ? 'down' : 'up';
}

/**
 * Where a text item is on the displayed page: the box around its glyphs (from the
 * baseline, the font size up and a fifth of it down, along the text's own axes), and
 * the way the text advances; null for an item drawn with a degenerate matrix.
 *
 * @example placeTextItem({ str: 'Total', transform: [10, 0, 0, 10, 72, 700], width: 25, height: 10 }, { width: 612, height: 792, transform: [1, 0, 0, -1, 0, 792] })
 * // { x: 72, y: 84, width: 25, height: 10, direction: 'right' }
 */
export function placeTextItem(item: PdfTextItem, viewport: PdfPageViewport): Omit<PdfTextRun, 'start' | 'end' | 'page'> | null {
  const [a = 1, b = 0, c = 0, d = 1, e = 0, f = 0] = item.transform;
  const advance = Math.hypot(a, b);
  // A degenerate matrix (text drawn at size 0) has no place on the page.
  if (advance === 0 && Math.hypot(c, d) === 0) return null;
  const size = Math.hypot(c, d) || advance || item.height || 10;
  // Unit vectors of the text's advance and its up direction, in user space.
  const along: Point = advance > 0 ? [a / advance, b / advance] : [1, 0];
  const upLength = Math.hypot(c, d);
  const up: Point = upLength > 0 ? [c / upLength, d / upLength] : [-along[1], along[0]];
  const width = item.width > 0 ? item.width : 0;
  const corner = (forward: number, rise: number): Point => apply(viewport.transform, [e + along[0] * forward + up[0] * rise, f + along[1] * forward + up[1] * rise]);
  const corners = [corner(0, -DESCENT * size), corner(width, -DESCENT * size), corner(0, ASCENT * size), corner(width, ASCENT * size)];
  const xs = corners.map((point) => point[0]);
  const ys = corners.map((point) => point[1]);
  const left = Math.min(...xs);
  const top = Math.min(...ys);
  const boxWidth = Math.max(...xs) - left;
  const boxHeight = Math.max(...ys) - top;
  if (![left, top, boxWidth, boxHeight].every(Number.isFinite) || boxHeight <= 0) return null;
  const start = corner(0, 0);
  const end = corner(Math.max(width, 1), 0);
  return { x: left, y: top, width: boxWidth, height: boxHeight, direction: directionOf(end[0] - start[0], end[1] - start[1]) };
}

/** First index of `runs` (sorted by start) whose end is past `offset`. */
function firstRunEndingAfter(runs: readonly PdfTextRun[], offset: number): number {
  let low = 0;
  let high = runs.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (runs[middle]!.end <= offset) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The part of a run's box holding its characters `[from, to)` (offsets in the layer), by their share of the run. */
function partOf(run: PdfTextRun, from: number, to: number): { left: number; top: number; right: number; bottom: number } {
  const length = Math.max(1, run.end - run.start);
  const head = (Math.max(from, run.start) - run.start) / length;
  const tail = (Math.min(to, run.end) - run.start) / length;
  const right = run.x + run.width;
  const bottom = run.y + run.height;
  switch (run.direction) {
    case 'right':
      return { left: run.x + head * run.width, top: run.y, right: run.x + tail * run.width, bottom };
    case 'left':
      return { left: right - tail * run.width, top: run.y, right: right - head * run.width, bottom };
    case 'down':
      return { left: run.x, top: run.y + head * run.height, right, bottom: run.y + tail * run.height };
    case 'up':
      return { left: run.x, top: bottom - tail * run.height, right, bottom: bottom - head * run.height };
  }
}

/** Rounded outwards to 1/100 point, so the box still encloses the characters. */
function rounded(page: number, box: { left: number; top: number; right: number; bottom: number }): PageBox {
  const down = (value: number) => Math.floor(value * 100 + 1e-9) / 100;
  const up = (value: number) => Math.ceil(value * 100 - 1e-9) / 100;
  const x = down(box.left);
  const y = down(box.top);
  return { page, x, y, width: up(up(box.right) - x), height: up(up(box.bottom) - y) };
}

/**
 * Where spans of a PDF's text layer are on its pages: one box per line of the layer each
 * span covers (a value printed over two lines gets two boxes), enclosing the characters
 * of the span on that line, in PDF points on the page as displayed; null when no span is
 * in the layer or none touches placed text (a Document without a PDF layout, spans of
 * another layer).
 *
 * @example pdfTextBoxes(document, [{ layer: 'pdf-text', start: 812, end: 818 }]) // [{ page: 1, x: 498.2, y: 641.5, width: 38.9, height: 11 }]
 */
export function pdfTextBoxes(document: Document, spans: readonly SourceSpan[]): PageBox[] | null {
  const layout = document.pdf;
  if (layout === undefined) return null;
  const text = document.layers[layout.layer]?.text ?? '';
  const boxes: PageBox[] = [];
  const seen = new Set<string>();
  for (const span of spans) {
    if (span.layer !== layout.layer || span.end <= span.start) continue;
    // The span line by line of the layer: one box for each.
    let lineStart = span.start;
    while (lineStart < span.end) {
      const newline = text.indexOf('\n', lineStart);
      const lineEnd = newline === -1 || newline >= span.end ? span.end : newline;
      const byPage = new Map<number, { left: number; top: number; right: number; bottom: number }>();
      for (let index = firstRunEndingAfter(layout.runs, lineStart); index < layout.runs.length; index += 1) {
        const run = layout.runs[index]!;
        if (run.start >= lineEnd) break;
        const part = partOf(run, lineStart, lineEnd);
        const box = byPage.get(run.page);
        if (box === undefined) byPage.set(run.page, part);
        else {
          box.left = Math.min(box.left, part.left);
          box.top = Math.min(box.top, part.top);
          box.right = Math.max(box.right, part.right);
          box.bottom = Math.max(box.bottom, part.bottom);
        }
      }
      for (const [page, box] of byPage) {
        const placed = rounded(page, box);
        const key = `${placed.page}:${placed.x}:${placed.y}:${placed.width}:${placed.height}`;
        if (!seen.has(key)) {
          seen.add(key);
          boxes.push(placed);
        }
      }
      lineStart = lineEnd + 1;
    }
  }
  return boxes.length === 0 ? null : boxes;
}
