/**
 * Id helpers. Ids that reach the replay hash (evidence ids) are derived from content, so
 * the same run yields the same ids in any process; only the artifact's own `id` is
 * random, and it is excluded from the hash. Evidence ids of the usual shape are a hash of
 * their parts read in place (`partsId`, ADR 0037); `contentId` hashes canonical JSON.
 */
import { hash, randomUUID } from 'node:crypto';
import { canonicalJson } from './canonical-json.js';
import { isPlainObject } from './json.js';

/** A short deterministic id: `prefix` + the first 16 hex digits of sha256(canonical JSON of parts). */
export function contentId(prefix: string, parts: unknown): string {
  return `${prefix}_${shortHash(canonicalJson(parts))}`;
}

/** The first 16 hex digits of sha256(text), by the one-shot `crypto.hash` (no Hash object per id). */
function shortHash(text: string): string {
  return hash('sha256', text, 'hex').slice(0, 16);
}

export interface EvidenceIdParts {
  readonly capability: string;
  readonly fieldPath: string;
  readonly kind: string;
  readonly spans: readonly { readonly start: number; readonly end: number; readonly layer: string }[];
  readonly label?: string;
  readonly pattern?: string;
  readonly discriminator?: string;
}

/**
 * Deterministic evidence id from what makes the evidence unique: for the usual shape (the
 * keys above, spans of exactly `{ start, end, layer }`) the `partsId` of the parts; any
 * other shape takes `contentId('ev', parts)`. Either is `ev_` and 16 hex digits.
 */
export function evidenceId(parts: EvidenceIdParts): string {
  if (!isUsualShape(parts)) return contentId('ev', parts);
  const prefix = evidenceIdPrefix(parts.capability, parts.fieldPath).lanes!;
  const id = partsId(prefix, parts.kind, parts.spans, parts.label, parts.pattern, parts.discriminator);
  return id ?? contentId('ev', parts);
}

const OPTIONAL_PARTS = ['label', 'pattern', 'discriminator'] as const;

/** True for parts of the usual shape: string members, optional ones absent, undefined or strings, no other keys, spans of three members. */
function isUsualShape(parts: EvidenceIdParts): boolean {
  if (!isPlainObject(parts)) return false;
  const { capability, fieldPath, kind, spans } = parts;
  if (typeof capability !== 'string' || typeof fieldPath !== 'string' || typeof kind !== 'string' || !Array.isArray(spans)) return false;
  let keys = 4;
  for (const key of OPTIONAL_PARTS) {
    const value = parts[key];
    if (value === undefined) {
      if (key in parts) keys += 1;
    } else if (typeof value === 'string') keys += 1;
    else return false;
  }
  if (Object.keys(parts).length !== keys) return false;
  for (const span of spans as readonly unknown[]) {
    if (!isPlainObject(span) || Object.keys(span).length !== 3) return false;
  }
  return true;
}

/**
 * `evidenceId` of the parts given one by one, spans read as `{ start, end, layer }` only
 * (other members of a span are not part of the id): the same id as `evidenceId({ capability,
 * fieldPath, kind, spans: spans.map(({ start, end, layer }) => ({ start, end, layer })),
 * label, pattern, discriminator })` with undefined parts left out, without building that
 * object. Capabilities make one per evidence record.
 * @example spanEvidenceId('explicit_evidence@1.0.0', 'total', 'EXACT_LABEL', [{ start: 7, end: 13, layer: 'input' }], 'Total')
 */
export function spanEvidenceId(capability: string, fieldPath: string, ...parts: PartsAfterPrefix): string {
  return prefixedEvidenceId(evidenceIdPrefix(capability, fieldPath), ...parts);
}

/** The parts of an evidence id after its capability and field path: kind, spans, then the optional label, pattern and discriminator. */
type PartsAfterPrefix = [
  kind: string,
  spans: readonly { readonly start: number; readonly end: number; readonly layer: string }[],
  label?: string,
  pattern?: string,
  discriminator?: string,
];

