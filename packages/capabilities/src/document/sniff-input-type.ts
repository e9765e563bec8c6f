/**
 * A cheap input-type sniff for `buildDocument` when the caller gives no InputProfile
 * type. It looks at a bounded window (4 KiB) except for the JSON check, so it costs
 * nothing on large inputs. The rules follow the InputProfile classifier's spirit (PDF
 * magic, binary bytes, JSON, e-mail headers with a Subject, HTML markers, CSV) and add
 * `;`/tab-delimited CSV, which the profile reports as text.
 */

/** The InputProfile's input types. */
export type DocumentInputType = 'text' | 'html' | 'csv' | 'json' | 'pdf_text' | 'email' | 'empty' | 'unknown';

const SNIFF_WINDOW = 4096;
const HEADER_LINE = /^[A-Za-z][A-Za-z0-9-]*:[ \t]/;
const EMAIL_HEADER_NAMES = new Set(['from', 'to', 'subject', 'date', 'cc', 'received', 'message-id', 'mime-version', 'content-type', 'reply-to', 'return-path', 'delivered-to']);

/** True when the bytes start with the `%PDF-` magic. */
export function hasPdfMagic(bytes: Uint8Array): boolean {
  return bytes.length >= 5 && bytes[0] === 0x25 && bytes[1] === 0x50 && bytes[2] === 0x44 && bytes[3] === 0x46 && bytes[4] === 0x2d;
}

/** A NUL byte, or more than 10 % control characters / U+FFFD, in the window of the decoded text. */
export function looksBinary(text: string): boolean {
  const length = Math.min(text.length, SNIFF_WINDOW);
  if (length === 0) return false;
  let suspicious = 0;
  for (let index = 0; index < length; index += 1) {
    const code = text.charCodeAt(index);
    if (code === 0) return true;
    if (code === 0xfffd || (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d && code !== 0x0c)) suspicious += 1;
  }
  return suspicious * 10 > length;
}

function looksLikeEmail(window: string): boolean {
  const lines = window.split('\n');
  const first = (lines[0] ?? '').replace(/\r$/, '');
  if (!first.startsWith('From ') && !HEADER_LINE.test(first)) return false;
  let known = 0;
  for (const rawLine of lines) {
    const line = rawLine.endsWith('\r') ? rawLine.slice(0, -1) : rawLine;
    if (line.length === 0) break;
    if (line.startsWith(' ') || line.startsWith('\t')) continue;
    const colon = line.indexOf(':');
    if (colon > 0 && EMAIL_HEADER_NAMES.has(line.slice(0, colon).toLowerCase())) known += 1;
  }
  return known >= 2 && /^subject:|^from:|^mime-version:/im.test(window);
}

function looksLikeHtml(window: string): boolean {
  const lower = window.toLowerCase();
  if (lower.includes('<html') || lower.includes('<!doctype html')) return true;
  return lower.trimStart().startsWith('<') && /<(body|table|div|p|dl|span|br|h[1-6])[\s>/]/.test(lower);
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
  if (!blank && window.length < SNIFF_WINDOW) counts.push(count);
  return counts;
}

/**
 * The CSV delimiter of a text, or null: the first records (up to 6, quoted line breaks
 * allowed) must all carry the same non-zero count of one of `,` `;` tab, and with one
 * record only, at least three commas (the InputProfile rule).
 */
export function sniffCsvDelimiter(window: string): string | null {
  for (const delimiter of [',', ';', '\t']) {
    const counts = recordCounts(window, delimiter, 6);
    const first = counts[0] ?? 0;
    if (first === 0) continue;
    if (counts.length === 1) {
      if (delimiter === ',' && first >= 3) return delimiter;
      continue;
    }
    if (counts.every((count) => count === first)) return delimiter;
  }
  return null;
}

/** Guesses the input type of decoded text (bytes only matter for the PDF magic). */
export function sniffInputType(text: string, bytes: Uint8Array | null): DocumentInputType {
  if (bytes !== null && hasPdfMagic(bytes)) return 'pdf_text';
  if (bytes === null && text.startsWith('%PDF-')) return 'pdf_text';
  // No whole-text trims: on a 100 MB input they would copy it.
  const firstVisible = text.search(/\S/);
  if (firstVisible === -1) return 'empty';
  if (looksBinary(text)) return 'unknown';
  const first = text[firstVisible];
  if (first === '{' || first === '[') return 'json';
  const window = text.slice(0, SNIFF_WINDOW);
  if (looksLikeEmail(window)) return 'email';
  if (looksLikeHtml(window)) return 'html';
  if (sniffCsvDelimiter(window) !== null) return 'csv';
  return 'text';
}
