/**
 * Id helpers. Ids that reach the replay hash (evidence ids) are derived from content, so
 * the same run yields the same ids in any process; only the artifact's own `id` is
 * random, and it is excluded from the hash.
 */
import { randomUUID } from 'node:crypto';
import { canonicalJson, sha256Hex } from './canonical-json.js';

/** A short deterministic id: `prefix` + the first 16 hex digits of sha256(canonical JSON of parts). */
export function contentId(prefix: string, parts: unknown): string {
  return `${prefix}_${sha256Hex(canonicalJson(parts)).slice(0, 16)}`;
}

/** Deterministic evidence id from what makes the evidence unique. */
export function evidenceId(parts: { capability: string; fieldPath: string; kind: string; spans: readonly { start: number; end: number; layer: string }[]; label?: string; pattern?: string; discriminator?: string }): string {
  return contentId('ev', parts);
}

/** Source of random ids (injectable for tests). */
export type IdGenerator = () => string;

export const randomIdGenerator: IdGenerator = () => randomUUID();

/** Counter-based ids for tests: `prefix-1`, `prefix-2`, … */
export function sequentialIdGenerator(prefix = 'id'): IdGenerator {
  let counter = 0;
  return () => `${prefix}-${++counter}`;
}
