import { afterAll, describe, expect, it } from 'vitest';
import { ConfigurationError } from '@paxman/core';
import { buildDocument } from '../build-document.js';
import { renderText } from '../__fixtures__/render-image.js';
import type { OcrEngine, OcrOutcome, OcrWord } from './ocr-engine.js';
import { createOcrReader, pairEngines } from './ocr-reader.js';
import { createPpOcrEngine } from './ppocr/ppocr-engine.js';

const word = (text: string, x: number): OcrWord => ({ text, x, y: 10, width: 40, height: 12, confidence: 0.9 });

describe('createOcrReader', () => {
  it('refuses an engine list it cannot read', () => {
    expect(() => createOcrReader({ engines: [] })).toThrow(ConfigurationError);
    expect(() => createOcrReader({ engines: ['tesseract', 'tesseract'] })).toThrow(/one or two different engines/);
    expect(() => createOcrReader({ engines: ['abbyy' as 'ppocr'] })).toThrow(/"ppocr" and "tesseract"/);
  });
});

const ppocrInstalled = await import('onnxruntime-node').then(
  () => true,
  () => false,
);

const engines: OcrEngine[] = [];
afterAll(async () => {
  await Promise.all(engines.map((engine) => engine.close()));
});

describe('PP-OCRv4 and the pair', () => {
  const RECEIPT = [
    { text: 'CORNER BAKERY SDN BHD', x: 30, y: 50 },
    { text: 'Date: 14/03/2024', x: 30, y: 110 },
    { text: 'TOTAL RM 42.50', x: 30, y: 170 },
  ];

  it.skipIf(!ppocrInstalled)('reads a rendered receipt with word boxes and numbers whole (needs onnxruntime-node; skipped without it)', async () => {
    const ocr = createPpOcrEngine({ threads: 2 });
    engines.push(ocr);
    const { image, boxes } = await renderText(RECEIPT, { width: 640, height: 220, fontSize: 26, format: 'jpeg' });
    const outcome: OcrOutcome = await ocr.recognize(image);
    expect(outcome.status).toBe('read');
    if (outcome.status !== 'read') return;
    const texts = outcome.words.map((read) => read.text);
    expect(texts).toContain('42.50');
    expect(texts.join(' ')).toMatch(/CORNER ?BAKERY/);
    expect(texts.join(' ')).toContain('14/03/2024');
    const total = outcome.words.find((read) => read.text === '42.50')!;
    const drawn = boxes[2]!;
    expect(total.x).toBeGreaterThan(drawn.x + drawn.width / 2);
    expect(total.y).toBeLessThanOrEqual(drawn.y + drawn.height / 2);
    expect(total.confidence).toBeGreaterThan(0.8);
    expect(await ocr.recognize(new Uint8Array([1, 2, 3]))).toMatchObject({ status: 'failed' });
  }, 120_000);

  it.skipIf(!ppocrInstalled)('reads each page with both engines: PP-OCR the text, Tesseract the check (needs onnxruntime-node; skipped without it)', async () => {
    const ocr = createOcrReader({ workers: 1 });
    engines.push(ocr);
    const { image } = await renderText(RECEIPT, { width: 640, height: 220, fontSize: 26 });
    const document = await buildDocument(image, { ocr });
    expect(document.layers['ocr-text']!.text).toContain('TOTAL RM 42.50');
    expect(document.ocr!.secondReading!.map((read) => read.text)).toContain('42.50');
    expect(document.warnings).toEqual([]);
  }, 120_000);
});

describe('the pair when an engine fails', () => {
  const reading = (words: readonly OcrWord[]): OcrEngine => ({ recognize: async () => ({ status: 'read', words }), close: async () => undefined });
  const missing = (name: string): OcrEngine => ({
    recognize: async () => {
      throw new ConfigurationError(`needs the optional package "${name}"`, { context: { package: name } });
    },
    close: async () => undefined,
  });
  const names = ['ppocr', 'tesseract'] as const;

  it('takes the first reading as the text and the second as the check', async () => {
    const pair = pairEngines(reading([word('9.65', 10)]), reading([word('9.85', 10)]), { names, defaulted: true });
    expect(await pair.recognize(new Uint8Array())).toEqual({ status: 'read', words: [word('9.65', 10)], secondReading: [word('9.85', 10)] });
  });

  it('reads with the other engine alone, saying so on every page, when a default engine is not installed', async () => {
    const pair = pairEngines(missing('onnxruntime-node'), reading([word('TOTAL', 10)]), { names, defaulted: true });
    for (let page = 0; page < 2; page += 1) {
      const outcome = await pair.recognize(new Uint8Array());
      expect(outcome).toMatchObject({ status: 'read', words: [word('TOTAL', 10)] });
      expect(outcome.status === 'read' ? outcome.notes : []).toEqual([expect.stringMatching(/without ppocr: .*"onnxruntime-node"/)]);
    }
  });

  it('fails with the missing package named when the caller chose the engine', async () => {
    const pair = pairEngines(missing('onnxruntime-node'), reading([word('TOTAL', 10)]), { names, defaulted: false });
    await expect(pair.recognize(new Uint8Array())).rejects.toThrow(/"onnxruntime-node"/);
  });

  it("uses the second reading alone, with a note, for a page the first engine cannot read", async () => {
    const broken: OcrEngine = { recognize: async () => ({ status: 'failed', message: 'cannot decode' }), close: async () => undefined };
    const outcome = await pairEngines(broken, reading([word('TOTAL', 10)]), { names, defaulted: true }).recognize(new Uint8Array());
    expect(outcome).toMatchObject({ status: 'read', words: [word('TOTAL', 10)], notes: [expect.stringContaining('ppocr')] });
    expect(outcome).not.toHaveProperty('secondReading');
  });
});
