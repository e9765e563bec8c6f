import canonicalize from 'canonicalize';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { canonicalData, canonicalForm, canonicalHash, canonicalJson, isSha256Hex, sha256Hex, sha256HexOfParts } from './canonical-json.js';
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

  it('gives the reference text for data out of key order, integer-like keys, -0 and undefined members included, at any depth', () => {
    const unordered = { z: { '10': 1, b: [{ y: -0, x: undefined, w: 'w' }], '2': 2 }, a: 'x', '1': null };
    expect(canonicalJson(unordered)).toBe(canonicalize(unordered));
    expect(canonicalJson(unordered)).toBe('{"1":null,"a":"x","z":{"10":1,"2":2,"b":[{"w":"w","y":0}]}}');
    // The text does not depend on the order keys were inserted in.
    expect(canonicalJson({ a: 'x', z: { b: [{ w: 'w', y: 0 }], '2': 2, '10': 1 }, '1': null })).toBe(canonicalJson(unordered));
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

  describe('canonicalHash', () => {
    // Long strings make texts of several kilobytes.
    const long = fc.string({ unit: 'binary', minLength: 3000, maxLength: 9000 });

    it('is the sha256 of the canonical JSON for data of any size and key order', () => {
      fc.assert(
        fc.property(jsonValue, jsonValue, fc.array(long, { maxLength: 4 }), fc.nat(20), (first, second, texts, seed) => {
          const around = { z: { deep: { deeper: { deepest: [second, first, texts] } } }, '10': texts, '2': [first], a: second };
          const expected = sha256Hex(canonicalize(around)!);
          expect(canonicalHash(around)).toBe(expected);
          expect(canonicalHash(shuffleKeys(around, seed))).toBe(expected);
          expect(canonicalHash(deepFreeze(JSON.parse(canonicalJson(around)) as unknown))).toBe(expected);
        }),
      );
    });

    it('leaves undefined members out and hashes scalars by their canonical text', () => {
      expect(canonicalHash({ a: undefined, b: [1, 'x'], c: undefined })).toBe(sha256Hex('{"b":[1,"x"]}'));
      expect(canonicalHash({ b: 1, a: -0 })).toBe(sha256Hex('{"a":0,"b":1}'));
      expect(canonicalHash('text')).toBe(sha256Hex('"text"'));
      expect(() => canonicalHash({ a: Number.NaN })).toThrow(InvalidInputError);
    });
  });

  describe('reference mode', () => {
    it('writes every value through the reference implementation, byte-identically', () => {
      fc.assert(
        fc.property(jsonValue, (value) => {
          expect(canonicalJson(value, { reference: true })).toBe(canonicalize(value));
          expect(canonicalJson(value, { reference: true })).toBe(canonicalJson(value));
          expect(canonicalHash(value, { reference: true })).toBe(canonicalHash(value));
        }),
      );
    });

    it('is switched on for a whole process by PAXMAN_CANONICAL_JSON=reference (read when the module loads)', async () => {
      const before = process.env['PAXMAN_CANONICAL_JSON'];
      process.env['PAXMAN_CANONICAL_JSON'] = 'reference';
      vi.resetModules();
      try {
        const reloaded = await import('./canonical-json.js');
        expect(() => reloaded.canonicalJson({ a: [Number.NaN] })).toThrow(/\$\.a\[0\]/);
        expect(reloaded.canonicalJson({ b: [1, { d: 2, c: 'x' }], a: -0 })).toBe('{"a":0,"b":[1,{"c":"x","d":2}]}');
        expect(reloaded.canonicalForm({ b: 1, a: -0 })).toEqual({ text: '{"a":0,"b":1}', data: { a: 0, b: 1 } });
      } finally {
        if (before === undefined) delete process.env['PAXMAN_CANONICAL_JSON'];
        else process.env['PAXMAN_CANONICAL_JSON'] = before;
        vi.resetModules();
      }
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

  it('hashes parts as their joined text (any split, characters outside Latin-1 and surrogate pairs included)', () => {
    expect(sha256HexOfParts([])).toBe(sha256Hex(''));
    expect(sha256HexOfParts(['{"a":', '"—"', '}'])).toBe(sha256Hex('{"a":"—"}'));
    fc.assert(
      fc.property(fc.array(fc.string({ unit: 'grapheme' })), (parts) => {
        expect(sha256HexOfParts(parts)).toBe(sha256Hex(parts.join('')));
      }),
    );
  });
});

describe('canonicalForm', () => {
  const readBack = (value: unknown) => {
    const text = canonicalJson(value);
    return { text, data: JSON.parse(text) as unknown };
  };

  it('gives the canonical text and the data that text reads back as, for any JSON value in any key order', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 4 }), fc.nat(7), (value, seed) => {
        const shuffled = shuffleKeys(value, seed);
        const form = canonicalForm(shuffled);
        const expected = readBack(shuffled);
        expect(form.text).toBe(expected.text);
        expect(form.data).toStrictEqual(expected.data);
        expect(JSON.stringify(form.data)).toBe(JSON.stringify(expected.data));
      }),
    );
  });

  it('freezes the copy and leaves the value alone', () => {
    const value = { b: [{ y: 1, x: undefined }], a: -0 };
    const form = canonicalForm(value);
    expect(form.text).toBe('{"a":0,"b":[{"y":1}]}');
    expect(Object.is((form.data as { a: number }).a, 0)).toBe(true);
    expect(Object.keys(form.data as object)).toEqual(['a', 'b']);
    expect(Object.isFrozen((form.data as { b: object[] }).b[0])).toBe(true);
    expect(Object.isFrozen(value)).toBe(false);
    expect('x' in value.b[0]!).toBe(true);
  });

  it('takes a frozen part already in canonical form as it is, and copies only what is not', () => {
    const span = Object.freeze({ end: 9, layer: 'input', start: 4 });
    const record = Object.freeze({ id: 'ev_1', spans: Object.freeze([span]) });
    expect(canonicalForm(record).data).toBe(record);
    // Out of key order at the top: a new object, its canonical members the same ones.
    const outOfOrder = Object.freeze({ z: record, a: 1 });
    const form = canonicalForm(outOfOrder);
    expect(form.data).not.toBe(outOfOrder);
    expect((form.data as { z: unknown }).z).toBe(record);
    expect(form.text).toBe('{"a":1,"z":{"id":"ev_1","spans":[{"end":9,"layer":"input","start":4}]}}');
    // Not frozen, or holding -0 or an undefined member: copied, whatever the key order.
    const unfrozen = { a: 1, b: [span] };
    expect(canonicalForm(unfrozen).data).not.toBe(unfrozen);
    expect((canonicalForm(unfrozen).data as { b: unknown[] }).b[0]).toBe(span);
    const negativeZero = Object.freeze({ a: -0, b: 1 });
    expect(Object.is((canonicalForm(negativeZero).data as { a: number }).a, 0)).toBe(true);
    const withUndefined = Object.freeze({ a: 1, b: undefined, c: Object.freeze([-0]) });
    const copied = canonicalForm(withUndefined).data as Record<string, unknown>;
    expect(Object.keys(copied)).toEqual(['a', 'c']);
    expect(Object.is((copied['c'] as number[])[0], 0)).toBe(true);
    expect(Object.isFrozen(copied['c'])).toBe(true);
  });

  it('writes integer-like keys in code-unit order although objects enumerate them first', () => {
    const form = canonicalForm({ b: 1, '10': 2, '2': 3 });
    expect(form.text).toBe('{"10":2,"2":3,"b":1}');
    expect(form.data).toStrictEqual({ '10': 2, '2': 3, b: 1 });
  });

  it('takes the long way for what is not plain data, with the same result', () => {
    const withProto = JSON.parse('{"__proto__":{"a":1},"b":2}') as unknown;
    const form = canonicalForm(withProto);
    expect(form.text).toBe('{"__proto__":{"a":1},"b":2}');
    expect(Object.getPrototypeOf(form.data)).toBe(Object.prototype);
    expect(Object.keys(form.data as object)).toEqual(['__proto__', 'b']);
    const dated = canonicalForm({ when: new Date(0) });
    expect(dated.text).toBe('{"when":"1970-01-01T00:00:00.000Z"}');
    expect(Object.isFrozen(dated.data)).toBe(true);
    expect(() => canonicalForm({ bad: Number.NaN })).toThrow(InvalidInputError);
  });
});

