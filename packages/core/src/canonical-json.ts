/**
 * Canonical JSON per RFC 8785 (JSON Canonicalization Scheme) and sha256 hashing. The
 * replay hash, the contract fingerprint and the input content hash all go through here,
 * so two processes that hold equal data always produce byte-identical text.
 */
import { createHash, hash } from 'node:crypto';
import { createRequire } from 'node:module';
import { InvalidInputError } from './errors/invalid-input-error.js';
import { deepFreeze } from './json.js';

/**
 * RFC 8785 canonical JSON of a value. Rejects values that have no JSON form (undefined
 * at the top level, functions, symbols, bigints, non-finite numbers) with a typed error
 * rather than silently dropping them.
 * @example canonicalJson({ b: 1, a: [true, null] }) // '{"a":[true,null],"b":1}'
 */
export function canonicalJson(value: unknown): string {
  // Data this module produced (`toCanonicalData`'s results, shared data) is known: its
  // text is written natively, or composed around the remembered text of shared parts.
  if (typeof value === 'object' && value !== null) {
    const known = knownCanonical.get(value);
    if (known !== undefined) return knownText(value, known);
  }
  // Data already in canonical key order (a parsed artifact) is checked in one
  // allocation-free pass and serialized natively.
  if (isInCanonicalOrder(value)) return JSON.stringify(value);
  try {
    return serializePlain(value);
  } catch (error) {
    if (error !== NOT_PLAIN) throw error;
  }
  // Anything the fast paths do not handle (a value with no JSON form, `toJSON`, a sparse
  // array) takes the reference path, so errors and edge cases behave exactly as before.
  assertJsonCompatible(value, '$');
  const text = referenceCanonicalize()(value);
  if (text === undefined) {
    throw new InvalidInputError('Value has no canonical JSON form.', { context: { path: '$' } });
  }
  return text;
}

/**
 * The reference implementation (the `canonicalize` package), loaded on first use: only
 * values the fast paths leave to it need it, and loading a CommonJS package is a
 * noticeable part of a cold `import('paxman')`.
 */
function referenceCanonicalize(): (value: unknown) => string | undefined {
  return (canonicalizeReference ??= createRequire(import.meta.url)('canonicalize') as (value: unknown) => string | undefined);
}

let canonicalizeReference: ((value: unknown) => string | undefined) | undefined;

/**
 * True when `JSON.stringify(value)` is `canonicalJson(value)`: the value is plain JSON data
 * whose object keys enumerate in code-unit order (see `isInCanonicalOrder`), such as any
 * result of `toCanonicalData`, which is remembered rather than checked again.
 */
export function hasCanonicalOrder(value: unknown): boolean {
  if (typeof value === 'object' && value !== null) {
    const known = knownCanonical.get(value);
    // Shared data is known under the shared value too, which need not be in key order.
    if (known !== undefined) return typeof known !== 'object' || (known.data === value && known.inOrder);
  }
  return isInCanonicalOrder(value);
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
 * The second fast path: one pass that checks and serializes plain JSON data (strings,
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
      if (typeof (value as { toJSON?: unknown }).toJSON === 'function') throw NOT_PLAIN;
      return Array.isArray(value) ? serializeArray(value) : serializeObject(value as Record<string, unknown>);
    default:
      throw NOT_PLAIN;
  }
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
    text += first ? `${quotedKey(key)}:${serializePlain(item)}` : `,${quotedKey(key)}:${serializePlain(item)}`;
    first = false;
  }
  return `${text}}`;
}

/** `JSON.stringify(key)`, remembered for the short keys that recur in every artifact. */
function quotedKey(key: string): string {
  let quoted = quotedKeys.get(key);
  if (quoted === undefined) {
    quoted = JSON.stringify(key);
    if (key.length <= 64 && quotedKeys.size < 4096) quotedKeys.set(key, quoted);
  }
  return quoted;
}

const quotedKeys = new Map<string, string>();

/**
 * The data `JSON.parse(canonicalJson(value))` gives, deep-frozen, built without the text:
 * keys inserted in canonical order, `-0` as `0`, undefined members left out. Subtrees of
 * `value` that are already frozen and in that form are shared rather than copied, and so
 * are earlier results and shared data (`toSharedCanonicalData`) found inside it, without
 * walking them again; `value` itself is never modified. Values with no JSON form throw as
 * `canonicalJson` does.
 * @example toCanonicalData({ b: 1, a: -0 }) // frozen { a: 0, b: 1 }
 */
