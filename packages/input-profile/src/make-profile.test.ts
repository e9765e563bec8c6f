import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InvalidInputError, InvalidInputProfileError, sha256Hex } from '@paxman/core';
import { InputType } from './input-profile.js';
import { createInputProfile, makeProfile, makeRunProfile } from './make-profile.js';

const SIX_WHITESPACE = [' ', '\t', '\n', '\r', '\v', '\f'];

describe('makeProfile', () => {
  it('returns a frozen profile', () => {
    const profile = makeProfile('Invoice INV-1\nTotal: 10.00 EUR\n');
    expect(Object.isFrozen(profile)).toBe(true);
    expect(profile).toMatchObject({ inputType: 'text', size: 31, isEmpty: false });
  });

  it('classifies the common input kinds', () => {
    expect(makeProfile('{"total": 1}').inputType).toBe(InputType.JSON);
    expect(makeProfile('{"total": 1').inputType).toBe(InputType.TEXT);
    expect(makeProfile('From: a@b.c\nSubject: Invoice\n\nbody').inputType).toBe(InputType.EMAIL);
    expect(makeProfile('<!DOCTYPE html><html><body>x</body></html>').inputType).toBe(InputType.HTML);
    expect(makeProfile('\n\na,b,c,d\n1,2,3,4\n').inputType).toBe(InputType.CSV);
    expect(makeProfile(new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x00])).inputType).toBe(InputType.PDF_TEXT);
    expect(makeProfile(new Uint8Array([0xff, 0xfe, 0x00, 0x01])).inputType).toBe(InputType.UNKNOWN);
  });

  it('accepts JSON larger than 8 KB when its first 8 KB are a valid prefix', () => {
    const big = JSON.stringify({ items: Array.from({ length: 2000 }, (_, index) => ({ index, name: `item ${index}` })) });
    expect(big.length).toBeGreaterThan(8192);
    expect(makeProfile(big).inputType).toBe(InputType.JSON);
    expect(makeProfile(`${big.slice(0, 100)}\u0001${big.slice(100)}`).inputType).not.toBe(InputType.JSON);
    expect(makeProfile(`${big.slice(0, 9000)}\u0001${big.slice(9000)}`).inputType).toBe(InputType.JSON);
  });

  it('rejects what is neither a string nor bytes with a typed error', () => {
    expect(() => makeProfile({ total: 1 } as never)).toThrow(InvalidInputError);
    expect(() => makeProfile(null as never)).toThrow(InvalidInputError);
  });

  it('validates every invariant on construction, listing all problems', () => {
    const valid = makeProfile('x');
    expect(() => createInputProfile({ ...valid, size: -1 })).toThrow(InvalidInputProfileError);
    expect(() => createInputProfile({ ...valid, density: 1.5 })).toThrow(/density/);
    expect(() => createInputProfile({ ...valid, density: Number.NaN })).toThrow(/density/);
    expect(() => createInputProfile({ ...valid, contentHash: 'ABC' })).toThrow(/contentHash/);
    expect(() => createInputProfile({ ...valid, inputType: 'pdf' as never })).toThrow(/inputType/);
    try {
      createInputProfile({ ...valid, size: 1.5, contentHash: valid.contentHash.toUpperCase() });
    } catch (error) {
      expect((error as InvalidInputProfileError).context.problems).toHaveLength(2);
    }
  });

  it('is deterministic', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 600 }), (bytes) => {
        expect(makeProfile(bytes)).toEqual(makeProfile(new Uint8Array(bytes)));
      }),
    );
  });

  it('gives a string and its UTF-8 bytes the same profile (lone surrogates become U+FFFD)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 300 }), (text) => {
        expect(makeProfile(text)).toEqual(makeProfile(new TextEncoder().encode(text)));
      }),
    );
  });

  it('gives a run the profile without density: the other four fields, frozen', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 600 }), (bytes) => {
        const { density, ...rest } = makeProfile(bytes);
        expect(density).toBeGreaterThanOrEqual(0);
        expect(makeRunProfile(bytes)).toEqual(rest);
      }),
    );
    for (const text of ['', ' \t\n\r\v\f', ' \v x', '\u00a0', 'Invoice 7\n']) {
      const { density, ...rest } = makeProfile(text);
      expect(density).toBeGreaterThanOrEqual(0);
      expect(makeRunProfile(text)).toEqual(rest);
    }
    expect(Object.isFrozen(makeRunProfile('x'))).toBe(true);
    expect(Object.keys(makeRunProfile('x'))).toEqual(['inputType', 'size', 'contentHash', 'isEmpty']);
  });

  it('keeps density within [0, 1] and hashes the bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 600 }), (bytes) => {
        const profile = makeProfile(bytes);
        expect(profile.density).toBeGreaterThanOrEqual(0);
        expect(profile.density).toBeLessThanOrEqual(1);
        expect(profile.size).toBe(bytes.length);
        expect(profile.contentHash).toBe(sha256Hex(bytes));
      }),
    );
  });

  it('isEmpty holds exactly for whitespace-only input', () => {
    const whitespaceOnly = fc.array(fc.constantFrom(...SIX_WHITESPACE), { maxLength: 40 }).map((chars) => chars.join(''));
    fc.assert(
      fc.property(whitespaceOnly, (text) => {
        expect(makeProfile(text).isEmpty).toBe(true);
      }),
    );
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 40 }), (text) => {
        const onlyWhitespace = [...text].every((char) => SIX_WHITESPACE.includes(char));
        expect(makeProfile(text).isEmpty).toBe(onlyWhitespace);
      }),
    );
  });
});
