import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildDocument } from '../build-document.js';
import type { Document } from '../model.js';
import { type DrawnBox, imageOnlyPdf, renderText } from '../__fixtures__/render-image.js';
import { ocrDiagnostics, ocrEvidence } from './ocr-document.js';
import type { OcrEngine } from './ocr-engine.js';
import { createOcrPool } from './tesseract-pool.js';

const RECEIPT = [
  { text: 'CORNER BAKERY LTD', x: 40, y: 50 },
  { text: 'Invoice No: INV-20931', x: 40, y: 110 },
  { text: 'Date: 14/03/2024', x: 40, y: 160 },
  { text: 'Total', x: 40, y: 250 },
  { text: '42.50', x: 520, y: 250 },
];

let ocr: OcrEngine;
beforeAll(() => {
  ocr = createOcrPool({ workers: 1 });
});
afterAll(async () => {
  await ocr.close();
});

function valueOf(document: Document, key: RegExp): { value: string; box: { page: number; x: number; y: number; width: number; height: number } | undefined; confidence: number | undefined } | null {
  const pair = document.keyValues.find((candidate) => key.test(candidate.key));
  if (pair === undefined) return null;
  const found = ocrEvidence(document, [pair.valueSpan]);
  return { value: pair.value, box: found?.boxes[0], confidence: found?.confidence };
}

function contains(box: { x: number; y: number; width: number; height: number }, drawn: DrawnBox, scale = 1, slack = 3): boolean {
  return (
    box.x <= drawn.x * scale + slack &&
    box.y <= drawn.y * scale + slack &&
    box.x + box.width >= (drawn.x + drawn.width) * scale - slack &&
    box.y + box.height >= (drawn.y + drawn.height) * scale - slack
  );
}

function containsCenter(box: { x: number; y: number; width: number; height: number }, drawn: DrawnBox): boolean {
  const cx = drawn.x + drawn.width / 2;
  const cy = drawn.y + drawn.height / 2;
  return box.x <= cx && cx <= box.x + box.width && box.y <= cy && cy <= box.y + box.height;
}

