/**
 * The OCR text layer of a Document: each page image is read by the OCR engine, its words
 * are laid out from their boxes (`layout/layout-lines.ts`: visual lines by vertical
 * overlap once the page's skew is taken out, left to right, columns on a character grid) and the pages joined by a blank
 * line into the `ocr-text` layer, which is then structured like any text (lines,
 * key-values, tables). Every word keeps its offsets in the layer, its page box and its
 * confidence, so evidence found in the text can point at the page (`ocrEvidence`).
 */
import type { Diagnostic, PageBox, SecondReadingVerdict, SourceSpan } from '@paxman/core';
import { addLayer, addTextRegion, type DocumentDraft } from '../document-draft.js';
import { deskewPieces, estimateSlope, layoutPieces, OCR_WIDE_GAP_GLYPHS } from '../layout/layout-lines.js';
import type { Document, OcrCheckWord, OcrPageStatus, OcrWordPlacement } from '../model.js';
import type { OcrEngine } from './ocr-engine.js';
import { type OcrWordAgreement, wordAgreement, wordRightChance } from './ocr-word-agreement.js';
import { reshapeNumbers } from './ocr-number-shapes.js';
import { resplitWords, separateWords } from './ocr-word-splits.js';
import { imageSize } from 'image-size';
import { OCR_PIXEL_LIMIT } from '../limits.js';

/** Name of the OCR text layer. */
export const OCR_LAYER = 'ocr-text';

/** A word that is only vertical bars. */
const RULE_MARK = /^[|¦]+$/;

/** False for a vertical bar alone: a ruled line or the edge of the paper, not a word. */
function isWord(word: { readonly text: string }): boolean {
  return !RULE_MARK.test(word.text);
}

/** One page image to read: its number (from 1) and pixels per page unit. */
export interface OcrPageImage {
  readonly page: number;
  readonly image: Uint8Array;
  readonly scale: number;
}

/**
 * Reads the pages by OCR into the draft's `ocr-text` layer (made primary) and structures
 * it. A page that fails or exceeds the engine's time limit is recorded, with a warning,
 * and the other pages are kept.
 */
