import { describe, expect, it } from 'vitest';
import type { OcrWord } from './ocr-engine.js';
import { resplitWords, separateWords } from './ocr-word-splits.js';

/** A word on a 10 px glyph grid, on engine line `line`. */
function word(text: string, column: number, line = 1, confidence = 0.98): OcrWord {
  return { text, x: column * 10, y: 0, width: text.length * 10, height: 20, confidence, line };
}

const texts = (words: readonly OcrWord[]) => words.map((placed) => placed.text);

describe('re-splitting words by the second reading', () => {
  it('splits a word the first reading ran together and joins one it broke, where the letters are the same', () => {
    const first = [word('DARULEHSAN.', 0), word('Ma', 12), word('luri', 15), word('JOHOR', 20)];
    const second = [word('DARUL', 0), word('EHSAN.', 6), word('Maluri', 12), word('JOHOR', 20)];
    const resplit = resplitWords(first, second);
    expect(texts(resplit)).toEqual(['DARUL', 'EHSAN.', 'Maluri', 'JOHOR']);
    // The pieces share the run's box by characters, a gap apart, at the run's lowest confidence.
    expect(resplit[0]!.x).toBe(0);
    expect(resplit[0]!.x + resplit[0]!.width).toBeLessThan(resplit[1]!.x);
    expect(resplit[2]).toMatchObject({ x: 120, width: 70, confidence: 0.98 });
  });

  it('splits a date the first reading ran into its time, between two digits only', () => {
    expect(texts(resplitWords([word('05', 0), word('Mar', 3), word('201818:24', 7)], [word('05', 0), word('Mar', 3), word('2018', 7), word('18:24', 12)]))).toEqual(['05', 'Mar', '2018', '18:24']);
    // Not an amount at its point, not a currency from its amount, and numbers are never joined.
    expect(texts(resplitWords([word('73.00', 0)], [word('73.', 0), word('00', 3)]))).toEqual(['73.00']);
    expect(texts(resplitWords([word('RM9.00', 0)], [word('RM', 0), word('9.00', 2)]))).toEqual(['RM9.00']);
    expect(texts(resplitWords([word('2018', 0), word('18:24', 5)], [word('201818:24', 0)]))).toEqual(['2018', '18:24']);
  });

  it('puts a mark between two pieces where the second reading has it', () => {
    expect(texts(resplitWords([word('K(TAMAN', 0)], [word('K', 0), word('(TAMAN', 2)]))).toEqual(['K', '(TAMAN']);
    expect(texts(resplitWords([word('SDN,BHD', 0)], [word('SDN,', 0), word('BHD', 4)]))).toEqual(['SDN,', 'BHD']);
  });

  it('keeps the first reading where the letters differ, in numbers, across lines, in initials and marks alone', () => {
    const kept = (first: OcrWord[], second: OcrWord[]) => expect(resplitWords(first, second)).toEqual(first);
    kept([word('B1750', 0)], [word('81', 0), word('750', 3)]);
    kept([word('MASAI', 0)], [word('MASA', 0), word('LJOHOR', 5)]);
    kept([word('C', 0), word('W', 2)], [word('CW', 0)]);
    kept([word('GIFT', 0), word('&', 5)], [word('GIFT&', 0)]);
    kept([word('TAMAN', 0, 1), word('DAYA', 6, 2)], [word('TAMANDAYA', 0, 1)]);
    expect(resplitWords([word('TAMAN', 0)], [])).toEqual([word('TAMAN', 0)]);
  });
});

describe('separating words whose boxes overlap', () => {
  it('lets two words of one line meet halfway, a gap apart, and leaves others as they are', () => {
    const kuala = { text: 'KUALA', x: 342, y: 474, width: 85, height: 48, confidence: 0.99, line: 7 };
    const lumpur = { text: 'LUMPUR', x: 423, y: 474, width: 101, height: 48, confidence: 0.99, line: 7 };
    const [left, right] = separateWords([kuala, lumpur]);
    expect(left!.x + left!.width).toBeLessThan(right!.x);
    expect(right!.x - (left!.x + left!.width)).toBeCloseTo(4.8, 5);
    expect(right!.x + right!.width).toBe(524);
    // Words a gap apart, on another line, or out of order are kept.
    const apart = { ...lumpur, x: 440, width: 84 };
    expect(separateWords([kuala, apart])).toEqual([kuala, apart]);
    expect(separateWords([kuala, { ...lumpur, line: 8 }])).toEqual([kuala, { ...lumpur, line: 8 }]);
  });
});
