/**
 * `CanonicalContract` → Dict DSL. Writes only what differs from the DSL's defaults, so
 * the output is what a person would write by hand, and `adaptDictDsl(exportDictDsl(c))`
 * gives back a contract equal to `c` (apart from `source` and number encodings, which
 * the DSL does not carry): adapt → export → adapt is a fixed point.
 */
import { Fallback, FieldType, type JsonValue, type Policy } from '@paxman/core';
import { DEFAULT_CONFIDENCE_THRESHOLD } from '../../define-field.js';
import type { CanonicalContract, CanonicalField } from '../../model.js';
import { dslPolicyKey } from './policy-keys.js';

/** A Dict DSL document (plain JSON). */
export type DictDslContract = { readonly [key: string]: JsonValue };

/**
 * The Dict DSL form of a contract.
 * @example exportDictDsl(adaptDictDsl(source)) // equal to `source` up to defaults written out
 */
export function exportDictDsl(contract: CanonicalContract): DictDslContract {
  const out: Record<string, JsonValue> = { id: contract.id, version: contract.version };
  if (contract.description !== null) out.description = contract.description;
  out.fields = contract.fields.map((field) => exportField(field));
  const policy = exportPolicy(contract.policy);
  if (Object.keys(policy).length > 0) out.policy = policy;
  return out;
}

function exportPolicy(policy: CanonicalContract['policy']): Record<string, JsonValue> {
  const out: Record<string, JsonValue> = {};
  for (const key of Object.keys(policy).sort() as (keyof Policy)[]) {
    const value = policy[key];
    if (value !== undefined) out[dslPolicyKey(key)] = value as JsonValue;
  }
  return out;
}

function exportField(field: CanonicalField): Record<string, JsonValue> {
  const body = exportBody(field);
  return { name: field.name, type: body.type!, required: field.required, ...body };
}

/** Everything but name and required (shared with the `items` spec of scalar arrays). */
function exportBody(field: CanonicalField): Record<string, JsonValue> {
  const out: Record<string, JsonValue> = { type: field.type };
  if (field.nullable) out.nullable = true;
  if (field.description !== null) out.description = field.description;
  if (field.labels.length > 0) out.labels = [...field.labels];
  if (field.tags.length > 0) out.tags = [...field.tags];
  if (field.constraints.length > 0) out.constraints = field.constraints.map((constraint) => ({ kind: constraint.kind, params: constraint.params }));
  if (field.type === FieldType.ENUM) {
    out.enum_values = field.enumValues.map((enumValue) => (enumValue.synonyms.length === 0 ? enumValue.value : { value: enumValue.value, synonyms: [...enumValue.synonyms] }));
  }
  if (field.hasDefault) out.default = field.default;
  if (field.confidenceThreshold !== DEFAULT_CONFIDENCE_THRESHOLD) out.confidence_threshold = field.confidenceThreshold;
  if (field.fallback !== Fallback.UNRESOLVED) out.fallback = field.fallback;
  if (field.extractionPattern !== null) out.extraction_pattern = field.extractionPattern;
  if (field.currency !== null) out.currency = field.currency;
  if (field.derived !== null) {
    out.derived = field.derived.tolerance === undefined ? { expression: field.derived.expression } : { expression: field.derived.expression, tolerance: field.derived.tolerance };
  }
  if (field.lookup !== null) {
    out.lookup = { table: field.lookup.table, key_field: field.lookup.keyField, ...(field.lookup.entries === undefined ? {} : { entries: field.lookup.entries }) };
  }
  if (field.type === FieldType.OBJECT && field.fields.length > 0) out.fields = field.fields.map((member) => exportField(member));
  if (field.type === FieldType.ARRAY && field.itemType !== null) {
    if (field.itemType === FieldType.OBJECT) out.fields = field.fields.map((member) => exportField(member));
    else if (field.fields[0] !== undefined) out.items = exportBody(field.fields[0]);
  }
  return out;
}
