/** Tests that scanning valid UTF-8 byte by byte counts what the decoder's state machine counts. */
import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { scanDecoding, scanUtf8 } from './utf8-scan.js';

const encoder = new TextEncoder();

describe('scanUtf8', () => {
  test.prop([fc.string({ maxLength: 200, unit: 'grapheme' }), fc.constantFrom('', ' ', '\t\n', '\v\f', '\uFEFF', '\r\n')], { numRuns: 300 })('valid UTF-8: the same counts as the state machine', (text, around) => {
    const bytes = encoder.encode(`${around}${text}${around}`);
    expect(scanUtf8(bytes)).toEqual(scanDecoding(bytes));
    expect(scanUtf8(bytes, 1, Math.max(1, bytes.length - 1))).toEqual(scanDecoding(bytes, 1, Math.max(1, bytes.length - 1)));
  });

  test.prop([fc.uint8Array({ maxLength: 200 })], { numRuns: 300 })('any bytes: the same counts as the state machine', (bytes) => {
    expect(scanUtf8(bytes)).toEqual(scanDecoding(bytes));
  });

  it('counts code points, whitespace and content of valid text', () => {
    expect(scanUtf8(encoder.encode('a €\n'))).toEqual({ codePoints: 4, densityWhitespace: 2, invalidBytes: 0, endsInsideSequence: false, trailingSequenceBytes: 0, hasContent: true });
    expect(scanUtf8(encoder.encode(' \v\f\t'))).toMatchObject({ hasContent: false, densityWhitespace: 2 });
  });
});
