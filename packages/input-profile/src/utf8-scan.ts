/**
 * Byte-level UTF-8 scanning without decoding to a string: the WHATWG decoder's state
 * machine, used to count code points (each maximal invalid subpart counts as one U+FFFD,
 * exactly as `TextDecoder` with `ignoreBOM` would produce) and to count the bytes a
 * strict decoder rejects. One pass, no allocation, so a 100 MB input is never copied.
 * Bytes that are valid UTF-8 (checked natively first) need no decoder state: each byte
 * that is not a continuation byte starts one code point.
 */
import { isUtf8 } from 'node:buffer';

/** Result of scanning a byte range. */
export interface Utf8ScanResult {
  /** Code points a replacing decoder would produce (U+FFFD per maximal invalid subpart). */
  readonly codePoints: number;
  /** Code points that are space, tab, LF or CR (the only whitespace density removes). */
  readonly densityWhitespace: number;
  /** Bytes belonging to rejected sequences. */
  readonly invalidBytes: number;
  /** True when the range ends inside a multi-byte sequence that was valid so far. */
  readonly endsInsideSequence: boolean;
  /** Bytes of that unfinished trailing sequence (0 when none). */
  readonly trailingSequenceBytes: number;
  /** True when some byte is not one of the six ASCII whitespace bytes. */
  readonly hasContent: boolean;
}

/** True for the six ASCII whitespace bytes: space, \t, \n, \r, \v, \f. */
export function isAsciiWhitespaceByte(byte: number): boolean {
  return byte === 0x20 || (byte >= 0x09 && byte <= 0x0d);
}

/** `scanUtf8` of bytes known to be valid UTF-8: code points, whitespace and content counted byte by byte. */
function scanValidUtf8(bytes: Uint8Array, start: number, end: number): Utf8ScanResult {
  let continuationBytes = 0;
  let densityWhitespace = 0;
  let hasContent = false;
  for (let index = start; index < end; index += 1) {
    const byte = bytes[index]!;
    if (byte === 0x20 || byte === 0x09 || byte === 0x0a || byte === 0x0d) {
      densityWhitespace += 1;
    } else if (byte >= 0x80) {
      hasContent = true;
      if (byte < 0xc0) continuationBytes += 1;
    } else if (byte !== 0x0b && byte !== 0x0c) {
      hasContent = true;
    }
  }
  return { codePoints: end - start - continuationBytes, densityWhitespace, invalidBytes: 0, endsInsideSequence: false, trailingSequenceBytes: 0, hasContent };
}

/** Scans `bytes[start, end)` once. The trailing unfinished sequence is reported, not counted. */
export function scanUtf8(bytes: Uint8Array, start = 0, end = bytes.length): Utf8ScanResult {
  // Nothing to scan (a detached buffer included, whose views cannot be taken): the state machine.
  if (end <= start) return scanDecoding(bytes, start, end);
  return isUtf8(bytes.subarray(start, end)) ? scanValidUtf8(bytes, start, end) : scanDecoding(bytes, start, end);
}

/** `scanUtf8` by the WHATWG decoder's state machine, for any bytes. */
export function scanDecoding(bytes: Uint8Array, start = 0, end = bytes.length): Utf8ScanResult {
  let codePoints = 0;
  let densityWhitespace = 0;
  let invalidBytes = 0;
  let hasContent = false;
  let bytesNeeded = 0;
  let bytesSeen = 0;
  let lowerBoundary = 0x80;
  let upperBoundary = 0xbf;
  let index = start;
  while (index < end) {
    const byte = bytes[index]!;
    if (bytesNeeded === 0) {
      index += 1;
      if (byte < 0x80) {
        codePoints += 1;
        if (byte === 0x20 || byte === 0x09 || byte === 0x0a || byte === 0x0d) densityWhitespace += 1;
        else if (!hasContent && !(byte === 0x0b || byte === 0x0c)) hasContent = true;
        continue;
      }
      hasContent = true;
      if (byte >= 0xc2 && byte <= 0xdf) {
        bytesNeeded = 1;
      } else if (byte >= 0xe0 && byte <= 0xef) {
        if (byte === 0xe0) lowerBoundary = 0xa0;
        if (byte === 0xed) upperBoundary = 0x9f;
        bytesNeeded = 2;
      } else if (byte >= 0xf0 && byte <= 0xf4) {
        if (byte === 0xf0) lowerBoundary = 0x90;
        if (byte === 0xf4) upperBoundary = 0x8f;
        bytesNeeded = 3;
      } else {
        codePoints += 1;
        invalidBytes += 1;
      }
      continue;
    }
    if (byte < lowerBoundary || byte > upperBoundary) {
      // The sequence so far (lead byte + continuation bytes seen) is one maximal invalid
      // subpart; the current byte is processed again as the start of something new.
      codePoints += 1;
      invalidBytes += 1 + bytesSeen;
      bytesNeeded = 0;
      bytesSeen = 0;
      lowerBoundary = 0x80;
      upperBoundary = 0xbf;
      continue;
    }
    lowerBoundary = 0x80;
    upperBoundary = 0xbf;
    bytesSeen += 1;
    index += 1;
    if (bytesSeen === bytesNeeded) {
      codePoints += 1;
      bytesNeeded = 0;
      bytesSeen = 0;
    }
  }
  const endsInsideSequence = bytesNeeded !== 0;
  return {
    codePoints,
    densityWhitespace,
    invalidBytes,
    endsInsideSequence,
    trailingSequenceBytes: endsInsideSequence ? 1 + bytesSeen : 0,
    hasContent,
  };
}
