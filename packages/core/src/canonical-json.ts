/**
 * Canonical JSON per RFC 8785 (JSON Canonicalization Scheme) and sha256 hashing. The
 * replay hash, the contract fingerprint and the input content hash all go through here,
 * so two processes that hold equal data always produce byte-identical text.
 *
 * Four functions are the whole API: `canonicalJson`, `canonicalHash`, `canonicalForm`
 * (the text together with the data it reads back as, for a caller that keeps both) and
 * `canonicalData` (that data alone, for a producer that builds parts of the artifact). Data whose keys
 * already enumerate in code-unit order is written by `JSON.stringify` after one check;
 * other plain JSON data is copied once with its keys in code-unit order and the copy written
 * by `JSON.stringify` (scalars as it writes them, which is what RFC 8785 prescribes; the
 * text one flat string); anything else (a `toJSON` member, a
 * sparse array, a value with no JSON form) goes to the reference implementation, the
 * `canonicalize` package. `{ reference: true }` — or `PAXMAN_CANONICAL_JSON=reference` in
 * the environment when the process starts — sends everything there; a test proves both
 * byte-identical on every eval artifact. Nothing is remembered between calls.
 */
import { createHash, hash } from 'node:crypto';
import { createRequire } from 'node:module';
import { InvalidInputError } from './errors/invalid-input-error.js';
import { deepFreeze } from './json.js';

/**
 * `PAXMAN_CANONICAL_JSON=reference`, read once when the module loads: the environment is
 * the process's configuration, and reading `process.env` costs more than writing a short
 * value (canonicalJson is called hundreds of times a run).
 */
const REFERENCE_ONLY: boolean = process.env['PAXMAN_CANONICAL_JSON'] === 'reference';

/** How to write canonical JSON. */
export interface CanonicalJsonOptions {
  /** Write through the reference implementation (`canonicalize`) only. */
  readonly reference?: boolean;
}

/**
 * RFC 8785 canonical JSON of a value. Rejects values that have no JSON form (undefined
 * at the top level, functions, symbols, bigints, non-finite numbers) with a typed error
 * rather than silently dropping them.
 * @example canonicalJson({ b: 1, a: [true, null] }) // '{"a":[true,null],"b":1}'
 */
export function canonicalJson(value: unknown, options: CanonicalJsonOptions = {}): string {
  if (options.reference !== true && !REFERENCE_ONLY) {
    // Data already in canonical key order (a parsed artifact, data built in key order) is
    // checked in one allocation-free pass and written by the native serializer.
    if (isInCanonicalOrder(value)) return JSON.stringify(value);
    try {
      // Other plain data is copied with its keys in order (unfrozen: the copy is thrown
      // away) and written natively: faster than writing it piece by piece, and the text is
      // one flat string, where text joined piece by piece is a deep rope that every later
      // reader (a hash of a text written around it) walks again (ADR 0051).
      const state: CopyState = { indexLike: false, freeze: false };
      const copy = canonicalCopy(value, state);
      return state.indexLike ? serializePlain(copy) : JSON.stringify(copy);
    } catch (error) {
      if (error !== NOT_PLAIN) throw error;
    }
  }
  assertJsonCompatible(value, '$');
  const text = referenceCanonicalize(value);
  if (text === undefined) {
    throw new InvalidInputError('Value has no canonical JSON form.', { context: { path: '$' } });
  }
  return text;
}

/** A value's canonical JSON text and the value that text reads back as, deep-frozen. */
export interface CanonicalForm {
  readonly text: string;
  readonly data: unknown;
}

/**
 * `{ text: canonicalJson(value), data: deepFreeze(JSON.parse(text)) }` — what a reader of
 * the text holds — without writing the text twice or parsing it: plain JSON data is
 * copied once into frozen objects whose keys are inserted in code-unit order (undefined
 * members left out, `-0` written `0`), and that copy is written by `JSON.stringify`.
 * Anything else takes the long way round.
 * @example canonicalForm({ b: 1, a: -0 }) // { text: '{"a":0,"b":1}', data: { a: 0, b: 1 } } (frozen)
 */