export async function addOcrLayer(draft: DocumentDraft, pages: AsyncIterable<OcrPageImage> | Iterable<OcrPageImage>, engine: OcrEngine, signal?: AbortSignal): Promise<void> {
  const statuses: OcrPageStatus[] = [];
  const words: OcrWordPlacement[] = [];
  const secondReading: OcrCheckWord[] = [];
  let readTwice = false;
  let text = '';
  for await (const source of pages) {
    if (signal?.aborted === true) {
      draft.warnings.push(`OCR aborted before page ${source.page}.`);
      break;
    }
    // An image too large to read (a decompression bomb's 20 000 × 20 000 pixels) is not given to the reader.
    const size = imageDimensions(source.image);
    if (size !== null && size.width * size.height > OCR_PIXEL_LIMIT) {
      const message = `the image is ${size.width} × ${size.height} pixels, over the ${OCR_PIXEL_LIMIT / 1_000_000} megapixels read`;
      statuses.push({ page: source.page, status: 'failed', words: 0, message });
      draft.warnings.push(`OCR of page ${source.page} failed: ${message}.`);
      continue;
    }
    const outcome = await engine.recognize(source.image, signal === undefined ? {} : { signal });
    if (outcome.status !== 'read') {
      const message = outcome.status === 'timeout' ? `reading took longer than ${outcome.limitMs} ms` : outcome.message;
      statuses.push({ page: source.page, status: outcome.status, words: 0, message });
      draft.warnings.push(`OCR of page ${source.page} ${outcome.status === 'timeout' ? 'timed out' : 'failed'}: ${message}.`);
      continue;
    }
    for (const note of outcome.notes ?? []) if (!draft.warnings.includes(note)) draft.warnings.push(note);
    const scale = source.scale > 0 ? source.scale : 1;
    // Where the second reading splits the same letters into other words, its split is taken (ADR 0019, revision 1).
    const separated = separateWords(outcome.words.filter(isWord));
    // A number out of the page's form takes the second reading's, when that one is in form (ADR 0019, revision 2).
    const read = outcome.secondReading === undefined ? separated : reshapeNumbers(resplitWords(separated, outcome.secondReading.filter(isWord)), outcome.secondReading.filter(isWord));
    const pieces = read.map((word) => ({ text: word.text, left: word.x, top: word.y, width: word.width, height: word.height }));
    // A photo taken askew: rows are grouped with the skew taken out (boxes stay as read).
    const laidOut = layoutPieces(deskewPieces(pieces, estimateSlope(pieces, read.map((word) => word.line))), 'overlap', OCR_WIDE_GAP_GLYPHS);
    if (laidOut.text.length > 0 && text.length > 0) text += '\n\n';
    const base = text.length;
    text += laidOut.text;
    const pageWords: OcrWordPlacement[] = [];
    read.forEach((word, index) => {
      const offsets = laidOut.offsets[index];
      if (offsets === null || offsets === undefined) return;
      pageWords.push({
        start: base + offsets.start,
        end: base + offsets.end,
        page: source.page,
        x: word.x / scale,
        y: word.y / scale,
        width: word.width / scale,
        height: word.height / scale,
        confidence: word.confidence,
      });
    });
    pageWords.sort((left, right) => left.start - right.start);
    words.push(...pageWords);
    if (outcome.secondReading !== undefined) {
      readTwice = true;
      for (const word of outcome.secondReading.filter(isWord)) {
        secondReading.push({ text: word.text, page: source.page, x: word.x / scale, y: word.y / scale, width: word.width / scale, height: word.height / scale, confidence: word.confidence });
      }
    }
    statuses.push({ page: source.page, status: 'read', words: pageWords.length });
  }
  addLayer(draft, { name: OCR_LAYER, text, origin: null });
  draft.primaryLayer = OCR_LAYER;
  draft.ocr = { layer: OCR_LAYER, pages: statuses, words, ...(readTwice ? { secondReading } : {}) };
  if (text.trim().length === 0 && statuses.some((page) => page.status === 'read')) draft.warnings.push('OCR found no text on the page(s).');
  addTextRegion(draft, OCR_LAYER);
}

/** A word with a letter or digit (not a mark alone). */
const READS_CHARACTERS = /[\p{L}\p{N}]/u;

