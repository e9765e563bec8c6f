/**
 * BOOLEAN: yes/no, true/false, paid/unpaid, ja/nein, oui/non, sí/no and checkbox marks
 * (`[x]`, `[ ]`, `☑`, `☐`, `☒`). A document scan is strict, because these words are
 * everywhere: `No.` and `No 12` are numbers' labels, and `Paid`/`Unpaid` count only as a
 * stamp (upper case, or alone on a line), never inside `Amount paid:`. A labelled cell
 * also accepts `y`, `n`, `x`, `1`, `0`, `on`/`off`, `✓`, `✗`.
 */
import { makeHit } from './text-scan.js';
import type { RecognizedValue, RecognizerMode } from './types.js';

const WORDS: ReadonlyMap<string, boolean> = new Map([
  ['yes', true], ['no', false], ['true', true], ['false', false], ['paid', true], ['unpaid', false],
  ['ja', true], ['nein', false], ['oui', true], ['non', false], ['sí', true], ['si', true],
  ['checked', true], ['unchecked', false],
]);
const CELL_ONLY: ReadonlyMap<string, boolean> = new Map([
  ['y', true], ['n', false], ['x', true], ['1', true], ['0', false], ['on', true], ['off', false],
  ['✓', true], ['✔', true], ['✗', false], ['✘', false], ['enabled', true], ['disabled', false],
]);

/**
 * The boolean a word or mark stands for by itself ("yes", "paid", "nein", "on", "✓"), case
 * ignored; undefined for any other text. For a value already read as a boolean's text, not
 * for a scan of a document (use `findValues('BOOLEAN', …)` there).
 */
export function booleanWord(text: string): boolean | undefined {
  const word = text.trim().toLowerCase();
  return WORDS.get(word) ?? CELL_ONLY.get(word);
}

const SCAN_PATTERN =
  /\[(?<box>[xX✓✔ ])\]|(?<mark>[☑☒☐])|(?=[yntfpujocs])(?<![\p{L}\p{N}])(?<word>yes|no|true|false|paid|unpaid|ja|nein|oui|non|sí|checked|unchecked)(?![\p{L}\p{N}])/giu;

function isAloneOnLine(text: string, start: number, end: number): boolean {
  const lineStart = text.lastIndexOf('\n', start - 1) + 1;
  let lineEnd = text.indexOf('\n', end);
  if (lineEnd === -1) lineEnd = text.length;
  return text.slice(lineStart, start).trim() === '' && text.slice(end, lineEnd).trim() === '';
}

/** Finds BOOLEAN values. */
export function findBooleans(text: string, mode: RecognizerMode): RecognizedValue[] {
  if (mode === 'cell') {
    const trimmed = text.trim();
    const key = trimmed.toLowerCase().replace(/[.!]$/, '');
    const value = CELL_ONLY.get(key);
    if (value !== undefined) {
      const start = text.indexOf(trimmed);
      return [makeHit('BOOLEAN', text, start, start + trimmed.length, value, false, { form: 'cell' })];
    }
  }
  const hits = [];
  SCAN_PATTERN.lastIndex = 0;
  let match: RegExpExecArray | null;
  while ((match = SCAN_PATTERN.exec(text)) !== null) {
    const groups = match.groups ?? {};
    const start = match.index;
    const end = start + match[0].length;
    if (groups['box'] !== undefined) {
      hits.push(makeHit('BOOLEAN', text, start, end, groups['box'] !== ' ', false, { form: 'checkbox' }));
      continue;
    }
    if (groups['mark'] !== undefined) {
      hits.push(makeHit('BOOLEAN', text, start, end, groups['mark'] !== '☐', false, { form: 'checkbox' }));
      continue;
    }
    const written = groups['word'] ?? '';
    const lower = written.toLowerCase();
    const value = WORDS.get(lower);
    if (value === undefined) continue;
    if (mode === 'scan') {
      const next = text[end] ?? '';
      if ((lower === 'no' || lower === 'non') && /[.:#º°]/.test(next)) continue;
      if ((lower === 'no' || lower === 'non') && /^\s*[#\d]/.test(text.slice(end, end + 3))) continue;
      if ((lower === 'paid' || lower === 'unpaid') && written !== written.toUpperCase() && !isAloneOnLine(text, start, end)) {
        continue;
      }
    }
    hits.push(makeHit('BOOLEAN', text, start, end, value, false, { form: 'word' }));
  }
  return hits;
}
