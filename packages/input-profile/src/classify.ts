/**
 * `classifyInput`: the seed's eight-way input classification with the rulings of
 * `../shared/fixtures/input-profile/README.md` (see docs/decisions/0004). Rules run in
 * order and the first match wins; every rule but CSV looks only at a bounded window, so
 * classification of a 100 MB input costs one scan of its first line at most.
 */
import { InputType } from './input-profile.js';
import { isDigit, isValidJson } from './json-prefix.js';
import { isAsciiWhitespaceByte, scanUtf8 } from './utf8-scan.js';

/** Bytes examined by the binary, e-mail and HTML rules. */
export const CLASSIFICATION_WINDOW = 4096;
/** Inputs up to this size must be one complete JSON text; larger ones a valid prefix. */
export const JSON_CHECK_LIMIT = 8192;

const PDF_MAGIC = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-
const HEADER_LINE = /^[A-Za-z][A-Za-z0-9-]*:[ \t]/;

function startsWithBytes(bytes: Uint8Array, prefix: readonly number[]): boolean {
  if (bytes.length < prefix.length) return false;
  return prefix.every((byte, index) => bytes[index] === byte);
}

/** True when the bytes start with the `%PDF-` magic. */
export function hasPdfMagic(bytes: Uint8Array): boolean {
  return startsWithBytes(bytes, PDF_MAGIC);
}

/** The raster image formats read by OCR (the profile still reports them as `unknown`). */
export type ImageFormat = 'png' | 'jpeg' | 'tiff' | 'webp' | 'bmp';

/** Magic numbers of the image formats, in the order they are tried. */
const IMAGE_MAGIC: readonly (readonly [ImageFormat, readonly number[], number])[] = [
  ['png', [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 0],
  ['jpeg', [0xff, 0xd8, 0xff], 0],
  ['tiff', [0x49, 0x49, 0x2a, 0x00], 0],
  ['tiff', [0x4d, 0x4d, 0x00, 0x2a], 0],
  ['bmp', [0x42, 0x4d], 0],
  ['webp', [0x57, 0x45, 0x42, 0x50], 8],
];

/**
 * The image format of the bytes by magic number (PNG, JPEG, TIFF, WebP — `RIFF….WEBP` —
 * and BMP, which also needs a plausible header size), or null.
 *
 * @example sniffImageFormat(new Uint8Array([0xff, 0xd8, 0xff, 0xe0])) // 'jpeg'
 */
export function sniffImageFormat(bytes: Uint8Array): ImageFormat | null {
  for (const [format, magic, offset] of IMAGE_MAGIC) {
    if (bytes.length < offset + magic.length) continue;
    if (!magic.every((byte, index) => bytes[offset + index] === byte)) continue;
    if (format === 'webp' && !startsWithBytes(bytes, [0x52, 0x49, 0x46, 0x46])) continue;
    // "BM" starts many texts: a BMP also has a DIB header of a known size at offset 14.
    if (format === 'bmp' && !(bytes.length >= 26 && [12, 40, 52, 56, 64, 108, 124].includes(bytes[14]! | (bytes[15]! << 8)) && bytes[16] === 0 && bytes[17] === 0)) continue;
    return format;
  }
  return null;
}

/** True when `value` is one of the eight input type names. */
export function isInputType(value: unknown): value is InputType {
  return typeof value === 'string' && (Object.values(InputType) as string[]).includes(value);
}

/** The binary rule: a NUL byte, or more than 10 % invalid UTF-8, in the window. */
export function isBinaryWindow(bytes: Uint8Array): boolean {
  const windowLength = Math.min(bytes.length, CLASSIFICATION_WINDOW);
  for (let index = 0; index < windowLength; index += 1) if (bytes[index] === 0) return true;
  const scan = scanUtf8(bytes, 0, windowLength);
  let invalid = scan.invalidBytes;
  // A sequence cut by the window boundary is exempt only when the input goes on.
  if (scan.endsInsideSequence && bytes.length <= windowLength) invalid += scan.trailingSequenceBytes;
  return invalid * 10 > windowLength;
}

function isJsonInput(bytes: Uint8Array): boolean {
  let first = 0;
  while (first < bytes.length && isAsciiWhitespaceByte(bytes[first]!)) first += 1;
  const byte = bytes[first];
  if (byte !== 0x7b && byte !== 0x5b) return false;
  return bytes.length <= JSON_CHECK_LIMIT ? isValidJson(bytes, bytes.length, 'complete') : isValidJson(bytes, JSON_CHECK_LIMIT, 'prefix');
}

/** The window as a latin-1 string: one char per byte, enough for ASCII pattern tests. */
function windowText(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.length, CLASSIFICATION_WINDOW)).toString('latin1');
}

function isEmailWindow(window: string): boolean {
  const lines = window.split('\n').map((line) => (line.endsWith('\r') ? line.slice(0, -1) : line));
  const firstLine = lines[0] ?? '';
  if (!window.startsWith('From ') && !HEADER_LINE.test(firstLine)) return false;
  for (const line of lines) {
    if (line.length === 0) return false;
    if (line.slice(0, 8).toLowerCase() === 'subject:') return true;
  }
  return false;
}

