import { describe, expect, it } from 'vitest';
import { classifyInput, sniffImageFormat } from './classify.js';
import { makeProfile } from './make-profile.js';

const bytes = (...values: number[]) => new Uint8Array([...values, ...new Array(32).fill(0x41)]);
const PNG = bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a);
const JPEG = bytes(0xff, 0xd8, 0xff, 0xe0);
const TIFF_LE = bytes(0x49, 0x49, 0x2a, 0x00);
const TIFF_BE = bytes(0x4d, 0x4d, 0x00, 0x2a);
const WEBP = bytes(0x52, 0x49, 0x46, 0x46, 1, 2, 3, 4, 0x57, 0x45, 0x42, 0x50);
const BMP = bytes(0x42, 0x4d, 0x36, 0, 0, 0, 0, 0, 0, 0, 0x36, 0, 0, 0, 40, 0, 0, 0);

describe('sniffImageFormat', () => {
  it.each([
    ['png', PNG],
    ['jpeg', JPEG],
    ['tiff', TIFF_LE],
    ['tiff', TIFF_BE],
    ['webp', WEBP],
    ['bmp', BMP],
  ])('knows %s by its magic number', (format, input) => {
    expect(sniffImageFormat(input)).toBe(format);
  });

  it('does not take text for an image', () => {
    const encode = (text: string) => new TextEncoder().encode(text);
    expect(sniffImageFormat(encode('BMW invoice, total 12.00 EUR, paid by card'))).toBeNull();
    expect(sniffImageFormat(encode('RIFF is not WEBP'))).toBeNull();
    expect(sniffImageFormat(encode('II'))).toBeNull();
    expect(sniffImageFormat(new Uint8Array())).toBeNull();
  });

  it('leaves the InputProfile as the seed specifies: an image is unknown', () => {
    for (const input of [PNG, JPEG, TIFF_LE, TIFF_BE, WEBP, BMP]) {
      expect(classifyInput(input)).toBe('unknown');
      expect(makeProfile(input).inputType).toBe('unknown');
    }
  });
});