export function canonicalForm(value: unknown, options: CanonicalJsonOptions = {}): CanonicalForm {
  if (options.reference !== true && !REFERENCE_ONLY) {
    try {
      const state: CopyState = { indexLike: false, freeze: true };
      const data = canonicalCopy(value, state);
      // An object enumerates integer-like keys ("2", "10") first, whatever the insertion order.
      return { text: state.indexLike ? serializePlain(data) : JSON.stringify(data), data };
    } catch (error) {
      if (error !== NOT_PLAIN) throw error;
    }
  }
  const text = canonicalJson(value, options);
  return { text, data: deepFreeze(JSON.parse(text) as unknown) };
}

/**
 * `canonicalForm(value).data` without writing the text, for plain JSON data: its frozen
 * canonical copy (keys inserted in code-unit order, undefined members left out, `-0` as
 * `0`), parts that are their own copy taken as they are. Anything else (a `toJSON`
 * member, a value with no JSON form), and everything when the reference implementation is
 * asked for in the environment, is given back untouched for the canonical pass that
 * writes it to take the long way round as before; this never throws. A producer that
 * keeps data for the artifact (an evidence record's `detail`) makes it once in the shape
 * the artifact's canonical pass takes as it is, rather than that pass copying it (ADR 0055).
 * @example canonicalData({ b: 1, a: -0 }) // { a: 0, b: 1 } (frozen)
 */
export function canonicalData<T>(value: T): T {
  if (REFERENCE_ONLY) return value;
  try {
    return canonicalCopy(value, { indexLike: false, freeze: true }) as T;
  } catch (error) {
    if (error !== NOT_PLAIN) throw error;
    return value;
  }
}

/** What `canonicalCopy` learns and is told on its way through a value. */
interface CopyState {
  /** Set when a key starts with a digit (`JSON.stringify` would write it first). */
  indexLike: boolean;
  /** Freeze each copied object and array (`canonicalForm` keeps the copy; `canonicalJson` does not). */
  readonly freeze: boolean;
}

/**
 * The copy `canonicalForm` and `canonicalJson` write, keys inserted in code-unit order:
 * the checks of `serializePlain` (it throws `NOT_PLAIN` where that does), plus a
 * `__proto__` key, which only `JSON.parse` sets as an own member. A part that is its own
 * copy already (keys in order, no undefined member, no `-0`, and frozen when the copy is
 * to be) is not copied but taken as it is: data built in canonical key order and frozen
 * where it is made costs a check here, not a copy (ADR 0051).
 */
function canonicalCopy(value: unknown, state: CopyState): unknown {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return value;
    case 'number':
      if (!Number.isFinite(value)) throw NOT_PLAIN;
      return value === 0 ? 0 : value;
    case 'object': {
      if (value === null) return null;
      if (typeof (value as { toJSON?: unknown }).toJSON === 'function' || !hasPlainPrototype(value)) throw NOT_PLAIN;
      const reusable = !state.freeze || Object.isFrozen(value);
      return Array.isArray(value) ? copyArray(value, reusable, state) : copyObject(value as Readonly<Record<string, unknown>>, reusable, state);
    }
    default:
      throw NOT_PLAIN;
  }
}

/** True when `copy` may stand for `item` in a copy: the very value (`-0` is not its own copy). */
function isSame(copy: unknown, item: unknown): boolean {
  return copy === item && (copy !== 0 || 1 / (item as number) > 0);
}

/** `canonicalCopy` of an array: the array itself while every item is its own copy (and `reusable`). */
function copyArray(value: readonly unknown[], reusable: boolean, state: CopyState): unknown {
  const length = value.length;
  let copy: unknown[] | null = reusable ? null : new Array<unknown>(length);
  for (let index = 0; index < length; index += 1) {
    const item: unknown = value[index];
    if (item === undefined) throw NOT_PLAIN;
    const itemCopy = canonicalCopy(item, state);
    if (copy === null && !isSame(itemCopy, item)) copy = value.slice(0, index);
    if (copy !== null) copy[index] = itemCopy;
  }
  if (copy === null) return value;
  return state.freeze ? Object.freeze(copy) : copy;
}