/**
 * What every evidence id of one capability and field starts with: the two parts and the
 * state of `partsId`'s hash after them. A result builder makes one and each of its ids from
 * it (`prefixedEvidenceId`), so the capability's and field's texts are fed once per
 * builder, not once per id (ADR 0055).
 */
export interface EvidenceIdPrefix {
  readonly capability: string;
  readonly fieldPath: string;
  /** The hash lanes after both parts; null when either part is not a string (ids then take `evidenceId`'s long way). */
  readonly lanes: { readonly low: number; readonly high: number } | null;
}

/** The `EvidenceIdPrefix` of a capability and field path. */
export function evidenceIdPrefix(capability: string, fieldPath: string): EvidenceIdPrefix {
  if (typeof capability !== 'string' || typeof fieldPath !== 'string') return { capability, fieldPath, lanes: null };
  const hasher: PartsHasher = { low: 0x2f0b3a49, high: 0x6c62272e };
  feedString(hasher, capability);
  feedString(hasher, fieldPath);
  return { capability, fieldPath, lanes: hasher };
}

/** `spanEvidenceId(prefix.capability, prefix.fieldPath, kind, spans, label, pattern, discriminator)`, the prefix's parts not fed again. */
export function prefixedEvidenceId(prefix: EvidenceIdPrefix, ...[kind, spans, label, pattern, discriminator]: PartsAfterPrefix): string {
  const { capability, fieldPath, lanes } = prefix;
  const id =
    lanes !== null &&
    typeof kind === 'string' &&
    Array.isArray(spans) &&
    (label === undefined || typeof label === 'string') &&
    (pattern === undefined || typeof pattern === 'string') &&
    (discriminator === undefined || typeof discriminator === 'string')
      ? partsId(lanes, kind, spans, label, pattern, discriminator)
      : null;
  if (id !== null) return id;
  return evidenceId({
    capability,
    fieldPath,
    kind,
    spans: spans.map((span) => ({ start: span.start, end: span.end, layer: span.layer })),
    ...(label === undefined ? {} : { label }),
    ...(pattern === undefined ? {} : { pattern }),
    ...(discriminator === undefined ? {} : { discriminator }),
  });
}

/**
 * The id of evidence parts whose members are known to be strings (spans not yet checked),
 * or null when a span's start or end is not a finite number or its layer not a string:
 * `ev_` and 64 bits of a hash of the parts read in place (ADR 0037). Nothing is written out
 * first: each string is fed as its length and code units, an absent part as a mark no
 * string gives, each span as its start, end and layer (`-0` as `0`, like the JSON it
 * replaced), so two lists of parts feed different sequences unless they are equal. Two
 * 32-bit lanes with different constants, each finished by an avalanche step, make the
 * 64 bits. Not a cryptographic hash: an id names a record within its run, and a run's
 * records are few (hundreds), so an accidental collision is as unlikely as with the 64
 * bits of sha256 it replaced, which cost a call into the crypto library and the record's
 * canonical JSON per record. `prefix` holds the lanes after the capability and field path
 * were fed (`evidenceIdPrefix`).
 */
function partsId(
  prefix: { readonly low: number; readonly high: number },
  kind: string,
  spans: readonly { readonly start: number; readonly end: number; readonly layer: string }[],
  label: string | undefined,
  pattern: string | undefined,
  discriminator: string | undefined,
): string | null {
  const hasher: PartsHasher = { low: prefix.low, high: prefix.high };
  feedString(hasher, kind);
  feedOptional(hasher, label);
  feedOptional(hasher, pattern);
  feedOptional(hasher, discriminator);
  feedUnit(hasher, spans.length);
  for (let index = 0; index < spans.length; index += 1) {
    const span = spans[index];
    if (typeof span !== 'object' || span === null) return null;
    const { start, end, layer } = span;
    if (typeof start !== 'number' || typeof end !== 'number' || !Number.isFinite(start) || !Number.isFinite(end) || typeof layer !== 'string') return null;
    feedNumber(hasher, start);
    feedNumber(hasher, end);
    feedString(hasher, layer);
  }
  return `ev_${hex32(finish(hasher.high))}${hex32(finish(hasher.low ^ 0x9e3779b9))}`;
}

