/**
 * A fast-check arbitrary of valid canonical contracts, for property tests of every adapter
 * (export → adapt must give the same fingerprint). It covers every field type, nesting
 * (OBJECT members, ARRAY of objects and of scalars), nullable and optional fields,
 * constraints of every kind that fits each type, enum synonyms, defaults (including
 * `null` defaults of nullable fields), labels, tags, thresholds, fallbacks, fixed MONEY
 * currencies, number encodings, extraction patterns, lookups, derived relations and
 * contract policies.
 * Contracts the validator would reject are filtered out. Test-only: it imports fast-check,
 * which is a dev dependency, and is not exported from the package.
 */
import fc from 'fast-check';
import { Fallback, FieldType, type JsonValue } from '@paxman/core';
import { defineContract, type FieldInput } from '../../define-field.js';
import type { CanonicalContract, Constraint, NumberEncoding } from '../../model.js';
import { validateContract } from '../../validator/validate-contract.js';

export interface ContractArbitraryOptions {
  /** Maximum nesting depth of OBJECT / ARRAY fields (default 2). */
  readonly maxDepth?: number;
  /** Field types to draw from (default: all nine). */
  readonly types?: readonly FieldType[];
  /** Number encodings to draw from (default: null and all three). */
  readonly numberEncodings?: readonly (NumberEncoding | null)[];
}

const identifier = fc.stringMatching(/^[a-z][a-z0-9_]{0,8}$/);
const text = fc.string({ minLength: 1, maxLength: 12 }).filter((value) => value.trim().length > 0);
const tag = fc.stringMatching(/^[a-z][a-z0-9-]{0,8}$/);
const patterns = fc.constantFrom('^[A-Z]{2}\\d+$', '\\d{4}-\\d{2}', '(?P<value>[0-9]+)', '^.+$');
const decimalString = fc.tuple(fc.integer({ min: -99999, max: 99999 }), fc.integer({ min: 0, max: 999 }), fc.boolean()).map(([whole, fraction, padded]) => {
  const digits = padded ? String(fraction).padStart(3, '0') : String(fraction);
  return `${whole}.${digits}`;
});
const numberParam: fc.Arbitrary<JsonValue> = fc.oneof(fc.integer({ min: -1000, max: 1000 }), fc.double({ min: -1000, max: 1000, noNaN: true, noDefaultInfinity: true }), decimalString);
const isoDate = fc.date({ min: new Date('1990-01-01T00:00:00Z'), max: new Date('2040-12-31T00:00:00Z'), noInvalidDate: true }).map((date) => date.toISOString().slice(0, 10));
const currency = fc.constantFrom('USD', 'EUR', 'JPY', 'GBP');

function subsetInOrder<T>(items: readonly fc.Arbitrary<T>[]): fc.Arbitrary<T[]> {
  return fc.tuple(...items.map((item) => fc.option(item, { nil: undefined })), fc.boolean()).map((drawn) => {
    const reverse = drawn.pop() as boolean;
    const chosen = (drawn as (T | undefined)[]).filter((item): item is T => item !== undefined);
    return reverse ? chosen.reverse() : chosen;
  });
}

function constraint(kind: Constraint['kind'], params: Record<string, JsonValue>): Constraint {
  return { kind, params };
}

const lowParam: fc.Arbitrary<JsonValue> = fc.oneof(fc.integer({ min: -1000, max: 0 }), fc.double({ min: -1000, max: 0, noNaN: true }), decimalString.map((value) => `-${value.replace(/^-/, '')}`));
const highParam: fc.Arbitrary<JsonValue> = fc.oneof(fc.integer({ min: 1, max: 1000 }), fc.double({ min: 1, max: 1000, noNaN: true }), decimalString.map((value) => value.replace(/^-/, '')).filter((value) => Number(value) >= 1));
const numericConstraints = subsetInOrder([
  lowParam.map((min) => constraint('min_value', { min })),
  highParam.map((max) => constraint('max_value', { max })),
  numberParam.map((min) => constraint('exclusive_min_value', { min })),
  numberParam.map((max) => constraint('exclusive_max_value', { max })),
]);

type Draft = Omit<FieldInput, 'path' | 'fields'> & { readonly fields?: readonly Draft[]; readonly name: string };

function common(draft: fc.Arbitrary<Omit<Draft, 'name' | 'required' | 'nullable'>>): fc.Arbitrary<Omit<Draft, 'name'>> {
  return fc
    .record({
      base: draft,
      required: fc.boolean(),
      nullable: fc.boolean(),
      description: fc.option(text, { nil: undefined }),
      labels: fc.uniqueArray(text, { maxLength: 2 }),
      tags: fc.uniqueArray(tag, { maxLength: 2 }),
      confidenceThreshold: fc.option(fc.double({ min: 0, max: 1, noNaN: true }), { nil: undefined }),
      fallback: fc.constantFrom(Fallback.UNRESOLVED, Fallback.REQUIRE_HUMAN, Fallback.USE_DEFAULT),
      nullDefault: fc.boolean(),
    })
    .map(({ base, required, nullable, description, labels, tags, confidenceThreshold, fallback, nullDefault }) => {
      let draftValue: Omit<Draft, 'name'> = { ...base, required, nullable, labels, tags };
      if (nullable && nullDefault && !base.hasDefault) draftValue = { ...draftValue, default: null, hasDefault: true };
      const hasDefault = draftValue.hasDefault === true;
      return {
        ...draftValue,
        ...(description === undefined ? {} : { description }),
        ...(confidenceThreshold === undefined ? {} : { confidenceThreshold }),
        fallback: fallback === Fallback.USE_DEFAULT && !hasDefault ? Fallback.UNRESOLVED : fallback,
      };
    });
}

