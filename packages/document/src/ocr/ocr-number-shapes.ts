/**
 * Where the first OCR reading of a page holds a number out of the page's form ("00" where
 * the page prints amounts as "7.00", "248.015" among two-decimal amounts) and the second
 * reading, sure of itself, holds the same digits but one in the page's form ("7.00",
 * "248.05"), the second reading's number is taken (ADR 0019, revision 2). A lost or doubled
 * character is what the first engine gets wrong there; the page's own amounts say which
 * reading has the printed form. Nothing is taken when the page has no clear form, when the
 * readings differ by more than one digit, or when the first reading's number is in form.
 */
import type { OcrWord } from './ocr-engine.js';

/** How sure the second engine must be of its number for it to replace the first's (`SHAPE_DISPUTE_CONFIDENCE`). */
const SURE_SECOND_READING = 0.6;
/** The fewest numbers with a decimal part a page must print for its form to be known. */
const FEWEST_FORMED = 3;
/** The share of those numbers the most common count of decimals must hold. */
const FORM_SHARE = 0.75;

/** A word that is a number, with at most a currency or a mark on either side ("RM9.00", "$8.20", "7.00)"). */
const NUMBER_WORD = /^([^\p{N}]{0,3}?)(\p{N}[\p{N}.,]*\p{N}|\p{N})([^\p{N}]{0,2})$/u;
/** A number with a decimal part: digits, a separator, digits at the end. */
const DECIMAL_PART = /[.,](\p{N}+)$/u;

/** Count of decimals of the page's numbers with a decimal part, when one count clearly prevails; else null. */
export function pageDecimalPlaces(words: readonly OcrWord[]): number | null {
  const counts = new Map<number, number>();
  let total = 0;
  for (const word of words) {
    const number = NUMBER_WORD.exec(word.text)?.[2];
    const decimals = number === undefined ? undefined : DECIMAL_PART.exec(number)?.[1];
    if (decimals === undefined) continue;
    counts.set(decimals.length, (counts.get(decimals.length) ?? 0) + 1);
    total += 1;
  }
  if (total < FEWEST_FORMED) return null;
  const [places, count] = [...counts.entries()].sort((left, right) => right[1] - left[1] || left[0] - right[0])[0]!;
  return count / total >= FORM_SHARE ? places : null;
}

/** True when `number` is written in the page's form: a decimal part of `places` digits. */
function inForm(number: string, places: number): boolean {
  return DECIMAL_PART.exec(number)?.[1]?.length === places;
}

/** True when the digits are the same, or one holds the other's with one digit more. */
function oneDigitApart(first: string, second: string): boolean {
  const [shorter, longer] = first.length <= second.length ? [first, second] : [second, first];
  if (longer.length - shorter.length > 1) return false;
  if (longer.length === shorter.length) return longer === shorter;
  for (let index = 0; index < longer.length; index += 1) if (longer.slice(0, index) + longer.slice(index + 1) === shorter) return true;
  return false;
}

/** The one word of `second` whose centre lies on `word` (its row, its extent widened by half its height), or null. */
function secondWordOn(word: OcrWord, second: readonly OcrWord[]): OcrWord | null {
  const on = second.filter((other) => {
    const x = other.x + other.width / 2;
    const y = other.y + other.height / 2;
    return y >= word.y && y <= word.y + word.height && x >= word.x - word.height / 2 && x <= word.x + word.width + word.height / 2;
  });
  return on.length === 1 ? on[0]! : null;
}

/**
 * The first reading's words with each number out of the page's form replaced by the
 * second reading's number at its place, when that one is in form, one digit apart at
 * most, and read at least `SURE_SECOND_READING` sure; the word keeps its box, its
 * currency or marks, and the lower of the two confidences.
 *
 * @example reshapeNumbers([{ text: '00', … }, …], [{ text: '7.00', confidence: 0.92, … }, …]) // [{ text: '7.00', … }, …]
 */
export function reshapeNumbers(first: readonly OcrWord[], second: readonly OcrWord[]): OcrWord[] {
  const places = pageDecimalPlaces(first);
  if (places === null) return [...first];
  return first.map((word) => {
    const read = NUMBER_WORD.exec(word.text);
    if (read === null || inForm(read[2]!, places)) return word;
    const other = secondWordOn(word, second);
    const again = other === null ? null : NUMBER_WORD.exec(other.text);
    if (other === null || again === null || other.confidence < SURE_SECOND_READING || !inForm(again[2]!, places)) return word;
    if (!oneDigitApart(read[2]!.replace(/[.,]/g, ''), again[2]!.replace(/[.,]/g, ''))) return word;
    return { ...word, text: `${read[1]!}${again[2]!}${read[3]!}`, confidence: Math.min(word.confidence, other.confidence) };
  });
}