describe('images read by OCR', () => {
  it('reads a rendered receipt: the label and its far amount share a line, and the evidence box holds the words', async () => {
    const { image, boxes } = await renderText(RECEIPT);
    const document = await buildDocument(image, { ocr });
    expect(document.kind).toBe('image');
    expect(document.primaryLayer).toBe('ocr-text');
    expect(document.layers['input']!.text).toBe('');
    expect(document.ocr?.pages).toEqual([{ page: 1, status: 'read', words: expect.any(Number) }]);
    const total = valueOf(document, /^Total$/);
    expect(total?.value).toBe('42.50');
    expect(contains(total!.box!, boxes[4]!)).toBe(true);
    expect(total!.confidence).toBeGreaterThan(0.5);
    const invoice = valueOf(document, /Invoice No/);
    expect(invoice?.value).toBe('INV-20931');
    expect(contains(invoice!.box!, { ...boxes[1]!, x: boxes[1]!.x + boxes[1]!.width * 0.55, width: boxes[1]!.width * 0.45 })).toBe(true);
    expect(valueOf(document, /^Date$/)?.value).toBe('14/03/2024');
    // Read twice by default: the second reading of the amount's place agrees.
    expect(document.ocr?.secondReading?.length).toBeGreaterThan(0);
    expect(ocrEvidence(document, [document.keyValues.find((pair) => pair.key === 'Total')!.valueSpan])?.secondReading).toBe('agrees');
    expect(document.context.dateOrder === null || document.context.dateOrder === 'DMY').toBe(true);
  }, 30_000);

  it("keeps Tesseract's own messages off the console (a service's or an agent tool's output stays clean)", async () => {
    const written: string[] = [];
    const capture = (chunk: unknown): boolean => {
      written.push(String(chunk));
      return true;
    };
    const stdout = vi.spyOn(process.stdout, 'write').mockImplementation(capture);
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(capture);
    try {
      const { image } = await renderText(RECEIPT, { format: 'jpeg' });
      const document = await buildDocument(image, { ocr });
      expect(document.ocr?.pages[0]?.status).toBe('read');
      // Messages of the worker threads reach the parent's streams asynchronously.
      await new Promise((resolve) => setTimeout(resolve, 200));
    } finally {
      stdout.mockRestore();
      stderr.mockRestore();
    }
    expect(written.join('')).not.toMatch(/Estimating resolution|diacritics|Line cannot be recognized/);
  }, 30_000);

  it('reads a slightly rotated JPEG photo', async () => {
    const { image, boxes } = await renderText(RECEIPT, { rotate: 3, format: 'jpeg', height: 400 });
    const document = await buildDocument(image, { ocr });
    const total = valueOf(document, /^Total$/);
    expect(total?.value).toBe('42.50');
    expect(containsCenter(total!.box!, boxes[4]!)).toBe(true);
    expect(valueOf(document, /Invoice No/)?.value).toBe('INV-20931');
  }, 30_000);

  it('reads a low-contrast scan', async () => {
    const { image, boxes } = await renderText(RECEIPT, { ink: '#8c8c8c', paper: '#d2d2d2' });
    const document = await buildDocument(image, { ocr });
    const total = valueOf(document, /^Total$/);
    expect(total?.value).toBe('42.50');
    expect(contains(total!.box!, boxes[4]!)).toBe(true);
  }, 30_000);

  it('reads a two-page PDF without a text layer page by page, with boxes in PDF points', async () => {
    const first = await renderText([RECEIPT[0]!, RECEIPT[1]!], { format: 'jpeg' });
    const second = await renderText([RECEIPT[3]!, RECEIPT[4]!], { format: 'jpeg' });
    const pdf = imageOnlyPdf([
      { jpeg: first.image, width: 640, height: 360 },
      { jpeg: second.image, width: 640, height: 360 },
    ]);
    const document = await buildDocument(pdf, { ocr });
    expect(document.kind).toBe('pdf');
    expect(document.primaryLayer).toBe('ocr-text');
    expect(document.ocr?.pages.map((page) => page.status)).toEqual(['read', 'read']);
    expect(document.warnings).toEqual([]);
    const total = valueOf(document, /^Total$/);
    expect(total?.value).toBe('42.50');
    // The image is 640 px over a 320 pt page: half a point per pixel.
    expect(total!.box!.page).toBe(2);
    expect(contains(total!.box!, second.boxes[1]!, 0.5, 2)).toBe(true);
    expect(valueOf(document, /Invoice No/)?.box?.page).toBe(1);
  }, 60_000);

  it('reads the second time on a free worker at the same time, with the same result', async () => {
    const { image } = await renderText(RECEIPT);
    const pair = createOcrPool({ workers: 2 });
    try {
      const alone = await buildDocument(image, { ocr });
      // The first page starts the helper; the second finds it free.
      await buildDocument(image, { ocr: pair });
      const together = await buildDocument(image, { ocr: pair });
      expect(together.layers['ocr-text']!.text).toBe(alone.layers['ocr-text']!.text);
      expect(together.ocr?.secondReading).toEqual(alone.ocr?.secondReading);
    } finally {
      await pair.close();
    }
  }, 60_000);

  it('reads each page once when told to (no second reading to check against)', async () => {
    const once = createOcrPool({ workers: 1, secondReading: false });
    try {
      const { image } = await renderText(RECEIPT);
      const document = await buildDocument(image, { ocr: once });
      expect(valueOf(document, /^Total$/)?.value).toBe('42.50');
      expect(document.ocr?.secondReading).toBeUndefined();
    } finally {
      await once.close();
    }
  }, 30_000);

  it('ends a page over the time limit with a warning and a diagnostic, not a hang', async () => {
    const impatient = createOcrPool({ workers: 1, pageTimeoutMs: 1 });
    try {
      const { image } = await renderText(RECEIPT);
      const document = await buildDocument(image, { ocr: impatient });
      expect(document.ocr?.pages).toEqual([{ page: 1, status: 'timeout', words: 0, message: 'reading took longer than 1 ms' }]);
      expect(document.warnings.join(' ')).toMatch(/OCR of page 1 timed out/);
      expect(ocrDiagnostics(document)).toEqual([expect.objectContaining({ code: 'OCR_PAGE_TIMEOUT', severity: 'WARNING', context: { page: 1 } })]);
    } finally {
      await impatient.close();
    }
  }, 30_000);

  it('turns an image it cannot decode into a warning', async () => {
    const broken = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4, 5, 6, 7, 8]);
    const document = await buildDocument(broken, { ocr });
    expect(document.kind).toBe('image');
    expect(document.ocr?.pages[0]?.status).toBe('failed');
    expect(document.warnings.join(' ')).toMatch(/OCR of page 1 failed/);
    expect(ocrDiagnostics(document)[0]?.code).toBe('OCR_PAGE_FAILED');
    // The pool goes on reading after a failed page.
    const { image } = await renderText([RECEIPT[3]!, RECEIPT[4]!]);
    expect(valueOf(await buildDocument(image, { ocr }), /^Total$/)?.value).toBe('42.50');
  }, 30_000);
});

describe('ocrEvidence', () => {
  it('is null for spans outside the OCR layer and for documents without OCR', async () => {
    const document = await buildDocument('Total: 1.00\n');
    expect(ocrEvidence(document, [{ layer: 'input', start: 7, end: 11 }])).toBeNull();
  });
});
