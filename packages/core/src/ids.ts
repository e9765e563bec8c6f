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
  for (const span of spans as readonly unknown[]) {
    if (!isPlainObject(span) || Object.keys(span).length !== 3) return null;
  }
  return partsText(capability, fieldPath, kind, spans, label, pattern, discriminator);
}

/**
 * `evidenceId` of the parts given one by one, spans read as `{ start, end, layer }` only
 * (other members of a span are not part of the id): the same id as `evidenceId({ capability,
 * fieldPath, kind, spans: spans.map(({ start, end, layer }) => ({ start, end, layer })),
 * label, pattern, discriminator })` with undefined parts left out, without building that
 * object. Capabilities make one per evidence record.
 * @example spanEvidenceId('explicit_evidence@1.0.0', 'total', 'EXACT_LABEL', [{ start: 7, end: 13, layer: 'input' }], 'Total')
 */
export function spanEvidenceId(
  capability: string,
  fieldPath: string,
  kind: string,
  spans: readonly { readonly start: number; readonly end: number; readonly layer: string }[],
  label?: string,
  pattern?: string,
  discriminator?: string,
): string {
  const text =
    typeof capability === 'string' &&
    typeof fieldPath === 'string' &&
    typeof kind === 'string' &&
    Array.isArray(spans) &&
    (label === undefined || typeof label === 'string') &&
    (pattern === undefined || typeof pattern === 'string') &&
    (discriminator === undefined || typeof discriminator === 'string')
      ? partsText(capability, fieldPath, kind, spans, label, pattern, discriminator)
      : null;
  if (text !== null) return `ev_${shortHash(text)}`;
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
 * The canonical JSON of evidence id parts whose members are known to be strings (spans
 * not yet checked), or null when a span's start or end is not a finite number or its
 * layer not a string. Keys in code-unit order, as canonical JSON writes them; undefined
 * members are left out. A finite number prints the same by template as by JSON.stringify.
 */
function partsText(
  capability: string,
  fieldPath: string,
  kind: string,
  spans: readonly { readonly start: number; readonly end: number; readonly layer: string }[],
  label: string | undefined,
  pattern: string | undefined,
  discriminator: string | undefined,
): string | null {
  let spansText = '[';
  for (let index = 0; index < spans.length; index += 1) {
    const span = spans[index];
    if (typeof span !== 'object' || span === null) return null;
    const { start, end, layer } = span;
    if (typeof start !== 'number' || typeof end !== 'number' || !Number.isFinite(start) || !Number.isFinite(end) || typeof layer !== 'string') return null;
    spansText += `${index === 0 ? '' : ','}{"end":${end},"layer":${JSON.stringify(layer)},"start":${start}}`;
  }
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
