/**
 * PAYMENT_CARD: a payment card number as receipts and statements print it — masked but
 * for its last four digits (`****1234`, `**** **** **** 1234`, `XXXX-XXXX-XXXX-1234`,
 * `•••• 1234`) or as "ending in 1234". The value is the last four digits (a string); the
 * hit spans the whole masked number. A bare run of four digits is never a card.
 */
import { makeHit } from './text-scan.js';
import type { RecognizedValue } from './types.js';

// Masked groups: at least four mask characters in all, in groups separated by one space or dash.
const MASKED = /(?<![\p{L}\p{N}])((?:[*•·xX#]{2,6}[ -]?){1,4})(\d{4})(?![\p{L}\p{N}])/gu;
const ENDING = /(?<![\p{L}\p{N}])(?:ending|ends)(?:\s+(?:in|with))?\s*[:#]?\s*(\d{4})(?![\p{L}\p{N}])/giu;

function maskCount(mask: string): number {
  let count = 0;
  for (const character of mask) if (character !== ' ' && character !== '-') count += 1;
  return count;
}

/** Finds masked payment card numbers; the value is the last four digits. */
export function findPaymentCards(text: string): RecognizedValue[] {
  const hits: RecognizedValue[] = [];
  for (const match of text.matchAll(MASKED)) {
    const mask = match[1]!;
    // `xx1234` could be a code; a mask needs four characters, and letters x/X only as a run of them.
    if (maskCount(mask) < 4) continue;
    if (/[xX]/.test(mask) && /[*•·#]/.test(mask)) continue;
    const start = match.index;
    hits.push(makeHit('PAYMENT_CARD', text, start, start + match[0].length, match[2]!, false, { form: 'masked' }));
  }
  for (const match of text.matchAll(ENDING)) {
    const start = match.index;
    hits.push(makeHit('PAYMENT_CARD', text, start + match[0].length - 4, start + match[0].length, match[1]!, false, { form: 'ending' }));
  }
  return hits.sort((left, right) => left.start - right.start);
}
