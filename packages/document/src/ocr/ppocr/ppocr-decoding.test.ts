import { describe, expect, it } from 'vitest';
import { detectionSize, textBoxes } from './ppocr-detection.js';
import { decodeLine, DIGIT_SPACE_STEPS, SPACE_BOOST_PROBABILITY } from './ppocr-recognition.js';
import { rowsOf } from './ppocr-engine.js';

const DICTIONARY = ['A', 'B', '1', '2', '.', ')', '('];
const CLASSES = DICTIONARY.length + 2;
const SPACE = CLASSES - 1;

/** Probability rows: each step a character (its class wins at 0.9) or a blank with some probability of space. */
function steps(sequence: readonly (string | { readonly blank: number })[]): Float32Array {
  const rows = new Float32Array(sequence.length * CLASSES);
  sequence.forEach((step, index) => {
    const row = index * CLASSES;
    if (typeof step === 'string') {
      const best = step === ' ' ? SPACE : DICTIONARY.indexOf(step) + 1;
      rows[row + best] = 0.9;
      rows[row] = 0.1;
    } else {
      rows[row] = 1 - step.blank;
      rows[row + SPACE] = step.blank;
    }
  });
  return rows;
}

const decoded = (sequence: readonly (string | { readonly blank: number })[]) => decodeLine(steps(sequence), 0, sequence.length, CLASSES, DICTIONARY);
const words = (sequence: readonly (string | { readonly blank: number })[]) => decoded(sequence).words.map((word) => word.text);
const quiet = { blank: 0.01 };
const spacey = { blank: SPACE_BOOST_PROBABILITY + 0.05 };

describe('PP-OCR recognition decoding', () => {
  it('collapses repeats and drops blanks (greedy CTC)', () => {
    expect(words(['A', 'A', quiet, 'A', 'B', 'B'])).toEqual(['AAB']);
    expect(decoded(['A', quiet, 'B']).words[0]).toMatchObject({ firstStep: 0, endStep: 3 });
  });

  it('reads a space where the blank wins but the space is likely (the space boost)', () => {
    expect(words(['A', quiet, 'B'])).toEqual(['AB']);
    expect(words(['A', spacey, 'B'])).toEqual(['A', 'B']);
    expect(words(['A', 'A', ' ', 'B'])).toEqual(['A', 'B']);
  });

  it('does not split a number or put a space before closing punctuation', () => {
    expect(words(['1', spacey, '2'])).toEqual(['12']);
    expect(words(['1', spacey, '.', '2'])).toEqual(['1.2']);
    expect(words(['1', '.', spacey, '2'])).toEqual(['1.2']);
    expect(words(['A', spacey, ')'])).toEqual(['A)']);
    expect(words(['(', spacey, 'A'])).toEqual(['(A']);
    // A gap a character wide between digits is a space ("2018 8:13").
    expect(words(['1', ...Array.from({ length: DIGIT_SPACE_STEPS }, () => spacey), '2'])).toEqual(['1', '2']);
  });

  it('gives each word the mean probability of its characters', () => {
    const line = decoded(['A', spacey, 'B']);
    expect(line.words.map((word) => word.confidence)).toEqual([expect.closeTo(0.9, 5), expect.closeTo(0.9, 5)]);
    expect(line.confidence).toBeCloseTo(0.9, 5);
  });
});

describe('PP-OCR detection', () => {
  it('scales the longest side to at most 960, both sides multiples of 32', () => {
    expect(detectionSize(1920, 1080)).toEqual({ width: 960, height: 544 });
    expect(detectionSize(300, 200)).toEqual({ width: 288, height: 192 });
  });

  it('keeps confident regions, widened by the unclip distance, and drops faint ones', () => {
    const width = 40;
    const height = 20;
    const map = new Float32Array(width * height);
    const fill = (x0: number, y0: number, x1: number, y1: number, value: number) => {
      for (let y = y0; y < y1; y += 1) for (let x = x0; x < x1; x += 1) map[y * width + x] = value;
    };
    fill(6, 4, 26, 8, 0.9);
    fill(2, 12, 22, 16, 0.4);
    const boxes = textBoxes(map, width, height, { width: 80, height: 40 });
    expect(boxes).toHaveLength(1);
    const distance = (20 * 4 * 1.5) / (2 * 24);
    expect(boxes[0]!.x).toBeCloseTo((6 - distance) * 2, 5);
    expect(boxes[0]!.width).toBeCloseTo((20 + 2 * distance) * 2, 5);
  });

  it('groups boxes into rows by their vertical centres', () => {
    expect(rowsOf([{ x: 100, y: 10, width: 50, height: 20 }, { x: 0, y: 14, width: 50, height: 20 }, { x: 0, y: 60, width: 50, height: 20 }])).toEqual([0, 0, 1]);
  });
});
