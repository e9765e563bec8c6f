/**
 * The canonical contract model (ARCHITECTURE §4): the one shape every adapter produces
 * and every later layer reads. Plain readonly data. The fingerprint is the sha256 of the
 * canonical JSON of the contract without its source-format metadata (`source` and each
 * field's `numberEncoding`), so the same contract written in Dict DSL or JSON Schema has
 * the same fingerprint, and any semantic difference changes it.
 */
import type { ContractProblem } from './adapter.js';
import type { Fallback, FieldType, JsonValue, PolicyInput } from '@paxman/core';

/** Constraint kinds understood by the validator and reconciler. */
export type ConstraintKind =
  | 'min_length'
  | 'max_length'
  | 'pattern'
  | 'min_value'
  | 'max_value'
  | 'exclusive_min_value'
  | 'exclusive_max_value'
  | 'enum'
  | 'iso_4217'
  | 'format'
  | 'min_items'
  | 'max_items';

/**
 * A constraint on a field's value. Params by kind:
 * `min_length {min}`, `max_length {max}`, `pattern {regex}` (RE2 syntax; may name a
 * group `value` to double as an extraction pattern), `min_value {min}`, `max_value {max}`,
 * `exclusive_min_value {min}`, `exclusive_max_value {max}` (numbers as decimal strings or
 * numbers), `enum {values}`, `iso_4217 {}`, `format {format: 'date'|'date-time'|'email'|'uri'}`,
 * `min_items {min}`, `max_items {max}`.
 */
export interface Constraint {
  readonly kind: ConstraintKind;
  readonly params: Readonly<Record<string, JsonValue>>;
}

/** An allowed ENUM value with the other spellings a document may use for it. */
export interface EnumValue {
  readonly value: string;
  readonly synonyms: readonly string[];
}

/** How the source schema encoded a number, so output can be produced in its encoding. */
export type NumberEncoding = 'number' | 'integer' | 'string';

/** A derived relation the `derived` capability can evaluate: `total = subtotal + tax - discount`. */
export interface DerivedRelation {
  /** Arithmetic expression over other field paths: `+ - *` and parentheses, e.g. `subtotal + tax_amount`. */
  readonly expression: string;
  /** Absolute tolerance for a confirming check, as a decimal string (default `"0.01"`). */
  readonly tolerance?: string;
}

/** An inline lookup table a field may be resolved from (`tier 3`). */
export interface LookupSpec {
  /** Name of a table supplied to the Paxman instance, or an inline table in `entries`. */
  readonly table: string;
  /** Path of the field (or `@document` for recognised spans) whose value is the lookup key. */
  readonly keyField: string;
  readonly entries?: Readonly<Record<string, JsonValue>>;
}

export interface CanonicalField {
  /** Stable id; equals `path`. */
  readonly id: string;
  /** `buyer.name`, `line_items[].amount`. */
  readonly path: string;
  /** Last path segment. */
  readonly name: string;
  readonly type: FieldType;
  readonly required: boolean;
  readonly nullable: boolean;
  readonly description: string | null;
  /** Extra phrases a document may use for this field. */
  readonly labels: readonly string[];
  /** Lower-case kebab tags (`currency-sensitive`, `identifier`). */
  readonly tags: readonly string[];
  readonly constraints: readonly Constraint[];
  /** ENUM only: allowed values (with synonyms); empty otherwise. */
  readonly enumValues: readonly EnumValue[];
  /** JSON-encoded default (MONEY `{amount, currency}`, DATE `YYYY-MM-DD`), or null for none. */
  readonly default: JsonValue;
  readonly hasDefault: boolean;
  /** Confidence at or above which the field counts as resolved (default 0.80). */
  readonly confidenceThreshold: number;
  readonly fallback: Fallback;
  /** Extraction regex (RE2 syntax, group `value` or whole match), besides `pattern` constraints. */
  readonly extractionPattern: string | null;
  readonly derived: DerivedRelation | null;
  readonly lookup: LookupSpec | null;
  /** MONEY only: a fixed currency the contract requires, or null. */
  readonly currency: string | null;
  /** How the source format represents numbers of this field (DECIMAL/INTEGER/MONEY amount). */
  readonly numberEncoding: NumberEncoding | null;
  /** OBJECT: its members; ARRAY: the members of each item (or one `[]` item field for scalar arrays). */
  readonly fields: readonly CanonicalField[];
  /** ARRAY only: the item type. */
  readonly itemType: FieldType | null;
}

/** Which adapter and source format produced a contract (for `export` and output encoding). */
export interface ContractSource {
  /** `dict-dsl`, `json-schema`, `openapi`, `zod`, or a custom adapter id. */
  readonly format: string;
  /** Format version: `2020-12`, `draft-07`, `3.0.3`, `3.1.0`, … or null. */
  readonly formatVersion: string | null;
  /** For OpenAPI: the component schema chosen. */
  readonly schemaName: string | null;
  /**
   * What the adapter kept without a meaning (a `format` it cannot check), each with where
   * it is: notes, not errors. Absent when there are none. Not part of the fingerprint.
   */
  readonly annotations?: readonly ContractProblem[];
}

export interface CanonicalContract {
  readonly id: string;
  readonly version: string;
  readonly description: string | null;
  readonly fields: readonly CanonicalField[];
  /** Contract-level policy; overrides the call-site policy (effective policy). */
  readonly policy: PolicyInput;
  readonly source: ContractSource;
}