function isHtmlWindow(window: string): boolean {
  const lower = window.toLowerCase();
  return lower.includes('<html') || lower.includes('<!doctype html');
}

/** The CSV rule: the first non-blank line (LF-separated) has at least three commas. */
function isCsvInput(bytes: Uint8Array): boolean {
  let lineStart = 0;
  while (lineStart < bytes.length) {
    let index = lineStart;
    let blank = true;
    let commas = 0;
    while (index < bytes.length && bytes[index] !== 0x0a) {
      const byte = bytes[index]!;
      if (byte === 0x2c) commas += 1;
      if (blank && !isAsciiWhitespaceByte(byte)) blank = false;
      index += 1;
    }
    if (!blank) return commas >= 3;
    lineStart = index + 1;
  }
  return false;
}

/** Classifies input bytes into one of the eight input types. */
export function classifyInput(bytes: Uint8Array): InputType {
  if (bytes.length === 0) return InputType.EMPTY;
  if (hasPdfMagic(bytes)) return InputType.PDF_TEXT;
  // The seed has no image type (image input is "V2"): a photo profiles as unknown, and the
  // document reader reads it by OCR.
  if (sniffImageFormat(bytes) !== null) return InputType.UNKNOWN;
  if (isBinaryWindow(bytes)) return InputType.UNKNOWN;
  if (isJsonInput(bytes)) return InputType.JSON;
  const window = windowText(bytes);
  if (isEmailWindow(window)) return InputType.EMAIL;
  if (isHtmlWindow(window)) return InputType.HTML;
  if (isCsvInput(bytes)) return InputType.CSV;
  return InputType.TEXT;
}

/**
 * Per record (quoted line breaks do not end a record): the count of `delimiter` outside
 * quotes; blank records skipped; at most `records` records.
 */
function recordCounts(window: string, delimiter: string, records: number): number[] {
  const delimiterCode = delimiter.charCodeAt(0);
  const counts: number[] = [];
  let count = 0;
  let quoted = false;
  let blank = true;
  for (let index = 0; index < window.length; index += 1) {
    const code = window.charCodeAt(index);
    if (code === 0x22) {
      quoted = !quoted;
      blank = false;
    } else if (!quoted && code === 0x0a) {
      if (!blank) {
        counts.push(count);
        // Later records cannot change the first ones.
        if (counts.length === records) return counts;
      }
      count = 0;
      blank = true;
    } else if (!quoted && code === delimiterCode) {
      count += 1;
      blank = false;
    } else if (code !== 0x0d && code !== 0x20 && code !== 0x09) {
      blank = false;
    }
  }
  // The last record counts only when the window holds the whole input (it may be cut).
  if (!blank && window.length < CLASSIFICATION_WINDOW) counts.push(count);
  return counts;
}

/** True when the first non-blank line of `window` holds a comma, outside quotes, that is not between two digits. */
function firstRecordHasWordComma(window: string): boolean {
  const start = window.search(/\S/);
  if (start < 0) return false;
  let quoted = false;
  for (let index = start; index < window.length; index += 1) {
    const code = window.charCodeAt(index);
    if (code === 0x22) quoted = !quoted;
    else if (!quoted && code === 0x0a) return false;
    else if (!quoted && code === 0x2c && !(isDigit(window.charCodeAt(index - 1)) && isDigit(window.charCodeAt(index + 1)))) return true;
  }
  return false;
}

/**
 * The CSV delimiter of a text, or null: the first records (up to 6, quoted line breaks
 * allowed) must all carry the same non-zero count of one of `,` `;` tab, and with one
 * record only, at least three commas (the CSV rule of `classifyInput`).
 */
export function sniffCsvDelimiter(window: string): string | null {
  for (const delimiter of [',', ';', '\t']) {
    const counts = recordCounts(window, delimiter, 6);
    const first = counts[0] ?? 0;
    if (first === 0) continue;
    // Commas that all stand between digits are decimal or thousands marks ("Brot 2,49 €"), not a header's delimiters.
    if (delimiter === ',' && !firstRecordHasWordComma(window)) continue;
    if (counts.length === 1) {
      if (delimiter === ',' && first >= 3) return delimiter;
      continue;
    }
    if (counts.every((count) => count === first)) return delimiter;
  }
  return null;
}

function isHtmlFragment(window: string): boolean {
  const lower = window.toLowerCase();
  if (lower.includes('<html') || lower.includes('<!doctype html')) return true;
  return lower.trimStart().startsWith('<') && /<(body|table|div|p|dl|span|br|h[1-6])[\s>/]/.test(lower);
}

/**
 * How a `text` input is best read: the profile (seed 000) reports `;`- and tab-delimited
 * grids and HTML fragments without `<html>` as text; a document reader structures such a
 * text as CSV or HTML. Looks at the first `CLASSIFICATION_WINDOW` characters only.
 *
 * @example refineTextType('a;b;c\n1;2;3\n') // 'csv'
 */
export function refineTextType(text: string): 'text' | 'csv' | 'html' {
  const window = text.slice(0, CLASSIFICATION_WINDOW);
  if (isHtmlFragment(window)) return 'html';
  if (sniffCsvDelimiter(window) !== null) return 'csv';
  return 'text';
}
