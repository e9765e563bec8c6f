/**
 * Id helpers. Ids that reach the replay hash (evidence ids) are derived from content, so
 * the same run yields the same ids in any process; only the artifact's own `id` is
 * random, and it is excluded from the hash.
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
 * Deterministic evidence id from what makes the evidence unique: `contentId('ev', parts)`.
 * One is made per evidence record, so the canonical JSON of the usual shape (the keys
 * above, spans of exactly `{ start, end, layer }`) is written directly — the same text
 * `canonicalJson` writes, so the same id; anything else takes `contentId`.
 */
export function evidenceId(parts: EvidenceIdParts): string {
  const text = evidenceIdText(parts);
  return text === null ? contentId('ev', parts) : `ev_${shortHash(text)}`;
}

const OPTIONAL_PARTS = ['label', 'pattern', 'discriminator'] as const;

/** The canonical JSON of `parts` in the usual shape, or null for any other shape. */
function evidenceIdText(parts: EvidenceIdParts): string | null {
  if (!isPlainObject(parts)) return null;
  const { capability, fieldPath, kind, spans, label, pattern, discriminator } = parts;
  if (typeof capability !== 'string' || typeof fieldPath !== 'string' || typeof kind !== 'string' || !Array.isArray(spans)) return null;
  let keys = 4;
  for (const key of OPTIONAL_PARTS) {
    const value = parts[key];
    if (value === undefined) {
      if (key in parts) keys += 1;
    } else if (typeof value === 'string') keys += 1;
    else return null;
  }
  if (Object.keys(parts).length !== keys) return null;
  let spansText = '[';
  for (let index = 0; index < spans.length; index += 1) {
    const span: unknown = spans[index];
    if (!isPlainObject(span)) return null;
    const { start, end, layer } = span;
    if (!Number.isFinite(start) || !Number.isFinite(end) || typeof layer !== 'string' || Object.keys(span).length !== 3) return null;
    spansText += `${index === 0 ? '' : ','}{"end":${JSON.stringify(end)},"layer":${JSON.stringify(layer)},"start":${JSON.stringify(start)}}`;
  }
  // Keys in code-unit order, as canonical JSON writes them; undefined members are left out.
  return (
    `{"capability":${JSON.stringify(capability)}` +
    (discriminator === undefined ? '' : `,"discriminator":${JSON.stringify(discriminator)}`) +
    `,"fieldPath":${JSON.stringify(fieldPath)},"kind":${JSON.stringify(kind)}` +
    (label === undefined ? '' : `,"label":${JSON.stringify(label)}`) +
    (pattern === undefined ? '' : `,"pattern":${JSON.stringify(pattern)}`) +
    `,"spans":${spansText}]}`
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
