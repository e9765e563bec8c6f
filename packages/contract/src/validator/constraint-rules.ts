/**
 * What each constraint kind means for the validator: which field types accept it and
 * which params it needs. `ENUM` fields accept `enum` and `iso_4217` (every Paxman v1
 * fixture relies on it; inventory §2.9).
 */
import { FieldType, isDecimalString } from '@paxman/core';
import type { ConstraintKind } from '../model.js';

/** One rule: the field types a kind applies to and its params, each with a check. */
export interface ConstraintRule {
  readonly types: readonly FieldType[];
  /** Param name → description of the expected value (used in messages). */
  readonly params: Readonly<Record<string, ParamShape>>;
}

/** Shapes a constraint param can have. */
export type ParamShape = 'length' | 'number' | 'regex' | 'values' | 'format';

/** Formats a `format` constraint may name. */
export const CONSTRAINT_FORMATS: readonly string[] = Object.freeze(['date', 'date-time', 'email', 'uri']);

const NUMERIC_TYPES = [FieldType.INTEGER, FieldType.DECIMAL, FieldType.MONEY] as const;

export const CONSTRAINT_RULES: Readonly<Record<ConstraintKind, ConstraintRule>> = Object.freeze({
  min_length: { types: [FieldType.STRING], params: { min: 'length' } },
  max_length: { types: [FieldType.STRING], params: { max: 'length' } },
  pattern: { types: [FieldType.STRING], params: { regex: 'regex' } },
  min_value: { types: NUMERIC_TYPES, params: { min: 'number' } },
  max_value: { types: NUMERIC_TYPES, params: { max: 'number' } },
  exclusive_min_value: { types: NUMERIC_TYPES, params: { min: 'number' } },
  exclusive_max_value: { types: NUMERIC_TYPES, params: { max: 'number' } },
  enum: { types: [FieldType.STRING, FieldType.INTEGER, FieldType.ENUM], params: { values: 'values' } },
  iso_4217: { types: [FieldType.STRING, FieldType.MONEY, FieldType.ENUM], params: {} },
  format: { types: [FieldType.STRING, FieldType.DATE], params: { format: 'format' } },
  min_items: { types: [FieldType.ARRAY], params: { min: 'length' } },
  max_items: { types: [FieldType.ARRAY], params: { max: 'length' } },
} satisfies Record<ConstraintKind, ConstraintRule>);

/** Every constraint kind, in declaration order. */
export const CONSTRAINT_KINDS: readonly ConstraintKind[] = Object.freeze(Object.keys(CONSTRAINT_RULES) as ConstraintKind[]);

export function isConstraintKind(value: unknown): value is ConstraintKind {
  return typeof value === 'string' && Object.hasOwn(CONSTRAINT_RULES, value);
}

/** Null when `value` has the given shape, otherwise what was expected. */
export function paramShapeProblem(shape: ParamShape, value: unknown): string | null {
  switch (shape) {
    case 'length':
      return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? null : 'a non-negative integer';
    case 'number':
      return (typeof value === 'number' && Number.isFinite(value)) || (typeof value === 'string' && isDecimalString(value)) ? null : 'a finite number or a decimal string';
    case 'regex':
      return typeof value === 'string' && value.length > 0 ? null : 'a non-empty regular expression string';
    case 'values':
      return Array.isArray(value) && value.length > 0 && value.every((item) => typeof item === 'string' || (typeof item === 'number' && Number.isFinite(item)))
        ? null
        : 'a non-empty array of strings or numbers';
    case 'format':
      return typeof value === 'string' && CONSTRAINT_FORMATS.includes(value) ? null : `one of ${CONSTRAINT_FORMATS.join(', ')}`;
  }
}
