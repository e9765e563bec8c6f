import { describe, expect, it } from 'vitest';
import { deepFreeze, isDeeplyFrozen, losslessJsonText } from './json.js';

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

describe('losslessJsonText', () => {
  it('writes plain JSON data and refuses what JSON.stringify would drop or change', () => {
    expect(losslessJsonText({ a: [1, 'x', null, true], b: { c: 2 } }, 8)).toBe('{"a":[1,"x",null,true],"b":{"c":2}}');
    expect(losslessJsonText('text', 0)).toBe('"text"');
    for (const lossy of [{ a: undefined }, new Array(3), { a: Number.NaN }, { a: () => 1 }, new Date(0), { a: 1n }, Object.assign(Object.create({ inherited: 1 }), { a: 1 })]) {
      expect(losslessJsonText(lossy, 8)).toBeNull();
    }
  });

  it('allows containers nested at most maxDepth levels below the value', () => {
    expect(losslessJsonText({ a: { b: [] } }, 2)).toBe('{"a":{"b":[]}}');
    expect(losslessJsonText({ a: { b: [] } }, 1)).toBeNull();
    expect(losslessJsonText({ a: { b: 'scalar' } }, 1)).toBe('{"a":{"b":"scalar"}}');
  });
});
