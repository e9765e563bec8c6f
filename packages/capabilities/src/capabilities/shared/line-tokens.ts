/**
 * The label words of a Document's lines, built once per Document: each word normalized as
 * labels are (`normalizeLabelText`), numbered by a word id, in reading order, in typed
 * arrays — no string and no object per word of a long document. A field's label is found
 * by the ids of its words: a label with a word the document never prints is dismissed at
 * once, and the occurrences of its first word are listed, not searched for.
 *
 * Plain ASCII words, most words of most documents, are read by hand and looked up by a
 * hash of their lower-cased letters, so a word seen before costs no allocation; anything
 * else ("n°", "#", a non-ASCII letter) goes through the word regex and the normalizer.
 * A line text the document prints again is read and listed once, at the text's first line
 * (the lines of a text are found by `sameLines`); the other lines that print it are chained
 * to it (`TextTokenIndex.nextSame`).
 */
import type { DocumentLine } from '@paxman/document';
import { isNumberWord, normalizeLabelText } from '@paxman/values';
import { nextSameLines, sameLines } from './same-lines.js';

/** The label words of a Document's lines. */
export interface LineTokenIndex {
  /** The Document's lines (`lineOf` indexes them). */
  readonly lines: readonly DocumentLine[];
  /** Number of words; the typed arrays below hold `length` entries. */
  readonly length: number;
  /** The id of each word: its position in `vocabulary`. */
  readonly wordIds: Int32Array;
  /** Offsets of each word in its line's layer. */
  readonly starts: Int32Array;
  readonly ends: Int32Array;
  /** Position in `lines` of each word's line; the words of one line are consecutive. */
  readonly lineOf: Int32Array;
  /** The distinct words, by id, in order of first occurrence. */
  readonly vocabulary: readonly string[];
  /**
   * Positions of the words of each id, ascending: those of id `i` are
   * `occurrences[firstOccurrence[i]]` up to (not including) `occurrences[firstOccurrence[i + 1]]`.
   */
  readonly occurrences: Int32Array;
  readonly firstOccurrence: Int32Array;
  /** The id of a normalized word, or -1 when no line has it. */
  idOf(word: string): number;
}

/**
 * The label words of a Document's distinct line texts (`buildTextTokens`): a
 * `LineTokenIndex` of the first line of each text only (`lineOf` is that line, `starts`
 * and `ends` its offsets), and for every line the next line that prints the same text. The
 * words of a line that repeats a text are the first line's, moved by the difference of the
 * two lines' starts.
 */
export interface TextTokenIndex extends LineTokenIndex {
  /** For each of `lines`, the position of the next line with the same text, or -1. */
  readonly nextSame: Int32Array;
}

