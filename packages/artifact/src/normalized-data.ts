/**
 * `normalizedData`: the caller-facing data of an artifact, assembled from the field
 * results. A field is present only when it is resolved (SUCCESS / PARTIAL_SUCCESS) or
 * carries its contract default; an OBJECT field with no value of its own is assembled
 * from its resolved members. Values are in the canonical encoding (MONEY
 * `{amount, currency}`, DECIMAL string, DATE `YYYY-MM-DD`), keyed by field name.
 */
import type { JsonValue } from '@paxman/core';
import type { CanonicalContract, CanonicalField } from '@paxman/contract';
import type { ArtifactFieldResult } from './execution-artifact.js';

/** True when a field result carries a value that belongs in `normalizedData`. */
export function hasOutputValue(result: ArtifactFieldResult | undefined): boolean {
  if (result === undefined) return false;
  return result.status === 'SUCCESS' || result.status === 'PARTIAL_SUCCESS' || result.defaulted;
}

export interface AssembledData {
  readonly data: Readonly<Record<string, JsonValue>>;
  /** Paths of every field that contributed a value (itself or through its members). */
  readonly presentPaths: ReadonlySet<string>;
}

/** Assembles the canonical-encoding `normalizedData` of a contract from its field results. */
export function assembleNormalizedData(contract: CanonicalContract, fieldResults: Readonly<Record<string, ArtifactFieldResult>>): AssembledData {
  const presentPaths = new Set<string>();
  const valueOf = (field: CanonicalField): JsonValue | undefined => {
    const result = fieldResults[field.path];
    if (result !== undefined && hasOutputValue(result)) {
      presentPaths.add(field.path);
      return result.value;
    }
    if (field.type !== 'OBJECT' || field.fields.length === 0) return undefined;
    const members: Record<string, JsonValue> = {};
    for (const member of field.fields) {
      // Members of array items have no single value of their own to place here.
      if (member.path.includes('[]')) continue;
      const value = valueOf(member);
      if (value !== undefined) members[member.name] = value;
    }
    if (Object.keys(members).length === 0) return undefined;
    presentPaths.add(field.path);
    return members;
  };
  const data: Record<string, JsonValue> = {};
  for (const field of contract.fields) {
    const value = valueOf(field);
    if (value !== undefined) data[field.name] = value;
  }
  return { data, presentPaths };
}