/** `canonicalCopy` of an object: the object itself while its keys are in order and every member its own copy (and `reusable`). */
function copyObject(value: Readonly<Record<string, unknown>>, reusable: boolean, state: CopyState): unknown {
  const names = Object.keys(value);
  const inOrder = sortKeys(names);
  let copy: Record<string, unknown> | null = reusable && inOrder ? null : {};
  for (let index = 0; index < names.length; index += 1) {
    const name = names[index]!;
    const item = value[name];
    if (item === undefined) {
      copy ??= membersBefore(value, names, index);
      continue;
    }
    if (name === '__proto__') throw NOT_PLAIN;
    const first = name.charCodeAt(0);
    if (first >= 48 && first <= 57) state.indexLike = true;
    const itemCopy = canonicalCopy(item, state);
    if (copy === null && !isSame(itemCopy, item)) copy = membersBefore(value, names, index);
    if (copy !== null) copy[name] = itemCopy;
  }
  if (copy === null) return value;
  return state.freeze ? Object.freeze(copy) : copy;
}

/** A new object holding the members of `value` named before `names[end]`, each its own copy (taken as it is). */
function membersBefore(value: Readonly<Record<string, unknown>>, names: readonly string[], end: number): Record<string, unknown> {
  const copy: Record<string, unknown> = {};
  for (let index = 0; index < end; index += 1) copy[names[index]!] = value[names[index]!];
  return copy;
}

/** sha256 (lowercase hex) of the canonical JSON of a value. */
export function canonicalHash(value: unknown, options: CanonicalJsonOptions = {}): string {
  return sha256Hex(canonicalJson(value, options));
}

/**
 * The reference implementation (the `canonicalize` package), required when a value needs
 * it: loading a CommonJS package is a noticeable part of a cold `import('paxman')`, and
 * Node keeps the loaded module, so requiring it again costs a lookup.
 */
function referenceCanonicalize(value: unknown): string | undefined {
  const canonicalize = createRequire(import.meta.url)('canonicalize') as (value: unknown) => string | undefined;
  return canonicalize(value);
}

/**
 * True when `JSON.stringify(value)` already is the canonical text: plain JSON data
 * (plain objects and dense arrays, finite numbers, no `toJSON`) whose object keys
 * enumerate in code-unit order. `JSON.stringify` enumerates keys as `Object.keys` does
 * and writes scalars exactly as RFC 8785 does, and both leave undefined members out.
 */
function isInCanonicalOrder(value: unknown): boolean {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return true;
    case 'number':
      return Number.isFinite(value);
    case 'object': {
      if (value === null) return true;
      if (Array.isArray(value)) {
        if (Object.getPrototypeOf(value) !== Array.prototype) return false;
        for (let index = 0; index < value.length; index += 1) {
          const item: unknown = value[index];
          if (item === undefined || !isInCanonicalOrder(item)) return false;
        }
        return true;
      }
      const prototype: unknown = Object.getPrototypeOf(value);
      if ((prototype !== Object.prototype && prototype !== null) || typeof (value as { toJSON?: unknown }).toJSON === 'function') return false;
      const keys = Object.keys(value);
      for (let index = 0; index < keys.length; index += 1) {
        const key = keys[index]!;
        if (index > 0 && !(keys[index - 1]! < key)) return false;
        const item = (value as Record<string, unknown>)[key];
        if (item !== undefined && !isInCanonicalOrder(item)) return false;
      }
      return true;
    }
    default:
      return false;
  }
}

/** Thrown (never escapes) when a fast path meets a value it leaves to the reference path. */
const NOT_PLAIN: unique symbol = Symbol('not plain JSON');

/**
 * One pass that checks and serializes plain JSON data (strings,
 * finite numbers, booleans, null, dense arrays, objects without `toJSON`), byte-identical
 * to `canonicalize` (keys in UTF-16 code-unit order, `JSON.stringify` for every scalar,
 * undefined members left out). Throws `NOT_PLAIN` for anything else.
 */
function serializePlain(value: unknown): string {
  switch (typeof value) {
    case 'string':
      return JSON.stringify(value);
    case 'boolean':
      return value ? 'true' : 'false';
    case 'number':
      if (!Number.isFinite(value)) throw NOT_PLAIN;
      return JSON.stringify(value);
    case 'object':
      if (value === null) return 'null';
      if (typeof (value as { toJSON?: unknown }).toJSON === 'function' || !hasPlainPrototype(value)) throw NOT_PLAIN;
      return Array.isArray(value) ? serializeArray(value) : serializeObject(value as Record<string, unknown>);
    default:
      throw NOT_PLAIN;
  }
}