export function toCanonicalData<T>(value: T): T {
  return canonicalDataOf(value, false);
}

/**
 * `toCanonicalData` for a value the caller owns outright (typically its own fresh
 * `JSON.parse` result): objects already in canonical form are frozen in place instead of
 * copied, so canonical JSON text parses into its canonical data with one freezing pass.
 */
export function freezeCanonicalData<T>(value: T): T {
  return canonicalDataOf(value, true);
}

/**
 * `toCanonicalData` for a value shared, unchanged, by many later calls (a plan body the
 * planner caches for a contract): its canonical data and canonical text are made once and
 * remembered, weakly, by the value, so every later `toCanonicalData` that meets it inside
 * a bigger value takes the data as it is, and `canonicalJson` of that bigger value writes
 * the remembered text for it instead of serializing it again.
 *
 * Remembering is only sound for data that can never change: `value` must be deep-frozen
 * plain data (frozen objects and arrays with data properties only, no getters). Anything
 * else is not remembered and gets a plain `toCanonicalData` copy.
 * @example toSharedCanonicalData(plan.fieldPlans) === toSharedCanonicalData(plan.fieldPlans)
 */
export function toSharedCanonicalData<T>(value: T): T {
  if (typeof value !== 'object' || value === null) return toCanonicalData(value);
  const known = knownCanonical.get(value);
  if (typeof known === 'object') return known.data as T;
  if (!isImmutableData(value)) return toCanonicalData(value);
  const data = toCanonicalData(value) as object;
  const entry: SharedCanonical = { data, text: canonicalJson(data), inOrder: knownCanonical.has(data) };
  knownCanonical.set(value, entry);
  knownCanonical.set(data, entry);
  return data as T;
}

/** True when `value` and everything reachable from it is frozen and holds data properties only. */
function isImmutableData(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return true;
  if (!Object.isFrozen(value)) return false;
  for (const key of Object.keys(value)) {
    const descriptor = Object.getOwnPropertyDescriptor(value, key);
    if (descriptor === undefined || !('value' in descriptor) || !isImmutableData(descriptor.value)) return false;
  }
  return true;
}

/** Remembered text of a value given to `toSharedCanonicalData`, and its canonical data. */
interface SharedCanonical {
  readonly data: object;
  readonly text: string;
  /** Whether the data's keys enumerate in canonical order (no integer-like keys out of place). */
  readonly inOrder: boolean;
}

/** Deep-frozen canonical data whose keys enumerate in canonical order: `JSON.stringify` writes its text. */
const PLAIN = 1;
/** The same, holding shared data somewhere inside: its text is composed around the shared texts. */
const COMPOSED = 2;

/**
 * What this module knows about data it produced, weakly held (an entry dies with its
 * data): `PLAIN` or `COMPOSED` for `toCanonicalData` results (and the objects in them
 * that hold shared data), a `SharedCanonical` for shared data, under both the shared
 * value and its canonical data. Every entry is deep-frozen data, which cannot change, so
 * what is known of it stays true.
 */
const knownCanonical = new WeakMap<object, typeof PLAIN | typeof COMPOSED | SharedCanonical>();

function knownText(value: object, known: typeof PLAIN | typeof COMPOSED | SharedCanonical): string {
  if (known === PLAIN) return JSON.stringify(value);
  if (known === COMPOSED) return composedText(value);
  return known.text;
}

/**
 * The canonical text of `COMPOSED` data, member by member (`writeOrderedJson`). Everything
 * in it enumerates its keys in canonical order (the data is only marked so then), so each
 * member is either known or written by `JSON.stringify`.
 */
function composedText(value: object): string {
  const writer = new TextWriter();
  writeOrderedJson(value, writer, STREAMED_DEPTH);
  return writer.text;
}

