/**
 * Page boxes for the text layer of a PDF: every placed run lies on its page, a span maps
 * to one box per line it covers, and the box lies over the ink of the value's glyphs —
 * checked by rendering the page with pdf.js and looking at its pixels, on pages of
 * different sizes and on a page turned by /Rotate.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import type { PageBox } from '@paxman/core';
import { describe, expect, it } from 'vitest';
import { buildDocument } from '../build-document.js';
import type { Document } from '../model.js';
import { renderPdfPages } from '../ocr/pdf-pages.js';
import { textPdf } from '../__fixtures__/text-pdf.js';
import { pdfTextBoxes, placeTextItem } from './pdf-boxes.js';

const invoices = resolve(import.meta.dirname, '../../../../../shared/eval/invoice2data/cases');

function spanOf(document: Document, needle: string, from = 0): { layer: string; start: number; end: number } {
  const text = document.layers['pdf-text']!.text;
  const start = text.indexOf(needle, from);
  expect(start, `${needle} in the pdf-text layer`).toBeGreaterThanOrEqual(0);
  return { layer: 'pdf-text', start, end: start + needle.length };
}

/** The bounding box of dark pixels of a page (rendered by pdf.js) inside `box` widened by `margin` points, in points; null when none. */
async function inkIn(bytes: Uint8Array, box: PageBox, margin: number): Promise<{ left: number; top: number; right: number; bottom: number; dark: number } | null> {
  for await (const rendered of renderPdfPages(bytes)) {
    if (rendered.page !== box.page) continue;
    const image = await loadImage(Buffer.from(rendered.image));
    const canvas = createCanvas(image.width, image.height);
    const context = canvas.getContext('2d');
    context.drawImage(image, 0, 0);
    const scale = rendered.scale;
    const x0 = Math.max(0, Math.floor((box.x - margin) * scale));
    const y0 = Math.max(0, Math.floor((box.y - margin) * scale));
    const x1 = Math.min(image.width, Math.ceil((box.x + box.width + margin) * scale));
    const y1 = Math.min(image.height, Math.ceil((box.y + box.height + margin) * scale));
    const pixels = context.getImageData(x0, y0, x1 - x0, y1 - y0);
    let found: { left: number; top: number; right: number; bottom: number; dark: number } | null = null;
    for (let y = 0; y < y1 - y0; y += 1) {
      for (let x = 0; x < x1 - x0; x += 1) {
        const offset = (y * (x1 - x0) + x) * 4;
        if (pixels.data[offset]! > 128) continue;
        const px = (x0 + x) / scale;
        const py = (y0 + y) / scale;
        if (found === null) found = { left: px, top: py, right: px, bottom: py, dark: 0 };
        found.left = Math.min(found.left, px);
        found.top = Math.min(found.top, py);
        found.right = Math.max(found.right, px + 1 / scale);
        found.bottom = Math.max(found.bottom, py + 1 / scale);
        found.dark += 1;
      }
    }
    return found;
  }
  return null;
}

/** True when the ink near `box` (within `margin`) lies inside it, give or take `slack` points. */
function encloses(box: PageBox, ink: { left: number; top: number; right: number; bottom: number }, slack: number): boolean {
  return ink.left >= box.x - slack && ink.right <= box.x + box.width + slack && ink.top >= box.y - slack && ink.bottom <= box.y + box.height + slack;
}

describe('placeTextItem', () => {
  it('boxes a run from its baseline on an unrotated page (y downwards)', () => {
    const placed = placeTextItem({ str: 'Total', transform: [10, 0, 0, 10, 72, 700], width: 25, height: 10 }, { width: 612, height: 792, transform: [1, 0, 0, -1, 0, 792] });
    expect(placed).toEqual({ x: 72, y: 84, width: 25, height: 10, direction: 'right' });
  });

  it('turns a run with the page: /Rotate 90 makes it run downwards', () => {
    // pdf.js's viewport of a 612 × 792 page at /Rotate 90: x' = y, y' = x.
    const placed = placeTextItem({ str: 'Total', transform: [10, 0, 0, 10, 72, 700], width: 25, height: 10 }, { width: 792, height: 612, transform: [0, 1, 1, 0, 0, 0] });
    expect(placed?.direction).toBe('down');
    expect(placed?.y).toBeCloseTo(72);
    expect(placed?.height).toBeCloseTo(25);
  });

  it('gives nothing for a run of no height', () => {
    expect(placeTextItem({ str: '', transform: [0, 0, 0, 0, 0, 0], width: 0, height: 0 }, { width: 612, height: 792, transform: [1, 0, 0, -1, 0, 792] })).toBeNull();
  });
});

