/**
 * Where two OCR readings of a page hold the same letters but split them into words
 * differently, the split of the second reading is taken (ADR 0019, revision 1). PP-OCR reads
 * a line as one sequence and decides spaces by a boost on the space character, which both
 * drops spaces ("DARULEHSAN", "YONGFATTENTERPRISE") and invents them ("Ma luri", "LUM PUR");
 * Tesseract splits words at the gaps in the ink, so when the letters are the same its split
 * is the better one. Only words without digits are re-split: the split of a number, a date
 * or an amount is PP-OCR's own (its space boost already keeps numbers whole).
 */
import type { OcrWord } from './ocr-engine.js';

/** The most words of the first reading one re-split may join ("Ja" "l" "an" → "Jalan"). */
const MOST_JOINED = 3;

const DIGIT = /\p{N}/u;
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

/** Letters and digits of a text, lower case. */
function letters(text: string): string {
  return text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
}

/**
 * Cuts `text` into pieces holding `counts[i]` letters or digits each, in order; marks between
 * two pieces stay with the piece before ("DARULEHSAN." by 5, 5 → "DARUL", "EHSAN.").
 */
function cut(text: string, counts: readonly number[], opens: readonly boolean[]): string[] {
  const pieces: string[] = [];
  let piece = '';
  let index = 0;
  let seen = 0;
  let marks = '';
  for (const character of text) {
    if (!LETTER_OR_DIGIT.test(character)) {
      marks += character;
      continue;
    }
    // A letter that starts the next piece closes this one; the marks between go with the next piece when the second reading's next word opens with a mark ("K(" "TAMAN" → "K" "(TAMAN").
    if (seen === counts[index] && index < counts.length - 1) {
      pieces.push(opens[index + 1] === true ? piece : piece + marks);
      piece = opens[index + 1] === true ? marks : '';
      marks = '';
      index += 1;
      seen = 0;
    }
    piece += marks + character;
    marks = '';
    seen += 1;
  }
  pieces.push(piece + marks);
  return pieces;
}

/** The second reading's words whose centre lies in the band and horizontal extent of `window`, left to right. */
function secondWordsOn(window: readonly OcrWord[], second: readonly OcrWord[]): OcrWord[] {
  const left = Math.min(...window.map((word) => word.x));
  const right = Math.max(...window.map((word) => word.x + word.width));
  const top = Math.min(...window.map((word) => word.y));
  const bottom = Math.max(...window.map((word) => word.y + word.height));
  return second
    .filter((word) => {
      const x = word.x + word.width / 2;
      const y = word.y + word.height / 2;
      return x >= left && x <= right && y >= top && y <= bottom;
    })
    .sort((one, other) => one.x - other.x);
}

/** True when the second reading's words overlap the window's extent beyond it (a word only partly in it). */
function spillsOver(window: readonly OcrWord[], matched: readonly OcrWord[]): boolean {
  const left = Math.min(...window.map((word) => word.x));
  const right = Math.max(...window.map((word) => word.x + word.width));
  const slack = Math.min(...window.map((word) => word.height));
  return matched.some((word) => word.x < left - slack || word.x + word.width > right + slack);
}

/**
 * The words of the first reading, with each run of up to three consecutive words of one line
 * (without digits) re-split as the second reading splits the same letters. A re-split word
 * gets its share of the run's box by characters and the run's lowest confidence.
 *
 * @example resplitWords([{ text: 'DARULEHSAN', … }], [{ text: 'DARUL', … }, { text: 'EHSAN', … }]) // [{ text: 'DARUL', … }, { text: 'EHSAN', … }]
 */
