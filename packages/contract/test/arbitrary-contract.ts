/**
 * fast-check arbitraries for valid canonical contracts (test support, not shipped).
 * Records are built with ordinary prototypes, as JSON parsing would produce them.
 * Every generated contract passes `validateContract`; adapters use it to check that
 * export → adapt preserves a contract's fingerprint.
 */
import { FieldType, type JsonValue, type PolicyInput } from '@paxman/core';
import fc from 'fast-check';
import { defineContract, type FieldInput } from '../src/define-field.js';
import type { CanonicalContract, Constraint, EnumValue } from '../src/model.js';

const identifier = fc.stringMatching(/^[a-z][a-z0-9_]{0,8}$/);
const text = fc.string({ minLength: 1, maxLength: 12 }).filter((value) => value.trim().length > 0);
const tag = fc.stringMatching(/^[a-z][a-z0-9-]{0,8}$/);
const threshold = fc.integer({ min: 0, max: 100 }).map((value) => value / 100);
const decimalText = fc.tuple(fc.integer({ min: -99999, max: 99999 }), fc.integer({ min: 0, max: 99 })).map(([whole, cents]) => `${whole}.${String(cents).padStart(2, '0')}`);
const isoDate = fc.date({ min: new Date('1990-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true }).map((date) => date.toISOString().slice(0, 10));
const SCALAR_TYPES = [FieldType.STRING, FieldType.INTEGER, FieldType.DECIMAL, FieldType.BOOLEAN, FieldType.DATE, FieldType.ENUM, FieldType.MONEY] as const;

/** The parts every field type shares. */
const common = fc.record({
  required: fc.boolean(),
  nullable: fc.boolean(),
  description: fc.option(text, { nil: null }),
  labels: fc.uniqueArray(text, { maxLength: 3 }),
  tags: fc.uniqueArray(tag, { maxLength: 3 }),
  confidenceThreshold: threshold,
  extractionPattern: fc.option(fc.constantFrom('(?P<value>\\d+)', '[A-Z]{3}', 'Total:\\s*(.+)'), { nil: null }),
  lookup: fc.option(fc.record({ table: identifier, keyField: fc.constant('@document') }, { noNullPrototype: true }), { nil: null }),
  fallback: fc.constantFrom('UNRESOLVED', 'REQUIRE_HUMAN', 'USE_DEFAULT') as fc.Arbitrary<FieldInput['fallback']>,
}, { noNullPrototype: true });

/** Type-specific parts for a scalar type. */
function typed(type: (typeof SCALAR_TYPES)[number]): fc.Arbitrary<Partial<FieldInput>> {
  switch (type) {
    case FieldType.STRING:
      return fc.record({
        constraints: fc.subarray<Constraint>([
          { kind: 'min_length', params: { min: 1 } },
          { kind: 'max_length', params: { max: 200 } },
          { kind: 'pattern', params: { regex: '^[A-Z0-9-]+$' } },
          { kind: 'format', params: { format: 'email' } },
        ]),
        default: fc.option(text, { nil: undefined }),
      }, { noNullPrototype: true });
    case FieldType.INTEGER:
      return fc.record({
        constraints: fc.subarray<Constraint>([{ kind: 'min_value', params: { min: 0 } }, { kind: 'max_value', params: { max: '1000000' } }]),
        default: fc.option(fc.integer({ min: 0, max: 1000 }), { nil: undefined }),
        numberEncoding: fc.constantFrom('integer', 'string', null),
      }, { noNullPrototype: true });
    case FieldType.DECIMAL:
      return fc.record({
        constraints: fc.subarray<Constraint>([{ kind: 'exclusive_min_value', params: { min: '-100000' } }]),
        default: fc.option(decimalText, { nil: undefined }),
        derived: fc.option(fc.record({ expression: fc.constantFrom('2 * (3 + 4)', '1.5 - 0.5'), tolerance: fc.option(fc.constantFrom('0.01', '0'), { nil: undefined }) }, { noNullPrototype: true }), { nil: null }),
        numberEncoding: fc.constantFrom('number', 'string', null),
      }, { noNullPrototype: true });
    case FieldType.BOOLEAN:
      return fc.record({ default: fc.option(fc.boolean(), { nil: undefined }) }, { noNullPrototype: true });
    case FieldType.DATE:
      return fc.record({ default: fc.option(isoDate, { nil: undefined }), constraints: fc.subarray<Constraint>([{ kind: 'format', params: { format: 'date' } }]) }, { noNullPrototype: true });
    case FieldType.ENUM:
      return fc
        .uniqueArray(fc.stringMatching(/^[A-Za-z]{1,6}$/), { minLength: 1, maxLength: 6 })
        .chain((spellings) => {
          const values = spellings.filter((_, index) => index % 2 === 0);
          const enumValues: EnumValue[] = values.map((value, index) => ({ value, synonyms: spellings[index * 2 + 1] === undefined ? [] : [spellings[index * 2 + 1]!] }));
          return fc.record({
            enumValues: fc.constant(enumValues),
            default: fc.option(fc.constantFrom(...values), { nil: undefined }),
            constraints: fc.subarray<Constraint>([{ kind: 'enum', params: { values } }]),
          }, { noNullPrototype: true });
        });
    case FieldType.MONEY:
      return fc.option(fc.constantFrom('EUR', 'JPY', 'KWD'), { nil: null }).chain((currency) =>
        fc.record({
          currency: fc.constant(currency),
          default: fc.option(decimalText.map((amount) => ({ amount, currency: currency ?? 'USD' }) as JsonValue), { nil: undefined }),
          constraints: fc.subarray<Constraint>([{ kind: 'min_value', params: { min: 0 } }, { kind: 'iso_4217', params: {} }]),
          numberEncoding: fc.constantFrom('number', 'string', null),
        }, { noNullPrototype: true }),
      );
  }
}

type Common = typeof common extends fc.Arbitrary<infer T> ? T : never;

/** Combines the shared and the type-specific parts; USE_DEFAULT only when there is a default. */
function finish(base: Common, extra: Partial<FieldInput>, path: string, type: FieldInput['type']): FieldInput {
  const hasDefault = extra.default !== undefined;
  const fallback = base.fallback === 'USE_DEFAULT' && !hasDefault ? 'UNRESOLVED' : base.fallback;
  return { ...base, ...extra, path, type, fallback };
}

/** A scalar field at `path`. */
function scalarField(path: string, type: (typeof SCALAR_TYPES)[number]): fc.Arbitrary<FieldInput> {
  return fc.tuple(common, typed(type), fc.boolean()).map(([base, extra, nullDefault]) => {
    const withNullDefault = base.nullable && nullDefault && extra.default === undefined ? { default: null, hasDefault: true } : {};
    return finish(base, { ...extra, ...withNullDefault }, path, type);
  });
}

/** Members of an OBJECT or of each ARRAY item: unique names under `prefix`. */
function members(prefix: string, depth: number): fc.Arbitrary<FieldInput[]> {
  return fc.uniqueArray(identifier, { minLength: 1, maxLength: 3 }).chain((names) => fc.tuple(...names.map((name) => anyField(`${prefix}${name}`, depth))));
}

/** Any field at `path`, nesting at most `depth` more levels. */
function anyField(path: string, depth: number): fc.Arbitrary<FieldInput> {
  const scalar = fc.constantFrom(...SCALAR_TYPES).chain((type) => scalarField(path, type));
  if (depth <= 0) return scalar;
  const object = fc.tuple(common, members(`${path}.`, depth - 1)).map(([base, fields]) => finish(base, { fields }, path, FieldType.OBJECT));
  const arrayOfObjects = fc.tuple(common, members(`${path}[].`, depth - 1), fc.subarray<Constraint>([{ kind: 'min_items', params: { min: 1 } }, { kind: 'max_items', params: { max: 50 } }])).map(([base, fields, constraints]) =>
    finish(base, { fields, constraints, itemType: FieldType.OBJECT }, path, FieldType.ARRAY),
  );
  const arrayOfScalars = fc.tuple(common, fc.constantFrom(...SCALAR_TYPES)).chain(([base, itemType]) =>
    scalarField(`${path}[]`, itemType).map((item) => finish(base, { itemType, fields: [{ ...item, required: true }] }, path, FieldType.ARRAY)),
  );
  const untypedArray = common.map((base) => finish(base, {}, path, FieldType.ARRAY));
  return fc.oneof({ weight: 4, arbitrary: scalar }, { weight: 1, arbitrary: object }, { weight: 1, arbitrary: arrayOfObjects }, { weight: 1, arbitrary: arrayOfScalars }, { weight: 1, arbitrary: untypedArray });
}

const policy: fc.Arbitrary<PolicyInput> = fc.record(
  {
    confidenceFloor: threshold,
    unresolvedAcceptable: fc.boolean(),
    allowRemoteInference: fc.boolean(),
    currencyPolicy: fc.constantFrom('STRICT_MATCH', 'ALLOW_FX', 'REJECT_WITHOUT_RATE'),
    fxRates: fc.constantFrom({ 'EUR/USD': '1.08' }, {}),
    earlyStop: fc.boolean(),
  }, { noNullPrototype: true, requiredKeys: [] }
) as fc.Arbitrary<PolicyInput>;

/** A valid canonical contract with up to six top-level fields, nested up to two levels. */
export const arbitraryContract: fc.Arbitrary<CanonicalContract> = fc
  .record({
    id: identifier,
    version: fc.constantFrom('1', '2', '2024-01'),
    description: fc.option(text, { nil: null }),
    fields: fc.uniqueArray(identifier, { minLength: 1, maxLength: 6 }).chain((names) => fc.tuple(...names.map((name) => anyField(name, 2)))),
    policy,
  })
  .map((input) => defineContract({ ...input, source: { format: 'canonical', formatVersion: null, schemaName: null } }));