describe('page boxes of the pdf-text layer', { timeout: 60_000 }, () => {
  const pages = [
    { width: 595, height: 842, lines: [{ text: 'Invoice INV-7', x: 60, y: 780, size: 16 }, { text: 'Total due', x: 60, y: 400, size: 12 }, { text: '1,234.50', x: 400, y: 400, size: 12 }] },
    { width: 612, height: 792, rotate: 90, lines: [{ text: 'Amount paid 99.95', x: 72, y: 500, size: 14 }] },
    { width: 300, height: 200, lines: [{ text: 'Note: first line', x: 20, y: 150, size: 10 }, { text: 'second line', x: 20, y: 130, size: 10 }] },
  ];
  const bytes = textPdf(pages);
  const documentPromise = buildDocument(bytes);

  it('keeps every page as displayed and every run on its page', async () => {
    const document = await documentPromise;
    expect(document.pdf?.pages).toEqual([
      { page: 1, width: 595, height: 842 },
      { page: 2, width: 792, height: 612 },
      { page: 3, width: 300, height: 200 },
    ]);
    const runs = document.pdf!.runs;
    expect(runs.length).toBeGreaterThanOrEqual(6);
    for (const run of runs) {
      const page = document.pdf!.pages.find((candidate) => candidate.page === run.page)!;
      expect(run.x).toBeGreaterThanOrEqual(0);
      expect(run.y).toBeGreaterThanOrEqual(0);
      expect(run.x + run.width).toBeLessThanOrEqual(page.width);
      expect(run.y + run.height).toBeLessThanOrEqual(page.height);
      expect(document.layers['pdf-text']!.text.slice(run.start, run.end).trim().length).toBeGreaterThan(0);
    }
    expect(runs.map((run) => run.start)).toEqual([...runs.map((run) => run.start)].sort((left, right) => left - right));
  });

  it('boxes a value over the ink of its glyphs on a portrait page', async () => {
    const document = await documentPromise;
    const boxes = pdfTextBoxes(document, [spanOf(document, '1,234.50')])!;
    expect(boxes).toHaveLength(1);
    const box = boxes[0]!;
    expect(box.page).toBe(1);
    // Baseline at 842 − 400 = 442, glyphs from 0.8 × 12 above it to 0.2 × 12 below it.
    expect(box.y).toBeCloseTo(442 - 9.6, 1);
    expect(box.height).toBeCloseTo(12, 1);
    expect(box.x).toBeCloseTo(400, 0);
    const ink = await inkIn(bytes, box, 6);
    expect(ink).not.toBeNull();
    expect(encloses(box, ink!, 1)).toBe(true);
  });

  it('boxes part of a run by its share of the characters', async () => {
    const document = await documentPromise;
    const [whole] = pdfTextBoxes(document, [spanOf(document, 'Invoice INV-7')])!;
    const [part] = pdfTextBoxes(document, [spanOf(document, 'INV-7')])!;
    expect(part!.x).toBeGreaterThan(whole!.x + whole!.width / 3);
    expect(part!.x + part!.width).toBeCloseTo(whole!.x + whole!.width, 1);
    const ink = await inkIn(bytes, part!, 0);
    expect(ink!.dark).toBeGreaterThan(20);
  });

  it('boxes a value on a page turned by /Rotate 90 over its ink', async () => {
    const document = await documentPromise;
    const [box] = pdfTextBoxes(document, [spanOf(document, 'Amount paid 99.95')])!;
    expect(box!.page).toBe(2);
    // The text runs down the displayed page: taller than wide.
    expect(box!.height).toBeGreaterThan(box!.width * 3);
    const ink = await inkIn(bytes, box!, 6);
    expect(ink).not.toBeNull();
    expect(encloses(box!, ink!, 1)).toBe(true);
  });

  it('gives one box per line a span covers', async () => {
    const document = await documentPromise;
    const first = spanOf(document, 'first line');
    const second = spanOf(document, 'second line');
    const boxes = pdfTextBoxes(document, [{ layer: 'pdf-text', start: first.start, end: second.end }])!;
    expect(boxes).toHaveLength(2);
    expect(boxes.every((box) => box.page === 3)).toBe(true);
    expect(boxes[1]!.y).toBeGreaterThan(boxes[0]!.y + boxes[0]!.height - 1);
  });

  it('gives nothing for spans of another layer or empty spans', async () => {
    const document = await documentPromise;
    expect(pdfTextBoxes(document, [{ layer: 'input', start: 0, end: 4 }])).toBeNull();
    expect(pdfTextBoxes(document, [{ layer: 'pdf-text', start: 3, end: 3 }])).toBeNull();
  });

  it('boxes the total of a real invoice over its ink', async () => {
    const invoice = new Uint8Array(readFileSync(resolve(invoices, 'AmazonWebServices.pdf')));
    const document = await buildDocument(invoice);
    const pair = document.keyValues.find((candidate) => candidate.key === 'Total for this invoice')!;
    const [box] = pdfTextBoxes(document, [pair.valueSpan])!;
    expect(box!.page).toBeGreaterThanOrEqual(1);
    const ink = await inkIn(invoice, box!, 0);
    expect(ink!.dark).toBeGreaterThan(20);
    const around = await inkIn(invoice, box!, 3);
    expect(encloses(box!, around!, 1.5)).toBe(true);
  });

  it('leaves documents of other kinds without a PDF layout', async () => {
    const document = await buildDocument('Total: 12.00 EUR\n');
    expect(document.pdf).toBeUndefined();
    expect(pdfTextBoxes(document, [{ layer: 'input', start: 7, end: 12 }])).toBeNull();
  });
});
