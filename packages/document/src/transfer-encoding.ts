/**
 * Content-transfer decodings of e-mail bodies: quoted-printable (RFC 2045 §6.7, with
 * soft line breaks) and base64 (lenient: characters outside the alphabet are ignored),
 * then charset decoding. Small enough to write by hand, and it works on a region of the
 * input without copying the whole message through a MIME library.
 */
import { decodeCharset } from './decode-input.js';

function hexValue(code: number): number {
  if (code >= 0x30 && code <= 0x39) return code - 0x30;
  if (code >= 0x41 && code <= 0x46) return code - 0x37;
  if (code >= 0x61 && code <= 0x66) return code - 0x57;
  return -1;
}

/** Quoted-printable text → bytes. Non-ASCII characters (already decoded input) are kept as UTF-8. */
export function decodeQuotedPrintable(text: string): Uint8Array {
  let bytes = new Uint8Array(Math.max(16, text.length));
  let length = 0;
  const push = (byte: number): void => {
    if (length === bytes.length) {
      const grown = new Uint8Array(bytes.length * 2);
      grown.set(bytes);
      bytes = grown;
    }
    bytes[length] = byte;
    length += 1;
  };
  const encoder = new TextEncoder();
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code === 0x3d) {
      // Soft line break: "=" then optional spaces then CRLF or LF.
      let cursor = index + 1;
      while (text.charCodeAt(cursor) === 0x20 || text.charCodeAt(cursor) === 0x09) cursor += 1;
      if (text.charCodeAt(cursor) === 0x0d && text.charCodeAt(cursor + 1) === 0x0a) {
        index = cursor + 1;
        continue;
      }
      if (text.charCodeAt(cursor) === 0x0a || cursor >= text.length) {
        index = cursor;
        continue;
      }
      const high = hexValue(text.charCodeAt(index + 1));
      const low = hexValue(text.charCodeAt(index + 2));
      if (high !== -1 && low !== -1) {
        push(high * 16 + low);
        index += 2;
        continue;
      }
      push(code);
      continue;
    }
    if (code < 0x80) {
      push(code);
    } else {
      const end = code >= 0xd800 && code <= 0xdbff ? index + 2 : index + 1;
      for (const byte of encoder.encode(text.slice(index, end))) push(byte);
      index = end - 1;
    }
  }
  return bytes.subarray(0, length);
}

/** Base64 text → bytes (whitespace and stray characters ignored). */
export function decodeBase64(text: string): Uint8Array {
  const clean = text.replace(/[^A-Za-z0-9+/=_-]/g, '');
  return new Uint8Array(Buffer.from(clean, clean.includes('-') || clean.includes('_') ? 'base64url' : 'base64'));
}

/**
 * Decodes a body region by its transfer encoding and charset; null for identity
 * encodings (7bit, 8bit, binary, none), whose text is the input text itself.
 */
export function decodeTransfer(body: string, transferEncoding: string, charset: string | undefined): string | null {
  if (transferEncoding === 'quoted-printable') return decodeCharset(decodeQuotedPrintable(body), charset);
  if (transferEncoding === 'base64') return decodeCharset(decodeBase64(body), charset);
  return null;
}
