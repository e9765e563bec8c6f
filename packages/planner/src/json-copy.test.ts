/** `copyJsonObject`: JSON only, sorted keys, a real copy. */
import { describe, expect, it } from 'vitest';
import { copyJsonObject } from './json-copy.js';

describe('copyJsonObject', () => {
  it('copies JSON with keys in code-unit order', () => {
    const source = { b: [1, { d: null, c: 'x' }], a: true };
    const copy = copyJsonObject(source)!;
    expect(copy).toEqual(source);
    expect(Object.keys(copy)).toEqual(['a', 'b']);
    expect(copy['b']).not.toBe(source.b);
  });

  it.each([
    ['an array', [1]],
    ['a string', 'x'],
    ['a class instance', new Date(0)],
    ['undefined inside', { a: undefined }],
    ['a function inside', { a: () => 1 }],
    ['NaN inside', { a: [Number.NaN] }],
    ['a Map inside', { a: new Map() }],
  ])('refuses %s', (_name, value) => {
    expect(copyJsonObject(value)).toBeNull();
  });

  it('refuses a cyclic object instead of overflowing the stack', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic['self'] = cyclic;
    expect(copyJsonObject(cyclic)).toBeNull();
  });
});