function canonicalDataOf<T>(value: T, adopt: boolean): T {
  adoptUnfrozen = adopt;
  keysInInsertionOrder = true;
  holdsShared = false;
  composedCopies = null;
  try {
    if (typeof (Object.prototype as { toJSON?: unknown }).toJSON === 'function') throw NOT_PLAIN;
    const data = canonicalCopy(value);
    // Known key order is all `knownText` relies on; without it nothing is marked.
    if (typeof data === 'object' && data !== null && keysInInsertionOrder) {
      // (TypeScript cannot see that `canonicalCopy` may have filled the list.)
      const composedList = composedCopies as object[] | null;
      if (composedList !== null) for (const composed of composedList) if (!knownCanonical.has(composed)) knownCanonical.set(composed, COMPOSED);
      if (!knownCanonical.has(data)) knownCanonical.set(data, PLAIN);
    }
    return data as T;
  } catch (error) {
    if (error !== NOT_PLAIN) throw error;
  } finally {
    adoptUnfrozen = false;
    composedCopies = null;
  }
  return deepFreeze(JSON.parse(canonicalJson(value)) as T);
}

/** While `freezeCanonicalData` runs: unfrozen objects in canonical form may be frozen in place. */
let adoptUnfrozen = false;
/**
 * False once a copied object has a key that may be an array index: such keys enumerate
 * before the others whatever the insertion order, so the copy's key order is not checked.
 */
let keysInInsertionOrder = true;
/** True once the object being copied was found to hold known `COMPOSED` or shared data. */
let holdsShared = false;
/** The copied objects (the root's included) that hold shared data, to be marked `COMPOSED`. */
let composedCopies: object[] | null = null;

function startsWithDigit(key: string): boolean {
  const code = key.charCodeAt(0);
  return code >= 48 && code <= 57;
}

function canonicalCopy(value: unknown): unknown {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return value;
    case 'number':
      if (!Number.isFinite(value)) throw NOT_PLAIN;
      return value === 0 ? 0 : value;
    case 'object': {
      if (value === null) return null;
      // Known data is deep-frozen: only frozen objects are looked up, and what is found is
      // taken as it is, without walking it.
      const known = Object.isFrozen(value) ? knownCanonical.get(value) : undefined;
      if (known !== undefined) {
        if (known === PLAIN) return value;
        holdsShared = true;
        if (known === COMPOSED) return value;
        if (!known.inOrder) keysInInsertionOrder = false;
        return known.data;
      }
      const outer = holdsShared;
      holdsShared = false;
      const copy = Array.isArray(value) ? canonicalArray(value) : canonicalObject(value as Record<string, unknown>);
      if (holdsShared) (composedCopies ??= []).push(copy);
      holdsShared ||= outer;
      return copy;
    }
    default:
      throw NOT_PLAIN;
  }
}

function canonicalArray(value: readonly unknown[]): readonly unknown[] {
  if (Object.getPrototypeOf(value) !== Array.prototype) throw NOT_PLAIN;
  const length = value.length;
  // Allocated only once an item differs from the original's.
  let copy: unknown[] | null = null;
  for (let index = 0; index < length; index += 1) {
    const item: unknown = value[index];
    if (item === undefined) throw NOT_PLAIN;
    const copied = canonicalCopy(item);
    if (copy !== null) copy.push(copied);
    else if (!Object.is(copied, item)) {
      copy = value.slice(0, index);
      copy.push(copied);
    }
  }
  // Nothing had to change: the original is the canonical data if it is frozen, or may be
  // frozen in place.
  if (copy === null) {
    if (Object.isFrozen(value)) return value;
    copy = adoptUnfrozen ? (value as unknown[]) : value.slice();
  }
  return Object.freeze(copy);
}