/** Arrays made by `[]`, objects by `{}` or `Object.create(null)`: boxed primitives and class instances are the reference path's. */
function hasPlainPrototype(value: object): boolean {
  const prototype: unknown = Object.getPrototypeOf(value);
  return Array.isArray(value) ? prototype === Array.prototype : prototype === Object.prototype || prototype === null;
}

function serializeArray(value: readonly unknown[]): string {
  const length = value.length;
  if (length === 0) return '[]';
  let text = '[';
  for (let index = 0; index < length; index += 1) {
    const item: unknown = value[index];
    // An undefined item is an error, a hole is skipped: both are the reference path's.
    if (item === undefined) throw NOT_PLAIN;
    text += index === 0 ? serializePlain(item) : `,${serializePlain(item)}`;
  }
  return `${text}]`;
}

function serializeObject(record: Readonly<Record<string, unknown>>): string {
  const keys = Object.keys(record);
  sortKeys(keys);
  let text = '{';
  let first = true;
  for (const key of keys) {
    const item = record[key];
    if (item === undefined) continue;
    text += first ? `${JSON.stringify(key)}:${serializePlain(item)}` : `,${JSON.stringify(key)}:${serializePlain(item)}`;
    first = false;
  }
  return `${text}}`;
}

/**
 * Sorts object keys in code-unit order (what `Array.prototype.sort` does to strings) and
 * says whether they already were. Objects have a handful of keys, which an insertion sort
 * orders several times faster than the built-in sort.
 */
function sortKeys(keys: string[]): boolean {
  const length = keys.length;
  if (length > 32) {
    for (let index = 1; index < length; index += 1) {
      if (!(keys[index - 1]! < keys[index]!)) {
        keys.sort();
        return false;
      }
    }
    return true;
  }
  let sorted = true;
  for (let index = 1; index < length; index += 1) {
    const key = keys[index]!;
    let at = index - 1;
    if (keys[at]! < key) continue;
    sorted = false;
    while (at >= 0 && keys[at]! > key) {
      keys[at + 1] = keys[at]!;
      at -= 1;
    }
    keys[at + 1] = key;
  }
  return sorted;
}

function assertJsonCompatible(value: unknown, path: string): void {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return;
    case 'number':
      if (!Number.isFinite(value)) {
        throw new InvalidInputError(`Non-finite number at ${path} has no JSON form.`, { context: { path } });
      }
      return;
    case 'object':
      if (value === null) return;
      if (Array.isArray(value)) {
        value.forEach((item, index) => assertJsonCompatible(item, `${path}[${index}]`));
        return;
      }
      if (typeof (value as { toJSON?: unknown }).toJSON === 'function') return;
      for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
        if (item === undefined) continue;
        assertJsonCompatible(item, `${path}.${key}`);
      }
      return;
    default:
      throw new InvalidInputError(`Value of type ${typeof value} at ${path} has no JSON form.`, { context: { path } });
  }
}

/** Lowercase hex sha256 of a string (UTF-8) or bytes. */
export function sha256Hex(data: string | Uint8Array): string {
  // The one-shot `crypto.hash` allocates no Hash object (several times faster on short data).
  return hash('sha256', data, 'hex');
}

/**
 * `sha256Hex(parts.join(''))` without joining the parts: each is hashed as it is. A long
 * text joined from parts is one string that must be flattened before it is hashed, and
 * one character outside Latin-1 in any part makes the whole joined text two bytes per
 * character; hashed part by part, only that part is. No part may end inside a surrogate
 * pair (JSON texts never do: `JSON.stringify` writes a lone surrogate as an escape).
 * @example sha256HexOfParts(['{"a":', '1}']) === sha256Hex('{"a":1}') // true
 */
export function sha256HexOfParts(parts: readonly string[]): string {
  const hasher = createHash('sha256');
  for (let index = 0; index < parts.length; index += 1) hasher.update(parts[index]!);
  return hasher.digest('hex');
}

/** True for a 64-character lowercase hex string, the form of every hash Paxman emits. */
export function isSha256Hex(value: unknown): value is string {
  return typeof value === 'string' && /^[0-9a-f]{64}$/.test(value);
}
