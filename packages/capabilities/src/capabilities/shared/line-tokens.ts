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
 */
import type { DocumentLine } from '../../document.js';
import { normalizeLabelText } from '../../lexicon/normalize-label.js';

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

const WORD = /n[°º]\.?|[#№]|[\p{L}\p{N}]+/gu;
/** Longer lines (a minified blob, a base64 body) hold no labels worth the scan. */
const MAX_LINE_LENGTH = 2000;
const ASCII_WORD = /^[A-Za-z0-9]+$/;
const NUMBER_WORDS = new Set(['no', 'nr', 'num', 'nbr', 'nro', 'number']);
const HASH = '#'.charCodeAt(0);

/** One token as `normalizeLabelText` would normalize it, with a fast path for plain ASCII words. */
function tokenWord(token: string): string {
  if (ASCII_WORD.test(token)) {
    const lower = token.toLowerCase();
    return NUMBER_WORDS.has(lower) ? 'number' : lower;
  }
  return normalizeLabelText(token);
}

function isAsciiAlphanumeric(code: number): boolean {
  return (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
}

/** Lower-cases an ASCII letter code; other codes are returned unchanged. */
function lowerCode(code: number): number {
  return code >= 65 && code <= 90 ? code + 32 : code;
}

/** A growable column of 32-bit integers. */
interface IntColumn {
  push(value: number): void;
  /** The values pushed so far (a view, no copy). */
  view(): Int32Array;
}

function createIntColumn(capacity: number): IntColumn {
  let values = new Int32Array(Math.max(16, capacity));
  let length = 0;
  return {
    push(value) {
      if (length === values.length) {
        const grown = new Int32Array(values.length * 2);
        grown.set(values);
        values = grown;
      }
      values[length] = value;
      length += 1;
    },
    view: () => values.subarray(0, length),
  };
}

/**
 * Word ids by spelling. `wordId` gives the id of a normalized word; `asciiId` the id of
 * the ASCII word at `text[start, end)` given the hash of its lower-cased letters, from an
 * open-addressing table whose entries are compared with the text in place (no slice).
 */
interface Vocabulary {
  readonly words: readonly string[];
  wordId(word: string): number;
  idOf(word: string): number;
  asciiId(text: string, start: number, end: number, hash: number): number;
}

function createVocabulary(): Vocabulary {
  const words: string[] = [];
  const ids = new Map<string, number>();
  // Lower-cased ASCII spellings seen ("no" and "number" are two spellings of one word).
  const spellings: string[] = [];
  const spellingIds: number[] = [];
  const spellingHashes: number[] = [];
  // Index + 1 of a spelling per slot; 0 is an empty slot.
  let slots = new Int32Array(1024);
  const wordId = (word: string): number => {
    let id = ids.get(word);
    if (id === undefined) {
      id = words.length;
      words.push(word);
      ids.set(word, id);
    }
    return id;
  };
  const rehash = (): void => {
    const grown = new Int32Array(slots.length * 2);
    const mask = grown.length - 1;
    spellingHashes.forEach((hash, index) => {
      let slot = hash & mask;
      while (grown[slot] !== 0) slot = (slot + 1) & mask;
      grown[slot] = index + 1;
    });
    slots = grown;
  };
  return {
    words,
    wordId,
    idOf: (word) => ids.get(word) ?? -1,
    asciiId(text, start, end, hash) {
      const mask = slots.length - 1;
      let slot = hash & mask;
      for (let entry = slots[slot]!; entry !== 0; entry = slots[slot]!) {
        const spelling = spellings[entry - 1]!;
        if (spellingHashes[entry - 1] === hash && spelling.length === end - start && sameLowerCase(spelling, text, start)) return spellingIds[entry - 1]!;
        slot = (slot + 1) & mask;
      }
      const lower = text.slice(start, end).toLowerCase();
      const id = wordId(NUMBER_WORDS.has(lower) ? 'number' : lower);
      spellings.push(lower);
      spellingIds.push(id);
      spellingHashes.push(hash);
      slots[slot] = spellings.length;
      if (spellings.length * 2 > slots.length) rehash();
      return id;
    },
  };
}

/** `spelling` (lower-case ASCII) equals `text` from `start` with ASCII letters lower-cased. */
function sameLowerCase(spelling: string, text: string, start: number): boolean {
  for (let offset = 0; offset < spelling.length; offset += 1) {
    if (spelling.charCodeAt(offset) !== lowerCode(text.charCodeAt(start + offset))) return false;
  }
  return true;
}

/** Builds the word index of `lines` (lines longer than 2,000 characters are left out). */
export function buildLineTokens(lines: readonly DocumentLine[]): LineTokenIndex {
  let characters = 0;
  for (const line of lines) characters += line.text.length;
  // A word and a separator take two characters or more: a quarter is a generous first guess.
  const capacity = characters >> 2;
  const wordIds = createIntColumn(capacity);
  const starts = createIntColumn(capacity);
  const ends = createIntColumn(capacity);
  const lineOf = createIntColumn(capacity);
  const vocabulary = createVocabulary();
  const add = (id: number, start: number, end: number, lineNumber: number): void => {
    wordIds.push(id);
    starts.push(start);
    ends.push(end);
    lineOf.push(lineNumber);
  };
  for (let lineNumber = 0; lineNumber < lines.length; lineNumber += 1) {
    const line = lines[lineNumber]!;
    const text = line.text;
    const offset = line.span.start;
    if (text.length === 0 || text.length > MAX_LINE_LENGTH) continue;
    // The tokens `WORD` would match, found by hand for ASCII runs; anything else
    // ("n°", "#", a non-ASCII letter) is left to the regex.
    let at = 0;
    while (at < text.length) {
      const code = text.charCodeAt(at);
      if (code < 128 && code !== HASH && !isAsciiAlphanumeric(code)) {
        at += 1;
        continue;
      }
      if (code < 128 && code !== HASH) {
        let hash = lowerCode(code);
        let end = at + 1;
        for (; end < text.length; end += 1) {
          const next = text.charCodeAt(end);
          if (!isAsciiAlphanumeric(next)) break;
          hash = (Math.imul(hash, 31) + lowerCode(next)) | 0;
        }
        if (end === text.length || text.charCodeAt(end) < 128) {
          // Label words never start with a digit: skip numbers (most tokens of a long document).
          if (code > 57) add(vocabulary.asciiId(text, at, end, hash), offset + at, offset + end, lineNumber);
          at = end;
          continue;
        }
      }
      WORD.lastIndex = at;
      const match = WORD.exec(text);
      if (!match) break;
      const first = match[0].charCodeAt(0);
      if (first < 48 || first > 57) {
        const word = tokenWord(match[0]);
        if (word.length > 0 && !word.includes(' ')) add(vocabulary.wordId(word), offset + match.index, offset + match.index + match[0].length, lineNumber);
      }
      at = match.index + match[0].length;
    }
  }
  const ids = wordIds.view();
  return { lines, length: ids.length, wordIds: ids, starts: starts.view(), ends: ends.view(), lineOf: lineOf.view(), vocabulary: vocabulary.words, ...groupOccurrences(ids, vocabulary.words.length), idOf: (word) => vocabulary.idOf(word) };
}

/** The positions of each word id, grouped by id (a counting sort of the positions). */
function groupOccurrences(wordIds: Int32Array, vocabularySize: number): { occurrences: Int32Array; firstOccurrence: Int32Array } {
  const firstOccurrence = new Int32Array(vocabularySize + 1);
  for (const id of wordIds) firstOccurrence[id + 1]! += 1;
  for (let id = 0; id < vocabularySize; id += 1) firstOccurrence[id + 1]! += firstOccurrence[id]!;
  const next = firstOccurrence.slice(0, vocabularySize);
  const occurrences = new Int32Array(wordIds.length);
  for (let position = 0; position < wordIds.length; position += 1) {
    const id = wordIds[position]!;
    occurrences[next[id]!] = position;
    next[id]! += 1;
  }
  return { occurrences, firstOccurrence };
}
