/**
 * RFC 5322 header blocks with spans: each header's name span and raw value span in the
 * layer it was read from (folded continuation lines included), the unfolded value with
 * RFC 2047 encoded-words decoded (postal-mime's `decodeWords`), and where the body starts.
 * Also `Content-Type` parameter parsing (`text/plain; charset="utf-8"`).
 */
import type { SourceSpan } from '@paxman/core';
import type { DecodeWords } from './lazy-libraries.js';

/** One header as read. */
export interface RawHeader {
  /** Lower-case name. */
  readonly name: string;
  readonly nameSpan: SourceSpan;
  /** Raw value span (after the colon and its whitespace, trailing whitespace trimmed). */
  readonly span: SourceSpan;
  /** Unfolded, encoded-words decoded. */
  readonly value: string;
}

/** A header block and where the body starts (`end` when there is no body). */
export interface HeaderBlock {
  readonly headers: readonly RawHeader[];
  readonly bodyStart: number;
}

const HEADER_NAME = /^[!-9;-~]+$/;

function decodeValue(raw: string, decodeWords: DecodeWords | undefined): string {
  const unfolded = raw.replace(/\r?\n[ \t]+/g, ' ');
  if (decodeWords === undefined || !unfolded.includes('=?')) return unfolded;
  try {
    return decodeWords(unfolded);
  } catch {
    return unfolded;
  }
}

/**
 * Reads the header block at `text[start, end)` (in layer `layer`); `decodeWords`
 * (postal-mime's, loaded lazily) decodes encoded-words, which stay raw without it.
 */
export function parseHeaderBlock(text: string, layer: string, start: number, end: number, decodeWords?: DecodeWords): HeaderBlock {
  const headers: RawHeader[] = [];
  let current: { name: string; nameStart: number; nameEnd: number; valueStart: number; valueEnd: number } | null = null;
  const finish = (): void => {
    if (current === null) return;
    let valueEnd = current.valueEnd;
    while (valueEnd > current.valueStart && /\s/.test(text[valueEnd - 1]!)) valueEnd -= 1;
    headers.push({
      name: current.name,
      nameSpan: { start: current.nameStart, end: current.nameEnd, layer },
      span: { start: current.valueStart, end: valueEnd, layer },
      value: decodeValue(text.slice(current.valueStart, valueEnd), decodeWords),
    });
    current = null;
  };
  let lineStart = start;
  let first = true;
  while (lineStart < end) {
    let lineEnd = text.indexOf('\n', lineStart);
    if (lineEnd === -1 || lineEnd > end) lineEnd = end;
    const contentEnd = lineEnd > lineStart && text[lineEnd - 1] === '\r' ? lineEnd - 1 : lineEnd;
    const next = Math.min(lineEnd + 1, end);
    if (contentEnd === lineStart) {
      finish();
      return { headers, bodyStart: next };
    }
    const firstCharacter = text[lineStart];
    if ((firstCharacter === ' ' || firstCharacter === '\t') && current !== null) {
      current.valueEnd = contentEnd;
    } else {
      const colon = text.indexOf(':', lineStart);
      const name = colon > lineStart && colon < contentEnd ? text.slice(lineStart, colon) : '';
      if (name.length > 0 && name.length <= 76 && HEADER_NAME.test(name)) {
        finish();
        let valueStart = colon + 1;
        while (valueStart < contentEnd && (text[valueStart] === ' ' || text[valueStart] === '\t')) valueStart += 1;
        current = { name: name.toLowerCase(), nameStart: lineStart, nameEnd: colon, valueStart, valueEnd: contentEnd };
      } else if (!(first && text.startsWith('From ', lineStart))) {
        // Not a header line: the block ends here and the body starts on this line.
        finish();
        return { headers, bodyStart: lineStart };
      }
    }
    first = false;
    lineStart = next;
  }
  finish();
  return { headers, bodyStart: end };
}

/** A parsed `Content-Type` (or `Content-Disposition`) value. */
export interface ContentType {
  /** Lower case, `text/plain` when absent. */
  readonly mediaType: string;
  /** Parameter names in lower case. */
  readonly parameters: Readonly<Record<string, string>>;
}

/** Parses `type/subtype; name=value; name="quoted value"`. */
export function parseContentType(value: string | undefined, fallback = 'text/plain'): ContentType {
  if (value === undefined) return { mediaType: fallback, parameters: {} };
  const semicolon = value.indexOf(';');
  const mediaType = (semicolon === -1 ? value : value.slice(0, semicolon)).trim().toLowerCase() || fallback;
  const parameters: Record<string, string> = Object.create(null) as Record<string, string>;
  const pattern = /;\s*([^=;\s]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]*))/g;
  for (const match of value.matchAll(pattern)) {
    const name = match[1]!.toLowerCase();
    const parameterValue = match[2] !== undefined ? match[2].replace(/\\(.)/g, '$1') : (match[3] ?? '').trim();
    if (!Object.hasOwn(parameters, name)) parameters[name] = parameterValue;
  }
  return { mediaType, parameters };
}
