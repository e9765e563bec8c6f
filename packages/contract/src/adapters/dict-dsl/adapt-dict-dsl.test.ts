/** Tests for the Dict DSL adapter: the shared fixtures, the extended grammar, and every error code. */
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { InvalidContractError, type JsonValue } from '@paxman/core';
import { describe, expect, it } from 'vitest';
import type { ContractProblem } from '../../adapter.js';
import { fingerprintContract } from '../../fingerprint.js';
import { flattenFields } from '../../define-field.js';
import { validateContract } from '../../validator/validate-contract.js';
import { adaptDictDsl, dictDslAdapter, exportDictDsl } from './index.js';

const shared = resolve(import.meta.dirname, '../../../../../../shared');
const fixtureFiles = [
  ...readdirSync(resolve(shared, 'eval'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => resolve(shared, 'eval', entry.name, 'contract.json'))
    // A corpus built on the machine (real-dev) holds its contracts inside its builds.
    .filter((file) => existsSync(file)),
  resolve(shared, 'bench/contract-20-fields.dsl.json'),
];

function problemsOf(source: unknown): ContractProblem[] {
  try {
    adaptDictDsl(source);
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidContractError);
    return (error as InvalidContractError).context.problems as unknown as ContractProblem[];
  }
  throw new Error('expected the contract to be rejected');
}
const field = (overrides: Record<string, unknown>): Record<string, unknown> => ({ name: 'f', type: 'STRING', required: true, ...overrides });
const contractOf = (...fields: unknown[]): Record<string, unknown> => ({ id: 'c', fields });

describe('adaptDictDsl on the shared fixtures', () => {
  it('finds the fixtures', () => expect(fixtureFiles.length).toBeGreaterThanOrEqual(5));

  it.each(fixtureFiles.map((file) => [file.slice(shared.length + 1), file]))('adapts %s and round-trips it exactly', (_name, file) => {
    const source = JSON.parse(readFileSync(file, 'utf8'));
    const contract = adaptDictDsl(source);
    expect(validateContract(contract)).toEqual([]);
    expect(contract.id).toBe(source.id);
    expect(contract.fields.map((member) => member.name)).toEqual(source.fields.map((spec: { name: string }) => spec.name));
    expect(contract.policy).toEqual({ confidenceFloor: 0.8, unresolvedAcceptable: true });
    const again = adaptDictDsl(exportDictDsl(contract));
    expect(again).toEqual(contract);
    expect(fingerprintContract(again)).toBe(fingerprintContract(contract));
    expect(exportDictDsl(again)).toEqual(exportDictDsl(contract));
  });

  it('maps the v1 ENUM fixtures with enum and iso_4217 constraints', () => {
    const contract = adaptDictDsl(JSON.parse(readFileSync(resolve(shared, 'bench/contract-20-fields.dsl.json'), 'utf8')));
    const currency = contract.fields.find((member) => member.name === 'currency_code')!;
    expect(currency.type).toBe('ENUM');
    expect(currency.enumValues.map((enumValue) => enumValue.value)).toContain('EUR');
    expect(currency.constraints.map((constraint) => constraint.kind)).toEqual(expect.arrayContaining(['iso_4217']));
    const paid = contract.fields.find((member) => member.name === 'paid')!;
    expect(paid).toMatchObject({ hasDefault: true, default: false });
  });
});

