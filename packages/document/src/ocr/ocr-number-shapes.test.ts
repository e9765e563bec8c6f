import { describe, expect, it } from 'vitest';
import type { OcrWord } from './ocr-engine.js';
import { pageDecimalPlaces, reshapeNumbers } from './ocr-number-shapes.js';

function word(text: string, column: number, row: number, confidence = 0.95): OcrWord {
  return { text, x: column * 10, y: row * 30, width: text.length * 10, height: 20, confidence };
}

const amounts = [word('3.50', 20, 0), word('DISC', 0, 1), word('0.00', 20, 1), word('CASH', 0, 2), word('7.00', 20, 2)];

describe('numbers out of the page form', () => {
  it('knows the page form only when one count of decimals prevails', () => {
    expect(pageDecimalPlaces(amounts)).toBe(2);
    expect(pageDecimalPlaces(amounts.slice(0, 2))).toBeNull();
    expect(pageDecimalPlaces([...amounts, word('1.5', 0, 3), word('2.125', 0, 4)])).toBeNull();
  });

  it('takes the second reading of a number out of form when that one is in form, sure and one digit apart', () => {
    const first = [...amounts, word('TOTAL', 0, 3), word('00', 20, 3, 1), word('Total', 0, 4), word('248.015', 20, 4, 0.93)];
    const second = [word('TOTAL', 0, 3), word('7.00', 19, 3, 0.92), word('Total', 0, 4), word('248.05', 20, 4, 0.92)];
    const read = reshapeNumbers(first, second);
    expect(read.map((placed) => placed.text).slice(-4)).toEqual(['TOTAL', '7.00', 'Total', '248.05']);
    expect(read[6]).toMatchObject({ x: 200, confidence: 0.92 });
  });

  it('keeps the first reading when the second is unsure, out of form, or more than one digit apart, and a number in form', () => {
    const first = [...amounts, word('00', 20, 3), word('1000', 20, 4), word('55.10', 20, 5), word('5', 20, 6)];
    const second = [word('7.00', 20, 3, 0.4), word('10.000', 20, 4, 0.9), word('5810', 20, 5, 0.9), word('25.00', 20, 6, 0.9)];
    expect(reshapeNumbers(first, second).map((placed) => placed.text).slice(-4)).toEqual(['00', '1000', '55.10', '5']);
    // A page without a clear form changes nothing.
    expect(reshapeNumbers([word('00', 20, 3)], [word('7.00', 20, 3)]).map((placed) => placed.text)).toEqual(['00']);
  });
});
