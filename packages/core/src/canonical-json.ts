/**
 * Canonical JSON per RFC 8785 (JSON Canonicalization Scheme) and sha256 hashing. The
 * replay hash, the contract fingerprint and the input content hash all go through here,
 * so two processes that hold equal data always produce byte-identical text.
 */
import { createHash } from 'node:crypto';
import canonicalize from 'canonicalize';
import { InvalidInputError } from './errors/invalid-input-error.js';

/**
 * RFC 8785 canonical JSON of a value. Rejects values that have no JSON form (undefined
 * at the top level, functions, symbols, bigints, non-finite numbers) with a typed error
 * rather than silently dropping them.
 * @example canonicalJson({ b: 1, a: [true, null] }) // '{"a":[true,null],"b":1}'
 */
export function canonicalJson(value: unknown): string {
  try {
    subtreeHasMutable = false;
    return serializePlain(value);
  } catch (error) {
    if (error !== NOT_PLAIN) throw error;
  }
  // Anything the fast path does not handle (a value with no JSON form, `toJSON`, a sparse
  // array) takes the reference path, so errors and edge cases behave exactly as before.
  assertJsonCompatible(value, '$');
  const text = canonicalize(value);
  if (text === undefined) {
    throw new InvalidInputError('Value has no canonical JSON form.', { context: { path: '$' } });
  }
  return text;
}

/** Thrown (never escapes) when `serializePlain` meets a value it leaves to the reference path. */
const NOT_PLAIN: unique symbol = Symbol('not plain JSON');

/**
 * The fast path: one pass that checks and serializes plain JSON data (strings, finite
 * numbers, booleans, null, dense arrays, objects without `toJSON`), byte-identical to
 * `canonicalize` (keys in UTF-16 code-unit order, `JSON.stringify` for every scalar,
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
    case 'object': {
      if (value === null) return 'null';
      if (typeof (value as { toJSON?: unknown }).toJSON === 'function') throw NOT_PLAIN;
      const frozen = Object.isFrozen(value);
      if (frozen) {
        const remembered = frozenTexts.get(value);
        if (remembered !== undefined) return remembered;
      }
      const outerHasMutable = subtreeHasMutable;
      subtreeHasMutable = false;
      const text = Array.isArray(value) ? serializeArray(value) : serializeObject(value as Record<string, unknown>);
      if (frozen && !subtreeHasMutable && text.length >= REMEMBERED_TEXT_MIN_LENGTH) frozenTexts.set(value, text);
      subtreeHasMutable = outerHasMutable || subtreeHasMutable || !frozen;
      return text;
    }
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
  if (keys.length > 1) keys.sort();
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

/*
 * Deep-frozen data cannot change, so the text of a large deep-frozen object or array is
 * remembered (weakly, so it dies with the object) and reused: plans and step
 * configurations shared by the runs of one contract are serialized once. Frozen objects
 * are taken to be plain data (no getters), as everything canonicalized in Paxman is.
 */
const frozenTexts = new WeakMap<object, string>();
const REMEMBERED_TEXT_MIN_LENGTH = 256;
/** True while serializing a subtree that holds an object that is not frozen. */
let subtreeHasMutable = false;

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
  return createHash('sha256').update(data).digest('hex');
}

/** sha256 of the canonical JSON of a value. */
export function canonicalHash(value: unknown): string {
  return sha256Hex(canonicalJson(value));
}

/** True for a 64-character lowercase hex string, the form of every hash Paxman emits. */
export function isSha256Hex(value: unknown): value is string {
  return typeof value === 'string' && /^[0-9a-f]{64}$/.test(value);
}
