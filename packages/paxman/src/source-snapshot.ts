/**
 * A snapshot of a contract source given as an object: the JSON it was read as, kept flat —
 * every bracket, key and scalar in the order `JSON.stringify` writes them — so a later
 * call that passes the same object is checked against it in one walk that allocates
 * nothing, instead of writing the object's JSON text again to key the instance's cache.
 * The object matches only while `JSON.stringify` would still write exactly that text
 * (same keys in the same order, same scalars, nothing added, no `toJSON`, no holes).
 */
import { isPlainObject } from '@paxman/core';

const OBJECT_START: unique symbol = Symbol('object start');
const ARRAY_START: unique symbol = Symbol('array start');
const END: unique symbol = Symbol('end');

type Token = string | number | boolean | null | typeof OBJECT_START | typeof ARRAY_START | typeof END;

/** The flat tokens of parsed JSON (`JSON.parse` of a lossless text: plain data only). */
export function snapshotOf(parsed: unknown): readonly Token[] {
  const tokens: Token[] = [];
  const visit = (value: unknown): void => {
    if (value === null || typeof value !== 'object') {
      tokens.push(value as Token);
      return;
    }
    if (Array.isArray(value)) {
      tokens.push(ARRAY_START, value.length);
      for (const item of value) visit(item);
      return;
    }
    tokens.push(OBJECT_START);
    for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
      tokens.push(key);
      visit(item);
    }
    tokens.push(END);
  };
  visit(parsed);
  return tokens;
}

/** True when `JSON.stringify(value)` still writes the text the snapshot was taken of. */
export function matchesSnapshot(value: unknown, snapshot: readonly Token[]): boolean {
  return matchFrom(value, snapshot, 0) === snapshot.length;
}

/** The index after `value`'s tokens when they match the snapshot from `at`, else -1. */
function matchFrom(value: unknown, snapshot: readonly Token[], at: number): number {
  switch (typeof value) {
    case 'string':
    case 'boolean':
    case 'number':
      // A finite number equals only itself (`-0` and `0` are both written `0`); NaN equals nothing.
      return snapshot[at] === value ? at + 1 : -1;
    case 'object': {
      if (value === null) return snapshot[at] === null ? at + 1 : -1;
      if (Array.isArray(value)) {
        if (snapshot[at] !== ARRAY_START || snapshot[at + 1] !== value.length) return -1;
        let next = at + 2;
        for (let index = 0; index < value.length && next >= 0; index += 1) {
          next = index in value ? matchFrom(value[index], snapshot, next) : -1;
        }
        return next;
      }
      if (snapshot[at] !== OBJECT_START || !isPlainObject(value)) return -1;
      let next = at + 1;
      // `for…in` also meets inherited enumerable members, which the text would not show: no match then.
      for (const key in value) {
        if (!Object.hasOwn(value, key) || snapshot[next] !== key) return -1;
        next = matchFrom(value[key], snapshot, next + 1);
        if (next < 0) return -1;
      }
      return snapshot[next] === END ? next + 1 : -1;
    }
    default:
      return -1;
  }
}
