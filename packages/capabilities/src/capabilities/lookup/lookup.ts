/**
 * `lookup` (tier 3): resolves a field from a table — one supplied to the Paxman instance
 * (`context.tables[name]`) or declared inline in the contract (`field.lookup.entries`).
 * The key is the value of another resolved field (`lookup.keyField`), or, with
 * `keyField: '@document'`, any table key printed in the document (whole words). Keys
 * match exactly, then case-insensitively, then after normalization (diacritics,
 * punctuation and spacing removed); evidence says which (`detail.match`).
 *
 * A table value is converted to the field's encoding (numbers to decimal strings for
 * DECIMAL, `{ amount, currency }` kept for MONEY); a value that does not fit is refused.
 */
import { CapabilityTier, EvidenceKind, isPlainObject, type JsonValue, type SourceSpan } from '@paxman/core';
import type { CanonicalField } from '@paxman/contract';
import { capabilityKey, type Capability, type CapabilityContext, type CapabilityResult, type CapabilitySpec, type StepConfiguration } from '@paxman/capability-spi';
import { createResultBuilder } from '../shared/result-builder.js';

/** The spec of `lookup@1.0.0`. */
export const LOOKUP_SPEC: CapabilitySpec = Object.freeze({
  id: 'lookup',
  version: '1.0.0',
  tier: CapabilityTier.STRUCTURED_LOOKUP,
  acceptsTypes: Object.freeze(['*'] as const),
  costHint: Object.freeze({ tokens: 0, ms: 1, usd: '0' }),
  deterministic: true,
  description: 'Table lookups keyed by a resolved field or a key printed in the document.',
});

/** The step config, or `{ skip }` when the field declares no lookup. */
export function configureLookup(field: CanonicalField): StepConfiguration {
  if (!field.lookup) return { skip: `${field.path} declares no lookup table.` };
  return {
    config: {
      table: field.lookup.table,
      keyField: field.lookup.keyField,
      entries: field.lookup.entries ? { ...field.lookup.entries } : null,
      fieldType: field.type,
    },
  };
}

/** Lower case, no diacritics, letters and digits only. */
export function normalizeLookupKey(key: string): string {
  return key
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '');
}

type MatchKind = 'exact' | 'case-insensitive' | 'normalized';

function findEntry(entries: Readonly<Record<string, JsonValue>>, key: string): { key: string; value: JsonValue; match: MatchKind } | null {
  if (Object.hasOwn(entries, key)) return { key, value: entries[key]!, match: 'exact' };
  const keys = Object.keys(entries).sort();
  const lower = key.toLowerCase();
  const caseless = keys.filter((candidate) => candidate.toLowerCase() === lower);
  if (caseless.length === 1) return { key: caseless[0]!, value: entries[caseless[0]!]!, match: 'case-insensitive' };
  const normalized = normalizeLookupKey(key);
  if (normalized.length === 0) return null;
  const loose = keys.filter((candidate) => normalizeLookupKey(candidate) === normalized);
  // Two table keys that normalize alike make the loose match ambiguous: refuse it.
  if (loose.length === 1) return { key: loose[0]!, value: entries[loose[0]!]!, match: 'normalized' };
  return null;
}

function encode(value: JsonValue, fieldType: string): JsonValue | undefined {
  switch (fieldType) {
    case 'DECIMAL':
      return typeof value === 'number' && Number.isFinite(value) ? String(value) : typeof value === 'string' && /^-?\d+(?:\.\d+)?$/.test(value) ? value : undefined;
    case 'INTEGER':
      return typeof value === 'number' && Number.isInteger(value) ? value : typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : undefined;
    case 'BOOLEAN':
      return typeof value === 'boolean' ? value : undefined;
    case 'MONEY':
      return isPlainObject(value) && typeof value.amount === 'string' ? { amount: value.amount, currency: typeof value.currency === 'string' ? value.currency : null } : undefined;
    case 'STRING':
    case 'ENUM':
    case 'DATE':
      return typeof value === 'string' ? value : undefined;
    default:
      return value;
  }
}

function keyText(value: JsonValue): string | null {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return null;
}

function escapeRegExp(literal: string): string {
  return literal.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Creates the capability. */
export function createLookupCapability(): Capability {
  const key = capabilityKey(LOOKUP_SPEC);
  const invoke = (context: CapabilityContext): CapabilityResult => {
    const builder = createResultBuilder({ capability: key, tier: LOOKUP_SPEC.tier, fieldPath: context.field.path, document: context.document });
    const tableName = String(context.config.table ?? '');
    const inline = context.config.entries;
    const entries = isPlainObject(inline) ? (inline as Readonly<Record<string, JsonValue>>) : context.tables[tableName];
    if (!entries) {
      builder.diagnostic({ code: 'LOOKUP_TABLE_MISSING', severity: 'WARNING', message: `Lookup table "${tableName}" was not supplied to this instance.`, context: { table: tableName } });
      return builder.build();
    }
    const fieldType = String(context.config.fieldType);
    const keyField = String(context.config.keyField ?? '');
    const record = (found: { key: string; value: JsonValue; match: MatchKind }, lookedUp: string, spans: readonly SourceSpan[], text?: string): void => {
      const value = encode(found.value, fieldType);
      if (value === undefined) {
        builder.diagnostic({ code: 'LOOKUP_VALUE_TYPE', severity: 'WARNING', message: `Table "${tableName}" maps "${found.key}" to a value that is not a ${fieldType}.`, context: { table: tableName, key: found.key } });
        return;
      }
      builder.finding({
        value,
        raw: lookedUp,
        rank: found.match === 'exact' ? 3 : found.match === 'case-insensitive' ? 2 : 1,
        kind: EvidenceKind.LOOKUP,
        spans,
        ...(text === undefined ? {} : { text }),
        pattern: `table:${tableName}`,
        discriminator: `${found.key}`,
        detail: { table: tableName, keyField, key: found.key, lookedUp, match: found.match },
      });
    };
    if (keyField === '@document') {
      const layer = context.document.layers[context.document.primaryLayer] ?? context.document.layers.input;
      const text = layer?.text ?? '';
      for (const tableKey of Object.keys(entries).sort()) {
        if (tableKey.trim().length < 2) continue;
        const pattern = new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(tableKey)}(?![\\p{L}\\p{N}])`, 'giu');
        const spans: SourceSpan[] = [];
        let exact = false;
        for (const match of text.matchAll(pattern)) {
          spans.push({ start: match.index, end: match.index + match[0].length, layer: layer!.name });
          exact ||= match[0] === tableKey;
          if (spans.length >= 10) break;
        }
        if (spans.length === 0) continue;
        const first = text.slice(spans[0]!.start, spans[0]!.end);
        record({ key: tableKey, value: entries[tableKey]!, match: exact ? 'exact' : 'case-insensitive' }, first, spans, first);
      }
      return builder.build();
    }
    const resolved = context.resolved.get(keyField);
    const lookedUp = resolved ? keyText(resolved.value) : null;
    if (lookedUp === null) return builder.build();
    const found = findEntry(entries, lookedUp);
    if (found) record(found, lookedUp, []);
    return builder.build();
  };
  return Object.freeze({ spec: LOOKUP_SPEC, configure: configureLookup, invoke });
}