/** The two running lanes of `partsId`. */
interface PartsHasher {
  low: number;
  high: number;
}

/** Feeds one 32-bit unit to both lanes (a multiply, rotate and multiply step each, with different constants). */
function feedUnit(hasher: PartsHasher, unit: number): void {
  let low = Math.imul(unit, 0xcc9e2d51);
  low = Math.imul((low << 15) | (low >>> 17), 0x1b873593);
  let mixedLow = hasher.low ^ low;
  mixedLow = (mixedLow << 13) | (mixedLow >>> 19);
  hasher.low = (Math.imul(mixedLow, 5) + 0xe6546b64) | 0;
  let high = Math.imul(unit ^ 0x5bd1e995, 0x85ebca6b);
  high = Math.imul((high << 17) | (high >>> 15), 0xc2b2ae35);
  let mixedHigh = hasher.high ^ high;
  mixedHigh = (mixedHigh << 11) | (mixedHigh >>> 21);
  hasher.high = (Math.imul(mixedHigh, 9) + 0x27d4eb2d) | 0;
}

/** A string as its length (beyond any code unit) and then its code units. */
function feedString(hasher: PartsHasher, text: string): void {
  feedUnit(hasher, 0x10000 + text.length);
  for (let index = 0; index < text.length; index += 1) feedUnit(hasher, text.charCodeAt(index));
}

/** An optional part: absent is a unit no string's length gives. */
function feedOptional(hasher: PartsHasher, text: string | undefined): void {
  if (text === undefined) feedUnit(hasher, -1);
  else feedString(hasher, text);
}

/** A span offset: an integer from 0 below 2^30 (every offset of a text) as itself, anything else as a mark and its JSON text. */
function feedNumber(hasher: PartsHasher, value: number): void {
  if (Number.isInteger(value) && value >= 0 && value < 0x40000000) feedUnit(hasher, value);
  else {
    feedUnit(hasher, -2);
    feedString(hasher, JSON.stringify(value));
  }
}

/** The avalanche step that ends a lane. */
function finish(lane: number): number {
  let value = lane ^ (lane >>> 16);
  value = Math.imul(value, 0x85ebca6b);
  value ^= value >>> 13;
  value = Math.imul(value, 0xc2b2ae35);
  value ^= value >>> 16;
  return value >>> 0;
}

/** The character codes of the hex digits. */
const HEX_CODES = Object.freeze([48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 97, 98, 99, 100, 101, 102]);

/** Eight lowercase hex digits of an unsigned 32-bit value (what `toString(16).padStart(8, '0')` writes, without its general radix conversion). */
function hex32(value: number): string {
  return String.fromCharCode(
    HEX_CODES[(value >>> 28) & 15]!,
    HEX_CODES[(value >>> 24) & 15]!,
    HEX_CODES[(value >>> 20) & 15]!,
    HEX_CODES[(value >>> 16) & 15]!,
    HEX_CODES[(value >>> 12) & 15]!,
    HEX_CODES[(value >>> 8) & 15]!,
    HEX_CODES[(value >>> 4) & 15]!,
    HEX_CODES[value & 15]!,
  );
}

/** Source of random ids (injectable for tests). */
export type IdGenerator = () => string;

export const randomIdGenerator: IdGenerator = () => randomUUID();

/** Counter-based ids for tests: `prefix-1`, `prefix-2`, … */
export function sequentialIdGenerator(prefix = 'id'): IdGenerator {
  let counter = 0;
  return () => `${prefix}-${++counter}`;
}
