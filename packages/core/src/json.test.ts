import { describe, expect, it } from 'vitest';
import { deepFreeze, isDeeplyFrozen } from './json.js';

describe('deepFreeze', () => {
  it('freezes objects and arrays all the way down and returns the value', () => {
    const value = { a: [1, { b: [2, { c: 'x' }] }], d: { e: null } };
    expect(deepFreeze(value)).toBe(value);
    expect(isDeeplyFrozen(value)).toBe(true);
    expect(Object.isFrozen(value.a[1])).toBe(true);
    expect(Object.isFrozen((value.a[1] as { b: unknown[] }).b[1])).toBe(true);
  });

  it('freezes the new parts around an already frozen part', () => {
    const shared = deepFreeze({ steps: [{ id: 1 }] });
    const value = { shared, fresh: [{ id: 2 }] };
    deepFreeze(value);
    expect(isDeeplyFrozen(value)).toBe(true);
    expect(value.shared).toBe(shared);
  });
});

describe('isDeeplyFrozen', () => {
  it('is false while any reachable object is not frozen', () => {
    const inner = { c: 1 };
    const value = Object.freeze({ a: Object.freeze([inner]) });
    expect(isDeeplyFrozen(value)).toBe(false);
    Object.freeze(inner);
    expect(isDeeplyFrozen(value)).toBe(true);
    expect(isDeeplyFrozen(value)).toBe(true);
    expect(isDeeplyFrozen('text')).toBe(true);
    expect(isDeeplyFrozen(null)).toBe(true);
  });
});