const WORD = /n[°º]\.?|[#№]|[\p{L}\p{N}]+/gu;
/** Longer lines (a minified blob, a base64 body) hold no labels worth the scan. */
const MAX_LINE_LENGTH = 2000;
const ASCII_WORD = /^[A-Za-z0-9]+$/;

/** One token as `normalizeLabelText` (or `normalizeText`, its equal) would normalize it, with a fast path for plain ASCII words. */
function tokenWord(token: string, normalizeText: (text: string) => string): string {
  if (ASCII_WORD.test(token)) {
    const lower = token.toLowerCase();
    return isNumberWord(lower) ? 'number' : lower;
  }
  return normalizeText(token);
}

/** Classes of ASCII characters: what ends a word, what a word is made of, and "#" (a word of its own). */
const SEPARATOR = 0;
const DIGIT = 1;
const LETTER = 2;
const NUMBER_SIGN = 3;
const CHARACTER_CLASS = new Uint8Array(128);
for (let code = 48; code <= 57; code += 1) CHARACTER_CLASS[code] = DIGIT;
for (let code = 65; code <= 90; code += 1) CHARACTER_CLASS[code] = LETTER;
for (let code = 97; code <= 122; code += 1) CHARACTER_CLASS[code] = LETTER;
CHARACTER_CLASS['#'.charCodeAt(0)] = NUMBER_SIGN;

/** Lower-cases an ASCII letter code; other codes are returned unchanged. */
function lowerCode(code: number): number {
  return code >= 65 && code <= 90 ? code + 32 : code;
}

/**
 * Word ids by spelling: `words` by id, `ids` by normalized word, and an open-addressing
 * table of the lower-cased ASCII spellings seen ("no" and "number" are two spellings of
 * one word), compared with the text in place so a known spelling is found without a slice.
 */
interface Spellings {
  readonly words: string[];
  readonly ids: Map<string, number>;
  readonly texts: string[];
  readonly textIds: number[];
  readonly hashes: number[];
  /** Index + 1 into `texts` per slot; 0 is an empty slot. */
  slots: Int32Array;
}

function wordId(spellings: Spellings, word: string): number {
  let id = spellings.ids.get(word);
  if (id === undefined) {
    id = spellings.words.length;
    spellings.words.push(word);
    spellings.ids.set(word, id);
  }
  return id;
}

/** The id of the ASCII word at `text[start, end)`; `hash` is the hash of its lower-cased characters. */
function asciiWordId(spellings: Spellings, text: string, start: number, end: number, hash: number): number {
  const slots = spellings.slots;
  const mask = slots.length - 1;
  let slot = hash & mask;
  for (let entry = slots[slot]!; entry !== 0; entry = slots[slot]!) {
    const spelling = spellings.texts[entry - 1]!;
    if (spellings.hashes[entry - 1] === hash && spelling.length === end - start && sameLowerCase(spelling, text, start)) return spellings.textIds[entry - 1]!;
    slot = (slot + 1) & mask;
  }
  const lower = text.slice(start, end).toLowerCase();
  const id = wordId(spellings, isNumberWord(lower) ? 'number' : lower);
  spellings.texts.push(lower);
  spellings.textIds.push(id);
  spellings.hashes.push(hash);
  slots[slot] = spellings.texts.length;
  if (spellings.texts.length * 2 > slots.length) spellings.slots = rehash(spellings.hashes, slots.length * 2);
  return id;
}

function rehash(hashes: readonly number[], size: number): Int32Array {
  const slots = new Int32Array(size);
  const mask = size - 1;
  hashes.forEach((hash, index) => {
    let slot = hash & mask;
    while (slots[slot] !== 0) slot = (slot + 1) & mask;
    slots[slot] = index + 1;
  });
  return slots;
}

/** `spelling` (lower-case ASCII) equals `text` from `start` with ASCII letters lower-cased. */
function sameLowerCase(spelling: string, text: string, start: number): boolean {
  for (let offset = 0; offset < spelling.length; offset += 1) {
    if (spelling.charCodeAt(offset) !== lowerCode(text.charCodeAt(start + offset))) return false;
  }
  return true;
}

/**
 * The four columns of the word index (word id, start, end, line) in one buffer of
 * `capacity` rows each: one allocation, not four, which is what a short document's
 * index mostly costs.
 */
interface Columns {
  buffer: Int32Array<ArrayBuffer>;
  capacity: number;
}

/** Doubles the rows of `columns`, keeping the first `count` of each column. */
function growColumns(columns: Columns, count: number): void {
  const capacity = columns.capacity * 2;
  const buffer = new Int32Array(capacity * 4);
  for (let column = 0; column < 4; column += 1) buffer.set(columns.buffer.subarray(column * columns.capacity, column * columns.capacity + count), column * capacity);
  columns.buffer = buffer;
  columns.capacity = capacity;
}

/**
 * Builds the word index of the distinct texts of `lines` (`TextTokenIndex`; lines longer
 * than 2,000 characters are left out): a line's words depend on its text alone, so the
 * words of each text are read and listed once, at its first line, and the other lines that
 * print it are chained to it — a long document that prints its lines on every page (a page
 * header, an item row) is indexed at the cost of one page. `normalizeText` normalizes a
 * word that is not plain ASCII: `normalizeLabelText`, or a remembering copy of it (the
 * run's `DocumentIndex.normalizeLabel`). `same` is `sameLines(lines)` (the run's
 * `DocumentIndex.sameLines`, hashed once for every pass).
 */
export function buildTextTokens(lines: readonly DocumentLine[], normalizeText: (text: string) => string = normalizeLabelText, same: Int32Array = sameLines(lines)): TextTokenIndex {
  let characters = 0;
  // Index loops here and in `groupOccurrences`: this runs once per run, over thousands of
  // lines and words, mostly before the optimizing compiler has removed a `for…of`
  // iterator's result objects (about 100 KB of them on a 100 KB input).
  for (let index = 0; index < lines.length; index += 1) if (same[index] === index) characters += lines[index]!.text.length;
  // Most characters of a document are not the first of a label word: an eighth is a fair first guess.
  const initialCapacity = Math.max(16, characters >> 3);
  const columns: Columns = { buffer: new Int32Array(initialCapacity * 4), capacity: initialCapacity };
  let count = 0;
  const spellings: Spellings = { words: [], ids: new Map(), texts: [], textIds: [], hashes: [], slots: new Int32Array(64) };
  for (let lineNumber = 0; lineNumber < lines.length; lineNumber += 1) {
    // A line that repeats an earlier line's text is read at that line (`nextSame` chains them).
    if (same[lineNumber] !== lineNumber) continue;
    const line = lines[lineNumber]!;
    const text = line.text;
    const length = text.length;
    if (length === 0 || length > MAX_LINE_LENGTH) continue;
    const offset = line.span.start;
    // The tokens `WORD` would match, read by hand for ASCII runs (no match object, and no
    // string for a word seen before); anything else ("n°", "#", a non-ASCII letter) is
    // left to the regex.
    let at = 0;
    while (at < length) {
      const code = text.charCodeAt(at);
      const kind = code < 128 ? CHARACTER_CLASS[code]! : -1;
      if (kind === SEPARATOR) {
        at += 1;
        continue;
      }
      let end = at + 1;
      let id = -1;
      if (kind === DIGIT || kind === LETTER) {
        let hash = lowerCode(code);
        for (; end < length; end += 1) {
          const next = text.charCodeAt(end);
          if (next >= 128 || CHARACTER_CLASS[next] === SEPARATOR || CHARACTER_CLASS[next] === NUMBER_SIGN) break;
          hash = (Math.imul(hash, 31) + (next >= 65 && next <= 90 ? next + 32 : next)) | 0;
        }
        // A run that goes on with a non-ASCII letter ("Fälligkeit") is one word: the regex reads it.
        if (end === length || text.charCodeAt(end) < 128) {
          // Label words never start with a digit: skip numbers (most tokens of a long document).
          if (kind === DIGIT) {
            at = end;
            continue;
          }
          id = asciiWordId(spellings, text, at, end, hash);
        }
      }
      if (id < 0) {
        WORD.lastIndex = at;
        const match = WORD.exec(text);
        if (!match) break;
        at = match.index;
        end = at + match[0].length;
        const first = match[0].charCodeAt(0);
        const word = first >= 48 && first <= 57 ? '' : tokenWord(match[0], normalizeText);
        if (word.length === 0 || word.includes(' ')) {
          at = end;
          continue;
        }
        id = wordId(spellings, word);
      }
      if (count === columns.capacity) growColumns(columns, count);
      const { buffer, capacity } = columns;
      buffer[count] = id;
      buffer[capacity + count] = offset + at;
      buffer[2 * capacity + count] = offset + end;
      buffer[3 * capacity + count] = lineNumber;
      count += 1;
      at = end;
    }
  }
  const { buffer, capacity } = columns;
  const ids = buffer.subarray(0, count);
  const known = spellings.ids;
  const { occurrences, firstOccurrence } = groupOccurrences(ids, spellings.words.length);
  return {
    lines,
    length: count,
    wordIds: ids,
    starts: buffer.subarray(capacity, capacity + count),
    ends: buffer.subarray(2 * capacity, 2 * capacity + count),
    lineOf: buffer.subarray(3 * capacity, 3 * capacity + count),
    vocabulary: spellings.words,
    occurrences,
    firstOccurrence,
    idOf: (word: string) => known.get(word) ?? -1,
    nextSame: nextSameLines(same),
  };
}

/** The positions of each word id, grouped by id (a counting sort of the positions, in one buffer). */
function groupOccurrences(wordIds: Int32Array, vocabularySize: number): { occurrences: Int32Array; firstOccurrence: Int32Array } {
  const buffer = new Int32Array(2 * vocabularySize + 1 + wordIds.length);
  const firstOccurrence = buffer.subarray(0, vocabularySize + 1);
  for (let position = 0; position < wordIds.length; position += 1) firstOccurrence[wordIds[position]! + 1]! += 1;
  for (let id = 0; id < vocabularySize; id += 1) firstOccurrence[id + 1]! += firstOccurrence[id]!;
  // Where the next position of each id goes.
  const next = buffer.subarray(vocabularySize + 1, 2 * vocabularySize + 1);
  next.set(firstOccurrence.subarray(0, vocabularySize));
  const occurrences = buffer.subarray(2 * vocabularySize + 1);
  for (let position = 0; position < wordIds.length; position += 1) {
    const id = wordIds[position]!;
    occurrences[next[id]!] = position;
    next[id]! += 1;
  }
  return { occurrences, firstOccurrence };
}
