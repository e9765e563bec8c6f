import canonicalize from 'canonicalize';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalHash, canonicalJson, freezeCanonicalData, hasCanonicalOrder, isSha256Hex, orderedJsonHash, sha256Hex, toCanonicalData, toSharedCanonicalData } from './canonical-json.js';
import { deepFreeze } from './json.js';
import { InvalidInputError } from './errors/invalid-input-error.js';

function shuffleKeys(value: unknown, seed: number): unknown {
  if (Array.isArray(value)) return value.map((item, index) => shuffleKeys(item, seed + index));
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value);
    const rotated = entries.map((_, index) => entries[(index + seed) % entries.length]!).reverse();
    return Object.fromEntries(rotated.map(([key, item]) => [key, shuffleKeys(item, seed + 1)]));
  }
  return value;
}

// JSON has no negative zero (-0 serializes as 0, per RFC 8785 too), so compare values by their JSON meaning.
const jsonValue = fc.jsonValue({ maxDepth: 4 }).map((value) => JSON.parse(JSON.stringify(value)) as unknown);

describe('canonicalJson (RFC 8785)', () => {
  it('matches the RFC 8785 examples for key order and number form', () => {
    expect(canonicalJson({ b: 1, a: [true, null, 'x'], c: { z: 1.0, y: 1e21, x: 0.000001 } })).toBe(
      '{"a":[true,null,"x"],"b":1,"c":{"x":0.000001,"y":1e+21,"z":1}}',
    );
    expect(canonicalJson({ '\u20ac': 1, '\r': 2, '1': 3 })).toBe('{"\\r":2,"1":3,"€":1}');
  });

  it('is independent of key insertion order', () => {
    fc.assert(
      fc.property(jsonValue, fc.nat(20), (value, seed) => {
        expect(canonicalJson(shuffleKeys(value, seed))).toBe(canonicalJson(value));
      }),
    );
  });

  it('round-trips: parsing the canonical text gives back an equal value with the same canonical text', () => {
    fc.assert(
      fc.property(jsonValue, (value) => {
        const text = canonicalJson(value);
        expect(JSON.parse(text)).toEqual(value);
        expect(canonicalJson(JSON.parse(text))).toBe(text);
      }),
    );
  });

  it('is byte-identical to the reference canonicalize on any JSON value, -0, strings with lone surrogates and undefined members', () => {
    const anything = fc.oneof(jsonValue, fc.constant(-0), fc.string({ unit: 'binary' }), fc.dictionary(fc.string(), fc.oneof(fc.constant(undefined), fc.integer(), fc.string({ unit: 'binary' }))));
    fc.assert(
      fc.property(anything, (value) => {
        expect(canonicalJson(value)).toBe(canonicalize(value));
      }),
    );
  });

  it('keeps the reference behaviour for toJSON, sparse arrays and the error path of the first bad value', () => {
    const date = new Date(Date.UTC(2024, 0, 2));
    expect(canonicalJson({ when: date, list: [date] })).toBe(canonicalize({ when: date, list: [date] }));
    // eslint-disable-next-line no-sparse-arrays
    expect(canonicalJson([1, , 2])).toBe('[1,2]');
    expect(() => canonicalJson({ z: 1, b: { c: [1, undefined] }, a: Number.NaN })).toThrow(/\$\.b\.c\[1\]/);
  });

  it('gives the reference text for data already in key order, with integer-like keys, own toJSON or a null prototype', () => {
    const sorted = { a: [1, { b: -0, c: 'x' }], d: { e: null, f: undefined } };
    expect(canonicalJson(sorted)).toBe(canonicalize(sorted));
    const integerKeys = { '1': 'one', '10': 'ten', '2': 'two', a: 'a' };
    expect(canonicalJson(integerKeys)).toBe('{"1":"one","10":"ten","2":"two","a":"a"}');
    const ownToJson = { a: 1, toJSON: () => 'replaced' };
    expect(canonicalJson(ownToJson)).toBe(canonicalize(ownToJson));
    const bare = Object.assign(Object.create(null) as Record<string, unknown>, { a: 1, b: [2] });
    expect(canonicalJson(bare)).toBe('{"a":1,"b":[2]}');
    expect(canonicalJson({ a: new String('x') })).toBe(canonicalize({ a: new String('x') }));
  });

  it('sees changes to mutable data inside frozen data', () => {
    const inner = { value: 'x'.repeat(300) };
    const shallow = Object.freeze({ inner });
    expect(canonicalJson(shallow)).toBe(canonicalize(shallow));
    inner.value = 'changed';
    expect(canonicalJson(shallow)).toBe('{"inner":{"value":"changed"}}');
  });

  describe('toCanonicalData / freezeCanonicalData', () => {
    const deepFrozen = (value: unknown): boolean => value === null || typeof value !== 'object' || (Object.isFrozen(value) && Object.values(value).every(deepFrozen));

    it('equals parsing the canonical text, deep-frozen, with its keys in canonical order', () => {
      const anything = fc.oneof(fc.jsonValue({ maxDepth: 4 }), fc.dictionary(fc.string(), fc.oneof(fc.constant(undefined), fc.constant(-0), fc.string())));
      fc.assert(
        fc.property(anything, fc.nat(20), (value, seed) => {
          const shuffled = shuffleKeys(value, seed);
          const data = toCanonicalData(shuffled);
          const reference = JSON.parse(canonicalize(value)!) as unknown;
          expect(data).toStrictEqual(reference);
          expect(deepFrozen(data)).toBe(true);
          expect(JSON.stringify(data)).toBe(JSON.stringify(reference));
          expect(canonicalJson(data)).toBe(canonicalize(value));
          expect(hasCanonicalOrder(data)).toBe(JSON.stringify(data) === canonicalize(value));
        }),
      );
    });

    it('keeps canonicalJson exact for copies whose integer-like keys enumerate first', () => {
      const data = toCanonicalData({ b: 1, '10': 2, '2': 3 });
      expect(Object.keys(data)).toEqual(['2', '10', 'b']);
      expect(hasCanonicalOrder(data)).toBe(false);
      expect(canonicalJson(data)).toBe('{"10":2,"2":3,"b":1}');
    });

    it('never changes its argument, and shares frozen subtrees that are already canonical', () => {
      const frozen = Object.freeze({ a: Object.freeze([1, 2]), b: 'x' });
      const value = { z: frozen, y: [3], x: -0 };
      const data = toCanonicalData(value);
      expect(Object.isFrozen(value)).toBe(false);
      expect(Object.isFrozen(value.y)).toBe(false);
      expect(Object.keys(value)).toEqual(['z', 'y', 'x']);
      expect(data).toStrictEqual({ x: 0, y: [3], z: { a: [1, 2], b: 'x' } });
      expect(Object.is(data.x, -0)).toBe(false);
      expect(data.z).toBe(frozen);
      expect(data.y).not.toBe(value.y);
      expect(toCanonicalData(Object.freeze({ b: 1, a: 2 }))).toStrictEqual({ a: 2, b: 1 });
    });

    it('freezes an owned value in place when it already is canonical, and copies what is not', () => {
      const owned = JSON.parse('{"a":{"b":[1,{"c":2}]},"d":{"f":1,"e":2}}') as { a: { b: unknown[] }; d: Record<string, number> };
      const inner = owned.a;
      const data = freezeCanonicalData(owned);
      expect(data.a).toBe(inner);
      expect(Object.isFrozen(inner.b[1])).toBe(true);
      expect(Object.keys(data.d)).toEqual(['e', 'f']);
      expect(deepFrozen(data)).toBe(true);
    });

    it('throws as canonicalJson does for values with no JSON form, and keeps toJSON and __proto__ members', () => {
      expect(() => toCanonicalData({ a: [Number.NaN] })).toThrow(InvalidInputError);
      expect(() => toCanonicalData(undefined)).toThrow(InvalidInputError);
      const date = new Date(Date.UTC(2024, 0, 2));
      expect(toCanonicalData({ when: date })).toStrictEqual({ when: '2024-01-02T00:00:00.000Z' });
      const withProto = JSON.parse('{"__proto__":{"x":1},"a":1}') as unknown;
      expect(toCanonicalData(withProto)).toStrictEqual(JSON.parse(canonicalJson(withProto)));
      expect(Object.keys(toCanonicalData(withProto) as object)).toEqual(['__proto__', 'a']);
      const ownToJson = { b: 1, toJSON: () => ({ replaced: true }), a: 2 };
      expect(toCanonicalData(ownToJson)).toStrictEqual({ replaced: true });
    });
  });

  describe('toSharedCanonicalData', () => {
    it('remembers the canonical data of a deep-frozen value, and bigger values built around it share it', () => {
      const body = deepFreeze({ steps: [{ tier: 1, capability: 'x@1' }], name: 'body' });
      const data = toSharedCanonicalData(body);
      expect(data).toStrictEqual(toCanonicalData(body));
      expect(toSharedCanonicalData(body)).toBe(data);
      expect(toSharedCanonicalData(data)).toBe(data);
      const run = toCanonicalData({ z: 1, body, a: [body] });
      expect(run.body).toBe(data);
      expect(run.a[0]).toBe(data);
      expect(hasCanonicalOrder(body)).toBe(false);
      expect(hasCanonicalOrder(data)).toBe(true);
    });

    it('writes bigger values byte-identically to the reference, whatever is shared inside them', () => {
      const frozenJson = jsonValue.map((value) => deepFreeze(value));
      fc.assert(
        fc.property(frozenJson, frozenJson, fc.nat(20), fc.boolean(), (first, second, seed, nested) => {
          const shared = toSharedCanonicalData(first);
          const around = nested ? { outer: [{ second, shared: first }, shared], '10': 1, '2': [first] } : { b: second, a: first, c: [first, shared] };
          const reference = canonicalize(around);
          const data = toCanonicalData(shuffleKeys(around, seed) as typeof around);
          expect(canonicalJson(around)).toBe(reference);
          expect(canonicalJson(data)).toBe(reference);
          expect(canonicalJson(toCanonicalData({ again: data }))).toBe(canonicalize({ again: around }));
          expect(JSON.parse(canonicalJson(data))).toStrictEqual(JSON.parse(reference!));
        }),
      );
    });

    it('keeps integer-like keys in canonical order inside shared data', () => {
      const shared = toSharedCanonicalData(deepFreeze({ b: 1, '10': 2, '2': 3 }));
      expect(canonicalJson(shared)).toBe('{"10":2,"2":3,"b":1}');
      const around = toCanonicalData({ y: shared, x: [shared] });
      expect(canonicalJson(around)).toBe('{"x":[{"10":2,"2":3,"b":1}],"y":{"10":2,"2":3,"b":1}}');
      // Its native text would put "2" first, so it must not claim to be in canonical order.
      expect(hasCanonicalOrder(shared)).toBe(false);
      expect(hasCanonicalOrder(around)).toBe(false);
    });

    it('remembers nothing for a value that could still change: not deeply frozen, or with a getter', () => {
      const inner = { value: 'before' };
      const shallow = Object.freeze({ inner });
      toSharedCanonicalData(shallow);
      inner.value = 'after';
      expect(canonicalJson(toCanonicalData({ shallow }))).toBe('{"shallow":{"inner":{"value":"after"}}}');

      let reads = 0;
      const withGetter = Object.freeze(
        Object.defineProperty({}, 'count', {
          enumerable: true,
          get: () => {
            reads += 1;
            return reads;
          },
        }),
      );
      const first = canonicalJson(toCanonicalData({ value: toSharedCanonicalData(withGetter) }));
      expect(canonicalJson(toCanonicalData({ value: withGetter }))).not.toBe(first);
    });
  });

  describe('canonicalHash / orderedJsonHash (the text written into the hash piece by piece)', () => {
    const frozenJson = jsonValue.map((value) => deepFreeze(value));
    // Long strings push the text past the hash writer's piece size, several times over.
    const long = fc.string({ unit: 'binary', minLength: 3000, maxLength: 9000 });

    it('is the sha256 of the canonical JSON for plain, shared, composed and parsed data of any size', () => {
      fc.assert(
        fc.property(frozenJson, frozenJson, fc.array(long, { maxLength: 4 }), fc.nat(20), (first, second, texts, seed) => {
          const shared = toSharedCanonicalData(first);
          const around = { z: { deep: { deeper: { deepest: [second, shared, texts] } } }, '10': texts, '2': [first, shared], a: second };
          const expected = sha256Hex(canonicalize(around)!);
          const data = toCanonicalData(shuffleKeys(around, seed) as typeof around);
          expect(canonicalHash(around)).toBe(expected);
          expect(canonicalHash(data)).toBe(expected);
          expect(canonicalHash(shared)).toBe(sha256Hex(canonicalize(first)!));
          const parsed = freezeCanonicalData(JSON.parse(canonicalJson(data)) as unknown);
          expect(orderedJsonHash(parsed)).toBe(hasCanonicalOrder(parsed) ? expected : orderedJsonHash(parsed));
          expect(canonicalHash(parsed)).toBe(expected);
        }),
      );
    });

    it('leaves undefined members out and hashes scalars and out-of-order data by their canonical text', () => {
      expect(orderedJsonHash({ a: undefined, b: [1, 'x'], c: undefined })).toBe(sha256Hex('{"b":[1,"x"]}'));
      expect(canonicalHash({ b: 1, a: -0 })).toBe(sha256Hex('{"a":0,"b":1}'));
      expect(canonicalHash('text')).toBe(sha256Hex('"text"'));
      expect(() => canonicalHash({ a: Number.NaN })).toThrow(InvalidInputError);
    });
  });

  it('rejects values with no JSON form instead of dropping them', () => {
    expect(() => canonicalJson({ a: Number.NaN })).toThrow(InvalidInputError);
    expect(() => canonicalJson([Infinity])).toThrow(/\$\[0\]/);
    expect(() => canonicalJson(() => 1)).toThrow(InvalidInputError);
    expect(() => canonicalJson(10n)).toThrow(InvalidInputError);
  });

  it('hashes to 64 lowercase hex characters', () => {
    expect(sha256Hex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(isSha256Hex(canonicalHash({ a: 1 }))).toBe(true);
    expect(canonicalHash({ a: 1, b: 2 })).toBe(canonicalHash({ b: 2, a: 1 }));
    expect(isSha256Hex('ABC')).toBe(false);
  });
});
