import { describe, expect, it } from 'vitest';
import { buildDocument } from '../build-document.js';
import type { Document } from '../model.js';
import type { OcrEngine, OcrWord } from './ocr-engine.js';
import { OCR_PIXEL_LIMIT } from '../limits.js';
import { ocrDiagnostics, ocrEvidence, ocrReadingConfidence, secondReadingCheck, secondReadingWords } from './ocr-document.js';
import { AGREED_WORD_RIGHT } from './ocr-word-agreement.js';
import { PDF_RENDER_SCALE, renderScale } from './pdf-pages.js';

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
    // Three to six words (a name) are compared word by word.
    expect(secondReadingCheck(document, spanOf(document, 'GOODS SOLD ARE FINAL'))).toBe('differs');
  });

  it('tells a number read with a digit or a separator more or fewer from one read with another digit', async () => {
    const amounts = [word('Total', 0, 0), word('1000', 10, 0), word('Cash', 0, 1), word('00', 10, 1), word('Due', 0, 2), word('9.65', 10, 2), word('Paid', 0, 3), word('RM9.00', 10, 3), word('Rounded', 0, 4), word('248.015', 10, 4)];
    const second = [word('Total', 0, 0), word('10.00', 10, 0), word('Cash', 0, 1), word('7.00', 10, 1), word('Due', 0, 2), word('9.85', 10, 2), word('Paid', 0, 3), word('9.00', 12, 3), word('Rounded', 0, 4), word('248.05', 10, 4)];
    const document = await read(amounts, second);
    // The separator lost ("1000" for 10.00), a digit and its separator lost ("00" for 7.00), a digit doubled.
    expect(secondReadingCheck(document, spanOf(document, '1000'))).toBe('differs-in-shape');
    expect(secondReadingCheck(document, spanOf(document, '00'))).toBe('differs-in-shape');
    expect(secondReadingCheck(document, spanOf(document, '248.015'))).toBe('differs-in-shape');
    expect(ocrEvidence(document, [spanOf(document, '1000')])?.secondReading).toBe('differs-in-shape');
    // A digit misread keeps the number's shape; a currency prefix only one reading has is no disagreement.
    expect(secondReadingCheck(document, spanOf(document, '9.65'))).toBe('differs');
    expect(secondReadingCheck(document, spanOf(document, 'RM9.00'))).toBe('agrees');
  });

  it('compares a name word by word (a misread word differs; punctuation does not), and not an address', async () => {
    const name = [word('YONGFATTENTERPRISE', 0, 0), word('SDN.', 20, 0), word('BHD', 25, 0)];
    const address = ['NO', '5,', 'JALAN', 'SAGU', '18,', 'TAMAN', 'DAYA,', '81100', 'JOHOR'].reduce<OcrWord[]>((placed, text) => {
      const last = placed[placed.length - 1];
      return [...placed, word(text, last === undefined ? 0 : last.x / 10 + last.text.length + 1, 1)];
    }, []);
    const misread = [word('YONGFATTENTERPRlSE', 0, 0), word('SDN', 20, 0), word('BHD.', 25, 0), ...address.map((placed) => (placed.text === '81100' ? { ...placed, text: '8110O' } : placed))];
    const disputed = await read([...name, ...address], misread);
    expect(secondReadingCheck(disputed, spanOf(disputed, 'YONGFATTENTERPRISE SDN. BHD'))).toBe('differs');
    // An address (over six words) is not compared whole: its words are judged one by one (allWordsBothReadings).
    expect(secondReadingCheck(disputed, spanOf(disputed, 'NO 5, JALAN SAGU 18, TAMAN DAYA, 81100 JOHOR'))).toBeNull();
    // Two words the first reading ran together take the second reading's split: the layer then reads them as two, and they agree.
    const joined = await read([word('YONGFATTENTERPRISE', 0, 0)], [word('YONGFATT', 0, 0), word('ENTERPRISE', 9, 0)]);
    expect(joined.layers['ocr-text']!.text).toBe('YONGFATT ENTERPRISE');
    expect(secondReadingCheck(joined, spanOf(joined, 'YONGFATT ENTERPRISE'))).toBe('agrees');
    const same = await read(name, [word('YONGFATTENTERPRISE', 0, 0), word('SDN', 20, 0), word('BHD.', 25, 0)]);
    expect(secondReadingCheck(same, spanOf(same, 'YONGFATTENTERPRISE SDN. BHD'))).toBe('agrees');
  });

  it('judges each word of an address by both readings: alike, read otherwise (a split counts), or unseen', async () => {
    const address = ['NO', '5,', 'JALAN', 'SAGU', '18,', 'TAMAN', 'DAYA,', 'B1100', 'JOHOR'].reduce<OcrWord[]>((placed, text) => {
      const last = placed[placed.length - 1];
      return [...placed, word(text, last === undefined ? 0 : last.x / 10 + last.text.length + 1, 0, 0.99)];
    }, []);
    // Tesseract reads the postcode right and confidently, prints no comma after TAMAN, and misses JOHOR; "Tel" beside the address is not the address's.
    const second = [...address.filter((placed) => placed.text !== 'JOHOR').map((placed) => ({ ...placed, text: placed.text === 'B1100' ? '81100' : placed.text.replace('TAMAN', 'TAMAN,'), confidence: 0.9 }))];
    const document = await read([...address, word('Tel', 45, 0)], [...second, word('Tel', 45, 0)]);
    const words = secondReadingWords(document, spanOf(document, 'NO 5, JALAN SAGU 18, TAMAN DAYA, B1100 JOHOR'))!;
    expect(words.map((checked) => checked.verdict)).toEqual(['agrees', 'agrees', 'agrees', 'agrees', 'agrees', 'agrees', 'agrees', 'differs', 'unseen']);
    expect(words[7]).toMatchObject({ text: 'B1100', secondText: '81100', secondConfidence: 0.9 });
    const evidence = ocrEvidence(document, [spanOf(document, 'NO 5, JALAN SAGU 18, TAMAN DAYA, B1100 JOHOR')])!;
    // Seven words alike, the postcode at 0.99 · (1 − 0.5 · 0.9), JOHOR at its own 0.99.
    expect(evidence.allWordsBothReadings).toBeCloseTo(Math.round(AGREED_WORD_RIGHT ** 7 * 0.99 * 0.55 * 0.99 * 100) / 100, 5);
    expect(evidence.allWords).toBeCloseTo(Math.round(0.99 ** 9 * 100) / 100, 5);
    // A split the first engine did not make is a misreading too (where the letters differ as well, the layer keeps the first reading's split).
    const split = await read([word('TAMAN', 0, 0), word('MALURI', 7, 0), word('CHERAS', 14, 0)], [word('TAMAN', 0, 0), word('MA', 7, 0), word('LURL', 10, 0), word('CHERAS', 14, 0)]);
    expect(secondReadingWords(split, spanOf(split, 'TAMAN MALURI CHERAS'))!.map((checked) => [checked.verdict, checked.secondText])).toEqual([['agrees', 'TAMAN'], ['differs', 'MA LURL'], ['agrees', 'CHERAS']]);
    expect(secondReadingCheck(split, spanOf(split, 'TAMAN MALURI CHERAS'))).toBe('differs');
    expect(secondReadingWords(await read(address), spanOf(await read(address), 'JALAN'))).toBeNull();
  });

  it('says nothing where the second reading found nothing, or when the page was read once', async () => {
    const document = await read(first, [word('Date', 0, 0)]);
    expect(secondReadingCheck(document, spanOf(document, 'RM9.00'))).toBeNull();
    const once = await read(first);
    expect(once.ocr!.secondReading).toBeUndefined();
    expect(ocrEvidence(once, [spanOf(once, 'RM9.00')])).not.toHaveProperty('secondReading');
  });
});

