/**
 * Snapshots of a caller's mutable plain JSON data, to tell later, cheaply, whether the
 * data is still the same: per-run work that depends only on an option object (a policy,
 * a contract source) is remembered for that object and reused only while it still holds
 * the data it was made from. A snapshot is a private copy that nothing can change; it
 * compares member by member, with object keys in the same order (what serializing the
 * data again would compare).
 */
import { isPlainObject } from './json.js';

class ArraySnapshot {
  constructor(readonly items: readonly JsonSnapshot[]) {}
}

class ObjectSnapshot {
  constructor(
    readonly keys: readonly string[],
    readonly values: readonly JsonSnapshot[],
  ) {}
}

/** A private copy of plain JSON data (opaque; compare with `matchesJsonSnapshot`). */
export type JsonSnapshot = string | number | boolean | null | ArraySnapshot | ObjectSnapshot;

const MAX_DEPTH = 64;

/**
 * A snapshot of `value`, or undefined when it is not plain JSON data: plain objects, dense
 * arrays, strings, finite numbers, booleans and null, at most 64 levels deep.
 * @example matchesJsonSnapshot(options, takeJsonSnapshot(options)!) // true until options change
 */
export function takeJsonSnapshot(value: unknown): JsonSnapshot | undefined {
  return snapshotOf(value, 0);
}

function snapshotOf(value: unknown, depth: number): JsonSnapshot | undefined {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return value;
    case 'number':
      return Number.isFinite(value) ? value : undefined;
    case 'object': {
      if (value === null) return null;
      if (depth >= MAX_DEPTH) return undefined;
      if (Array.isArray(value)) {
        const items: JsonSnapshot[] = [];
        for (let index = 0; index < value.length; index += 1) {
          const item = index in value ? snapshotOf(value[index], depth + 1) : undefined;
          if (item === undefined) return undefined;
          items.push(item);
        }
        return new ArraySnapshot(items);
      }
      if (!isPlainObject(value)) return undefined;
      const keys = Object.keys(value);
      const values: JsonSnapshot[] = [];
      for (const key of keys) {
        const member = snapshotOf(value[key], depth + 1);
        if (member === undefined) return undefined;
        values.push(member);
      }
      return new ObjectSnapshot(keys, values);
    }
    default:
      return undefined;
  }
}

/** True when `value` holds exactly the data of `snapshot`, object keys in the same order. */
export function matchesJsonSnapshot(value: unknown, snapshot: JsonSnapshot): boolean {
  if (snapshot instanceof ObjectSnapshot) {
    if (!isPlainObject(value)) return false;
    const keys = Object.keys(value);
    const expected = snapshot.keys;
    if (keys.length !== expected.length) return false;
    for (let index = 0; index < keys.length; index += 1) {
      const key = keys[index]!;
      if (key !== expected[index] || !matchesJsonSnapshot(value[key], snapshot.values[index]!)) return false;
    }
    return true;
  }
  if (snapshot instanceof ArraySnapshot) {
    const items = snapshot.items;
    if (!Array.isArray(value) || value.length !== items.length) return false;
    for (let index = 0; index < items.length; index += 1) {
      if (!(index in value) || !matchesJsonSnapshot(value[index], items[index]!)) return false;
    }
    return true;
  }
  return value === snapshot;
}
