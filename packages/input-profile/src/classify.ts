/**
 * `classifyInput`: the seed's eight-way input classification with the rulings of
 * `../shared/fixtures/input-profile/README.md` (see docs/decisions/0004). Rules run in
 * order and the first match wins; every rule but CSV looks only at a bounded window, so
 * classification of a 100 MB input costs one scan of its first line at most.
 */
import { InputType } from './input-profile.js';
import { isValidJson } from './json-prefix.js';
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
  if (startsWithBytes(bytes, PDF_MAGIC)) return InputType.PDF_TEXT;
  if (isBinaryWindow(bytes)) return InputType.UNKNOWN;
  if (isJsonInput(bytes)) return InputType.JSON;
  const window = windowText(bytes);
  if (isEmailWindow(window)) return InputType.EMAIL;
  if (isHtmlWindow(window)) return InputType.HTML;
  if (isCsvInput(bytes)) return InputType.CSV;
  return InputType.TEXT;
}