describe('images too large to read', () => {
  /** A PNG header (signature and IHDR) stating its size; no pixels follow. */
  function pngHeader(width: number, height: number): Uint8Array {
    const bytes = new Uint8Array(33);
    bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
    const view = new DataView(bytes.buffer);
    view.setUint32(16, width);
    view.setUint32(20, height);
    bytes.set([8, 0, 0, 0, 0], 24);
    return bytes;
  }

  it('are not given to the reader: the page fails with a warning and a diagnostic', async () => {
    let calls = 0;
    const engine: OcrEngine = { recognize: async () => ((calls += 1), { status: 'read', words: [word('Total', 0, 0), word('9.00', 20, 0)] }), close: async () => undefined };
    const bomb = await buildDocument(pngHeader(20_000, 20_000), { ocr: engine });
    expect(calls).toBe(0);
    expect(bomb.ocr?.pages).toEqual([{ page: 1, status: 'failed', words: 0, message: 'the image is 20000 × 20000 pixels, over the 100 megapixels read' }]);
    expect(bomb.warnings).toContain('OCR of page 1 failed: the image is 20000 × 20000 pixels, over the 100 megapixels read.');
    expect(ocrDiagnostics(bomb).map((diagnostic) => diagnostic.code)).toEqual(['OCR_PAGE_FAILED']);
    // A phone photo of 48 megapixels is read.
    const photo = await buildDocument(pngHeader(8_000, 6_000), { ocr: engine });
    expect(calls).toBe(1);
    expect(photo.ocr?.pages[0]?.status).toBe('read');
  });

  it('render a PDF page that large at a lower scale instead', () => {
    expect(renderScale({ width: 595, height: 842 })).toBe(PDF_RENDER_SCALE);
    // A 200-inch square page (the largest a PDF allows) at 216 dpi would be 43 200 pixels square.
    const scale = renderScale({ width: 14_400, height: 14_400 });
    expect(scale).toBeLessThan(1);
    expect(Math.ceil(14_400 * scale) ** 2).toBeLessThanOrEqual(OCR_PIXEL_LIMIT + 2 * Math.ceil(14_400 * scale));
  });
});
