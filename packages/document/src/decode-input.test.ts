/**
 * Input decoding: the native route for valid UTF-8 gives exactly what the WHATWG decoder
 * gives (byte-order mark dropped, every code point from one to four bytes), and invalid
 * bytes still become U+FFFD by the decoder's rules.
 */
import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { decodeUtf8 } from './decode-input.js';

const reference = new TextDecoder('utf-8', { fatal: false, ignoreBOM: false });
const encoder = new TextEncoder();

describe('decodeUtf8', () => {
  test.prop([fc.string({ maxLength: 200, unit: 'grapheme' }), fc.boolean()], { numRuns: 300 })('valid UTF-8 decodes as the WHATWG decoder decodes it', (text, bom) => {
    const bytes = encoder.encode(bom ? `\uFEFF${text}` : text);
    expect(decodeUtf8(bytes)).toBe(reference.decode(bytes));
  });

  test.prop([fc.uint8Array({ maxLength: 200 })], { numRuns: 300 })('any bytes decode as the WHATWG decoder decodes them', (bytes) => {
    expect(decodeUtf8(bytes)).toBe(reference.decode(bytes));
  });

  it('drops one leading byte-order mark only, keeps ASCII and astral text', () => {
    const bytes = encoder.encode('\uFEFF\uFEFFTotal: 12 € 😀');
    expect(decodeUtf8(bytes)).toBe('\uFEFFTotal: 12 € 😀');
    expect(decodeUtf8(encoder.encode('plain ASCII'))).toBe('plain ASCII');
    expect(decodeUtf8(new Uint8Array([0x41, 0xff, 0x42]))).toBe('A\uFFFDB');
    expect(decodeUtf8(new Uint8Array(0))).toBe('');
  });

  it('decodes a view into a larger buffer by its own bytes', () => {
    const whole = encoder.encode('xxTotal: 5 €yy');
    expect(decodeUtf8(whole.subarray(2, whole.length - 2))).toBe('Total: 5 €');
  });

  it('reads a detached buffer (its bytes handed to a worker) as no text, as the decoder does', () => {
    const bytes = encoder.encode('Total');
    structuredClone(bytes.buffer, { transfer: [bytes.buffer] });
    expect(decodeUtf8(bytes)).toBe(reference.decode(bytes));
  });
});