function withDefault<T extends JsonValue>(value: fc.Arbitrary<T>): fc.Arbitrary<{ default?: T; hasDefault?: boolean }> {
  return fc.option(value, { nil: undefined }).map((drawn) => (drawn === undefined ? {} : { default: drawn, hasDefault: true }));
}

function scalarDraft(type: FieldType, encodings: readonly (NumberEncoding | null)[]): fc.Arbitrary<Omit<Draft, 'name' | 'required' | 'nullable'>> {
  const encoding = fc.constantFrom(...encodings);
  switch (type) {
    case FieldType.STRING:
      return fc
        .record({
          constraints: subsetInOrder([
            fc.integer({ min: 0, max: 5 }).map((min) => constraint('min_length', { min })),
            fc.integer({ min: 5, max: 80 }).map((max) => constraint('max_length', { max })),
            patterns.map((regex) => constraint('pattern', { regex })),
            fc.constantFrom('email', 'uri', 'date-time', 'date').map((format) => constraint('format', { format })),
            fc.uniqueArray(text, { minLength: 1, maxLength: 3 }).map((values) => constraint('enum', { values })),
          ]),
          extractionPattern: fc.option(patterns, { nil: undefined }),
          lookup: fc.option(fc.constant({ table: 'suppliers', keyField: '@document' }), { nil: undefined }),
          defaultValue: withDefault(text),
        })
        .map(({ constraints, extractionPattern, lookup, defaultValue }) => ({
          type,
          constraints,
          ...defaultValue,
          ...(extractionPattern === undefined ? {} : { extractionPattern }),
          ...(lookup === undefined ? {} : { lookup }),
        }));
    case FieldType.INTEGER:
      return fc
        .record({
          numberEncoding: encoding,
          bounds: subsetInOrder([
            fc.integer({ min: -100, max: 0 }).map((min) => constraint('min_value', { min })),
            fc.integer({ min: 1, max: 100 }).map((max) => constraint('max_value', { max })),
            fc.integer({ min: -100, max: 0 }).map((min) => constraint('exclusive_min_value', { min })),
            fc.uniqueArray(fc.integer({ min: -5, max: 5 }), { minLength: 1, maxLength: 3 }).map((values) => constraint('enum', { values })),
          ]),
          defaultValue: withDefault(fc.integer({ min: -1000, max: 1000 })),
        })
        .map(({ numberEncoding, bounds, defaultValue }) => ({ type, numberEncoding, constraints: bounds, ...defaultValue }));
    case FieldType.DECIMAL:
      return fc
        .record({ numberEncoding: encoding, constraints: numericConstraints, defaultValue: withDefault(decimalString) })
        .map(({ numberEncoding, constraints, defaultValue }) => ({ type, numberEncoding, constraints, ...defaultValue }));
    case FieldType.BOOLEAN:
      return withDefault(fc.boolean()).map((defaultValue) => ({ type, ...defaultValue }));
    case FieldType.DATE:
      return withDefault(isoDate).map((defaultValue) => ({ type, ...defaultValue }));
    case FieldType.ENUM:
      return fc
        .uniqueArray(fc.tuple(fc.stringMatching(/^[A-Z][A-Z_]{0,6}$/), fc.uniqueArray(fc.stringMatching(/^[a-z]{1,6}$/), { maxLength: 2 })), {
          minLength: 1,
          maxLength: 4,
          selector: ([value]) => value,
        })
        .chain((pairs) => {
          const seen = new Set<string>();
          const enumValues = pairs.map(([value, synonyms]) => {
            seen.add(value);
            const own = synonyms.filter((synonym) => !seen.has(synonym));
            own.forEach((synonym) => seen.add(synonym));
            return { value, synonyms: own };
          });
          const values = enumValues.map((enumValue) => enumValue.value);
          return fc
            .record({
              defaultValue: withDefault(fc.constantFrom(...values)),
              constraints: subsetInOrder([fc.subarray(values, { minLength: 1 }).map((subset) => constraint('enum', { values: subset }))]),
            })
            .map(({ defaultValue, constraints }) => ({ type, enumValues, constraints, ...defaultValue }));
        });
    case FieldType.MONEY:
      return fc
        .record({
          numberEncoding: encoding,
          currency: fc.option(currency, { nil: null }),
          constraints: fc.tuple(numericConstraints, fc.boolean()).map(([bounds, iso]) => (iso ? [...bounds, constraint('iso_4217', {})] : bounds)),
          amount: fc.option(decimalString, { nil: undefined }),
          defaultCurrency: currency,
        })
        .map(({ numberEncoding, currency: fixed, constraints, amount, defaultCurrency }) => ({
          type,
          numberEncoding,
          currency: fixed,
          constraints,
          ...(amount === undefined ? {} : { default: { amount, currency: fixed ?? defaultCurrency }, hasDefault: true }),
        }));
    default:
      throw new Error(`not a scalar type: ${type}`);
  }
}

