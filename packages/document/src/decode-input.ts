/**
 * Decoding the raw input into the `input` text layer: UTF-8 with every invalid byte
 * sequence replaced by U+FFFD, and a given string made well-formed (lone surrogates →
 * U+FFFD) so every span of the Document slices to valid text.
 *
 * Valid UTF-8 (checked natively) takes a faster route to the same string: ASCII bytes
 * are the text's code units as they are, and other valid UTF-8 is transcoded to UTF-16
 * natively (Node's `TextDecoder` took about 0.6 ms on the 100 KB bench input, which
 * holds one non-ASCII character per page; the transcoding about 0.2 ms). Valid UTF-8
 * has exactly one decoding, so only the leading byte-order mark needs handling here;
 * anything else goes through the WHATWG decoder and its replacement rules.
 */
import { Buffer, isAscii, isUtf8, transcode } from 'node:buffer';

const decoder = new TextDecoder('utf-8', { fatal: false, ignoreBOM: false });

/** Replaces lone UTF-16 surrogates with U+FFFD (what `String.prototype.toWellFormed` does on newer runtimes). */
export function toWellFormedText(text: string): string {
  // isWellFormed allocates nothing: a 100 MB input that is already well formed is not copied.
  const check = (text as { isWellFormed?: () => boolean }).isWellFormed;
  if (typeof check === 'function' && check.call(text)) return text;
  const native = (text as { toWellFormed?: () => string }).toWellFormed;
  if (typeof native === 'function') return native.call(text);
  return text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
}

/** Decodes bytes as UTF-8 (BOM dropped, invalid sequences → U+FFFD). */
export function decodeUtf8(bytes: Uint8Array): string {
  // `transcode` needs ICU, which every official Node build has; without it, the decoder.
  // No bytes (a detached buffer included, which has no views to take): the decoder's answer.
  if (bytes.byteLength === 0 || typeof transcode !== 'function' || !isUtf8(bytes)) return decoder.decode(bytes);
  // What the WHATWG decoder does with a leading byte-order mark: drops it.
  const content = bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? bytes.subarray(3) : bytes;
  const buffer = Buffer.from(content.buffer, content.byteOffset, content.byteLength);
  if (isAscii(buffer)) return buffer.toString('latin1');
  return transcode(buffer, 'utf8', 'utf16le').toString('utf16le');
}

/** The input as text: bytes decoded as UTF-8 (or UTF-16, see `utf16Encoding`), strings made well-formed (a leading BOM dropped). */
export function decodeInput(input: string | Uint8Array): string {
  if (typeof input === 'string') {
    const wellFormed = toWellFormedText(input);
    return wellFormed.charCodeAt(0) === 0xfeff ? wellFormed.slice(1) : wellFormed;
  }
  const utf16 = utf16Encoding(input);
  if (utf16 !== null) return toWellFormedText(new TextDecoder(utf16, { fatal: false, ignoreBOM: false }).decode(input));
  return decodeUtf8(input);
}

/** Bytes examined to recognise UTF-16 without a BOM. */
const UTF16_WINDOW = 4096;

/**
 * `'utf-16le'` / `'utf-16be'` when the bytes are UTF-16: a byte-order mark, or — without one —
 * mostly-Latin text whose every other byte is zero (at least 40 % of the even or odd bytes
 * of the first 4 KB are 0 and almost none of the other half). Null for anything else.
 */
export function utf16Encoding(bytes: Uint8Array): 'utf-16le' | 'utf-16be' | null {
  if (bytes.length >= 2 && bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  if (bytes.length >= 2 && bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  const window = Math.min(bytes.length, UTF16_WINDOW) & ~1;
  if (window < 8) return null;
  let evenZeros = 0;
  let oddZeros = 0;
  for (let index = 0; index < window; index += 2) {
    if (bytes[index] === 0) evenZeros += 1;
    if (bytes[index + 1] === 0) oddZeros += 1;
  }
  const pairs = window / 2;
  if (oddZeros >= pairs * 0.4 && evenZeros <= pairs * 0.05) return 'utf-16le';
  if (evenZeros >= pairs * 0.4 && oddZeros <= pairs * 0.05) return 'utf-16be';
  return null;
}

/** Bytes without a leading UTF-8 byte-order mark (a BOM before JSON or CSV is not content). */
export function withoutUtf8Bom(bytes: Uint8Array): Uint8Array {
  return bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? bytes.subarray(3) : bytes;
}

/** Decodes bytes in a declared charset, falling back to UTF-8 for unknown labels. */
export function decodeCharset(bytes: Uint8Array, charset: string | undefined): string {
  const label = (charset ?? 'utf-8').trim().toLowerCase();
  try {
    return toWellFormedText(new TextDecoder(label.length > 0 ? label : 'utf-8', { fatal: false }).decode(bytes));
  } catch {
    return decodeUtf8(bytes);
  }
}
