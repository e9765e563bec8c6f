/**
 * Word-level agreement of two OCR readings of one page (ADR 0019, revision 1): each word of
 * the first reading is set against the words of the second reading that lie on it, and is
 * `agrees` when they hold the same words (runs of letters and digits, case ignored: the
 * punctuation an engine adds or drops does not count), `differs` when they hold others
 * ("B1750" against "81750", "Ma luri" against "MALURI": a split or a join is a misreading
 * too), and `unseen` when the second reading has nothing there. Free text (a name, an
 * address) is right only when every word is; a word the two engines read alike is rarely
 * wrong, a word they read differently often is, whatever the first engine's confidence.
 */
import type { OcrCheckWord, OcrWordPlacement } from '../model.js';

/** What the second reading says of one word of the first. */
export type OcrWordVerdict = 'agrees' | 'differs' | 'unseen';

/** One word of the first reading with what the second reading holds at its place. */
export interface OcrWordAgreement {
  /** The word as the first reading has it. */
  readonly text: string;
  /** The first engine's confidence in the word (0–1). */
  readonly confidence: number;
  readonly verdict: OcrWordVerdict;
  /** The second reading's words at the place, joined by spaces ('' when unseen). */
  readonly secondText: string;
  /** The lowest confidence among the second reading's words there; null when unseen. */
  readonly secondConfidence: number | null;
}

/** Runs of letters and digits of a text, lower case: the words two readings must share. */
export function letterDigitWords(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** Horizontal distance from `x` to the span [left, right] (0 inside). */
function distanceOutside(x: number, left: number, right: number): number {
  return x < left ? left - x : x > right ? x - right : 0;
}

/**
 * For each of `touched` (words of the first reading, in order), the words of the second
 * reading that lie on it: each second word goes to the one first word of the page (of
 * `pageWords`, all the first reading's words) whose row holds its vertical centre and whose
 * box is nearest its horizontal centre, within half the word's height; so a word of the
 * second reading is never counted for two words of the first, nor for a neighbour outside
 * the value.
 */
export function wordAgreement(
  pageWords: readonly OcrWordPlacement[],
  secondReading: readonly OcrCheckWord[],
  layerText: string,
  touched: readonly OcrWordPlacement[],
): OcrWordAgreement[] {
  const assigned = new Map<OcrWordPlacement, OcrCheckWord[]>(touched.map((word) => [word, []]));
  if (touched.length === 0) return [];
  const pages = new Set(touched.map((word) => word.page));
  const top = Math.min(...touched.map((word) => word.y));
  const bottom = Math.max(...touched.map((word) => word.y + word.height));
  const left = Math.min(...touched.map((word) => word.x - word.height));
  const right = Math.max(...touched.map((word) => word.x + word.width + word.height));
  const nearby = pageWords.filter((word) => pages.has(word.page) && word.y < bottom + word.height && word.y + word.height > top - word.height);
  for (const second of secondReading) {
    if (!pages.has(second.page)) continue;
    const centreX = second.x + second.width / 2;
    const centreY = second.y + second.height / 2;
    if (centreY < top || centreY > bottom || centreX < left || centreX > right) continue;
    let best: OcrWordPlacement | null = null;
    let bestDistance = Infinity;
    for (const word of nearby) {
      if (word.page !== second.page || centreY < word.y || centreY > word.y + word.height) continue;
      const distance = distanceOutside(centreX, word.x, word.x + word.width);
      if (distance <= word.height / 2 && distance < bestDistance) {
        best = word;
        bestDistance = distance;
      }
    }
    if (best !== null) assigned.get(best)?.push(second);
  }
  return touched.map((word) => {
    const text = layerText.slice(word.start, word.end);
    const seconds = (assigned.get(word) ?? []).sort((one, other) => one.x - other.x);
    const secondText = seconds.map((second) => second.text).join(' ');
    const firstWords = letterDigitWords(text).join(' ');
    const secondWords = letterDigitWords(secondText).join(' ');
    const verdict: OcrWordVerdict = secondWords.length === 0 ? 'unseen' : secondWords === firstWords ? 'agrees' : 'differs';
    const secondConfidence = seconds.length === 0 ? null : Math.min(...seconds.map((second) => second.confidence));
    return { text, confidence: word.confidence, verdict, secondText, secondConfidence };
  });
}

/**
 * Chance that a word the second reading read the same is right. Measured on sroie-dev-images
 * (ADR 0019, revision 1; receipts 000–099): 808 of 825 words of address and name candidates
 * the two engines read alike were right, whatever the first engine's confidence (0.98; 0.98
 * here instead of 0.99 lost one right address and no wrong one).
 */
export const AGREED_WORD_RIGHT = 0.99;

/**
 * How much the second engine's confidence `c₂` in another reading of a word lowers the
 * first: the word counts `c₁ · (1 − DISPUTED_SECOND_WEIGHT · c₂)`. A confident second
 * reading that disagrees is the strongest sign of a misread; PP-OCR's own confidence stays
 * high even for misreads (0.99 for "B1750"). On sroie-dev-images (ADR 0019, revision 1;
 * receipts 000–099) a word of an address or name the engines read differently was right 111
 * times in 174 (0.67 when Tesseract was under 0.5 sure of its reading, 0.56 when 0.8 or
 * more); weight 0.3 kept 3 more right addresses and 1 more wrong one, 0.5–0.7 alike.
 */
export const DISPUTED_SECOND_WEIGHT = 0.5;

/**
 * How likely one word of the first reading is right given the second reading: a word read
 * alike is `AGREED_WORD_RIGHT`; a word read otherwise is lowered by both engines'
 * confidences (`DISPUTED_SECOND_WEIGHT`); a word the second reading
 * did not see keeps the first engine's confidence (the second engine often misses a large
 * or stylised letterhead altogether, which says nothing of the first reading).
 */
export function wordRightChance(word: OcrWordAgreement): number {
  if (word.verdict === 'agrees') return Math.max(word.confidence, AGREED_WORD_RIGHT);
  if (word.verdict === 'unseen') return word.confidence;
  return word.confidence * (1 - DISPUTED_SECOND_WEIGHT * (word.secondConfidence ?? 0));
}