describe('adaptDictDsl grammar', () => {
  const rich = {
    id: 'invoice',
    version: '2',
    description: 'Supplier invoices.',
    policy: { confidence_floor: 0.9, allow_remote_inference: false, currency_policy: 'ALLOW_FX', fx_rates: { 'EUR/USD': 1.08 }, early_stop: true },
    fields: [
      { name: 'invoice_number', type: 'STRING', required: true, labels: ['Invoice #', 'Inv. No.'], extraction_pattern: 'INV-(?P<value>\\d+)', confidence_threshold: 0.95 },
      { name: 'currency', type: 'ENUM', required: false, enum_values: ['EUR', { value: 'USD', synonyms: ['$', 'US$'] }], default: 'EUR', fallback: 'USE_DEFAULT' },
      { name: 'subtotal', type: 'MONEY', required: true, currency: 'EUR' },
      { name: 'tax', type: 'MONEY', required: false, default: { amount: 0, currency: 'EUR' }, fallback: 'USE_DEFAULT' },
      { name: 'total', type: 'MONEY', required: true, derived: { expression: 'subtotal + tax', tolerance: 0.01 } },
      { name: 'rate', type: 'DECIMAL', required: false, default: '0.20', nullable: true },
      { name: 'country', type: 'STRING', required: false, lookup: { table: 'countries', key_field: 'buyer.vat_id', entries: { DE123: 'DE' } } },
      { name: 'buyer', type: 'OBJECT', required: true, fields: [{ name: 'name', type: 'STRING', required: true }, { name: 'vat_id', type: 'STRING', required: false, fallback: 'REQUIRE_HUMAN' }] },
      {
        name: 'line_items',
        type: 'ARRAY',
        required: true,
        constraints: [{ kind: 'min_items', params: { min: 1 } }],
        fields: [{ name: 'description', type: 'STRING', required: true }, { name: 'amount', type: 'MONEY', required: true }],
      },
      { name: 'codes', type: 'ARRAY', required: false, items: { type: 'STRING', constraints: [{ kind: 'pattern', params: { regex: '^[A-Z]{2}\\d+$' } }] } },
    ],
  };

  it('maps every extension to the canonical model', () => {
    const contract = adaptDictDsl(rich);
    expect(contract).toMatchObject({ id: 'invoice', version: '2', description: 'Supplier invoices.', source: { format: 'dict-dsl', formatVersion: null, schemaName: null } });
    expect(contract.policy).toEqual({ confidenceFloor: 0.9, allowRemoteInference: false, currencyPolicy: 'ALLOW_FX', fxRates: { 'EUR/USD': '1.08' }, earlyStop: true });
    const byPath = new Map(flattenFields(contract.fields).map((member) => [member.path, member]));
    expect([...byPath.keys()]).toEqual([
      'invoice_number',
      'currency',
      'subtotal',
      'tax',
      'total',
      'rate',
      'country',
      'buyer',
      'buyer.name',
      'buyer.vat_id',
      'line_items',
      'line_items[].description',
      'line_items[].amount',
      'codes',
      'codes[]',
    ]);
    expect(byPath.get('invoice_number')).toMatchObject({ labels: ['Invoice #', 'Inv. No.'], extractionPattern: 'INV-(?P<value>\\d+)', confidenceThreshold: 0.95, id: 'invoice_number' });
    expect(byPath.get('currency')).toMatchObject({ enumValues: [{ value: 'EUR', synonyms: [] }, { value: 'USD', synonyms: ['$', 'US$'] }], default: 'EUR', hasDefault: true, fallback: 'USE_DEFAULT' });
    expect(byPath.get('subtotal')!.currency).toBe('EUR');
    expect(byPath.get('tax')!.default).toEqual({ amount: '0', currency: 'EUR' });
    expect(byPath.get('total')!.derived).toEqual({ expression: 'subtotal + tax', tolerance: '0.01' });
    expect(byPath.get('rate')).toMatchObject({ default: '0.20', nullable: true });
    expect(byPath.get('country')!.lookup).toEqual({ table: 'countries', keyField: 'buyer.vat_id', entries: { DE123: 'DE' } });
    expect(byPath.get('buyer.vat_id')).toMatchObject({ name: 'vat_id', fallback: 'REQUIRE_HUMAN', required: false });
    expect(byPath.get('line_items')).toMatchObject({ itemType: 'OBJECT' });
    expect(byPath.get('line_items[].amount')).toMatchObject({ name: 'amount', type: 'MONEY' });
    expect(byPath.get('codes')).toMatchObject({ itemType: 'STRING' });
    expect(byPath.get('codes[]')).toMatchObject({ name: 'codes', type: 'STRING', required: true, constraints: [{ kind: 'pattern', params: { regex: '^[A-Z]{2}\\d+$' } }] });
    expect(Object.isFrozen(contract.fields[0])).toBe(true);
  });

  it('is a fixed point under export → adapt (same object, same fingerprint)', () => {
    const contract = adaptDictDsl(rich);
    const exported = exportDictDsl(contract);
    expect(JSON.parse(JSON.stringify(exported))).toEqual(exported);
    const again = adaptDictDsl(exported);
    expect(again).toEqual(contract);
    expect(fingerprintContract(again)).toBe(fingerprintContract(contract));
  });

  it('exports only what differs from the defaults', () => {
    expect(exportDictDsl(adaptDictDsl(contractOf({ name: 'a', type: 'STRING', required: false })))).toEqual({ id: 'c', version: '1', fields: [{ name: 'a', type: 'STRING', required: false }] });
  });

  it('reads JSON and YAML text too', () => {
    expect(adaptDictDsl('id: c\nfields:\n  - { name: a, type: STRING, required: true }\n')).toEqual(adaptDictDsl(contractOf({ name: 'a', type: 'STRING', required: true })));
    expect(() => adaptDictDsl('{"id": ')).toThrow(expect.objectContaining({ code: 'INVALID_JSON' }));
  });

  it('takes ENUM values from the first enum constraint when enum_values is absent (v1)', () => {
    const contract = adaptDictDsl(contractOf(field({ type: 'ENUM', constraints: [{ kind: 'enum', params: { values: ['a', 'b'] } }] })));
    expect(contract.fields[0]!.enumValues).toEqual([{ value: 'a', synonyms: [] }, { value: 'b', synonyms: [] }]);
  });

  it('treats a null default as no default unless the field is nullable', () => {
    expect(adaptDictDsl(contractOf(field({ default: null }))).fields[0]).toMatchObject({ hasDefault: false, default: null });
    expect(adaptDictDsl(contractOf(field({ default: null, nullable: true }))).fields[0]).toMatchObject({ hasDefault: true, default: null });
  });

  it('does not stop on a description or title-like key at the top level', () => {
    expect(dictDslAdapter.detect({ id: 'c', description: 'x', fields: [] })).toBe(true);
    expect(dictDslAdapter.detect({ id: 'c', fields: {} })).toBe(false);
    expect(dictDslAdapter.detect({ id: 'c', fields: [{ path: 'a', id: 'a' }] })).toBe(false);
    expect(dictDslAdapter.detect('{"fields": []}')).toBe(false);
  });
});

