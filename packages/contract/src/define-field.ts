/**
 * `defineField` and `defineContract`: build canonical model objects with every default
 * filled in and deep-frozen, so adapters and tests only state what differs.
 */
import { Fallback, deepFreeze } from '@paxman/core';
import type { CanonicalContract, CanonicalField } from './model.js';

export const DEFAULT_CONFIDENCE_THRESHOLD = 0.8;

export type FieldInput = Partial<Omit<CanonicalField, 'fields'>> & Pick<CanonicalField, 'path' | 'type'> & { readonly fields?: readonly FieldInput[] };

/** A complete, frozen `CanonicalField`; `id` and `name` derive from `path` unless given. */
export function defineField(input: FieldInput): CanonicalField {
  const lastSegment = input.path.split('.').pop()!.replace(/\[\]$/, '');
  return deepFreeze({
    id: input.id ?? input.path,
    path: input.path,
    name: input.name ?? lastSegment,
    type: input.type,
    required: input.required ?? false,
    nullable: input.nullable ?? false,
    description: input.description ?? null,
    labels: [...(input.labels ?? [])],
    tags: [...(input.tags ?? [])],
    constraints: [...(input.constraints ?? [])],
    enumValues: [...(input.enumValues ?? [])],
    default: input.default ?? null,
    hasDefault: input.hasDefault ?? (input.default !== undefined && input.default !== null),
    confidenceThreshold: input.confidenceThreshold ?? DEFAULT_CONFIDENCE_THRESHOLD,
    fallback: input.fallback ?? Fallback.UNRESOLVED,
    extractionPattern: input.extractionPattern ?? null,
    derived: input.derived ?? null,
    lookup: input.lookup ?? null,
    currency: input.currency ?? null,
    numberEncoding: input.numberEncoding ?? null,
    fields: (input.fields ?? []).map(defineField),
    itemType: input.itemType ?? null,
  });
}

export type ContractInput = Partial<Omit<CanonicalContract, 'fields'>> & Pick<CanonicalContract, 'id'> & { readonly fields: readonly FieldInput[] };

/** A complete, frozen `CanonicalContract`. */
export function defineContract(input: ContractInput): CanonicalContract {
  return deepFreeze({
    id: input.id,
    version: input.version ?? '1',
    description: input.description ?? null,
    fields: input.fields.map(defineField),
    policy: { ...(input.policy ?? {}) },
    source: input.source ?? { format: 'canonical', formatVersion: null, schemaName: null },
  });
}

/** Every field of a contract, depth first in declaration order (nested members after their parent). */
export function flattenFields(fields: readonly CanonicalField[]): CanonicalField[] {
  const flat: CanonicalField[] = [];
  const visit = (list: readonly CanonicalField[]): void => {
    for (const field of list) {
      flat.push(field);
      visit(field.fields);
    }
  };
  visit(fields);
  return flat;
}

/**
 * Every field that has a result of its own, depth first in declaration order: like
 * `flattenFields`, but the members of an ARRAY's items are left out — they have one value
 * per item, not one per document, and are reported in their array's items
 * (`fieldResults[path].items`), never as fields of their own.
 * @example resultFields(contract.fields).map((field) => field.path) // ['total_amount', 'line_items', 'buyer', 'buyer.name']
 */
export function resultFields(fields: readonly CanonicalField[]): CanonicalField[] {
  const flat: CanonicalField[] = [];
  const visit = (list: readonly CanonicalField[]): void => {
    for (const field of list) {
      flat.push(field);
      if (field.type !== 'ARRAY') visit(field.fields);
    }
  };
  visit(fields);
  return flat;
}