/** First index of `words` (sorted by start) whose end is past `offset`. */
function firstWordEndingAfter(words: readonly OcrWordPlacement[], offset: number): number {
  let low = 0;
  let high = words.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (words[middle]!.end <= offset) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The words (sorted by start) a span touches, in order; an empty span touches the word at its start. */
function wordsTouched(words: readonly OcrWordPlacement[], span: SourceSpan): OcrWordPlacement[] {
  const touched: OcrWordPlacement[] = [];
  for (let index = firstWordEndingAfter(words, span.start); index < words.length; index += 1) {
    const word = words[index]!;
    if (word.start >= Math.max(span.end, span.start + 1)) break;
    touched.push(word);
  }
  return touched;
}

/** True for a word with a letter or digit in the layer (not a mark alone). */
function readsCharacters(layerText: string, word: OcrWordPlacement): boolean {
  return READS_CHARACTERS.test(layerText.slice(word.start, word.end));
}

/**
 * Where OCR'd spans are on the page: one box per page enclosing every word the spans of
 * the OCR layer touch; the lowest confidence among those words (`confidence`) and the
 * product of their confidences (`allWords`: the chance that every word was read right, for
 * free text that nothing else checks) — marks alone such as `*` or `|`, which carry no
 * character of the value, not counted; when the page was read twice, the same chance judged
 * word by word by both readings (`allWordsBothReadings`: a word both engines read alike is
 * rarely wrong, one they read otherwise often is; `wordRightChance`) and whether the
 * second reading of the first span's place (the value's) `agrees` or `differs`
 * (`secondReadingCheck`); null when no span is in the OCR layer.
 *
 * @example ocrEvidence(document, [{ layer: 'ocr-text', start: 120, end: 124 }]) // { boxes: [{ page: 1, x: 402, … }], confidence: 0.91, allWords: 0.91 }
 */
export function ocrEvidence(
  document: Document,
  spans: readonly SourceSpan[],
): {
  readonly boxes: readonly PageBox[];
  readonly confidence: number;
  readonly allWords: number;
  readonly allWordsBothReadings?: number;
  readonly secondReading?: SecondReadingVerdict;
} | null {
  const ocr = document.ocr;
  if (ocr === undefined) return null;
  const byPage = new Map<number, { left: number; top: number; right: number; bottom: number }>();
  const layerText = document.layers[ocr.layer]?.text ?? '';
  let confidence = 1;
  let allWords = 1;
  let bothReadings = 1;
  let found = false;
  for (const span of spans) {
    if (span.layer !== ocr.layer) continue;
    const touched = wordsTouched(ocr.words, span);
    // A mark alone ("*", "|", ":") says nothing of how well the value's characters were read.
    const read = touched.filter((word) => readsCharacters(layerText, word));
    // With a second reading, each word's chance of being right is judged by both engines (ADR 0019, revision 1).
    const chances = ocr.secondReading === undefined ? null : wordAgreement(ocr.words, ocr.secondReading, layerText, read).map(wordRightChance);
    read.forEach((word, index) => {
      confidence = Math.min(confidence, word.confidence);
      allWords *= word.confidence;
      bothReadings *= chances?.[index] ?? word.confidence;
    });
    for (const word of touched) {
      found = true;
      const box = byPage.get(word.page);
      if (box === undefined) byPage.set(word.page, { left: word.x, top: word.y, right: word.x + word.width, bottom: word.y + word.height });
      else {
        box.left = Math.min(box.left, word.x);
        box.top = Math.min(box.top, word.y);
        box.right = Math.max(box.right, word.x + word.width);
        box.bottom = Math.max(box.bottom, word.y + word.height);
      }
    }
  }
  if (!found) return null;
  const checked = spans[0] === undefined ? null : secondReadingCheck(document, spans[0]);
  // Rounded outwards to 1/100 unit, so the box still encloses every word.
  const down = (value: number) => Math.floor(value * 100 + 1e-9) / 100;
  const up = (value: number) => Math.ceil(value * 100 - 1e-9) / 100;
  const boxes = [...byPage.entries()]
    .sort((left, right) => left[0] - right[0])
    .map(([page, box]) => {
      const x = down(box.left);
      const y = down(box.top);
      return { page, x, y, width: up(up(box.right) - x), height: up(up(box.bottom) - y) };
    });
  return {
    boxes,
    confidence: Math.round(confidence * 100) / 100,
    allWords: Math.round(allWords * 100) / 100,
    ...(ocr.secondReading === undefined ? {} : { allWordsBothReadings: Math.round(bothReadings * 100) / 100 }),
    ...(checked === null ? {} : { secondReading: checked }),
  };
}

/**
 * How well the OCR read a span of its layer: the mean confidence of the words in it that
 * carry characters (marks alone left out); null when the span is not in the OCR layer or
 * holds no such word. A line read at a low mean is more likely a stamp, a scribble or a
 * logo than printed text.
 *
 * @example ocrReadingConfidence(document, document.lines[0].span) // 0.91
 */
export function ocrReadingConfidence(document: Document, span: SourceSpan): number | null {
  const ocr = document.ocr;
  if (ocr === undefined || span.layer !== ocr.layer) return null;
  if (span.end <= span.start) return null;
  const layerText = document.layers[ocr.layer]?.text ?? '';
  const read = wordsTouched(ocr.words, span).filter((word) => readsCharacters(layerText, word));
  return read.length === 0 ? null : read.reduce((sum, word) => sum + word.confidence, 0) / read.length;
}

/** The most words a value's place may hold for the second reading to be compared (an amount, a date, a code). */
const SECOND_READING_WORDS = 2;

/**
 * The most words a longer value may hold to be compared word by word with the second
 * reading (a name: "YONGFATTENTERPRISE" against "YONGFATT ENTERPRISE" differs). An address
 * is longer and is not compared: the second engine misreads a word of most addresses, so
 * the comparison would dispute right ones and wrong ones alike (ADR 0019: 8 of 8 right
 * addresses lost on sroie-dev-images when compared).
 */
const WORD_SEQUENCE_WORDS = 6;

/** The second reading's words whose centre lies in one of the placed words' boxes (a little widened), in reading order. */
function secondWordsAt(ocr: NonNullable<Document['ocr']>, touched: readonly OcrWordPlacement[]): OcrCheckWord[] {
  const inside = (word: OcrCheckWord): boolean => {
    const x = word.x + word.width / 2;
    const y = word.y + word.height / 2;
    return touched.some((placed) => placed.page === word.page && x >= placed.x - placed.height / 2 && x <= placed.x + placed.width + placed.height / 2 && y >= placed.y && y <= placed.y + placed.height);
  };
  return (ocr.secondReading ?? []).filter(inside).sort((left, right) => left.y - right.y || left.x - right.x);
}

/**
 * Long text: `differs` when the second reading holds other words on some word of the first
 * (`ocr-word-agreement.ts`), `agrees` when it holds the same words on every word it saw,
 * null when it saw none.
 */
function wordSequenceCheck(ocr: NonNullable<Document['ocr']>, layerText: string, touched: readonly OcrWordPlacement[]): 'agrees' | 'differs' | null {
  const verdicts = wordAgreement(ocr.words, ocr.secondReading ?? [], layerText, touched).map((word) => word.verdict);
  if (verdicts.includes('differs')) return 'differs';
  return verdicts.includes('agrees') ? 'agrees' : null;
}

const DIGIT = /\p{N}/u;

/** Letters and digits of a text, lower case: what two readings of one place must share. */
function characters(text: string): string {
  return text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
}

/**
 * What the page's second reading says at the place of `span`: the words of the first
 * reading the span touches (whole words) against the second reading's words whose centre
 * lies in their boxes (a little widened). A short value (at most two words: an amount, a
 * date, a code, with a digit): letters and digits compared, `agrees` when one holds the other
 * ("RM9.00" and "9.00"), `differs` when not ("9.60" and "9.00"), `differs-in-shape` when
 * their numbers have a digit or a separator more or fewer ("1000" and "10.00": one holding
 * the other's characters is no agreement then). Words without a digit and
 * any value of three to six words (a name): the same words in the same order, letters and
 * digits of each. Null when the page
 * was read once, the second reading found nothing there, or the value is longer.
 */
export function secondReadingCheck(document: Document, span: SourceSpan): SecondReadingVerdict | null {
  const ocr = document.ocr;
  if (ocr === undefined || ocr.secondReading === undefined || span.layer !== ocr.layer) return null;
  const layerText = document.layers[ocr.layer]?.text ?? '';
  const touched = wordsTouched(ocr.words, span).filter((word) => readsCharacters(layerText, word));
  if (touched.length === 0) return null;
  if (touched.length > WORD_SEQUENCE_WORDS) return null;
  // Words without a digit (a name) are compared word by word: a space the first reading missed is a misreading too.
  if (touched.length > SECOND_READING_WORDS || !touched.some((word) => DIGIT.test(layerText.slice(word.start, word.end)))) return wordSequenceCheck(ocr, layerText, touched);
  const first = characters(touched.map((word) => layerText.slice(word.start, word.end)).join(''));
  const again = secondWordsAt(ocr, touched);
  const second = characters(again.map((word) => word.text).join(''));
  if (second.length === 0 || first.length === 0) return null;
  const numbers = numberShapeCheck(touched.map((word) => layerText.slice(word.start, word.end)).join(' '), again);
  if (numbers !== null) return numbers;
  return first.includes(second) || second.includes(first) ? 'agrees' : 'differs';
}

/** Runs of digits of a text: "RM10.00" holds 10 and 00, "1000" one run. */
function digitRuns(text: string): string[] {
  return text.match(/\p{N}+/gu) ?? [];
}

/**
 * How sure the second engine must be of a number of another shape for it to count as one:
 * under it the second reading is more likely noise ("5810" at 0.55 for "55.10", "0" at 0.00
 * for "343.95") than a sign of a lost character (measured on sroie-dev-images, ADR 0019
 * revision 2).
 */
export const SHAPE_DISPUTE_CONFIDENCE = 0.6;

/**
 * Numbers of a short value against the second reading's: null when the runs of digits are
 * the same (letters then decide: "RM9.00" holds "9.00"); `differs-in-shape` when the second
 * reading, at least `SHAPE_DISPUTE_CONFIDENCE` sure, holds the digits in another number of
 * runs or with another count of digits after the last separator ("1000" / "10.00", "00" /
 * "7.00", "248.015" / "248.05": a separator or a decimal lost or doubled, of which neither
 * reading says which is right); `differs` otherwise ("9.65" / "9.85").
 */
function numberShapeCheck(first: string, again: readonly OcrCheckWord[]): 'differs' | 'differs-in-shape' | null {
  const firstRuns = digitRuns(first);
  const secondRuns = digitRuns(again.map((word) => word.text).join(' '));
  if (firstRuns.length === 0 || secondRuns.length === 0) return null;
  if (firstRuns.join(' ') === secondRuns.join(' ')) return null;
  const sameShape = firstRuns.length === secondRuns.length && firstRuns[firstRuns.length - 1]!.length === secondRuns[secondRuns.length - 1]!.length;
  const sure = Math.min(...again.map((word) => word.confidence)) >= SHAPE_DISPUTE_CONFIDENCE;
  return !sameShape && sure ? 'differs-in-shape' : 'differs';
}

/**
 * Word by word, what the page's second reading says of the words of the first reading a
 * span touches (words with a letter or digit only): `agrees`, `differs` or `unseen`, with
 * both engines' confidences (`ocr-word-agreement.ts`). Null when the page was read once or
 * the span is not in the OCR layer.
 *
 * @example secondReadingWords(document, addressSpan) // [{ text: 'B1750', confidence: 0.98, verdict: 'differs', secondText: '81750', secondConfidence: 0.93 }, …]
 */
export function secondReadingWords(document: Document, span: SourceSpan): readonly OcrWordAgreement[] | null {
  const ocr = document.ocr;
  if (ocr === undefined || ocr.secondReading === undefined || span.layer !== ocr.layer) return null;
  const layerText = document.layers[ocr.layer]?.text ?? '';
  const touched = wordsTouched(ocr.words, span).filter((word) => readsCharacters(layerText, word));
  return wordAgreement(ocr.words, ocr.secondReading, layerText, touched);
}

/** Width and height an image's header states (PNG, JPEG, TIFF, WebP, BMP…), or null when it cannot be read. */
function imageDimensions(image: Uint8Array): { readonly width: number; readonly height: number } | null {
  try {
    const { width, height } = imageSize(image);
    return Number.isFinite(width) && Number.isFinite(height) ? { width, height } : null;
  } catch {
    // Not an image the header reader knows: the OCR reader says what it makes of it.
    return null;
  }
}

/** A warning per page that OCR could not read (`OCR_PAGE_TIMEOUT`, `OCR_PAGE_FAILED`). */
export function ocrDiagnostics(document: Document): Diagnostic[] {
  const pages = document.ocr?.pages ?? [];
  return pages
    .filter((page) => page.status !== 'read')
    .map((page) => ({
      code: page.status === 'timeout' ? 'OCR_PAGE_TIMEOUT' : 'OCR_PAGE_FAILED',
      severity: 'WARNING' as const,
      stage: 'execution' as const,
      message: `Page ${page.page} was not read by OCR (${page.message ?? page.status}); values on it are missing.`,
      context: { page: page.page },
    }));
}