export function resplitWords(first: readonly OcrWord[], second: readonly OcrWord[]): OcrWord[] {
  const result: OcrWord[] = [];
  let index = 0;
  while (index < first.length) {
    let replaced: OcrWord[] | null = null;
    let taken = 1;
    for (let size = 1; size <= MOST_JOINED && index + size <= first.length; size += 1) {
      const window = first.slice(index, index + size);
      // One line of the engine's, no digits, and the run's words in reading order.
      if (window.some((word) => word.line !== window[0]!.line || letters(word.text).length === 0)) break;
      // Numbers are only split, and only between two digits: a date run into its time ("201818:24").
      const numeric = window.some((word) => DIGIT.test(word.text));
      if (numeric && size > 1) break;
      // Initials ("C W") are printed a narrow space apart, which Tesseract often closes: they keep the first reading's split.
      if (size > 1 && window.every((word) => letters(word.text).length === 1)) break;
      if (size > 1 && window[size - 1]!.x < window[size - 2]!.x) break;
      const matched = secondWordsOn(window, second);
      if (matched.length === 0 || matched.length === size || matched.some((word) => letters(word.text).length === 0)) continue;
      if (letters(window.map((word) => word.text).join('')) !== letters(matched.map((word) => word.text).join(''))) continue;
      if (spillsOver(window, matched)) continue;
      const pieces = cut(
        window.map((word) => word.text).join(''),
        matched.map((word) => letters(word.text).length),
        matched.map((word) => !LETTER_OR_DIGIT.test(word.text.charAt(0))),
      );
      if (numeric && !pieces.every((piece, pieceIndex) => pieceIndex === 0 || (/\p{N}$/u.test(pieces[pieceIndex - 1]!) && /^\p{N}/u.test(piece)))) continue;
      const left = Math.min(...window.map((word) => word.x));
      const right = Math.max(...window.map((word) => word.x + word.width));
      const top = Math.min(...window.map((word) => word.y));
      const height = Math.max(...window.map((word) => word.y + word.height)) - top;
      const characters = pieces.reduce((sum, piece) => sum + piece.length, 0);
      const confidence = Math.min(...window.map((word) => word.confidence));
      // Each piece its share of the run by characters, half a glyph kept free before the next: a gap the layout reads as a space.
      const glyph = (right - left) / characters;
      let x = left;
      replaced = pieces.map((piece, pieceIndex) => {
        const share = glyph * piece.length;
        const width = pieceIndex === pieces.length - 1 ? share : share - glyph / 2;
        const word: OcrWord = { text: piece, x, y: top, width, height, confidence, ...(window[0]!.line === undefined ? {} : { line: window[0]!.line }) };
        x += share;
        return word;
      });
      taken = size;
      break;
    }
    if (replaced === null) result.push(first[index]!);
    else result.push(...replaced);
    index += taken;
  }
  return result;
}

/**
 * Words of one engine line whose boxes overlap (PP-OCR widens each word's box by a step
 * past its last character, so two words a space apart overlap) meet halfway, a tenth of
 * their height apart: the engine read them as two words, and the layout reads touching
 * boxes as one ("KUALA" "LUMPUR" laid out as "KUALALUMPUR").
 *
 * @example separateWords([{ text: 'KUALA', x: 342, width: 85, … }, { text: 'LUMPUR', x: 423, … }]) // KUALA ends at 421.6, LUMPUR starts at 426.4
 */
export function separateWords(words: readonly OcrWord[]): OcrWord[] {
  const result = [...words];
  for (let index = 1; index < result.length; index += 1) {
    const previous = result[index - 1]!;
    const word = result[index]!;
    if (word.line === undefined || word.line !== previous.line || word.x <= previous.x) continue;
    const right = previous.x + previous.width;
    const gap = Math.min(previous.height, word.height) / 10;
    if (right + gap <= word.x) continue;
    const middle = (Math.max(previous.x, word.x - gap) + Math.min(right, word.x + word.width)) / 2;
    const end = Math.min(right, middle - gap / 2);
    const start = Math.max(word.x, middle + gap / 2);
    result[index - 1] = { ...previous, width: Math.max(1, end - previous.x) };
    result[index] = { ...word, x: start, width: Math.max(1, word.x + word.width - start) };
  }
  return result;
}
