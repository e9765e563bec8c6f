/** Input encoding and argument checks of `normalize`/`replay`. */
import { InvalidInputError } from '@paxman/core';
import { describe, expect, it } from 'vitest';
import { checkOptions, inputToBytes } from './normalize-input.js';

describe('normalize input', () => {
  it('encodes strings as UTF-8 and lone surrogates as U+FFFD', () => {
    expect([...inputToBytes('é')]).toEqual([0xc3, 0xa9]);
    expect([...inputToBytes('\ud800')]).toEqual([0xef, 0xbf, 0xbd]);
  });

  it('views a Buffer as a plain Uint8Array over the same bytes', () => {
    const buffer = Buffer.from('%PDF-1.4');
    const bytes = inputToBytes(buffer);
    expect(Object.getPrototypeOf(bytes)).toBe(Uint8Array.prototype);
    expect([...bytes]).toEqual([...buffer]);
    const plain = new Uint8Array([1, 2, 3]);
    expect(inputToBytes(plain)).toBe(plain);
  });

  it('serializes a JSON value as indented JSON and rejects what has no JSON form', () => {
    expect(new TextDecoder().decode(inputToBytes({ total: 5 }))).toBe('{\n  "total": 5\n}');
    expect(() => inputToBytes({ total: Number.NaN })).toThrow(InvalidInputError);
    expect(() => inputToBytes(new Date())).toThrow(InvalidInputError);
    expect(() => inputToBytes(7)).toThrow(/got number/);
  });

  it('checks the options object', () => {
    expect(() => checkOptions('normalize', null)).toThrow(InvalidInputError);
    expect(() => checkOptions('replay', {})).toThrow(/options\.contract/);
    expect(() => checkOptions('normalize', { contract: {}, format: 3 })).toThrow(/format/);
    expect(() => checkOptions('normalize', { contract: {}, signal: 'stop' })).toThrow(/AbortSignal/);
    expect(() => checkOptions('normalize', { contract: {} })).not.toThrow();
  });
});