describe('adaptDictDsl errors', () => {
  it.each<[string, unknown]>([
    ['MISSING_CONTRACT_ID', { fields: [field({})] }],
    ['MISSING_CONTRACT_ID', { id: '', fields: [field({})] }],
    ['MISSING_CONTRACT_ID', ['not', 'an', 'object']],
    ['INVALID_VERSION', { id: 'c', version: 1, fields: [field({})] }],
    ['INVALID_CONTRACT', { id: 'c', title: 'typo', fields: [field({})] }],
    ['INVALID_CONTRACT', { id: 'c', description: 5, fields: [field({})] }],
    ['MISSING_FIELDS', { id: 'c' }],
    ['MISSING_FIELDS', { id: 'c', fields: { a: 1 } }],
    ['EMPTY_FIELDS', { id: 'c', fields: [] }],
    ['INVALID_FIELD', contractOf('total')],
    ['INVALID_FIELD', contractOf(field({ requried: true }))],
    ['INVALID_FIELD', contractOf(field({ description: 1 }))],
    ['INVALID_FIELD', contractOf(field({ nullable: 'yes' }))],
    ['INVALID_FIELD', contractOf(field({ labels: 'Total' }))],
    ['INVALID_FIELD', contractOf(field({ fallback: 3 }))],
    ['INVALID_FIELD', contractOf(field({ fallback: 'GUESS' }))],
    ['INVALID_FIELD', contractOf(field({ extraction_pattern: 3 }))],
    ['INVALID_FIELD', contractOf(field({ type: 'ENUM', enum_values: 'a,b' }))],
    ['INVALID_FIELD', contractOf(field({ type: 'ENUM', enum_values: [1] }))],
    ['INVALID_FIELD', contractOf(field({ enum_values: ['a'] }))],
    ['INVALID_FIELD', contractOf(field({ derived: 'a + b' }))],
    ['INVALID_FIELD', contractOf(field({ type: 'DECIMAL', derived: { expression: 'a', tolerance: 'x' } }), field({ name: 'a', type: 'DECIMAL' }))],
    ['INVALID_FIELD', contractOf(field({ lookup: { table: 't' } }))],
    ['INVALID_FIELD', contractOf(field({ lookup: { table: 't', key_field: '@document', entries: [] } }))],
    ['INVALID_FIELD', contractOf(field({ fields: [field({})] }))],
    ['INVALID_FIELD', contractOf(field({ items: { type: 'STRING' } }))],
    ['INVALID_FIELD', contractOf(field({ type: 'ARRAY', items: { type: 'STRING' }, fields: [field({})] }))],
    ['INVALID_FIELD', contractOf(field({ type: 'ARRAY', items: { type: 'ARRAY' } }))],
    ['INVALID_FIELD', contractOf(field({ type: 'ARRAY', items: { type: 'OBJECT' } }))],
    ['INVALID_FIELD', contractOf(field({ type: 'ARRAY', items: 'STRING' }))],
    ['INVALID_FIELD', contractOf(field({ type: 'ARRAY', items: { type: 'STRING', name: 'x' } }))],
    ['INVALID_FIELD', contractOf(field({ type: 'OBJECT', fields: 'a' }))],
    ['MISSING_FIELD_NAME', contractOf({ type: 'STRING', required: true })],
    ['INVALID_PATH', contractOf(field({ name: 'total-amount' }))],
    ['MISSING_TYPE', contractOf(field({ type: undefined }))],
    ['UNKNOWN_FIELD_TYPE', contractOf(field({ type: 'string' }))],
    ['UNKNOWN_FIELD_TYPE', contractOf(field({ type: 'ARRAY', items: { type: 'TEXT' } }))],
    ['MISSING_REQUIRED_FLAG', contractOf({ name: 'f', type: 'STRING' })],
    ['MISSING_REQUIRED_FLAG', contractOf(field({ required: 'true' }))],
    ['INVALID_SEMANTIC_TAG', contractOf(field({ tags: 'pii' }))],
    ['INVALID_SEMANTIC_TAG', contractOf(field({ tags: ['High Stakes'] }))],
    ['INVALID_CONSTRAINT', { id: 'c', fields: [field({})], constraints: {} }],
    ['INVALID_CONSTRAINT', { id: 'c', fields: [field({})], constraints: [{ kind: 'min_value', params: { min: 0 } }] }],
    ['INVALID_CONSTRAINT', contractOf(field({ constraints: {} }))],
    ['INVALID_CONSTRAINT', contractOf(field({ constraints: ['min_length'] }))],
    ['INVALID_CONSTRAINT', contractOf(field({ constraints: [{ kind: 'min_length', params: [] }] }))],
    ['INVALID_CONSTRAINT', contractOf(field({ constraints: [{ kind: 'min_length', params: { min: 1 }, message: 'x' }] }))],
    ['INVALID_CONSTRAINT', contractOf(field({ constraints: [{ kind: 'enum', params: { values: 'a' } }] }))],
    ['INVALID_CONSTRAINT', contractOf(field({ type: 'DECIMAL', constraints: [{ kind: 'min_length', params: { min: 1 } }] }))],
    ['UNKNOWN_CONSTRAINT_KIND', contractOf(field({ constraints: [{ params: {} }] }))],
    ['UNKNOWN_CONSTRAINT_KIND', contractOf(field({ constraints: [{ kind: 'MIN_LENGTH', params: { min: 1 } }] }))],
    ['CONSTRAINT_PARAM_MISSING', contractOf(field({ constraints: [{ kind: 'max_length' }] }))],
    ['INVALID_REGEX_PATTERN', contractOf(field({ constraints: [{ kind: 'pattern', params: { regex: '([a-z]+' } }] }))],
    ['INVALID_REGEX_PATTERN', contractOf(field({ constraints: [{ kind: 'pattern', params: { regex: '(?<!x)y' } }] }))],
    ['INVALID_REGEX_PATTERN', contractOf(field({ extraction_pattern: '(a)\\1' }))],
    ['DEFAULT_TYPE_MISMATCH', contractOf(field({ default: 5 }))],
    ['DEFAULT_TYPE_MISMATCH', contractOf(field({ type: 'INTEGER', default: true }))],
    ['DEFAULT_TYPE_MISMATCH', contractOf(field({ type: 'DECIMAL', default: 'abc' }))],
    ['DEFAULT_TYPE_MISMATCH', contractOf(field({ type: 'DATE', default: '31/12/2024' }))],
    ['DEFAULT_TYPE_MISMATCH', contractOf(field({ type: 'MONEY', default: '12.00 EUR' }))],
    ['DEFAULT_TYPE_MISMATCH', contractOf(field({ type: 'MONEY', default: { amount: 'twelve', currency: 'EUR' } }))],
    ['DEFAULT_TYPE_MISMATCH', contractOf(field({ type: 'ENUM', enum_values: ['a'], default: 'b' }))],
    ['MONEY_REQUIRES_CURRENCY', contractOf(field({ type: 'MONEY', default: { amount: '1' } }))],
    ['INVALID_ISO_4217', contractOf(field({ type: 'MONEY', default: { amount: '1', currency: 'BTC' } }))],
    ['INVALID_ISO_4217', contractOf(field({ type: 'MONEY', currency: 'eur' }))],
    ['INVALID_ISO_4217', contractOf(field({ type: 'MONEY', currency: 978 }))],
    ['MISSING_ENUM_VALUES', contractOf(field({ type: 'ENUM' }))],
    ['MISSING_ENUM_VALUES', contractOf(field({ type: 'ENUM', enum_values: [] }))],
    ['DUPLICATE_FIELD', contractOf(field({}), field({ type: 'INTEGER' }))],
    ['DUPLICATE_FIELD', contractOf(field({ type: 'OBJECT', fields: [field({ name: 'a' }), field({ name: 'a' })] }))],
    ['INVALID_POLICY_KEY', { id: 'c', fields: [field({})], policy: 'strict' }],
    ['INVALID_POLICY_KEY', { id: 'c', fields: [field({})], policy: { stop_on_first_unresolved: true } }],
    ['INVALID_POLICY_KEY', { id: 'c', fields: [field({})], policy: { confidenceFloor: 0.5 } }],
    ['INVALID_POLICY_KEY', { id: 'c', fields: [field({})], policy: { unresolved_acceptable: 'yes' } }],
    ['INVALID_CONFIDENCE_FLOOR', { id: 'c', fields: [field({})], policy: { confidence_floor: 1.5 } }],
    ['INVALID_CONFIDENCE_FLOOR', { id: 'c', fields: [field({})], policy: { confidence_floor: '0.9' } }],
    ['INVALID_CONFIDENCE_FLOOR', contractOf(field({ confidence_threshold: 2 }))],
    ['INVALID_CONFIDENCE_FLOOR', contractOf(field({ confidence_threshold: 'high' }))],
    ['INVALID_POLICY', { id: 'c', fields: [field({})], policy: { currency_policy: 'LOOSE' } }],
    ['INVALID_FX_RATE', { id: 'c', fields: [field({})], policy: { fx_rates: { 'EUR/USD': '-1' } } }],
  ])('reports %s', (code, source) => {
    // Each case plants exactly one defect, and it is reported exactly once.
    expect(problemsOf(source).map((problem) => problem.code)).toEqual([code]);
  });

  it('reports every problem at once, with source paths, under one error', () => {
    let thrown: InvalidContractError | undefined;
    try {
      adaptDictDsl({ id: 'c', version: 3, fields: [{ name: 'a', type: 'TEXT', required: true }, { name: 'b', type: 'STRING' }, field({ name: 'c', constraints: [{ kind: 'pattern', params: { regex: '(' } }] })] });
    } catch (error) {
      thrown = error as InvalidContractError;
    }
    expect(thrown!.code).toBe('INVALID_CONTRACT');
    expect(thrown!.context.problems as JsonValue).toEqual([
      expect.objectContaining({ code: 'INVALID_VERSION', path: 'version' }),
      expect.objectContaining({ code: 'UNKNOWN_FIELD_TYPE', path: 'fields[0].type' }),
      expect.objectContaining({ code: 'MISSING_REQUIRED_FLAG', path: 'fields[1].required' }),
      expect.objectContaining({ code: 'INVALID_REGEX_PATTERN', path: 'fields[2].constraints[0].params.regex' }),
    ]);
    expect(thrown!.message).toContain('4 problem(s)');
  });

  it('reports validator problems at their place in the source, nested ones included', () => {
    const problems = problemsOf(
      contractOf(
        field({ name: 'a' }),
        field({ name: 'lines', type: 'ARRAY', fields: [field({ name: 'x' }), field({ name: 'amount', type: 'DECIMAL', confidence_threshold: 7 })] }),
        field({ name: 'codes', type: 'ARRAY', items: { type: 'ENUM', enum_values: ['a'], default: 'b' } }),
      ),
    );
    expect(problems).toEqual([
      expect.objectContaining({ code: 'INVALID_CONFIDENCE_FLOOR', path: 'fields[1].fields[1].confidence_threshold' }),
      expect.objectContaining({ code: 'DEFAULT_TYPE_MISMATCH', path: 'fields[2].items.default' }),
    ]);
  });

  it('uses the single specific code when every problem shares it', () => {
    expect(() => adaptDictDsl({ id: 'c', fields: [{ name: 'a', required: true }] })).toThrow(expect.objectContaining({ code: 'MISSING_TYPE' }));
  });
});

describe('adaptDictDsl on hostile input', () => {
  it('refuses absurd nesting with a typed error instead of overflowing the stack', () => {
    let spec: Record<string, unknown> = { name: 'leaf', type: 'STRING', required: true };
    for (let level = 0; level < 5000; level += 1) spec = { name: 'n', type: 'OBJECT', required: true, fields: [spec] };
    expect(problemsOf(contractOf(spec)).map((problem) => problem.code)).toContain('INVALID_FIELD');
  });

  it('treats prototype-named keys as unknown, never as lookups on Object.prototype', () => {
    const source = JSON.parse('{"id":"c","fields":[{"name":"a","type":"STRING","required":true,"__proto__":{"x":1}}],"policy":{"constructor":1,"__proto__":2}}');
    const codes = problemsOf(source).map((problem) => problem.code);
    expect([...codes].sort()).toEqual(['INVALID_FIELD', 'INVALID_POLICY_KEY', 'INVALID_POLICY_KEY']);
  });
});
