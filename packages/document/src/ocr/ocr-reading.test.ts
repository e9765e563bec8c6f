import { describe, expect, it } from 'vitest';
import { buildDocument } from '../build-document.js';
import type { Document } from '../model.js';
import type { OcrEngine, OcrWord } from './ocr-engine.js';
import { ocrEvidence, ocrReadingConfidence, secondReadingCheck } from './ocr-document.js';

/** PNG magic: sniffed as an image; the fake engine below never decodes it. */
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);

/** A word on a 10 px glyph grid: `column` and `row` in glyphs, confidence 0–1. */
function word(text: string, column: number, row: number, confidence = 0.95): OcrWord {
  return { text, x: column * 10, y: row * 30, width: text.length * 10, height: 20, confidence, line: row };
}

function engineOf(words: readonly OcrWord[], secondReading?: readonly OcrWord[]): OcrEngine {
  return { recognize: async () => ({ status: 'read', words, ...(secondReading === undefined ? {} : { secondReading }) }), close: async () => undefined };
}

async function read(words: readonly OcrWord[], secondReading?: readonly OcrWord[]): Promise<Document> {
  return buildDocument(PNG, { ocr: engineOf(words, secondReading) });
}

function spanOf(document: Document, text: string): { layer: string; start: number; end: number } {
  const layerText = document.layers['ocr-text']!.text;
  const start = layerText.indexOf(text);
  expect(start).toBeGreaterThanOrEqual(0);
  return { layer: 'ocr-text', start, end: start + text.length };
}

describe('the OCR text layer', () => {
  it('keeps words a normal space apart in one cell and pads only gaps over two glyphs', async () => {
    const document = await read([word('Total', 0, 0), word('(Excl.', 6, 0), word('GST):', 14, 0), word('41.30', 30, 0)]);
    expect(document.layers['ocr-text']!.text).toMatch(/^Total \(Excl\. GST\): {2,}41\.30$/);
    expect(document.keyValues.map((pair) => [pair.key, pair.value])).toEqual([['Total (Excl. GST)', '41.30']]);
  });

  it('joins an amount the reader split at its decimal point, and only that', async () => {
    const document = await read([word('CASH', 0, 0), word('50.', 20, 0), word('00', 24, 0), word('in', 0, 1), word('2018.', 3, 1), word('Items', 9, 1)]);
    const text = document.layers['ocr-text']!.text;
    expect(text.split('\n')[0]).toMatch(/^CASH +50\.00$/);
    expect(text.split('\n')[1]).toBe('in 2018. Items');
  });

  it('drops vertical bars read from ruled lines or the paper edge', async () => {
    const document = await read([word('|', 0, 0), word('NO', 2, 0), word('8,', 5, 0), word('JALAN', 8, 0), word('|', 30, 0)]);
    expect(document.layers['ocr-text']!.text).toBe('NO 8, JALAN');
    expect(document.ocr!.words).toHaveLength(3);
  });
});

describe('reading confidence of a span', () => {
  it('leaves marks alone out of the weakest word, and multiplies the words for all of them right', async () => {
    const document = await read([word('Total', 0, 0, 0.96), word('*', 6, 0, 0), word('8.00', 30, 0, 0.9), word('ACME', 0, 1, 0.9), word('TRADING', 5, 1, 0.8)]);
    expect(ocrEvidence(document, [spanOf(document, '8.00')])).toMatchObject({ confidence: 0.9, allWords: 0.9 });
    expect(ocrEvidence(document, [spanOf(document, 'Total *')])).toMatchObject({ confidence: 0.96 });
    expect(ocrEvidence(document, [spanOf(document, 'ACME TRADING')])).toMatchObject({ confidence: 0.8, allWords: 0.72 });
    expect(ocrReadingConfidence(document, spanOf(document, 'ACME TRADING'))).toBeCloseTo(0.85, 5);
    expect(ocrReadingConfidence(document, { layer: 'input', start: 0, end: 4 })).toBeNull();
  });
});

describe('the second reading of a page', () => {
  const first = [word('Date', 0, 0), word('23/12/2017', 10, 0), word('Total', 0, 1), word('RM9.00', 10, 1), word('GOODS', 0, 2), word('SOLD', 6, 2), word('ARE', 11, 2), word('FINAL', 15, 2)];

  it('agrees where it reads the same characters (or a part of them), differs where it reads others', async () => {
    const second = [word('Date', 0, 0), word('22/12/2017', 10, 0), word('Total', 0, 1), word('9.00', 12, 1), word('GOODS', 0, 2), word('S0LD', 6, 2)];
    const document = await read(first, second);
    expect(document.ocr!.secondReading).toHaveLength(6);
    expect(secondReadingCheck(document, spanOf(document, '23/12/2017'))).toBe('differs');
    expect(ocrEvidence(document, [spanOf(document, '23/12/2017'), spanOf(document, 'Date')])?.secondReading).toBe('differs');
    expect(secondReadingCheck(document, spanOf(document, '9.00'))).toBe('agrees');
    // Long text is segmented differently more often than misread: not compared.
    expect(secondReadingCheck(document, spanOf(document, 'GOODS SOLD ARE FINAL'))).toBeNull();
  });

  it('says nothing where the second reading found nothing, or when the page was read once', async () => {
    const document = await read(first, [word('Date', 0, 0)]);
    expect(secondReadingCheck(document, spanOf(document, 'RM9.00'))).toBeNull();
    const once = await read(first);
    expect(once.ocr!.secondReading).toBeUndefined();
    expect(ocrEvidence(once, [spanOf(once, 'RM9.00')])).not.toHaveProperty('secondReading');
  });
});