describe('canonicalData', () => {
  it('is the data canonicalForm gives, for any plain JSON value in any key order', () => {
    // An own `__proto__` member is not plain data (only JSON.parse makes one): it is given back untouched, tested below.
    const plain = fc.jsonValue({ maxDepth: 4 }).filter((value) => !JSON.stringify(value).includes('"__proto__"'));
    fc.assert(
      fc.property(plain, fc.nat(7), (value, seed) => {
        const shuffled = shuffleKeys(value, seed);
        const data = canonicalData(shuffled);
        expect(data).toStrictEqual(canonicalForm(shuffled).data);
        expect(JSON.stringify(data)).toBe(JSON.stringify(canonicalForm(shuffled).data));
      }),
    );
  });

  it('freezes a copy, takes a frozen canonical part as it is, and gives back untouched what is not plain data', () => {
    const value = { b: [{ y: 1, x: undefined }], a: -0 };
    const data = canonicalData(value) as { a: number; b: object[] };
    expect(Object.keys(data)).toEqual(['a', 'b']);
    expect(Object.is(data.a, 0)).toBe(true);
    expect(Object.isFrozen(data.b[0])).toBe(true);
    expect(Object.isFrozen(value)).toBe(false);
    const canonical = Object.freeze({ a: 1, b: Object.freeze(['x']) });
    expect(canonicalData(canonical)).toBe(canonical);
    const odd = { bad: Number.NaN };
    expect(canonicalData(odd)).toBe(odd);
    // An own __proto__ member takes the long way round: canonicalForm's, not canonicalData's.
    const parsed = JSON.parse('[{"__proto__":0,"":-0}]') as unknown;
    expect(canonicalData(parsed)).toBe(parsed);
    expect(canonicalForm(parsed).text).toBe('[{"":0,"__proto__":0}]');
    const dated = { when: new Date(0) };
    expect(canonicalData(dated)).toBe(dated);
    expect(canonicalData('text')).toBe('text');
  });
});