function fieldDraft(depth: number, options: Required<ContractArbitraryOptions>): fc.Arbitrary<Omit<Draft, 'name'>> {
  const scalarTypes = options.types.filter((type) => type !== FieldType.OBJECT && type !== FieldType.ARRAY);
  const choices: fc.Arbitrary<Omit<Draft, 'name'>>[] = scalarTypes.map((type) => common(scalarDraft(type, options.numberEncodings)));
  if (depth > 0 && options.types.includes(FieldType.OBJECT)) {
    choices.push(common(members(depth - 1, options).map((fields) => ({ type: FieldType.OBJECT, fields }))));
  }
  if (depth > 0 && options.types.includes(FieldType.ARRAY)) {
    const itemBounds = subsetInOrder([fc.integer({ min: 0, max: 2 }).map((min) => constraint('min_items', { min })), fc.integer({ min: 3, max: 9 }).map((max) => constraint('max_items', { max }))]);
    choices.push(common(fc.tuple(members(depth - 1, options), itemBounds).map(([fields, constraints]) => ({ type: FieldType.ARRAY, itemType: FieldType.OBJECT, fields, constraints }))));
    if (scalarTypes.length > 0) {
      const item = fc.constantFrom(...scalarTypes).chain((type) => common(scalarDraft(type, options.numberEncodings)));
      choices.push(
        common(
          fc.tuple(item, itemBounds).map(([itemDraft, constraints]) => ({
            type: FieldType.ARRAY,
            itemType: itemDraft.type,
            fields: [{ ...itemDraft, name: '', required: true }],
            constraints,
          })),
        ),
      );
    }
  }
  return fc.oneof(...choices);
}

function members(depth: number, options: Required<ContractArbitraryOptions>): fc.Arbitrary<Draft[]> {
  return fc
    .uniqueArray(identifier, { minLength: 1, maxLength: 4 })
    .chain((names) => fc.tuple(...names.map((name) => fieldDraft(depth, options).map((draft): Draft => ({ ...draft, name })))));
}

function toFieldInput(draft: Draft, prefix: string | null, parent: Draft | null): FieldInput {
  let path: string;
  if (parent !== null && parent.type === FieldType.ARRAY && parent.itemType !== FieldType.OBJECT) path = `${prefix}[]`;
  else if (parent !== null && parent.type === FieldType.ARRAY) path = `${prefix}[].${draft.name}`;
  else path = prefix === null ? draft.name : `${prefix}.${draft.name}`;
  const { name: _name, fields, ...rest } = draft;
  return { ...rest, path, fields: (fields ?? []).map((child) => toFieldInput(child, path, draft)) };
}

/** Makes the first top-level number field derived from the others (`a = b + c * 2`), when there are two or more. */
function withDerivedTotal(fields: FieldInput[], tolerance: string | undefined): FieldInput[] {
  if (tolerance === undefined) return fields;
  const numeric = fields.filter((field) => field.type === FieldType.INTEGER || field.type === FieldType.DECIMAL || field.type === FieldType.MONEY);
  if (numeric.length < 2) return fields;
  const [target, ...operands] = numeric;
  const expression = operands.length === 1 ? operands[0]!.path : `${operands[0]!.path} + ${operands[1]!.path} * 2`;
  return fields.map((field) => (field === target ? { ...field, derived: { expression, tolerance } } : field));
}

/**
 * Valid canonical contracts.
 * @example fc.assert(fc.property(contractArbitrary(), (contract) => validateContract(contract).length === 0))
 */
export function contractArbitrary(options: ContractArbitraryOptions = {}): fc.Arbitrary<CanonicalContract> {
  const resolved: Required<ContractArbitraryOptions> = {
    maxDepth: options.maxDepth ?? 2,
    types: options.types ?? Object.values(FieldType),
    numberEncodings: options.numberEncodings ?? [null, 'number', 'integer', 'string'],
  };
  return fc
    .record({
      id: fc.stringMatching(/^[a-z][a-z0-9-]{0,12}$/),
      version: fc.constantFrom('1', '2', '2024-06'),
      description: fc.option(text, { nil: null }),
      policy: fc.record({ confidenceFloor: fc.double({ min: 0, max: 1, noNaN: true }), unresolvedAcceptable: fc.boolean() }, { requiredKeys: [] }),
      fields: members(resolved.maxDepth, resolved),
      derive: fc.option(fc.constantFrom('0.01', '0.5'), { nil: undefined }),
    })
    .map(({ id, version, description, policy, fields, derive }) =>
      defineContract({ id, version, description, policy, fields: withDerivedTotal(fields.map((draft) => toFieldInput(draft, null, null)), derive) }),
    )
    .filter((contract) => validateContract(contract).length === 0);
}