function canonicalObject(record: Readonly<Record<string, unknown>>): Readonly<Record<string, unknown>> {
  // An own `toJSON` function is a member that `canonicalCopy` refuses; an inherited one
  // (only Object.prototype's can be) keeps `canonicalDataOf` off this path altogether.
  if (Object.getPrototypeOf(record) !== Object.prototype) throw NOT_PLAIN;
  const keys = Object.keys(record);
  const sorted = sortKeys(keys);
  if (!sorted && keysInInsertionOrder && keys.some(startsWithDigit)) keysInInsertionOrder = false;
  // Allocated once the key order or a member differs from the original's.
  let copy: Record<string, unknown> | null = sorted ? null : {};
  for (let index = 0; index < keys.length; index += 1) {
    const key = keys[index]!;
    // An own `__proto__` cannot be re-created by assignment: the reference path copies it.
    if (key === '__proto__') throw NOT_PLAIN;
    const item = record[key];
    const copied = item === undefined ? undefined : canonicalCopy(item);
    if (copy === null && (item === undefined || !Object.is(copied, item))) {
      copy = {};
      for (let before = 0; before < index; before += 1) copy[keys[before]!] = record[keys[before]!];
    }
    if (copy !== null && copied !== undefined) copy[key] = copied;
  }
  // Nothing had to change: as in `canonicalArray`.
  if (copy === null) {
    if (Object.isFrozen(record)) return record;
    if (adoptUnfrozen) return Object.freeze(record);
    copy = {};
    for (let index = 0; index < keys.length; index += 1) copy[keys[index]!] = record[keys[index]!];
  }
  return Object.freeze(copy);
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

/** sha256 of the canonical JSON of a value. */
export function canonicalHash(value: unknown): string {
  if (typeof value === 'object' && value !== null && (knownCanonical.has(value) || isInCanonicalOrder(value))) return orderedJsonHash(value);
  return sha256Hex(canonicalJson(value));
}

/**
 * sha256 of `JSON.stringify(value)` for data known to be in canonical form (a
 * `toCanonicalData` result, a parsed artifact that `hasCanonicalOrder`, or a fresh object
 * of such members inserted in canonical key order), so it is the sha256 of its canonical
 * JSON. The text goes into the hash in pieces of at most a few thousand characters
 * instead of being built whole: a large artifact's text would be one string of a hundred
 * kilobytes or more, and allocating and flattening it costs several times what hashing it
 * does.
 */
export function orderedJsonHash(value: unknown): string {
  const writer = new HashWriter();
  writeOrderedJson(value, writer, 0);
  return writer.digest();
}

/** Where `writeOrderedJson` puts the text it writes. */
interface JsonWriter {
  write(text: string): void;
}

/** Collects the text in one string. */
class TextWriter implements JsonWriter {
  text = '';

  write(text: string): void {
    this.text += text;
  }
}

/** Accumulates text and feeds it to a sha256 hash in pieces of about `HASH_PIECE` characters. */
class HashWriter implements JsonWriter {
  private readonly hash = createHash('sha256');
  private pending = '';

  write(text: string): void {
    if (text.length >= HASH_PIECE) {
      this.flush();
      this.hash.update(text);
      return;
    }
    this.pending += text;
    if (this.pending.length >= HASH_PIECE) this.flush();
  }

  digest(): string {
    this.flush();
    return this.hash.digest('hex');
  }

  private flush(): void {
    if (this.pending.length === 0) return;
    this.hash.update(this.pending);
    this.pending = '';
  }
}

const HASH_PIECE = 8192;
/** Containers this deep or deeper are written by one `JSON.stringify` (their text is small). */
const STREAMED_DEPTH = 3;

/**
 * Writes what `JSON.stringify(value)` would, container by container down to
 * `STREAMED_DEPTH` (and through `COMPOSED` data at any depth), using the remembered text
 * of shared data. Undefined object members are left out, as `JSON.stringify` does.
 */
function writeOrderedJson(value: unknown, writer: JsonWriter, depth: number): void {
  if (typeof value !== 'object' || value === null) {
    writer.write(JSON.stringify(value));
    return;
  }
  const known = knownCanonical.get(value);
  if (typeof known === 'object') {
    writer.write(known.text);
    return;
  }
  if (depth >= STREAMED_DEPTH && known !== COMPOSED) {
    writer.write(JSON.stringify(value));
    return;
  }
  if (Array.isArray(value)) {
    writer.write('[');
    for (let index = 0; index < value.length; index += 1) {
      if (index > 0) writer.write(',');
      writeOrderedJson(value[index], writer, depth + 1);
    }
    writer.write(']');
    return;
  }
  writer.write('{');
  let first = true;
  for (const key of Object.keys(value)) {
    const member = (value as Record<string, unknown>)[key];
    if (member === undefined) continue;
    writer.write(first ? `${quotedKey(key)}:` : `,${quotedKey(key)}:`);
    first = false;
    writeOrderedJson(member, writer, depth + 1);
  }
  writer.write('}');
}

/** True for a 64-character lowercase hex string, the form of every hash Paxman emits. */
export function isSha256Hex(value: unknown): value is string {
  return typeof value === 'string' && /^[0-9a-f]{64}$/.test(value);
}
