/** Tests for the contract validator: one case per problem code, and all problems reported at once. */
import { describe, expect, it } from 'vitest';
import { defineContract, defineField, type FieldInput } from '../define-field.js';
import type { CanonicalContract, CanonicalField } from '../model.js';
import { derivedReferences, validateContract } from './validate-contract.js';

function contractWith(...fields: FieldInput[]): CanonicalContract {
  return defineContract({ id: 'test', fields });
}
function codes(contract: CanonicalContract): string[] {
  return validateContract(contract).map((problem) => problem.code);
}
/** A field whose members are given raw (bypassing defineField), for shapes defineField would not produce. */
function raw(field: Partial<Record<keyof CanonicalField, unknown>>): CanonicalField {
  return { ...defineField({ path: 'x', type: 'STRING' }), ...field } as CanonicalField;
}
function rawContract(overrides: Record<string, unknown>): CanonicalContract {
  return { ...defineContract({ id: 'test', fields: [{ path: 'x', type: 'STRING' }] }), ...overrides } as CanonicalContract;
}

describe('validateContract', () => {
  it('accepts a realistic nested contract', () => {
    const contract = contractWith(
      { path: 'invoice_number', type: 'STRING', required: true, labels: ['Invoice #'], constraints: [{ kind: 'pattern', params: { regex: '^INV-\\d+$' } }] },
      { path: 'currency', type: 'ENUM', enumValues: [{ value: 'EUR', synonyms: ['€'] }, { value: 'USD', synonyms: ['$'] }], constraints: [{ kind: 'enum', params: { values: ['EUR', 'USD'] } }, { kind: 'iso_4217', params: {} }], default: 'EUR', fallback: 'USE_DEFAULT' },
      { path: 'subtotal', type: 'MONEY', currency: 'EUR', numberEncoding: 'string' },
      { path: 'tax', type: 'MONEY', default: { amount: '0.00', currency: 'EUR' } },
      { path: 'total', type: 'MONEY', derived: { expression: 'subtotal + tax', tolerance: '0.01' }, constraints: [{ kind: 'min_value', params: { min: 0 } }] },
      { path: 'issued', type: 'DATE', default: '2024-02-29' },
      { path: 'buyer', type: 'OBJECT', fields: [{ path: 'buyer.name', type: 'STRING' }, { path: 'buyer.vat_id', type: 'STRING', lookup: { table: 'vat', keyField: 'buyer.name' } }] },
      { path: 'line_items', type: 'ARRAY', itemType: 'OBJECT', constraints: [{ kind: 'min_items', params: { min: 1 } }], fields: [{ path: 'line_items[].amount', type: 'DECIMAL', default: '1.5' }] },
      { path: 'tags', type: 'ARRAY', itemType: 'STRING', fields: [{ path: 'tags[]', type: 'STRING', required: true }] },
      { path: 'notes', type: 'ARRAY' },
    );
    expect(validateContract(contract)).toEqual([]);
  });

  it('reports every problem at once, each with a path', () => {
    const problems = validateContract(
      contractWith(
        { path: 'a', type: 'STRING', constraints: [{ kind: 'min_value', params: { min: 1 } }] },
        { path: 'b', type: 'INTEGER', confidenceThreshold: 1.5 },
        { path: 'c', type: 'MONEY', currency: 'XYZ' },
      ),
    );
    expect(problems).toEqual([
      expect.objectContaining({ code: 'INVALID_CONSTRAINT', path: 'a.constraints[0]' }),
      expect.objectContaining({ code: 'INVALID_CONFIDENCE_FLOOR', path: 'b.confidenceThreshold' }),
      expect.objectContaining({ code: 'INVALID_ISO_4217', path: 'c.currency' }),
    ]);
    for (const problem of problems) expect(problem.message.length).toBeGreaterThan(10);
  });

  it.each<[string, CanonicalContract]>([
    ['MISSING_CONTRACT_ID', rawContract({ id: ' ' })],
    ['INVALID_VERSION', rawContract({ version: '' })],
    ['EMPTY_FIELDS', rawContract({ fields: [] })],
    ['MISSING_FIELDS', rawContract({ fields: 'nope' })],
    ['INVALID_CONTRACT', rawContract({ source: { format: '' } })],
    ['INVALID_POLICY', rawContract({ policy: { confidenceFloorTypo: 1 } })],
    ['INVALID_CONFIDENCE_FLOOR', rawContract({ policy: { confidenceFloor: 2 } })],
    ['INVALID_FX_RATE', rawContract({ policy: { fxRates: { 'EUR/XXY': '1' } } })],
    ['INVALID_PATH', contractWith({ path: '1abc', type: 'STRING' })],
    ['INVALID_PATH', rawContract({ fields: [raw({ path: 'a', id: 'b', name: 'a' })] })],
    ['INVALID_PATH', rawContract({ fields: [raw({ path: 'a', id: 'a', name: 'b' })] })],
    ['INVALID_PATH', rawContract({ fields: [raw({ path: 'a', id: 'a', name: 'a-b' })] })],
    ['INVALID_PATH', contractWith({ path: 'a.b', type: 'STRING' })],
    ['INVALID_PATH', contractWith({ path: 'a[]', type: 'STRING' })],
    ['INVALID_PATH', contractWith({ path: 'o', type: 'OBJECT', fields: [{ path: 'p.x', type: 'STRING' }] })],
    ['INVALID_PATH', contractWith({ path: 'l', type: 'ARRAY', itemType: 'OBJECT', fields: [{ path: 'l.x', type: 'STRING' }] })],
    ['MISSING_FIELD_NAME', rawContract({ fields: [raw({ name: '' })] })],
    ['DUPLICATE_FIELD', contractWith({ path: 'a', type: 'STRING' }, { path: 'a', type: 'INTEGER' })],
    ['UNKNOWN_FIELD_TYPE', rawContract({ fields: [raw({ type: 'TEXT' })] })],
    ['UNKNOWN_FIELD_TYPE', contractWith({ path: 'l', type: 'ARRAY', itemType: 'LIST' as never })],
    ['MISSING_REQUIRED_FLAG', rawContract({ fields: [raw({ required: 'yes' })] })],
    ['INVALID_FIELD', rawContract({ fields: [raw({ nullable: 1 })] })],
    ['INVALID_FIELD', rawContract({ fields: [raw({ description: 3 })] })],
    ['INVALID_FIELD', contractWith({ path: 'a', type: 'STRING', labels: ['x', 'x'] })],
    ['INVALID_FIELD', contractWith({ path: 'a', type: 'STRING', labels: [' '] })],
    ['INVALID_SEMANTIC_TAG', contractWith({ path: 'a', type: 'STRING', tags: ['PII'] })],
    ['INVALID_FIELD', rawContract({ fields: [raw({ fallback: 'GUESS' })] })],
    ['INVALID_FIELD', contractWith({ path: 'a', type: 'STRING', fallback: 'USE_DEFAULT' })],
    ['INVALID_FIELD', rawContract({ fields: [raw({ default: 'x', hasDefault: false })] })],
    ['INVALID_CONFIDENCE_FLOOR', contractWith({ path: 'a', type: 'STRING', confidenceThreshold: -0.1 })],
    ['MISSING_ENUM_VALUES', contractWith({ path: 'a', type: 'ENUM' })],
    ['INVALID_FIELD', contractWith({ path: 'a', type: 'ENUM', enumValues: [{ value: 'A', synonyms: ['B'] }, { value: 'B', synonyms: [] }] })],
    ['INVALID_FIELD', contractWith({ path: 'a', type: 'ENUM', enumValues: [{ value: '', synonyms: [] }] })],
    ['INVALID_FIELD', contractWith({ path: 'a', type: 'STRING', enumValues: [{ value: 'A', synonyms: [] }] })],
    ['INVALID_FIELD', contractWith({ path: 'a', type: 'DECIMAL', currency: 'EUR' })],
    ['INVALID_ISO_4217', contractWith({ path: 'a', type: 'MONEY', currency: 'BTC' })],
    ['INVALID_ISO_4217', contractWith({ path: 'a', type: 'ENUM', enumValues: [{ value: 'EUR', synonyms: [] }, { value: 'BTC', synonyms: [] }], constraints: [{ kind: 'iso_4217', params: {} }] })],
    ['INVALID_FIELD', contractWith({ path: 'a', type: 'STRING', numberEncoding: 'number' })],
    ['INVALID_FIELD', contractWith({ path: 'a', type: 'DECIMAL', numberEncoding: 'float' as never })],
    ['INVALID_FIELD', contractWith({ path: 'a', type: 'STRING', fields: [{ path: 'a.b', type: 'STRING' }] })],
    ['INVALID_FIELD', contractWith({ path: 'a', type: 'STRING', itemType: 'STRING' })],
    ['INVALID_FIELD', contractWith({ path: 'l', type: 'ARRAY', fields: [{ path: 'l[].x', type: 'STRING' }] })],
    ['INVALID_FIELD', contractWith({ path: 'l', type: 'ARRAY', itemType: 'STRING' })],
    ['INVALID_FIELD', contractWith({ path: 'l', type: 'ARRAY', itemType: 'STRING', fields: [{ path: 'l[]', type: 'INTEGER', required: true }] })],
    ['INVALID_FIELD', contractWith({ path: 'l', type: 'ARRAY', itemType: 'STRING', fields: [{ path: 'l[]', type: 'STRING' }] })],
    ['INVALID_FIELD', rawContract({ fields: [raw({ fields: 'none' })] })],
    ['INVALID_FIELD', rawContract({ fields: ['not a field'] })],
    ['INVALID_FIELD', rawContract({ fields: [raw({ hasDefault: 'no' })] })],
    ['UNKNOWN_CONSTRAINT_KIND', contractWith({ path: 'a', type: 'STRING', constraints: [{ kind: 'regex' as never, params: {} }] })],
    ['INVALID_CONSTRAINT', contractWith({ path: 'a', type: 'STRING', constraints: ['x' as never] })],
    ['INVALID_CONSTRAINT', contractWith({ path: 'a', type: 'STRING', constraints: [{ kind: 'min_length', params: 'x' as never }] })],
    ['INVALID_CONSTRAINT', rawContract({ fields: [raw({ constraints: {} })] })],
    ['INVALID_CONSTRAINT', contractWith({ path: 'a', type: 'DECIMAL', constraints: [{ kind: 'min_length', params: { min: 1 } }] })],
    ['INVALID_CONSTRAINT', contractWith({ path: 'a', type: 'STRING', constraints: [{ kind: 'min_length', params: { min: -1 } }] })],
    ['INVALID_CONSTRAINT', contractWith({ path: 'a', type: 'STRING', constraints: [{ kind: 'min_length', params: { min: 1, inclusive: true } }] })],
    ['INVALID_CONSTRAINT', contractWith({ path: 'a', type: 'DECIMAL', constraints: [{ kind: 'min_value', params: { min: 'abc' } }] })],
    ['INVALID_CONSTRAINT', contractWith({ path: 'a', type: 'STRING', constraints: [{ kind: 'enum', params: { values: [] } }] })],
    ['INVALID_CONSTRAINT', contractWith({ path: 'a', type: 'INTEGER', constraints: [{ kind: 'enum', params: { values: [1, 'two'] } }] })],
    ['INVALID_CONSTRAINT', contractWith({ path: 'a', type: 'ENUM', enumValues: [{ value: 'A', synonyms: [] }], constraints: [{ kind: 'enum', params: { values: ['A', 'B'] } }] })],
    ['INVALID_CONSTRAINT', contractWith({ path: 'a', type: 'STRING', constraints: [{ kind: 'format', params: { format: 'ipv4' } }] })],
    ['INVALID_CONSTRAINT', contractWith({ path: 'a', type: 'STRING', constraints: [{ kind: 'pattern', params: { regex: '' } }] })],
    ['INVALID_CONSTRAINT', contractWith({ path: 'a', type: 'STRING', constraints: [{ kind: 'min_length', params: { min: 5 } }, { kind: 'max_length', params: { max: 2 } }] })],
    ['INVALID_CONSTRAINT', contractWith({ path: 'a', type: 'DECIMAL', constraints: [{ kind: 'min_value', params: { min: '10' } }, { kind: 'max_value', params: { max: 2 } }] })],
    ['CONSTRAINT_PARAM_MISSING', contractWith({ path: 'a', type: 'STRING', constraints: [{ kind: 'max_length', params: {} }] })],
    ['INVALID_REGEX_PATTERN', contractWith({ path: 'a', type: 'STRING', constraints: [{ kind: 'pattern', params: { regex: 'a(' } }] })],
    ['INVALID_REGEX_PATTERN', contractWith({ path: 'a', type: 'STRING', constraints: [{ kind: 'pattern', params: { regex: '(?=lookahead)x' } }] })],
    ['INVALID_REGEX_PATTERN', contractWith({ path: 'a', type: 'STRING', extractionPattern: '(\\w)\\1' })],
    ['INVALID_FIELD', contractWith({ path: 'a', type: 'STRING', extractionPattern: '' })],
    ['DEFAULT_TYPE_MISMATCH', contractWith({ path: 'a', type: 'STRING', default: 1 })],
    ['DEFAULT_TYPE_MISMATCH', contractWith({ path: 'a', type: 'INTEGER', default: 1.5 })],
    ['DEFAULT_TYPE_MISMATCH', contractWith({ path: 'a', type: 'DECIMAL', default: 1.5 })],
    ['DEFAULT_TYPE_MISMATCH', contractWith({ path: 'a', type: 'BOOLEAN', default: 'true' })],
    ['DEFAULT_TYPE_MISMATCH', contractWith({ path: 'a', type: 'DATE', default: '2023-02-29' })],
    ['DEFAULT_TYPE_MISMATCH', contractWith({ path: 'a', type: 'OBJECT', default: [] })],
    ['DEFAULT_TYPE_MISMATCH', contractWith({ path: 'a', type: 'ARRAY', default: {} })],
    ['DEFAULT_TYPE_MISMATCH', contractWith({ path: 'a', type: 'ENUM', enumValues: [{ value: 'A', synonyms: [] }], default: 'B' })],
    ['DEFAULT_TYPE_MISMATCH', contractWith({ path: 'a', type: 'ENUM', enumValues: [{ value: 'A', synonyms: [] }], default: 1 })],
    ['DEFAULT_TYPE_MISMATCH', contractWith({ path: 'a', type: 'MONEY', default: '12.00' })],
    ['DEFAULT_TYPE_MISMATCH', contractWith({ path: 'a', type: 'MONEY', default: { amount: 12, currency: 'EUR' } })],
    ['DEFAULT_TYPE_MISMATCH', contractWith({ path: 'a', type: 'MONEY', default: { amount: '12', currency: 'EUR', precision: 2 } })],
    ['DEFAULT_TYPE_MISMATCH', contractWith({ path: 'a', type: 'MONEY', currency: 'USD', default: { amount: '12', currency: 'EUR' } })],
    ['DEFAULT_TYPE_MISMATCH', contractWith({ path: 'a', type: 'STRING', default: null, hasDefault: true })],
    ['MONEY_REQUIRES_CURRENCY', contractWith({ path: 'a', type: 'MONEY', default: { amount: '12' } })],
    ['INVALID_ISO_4217', contractWith({ path: 'a', type: 'MONEY', default: { amount: '12', currency: 'BTC' } })],
    ['INVALID_FIELD', contractWith({ path: 'a', type: 'STRING', derived: { expression: 'b + c' } }, { path: 'b', type: 'DECIMAL' }, { path: 'c', type: 'DECIMAL' })],
    ['INVALID_FIELD', contractWith({ path: 'a', type: 'DECIMAL', derived: { expression: 'b + missing' } }, { path: 'b', type: 'DECIMAL' })],
    ['INVALID_FIELD', contractWith({ path: 'a', type: 'DECIMAL', derived: { expression: 'a * 2' } })],
    ['INVALID_FIELD', contractWith({ path: 'a', type: 'DECIMAL', derived: { expression: 'b +' } }, { path: 'b', type: 'DECIMAL' })],
    ['INVALID_FIELD', contractWith({ path: 'a', type: 'DECIMAL', derived: { expression: 'b', tolerance: '-1' } }, { path: 'b', type: 'DECIMAL' })],
    ['INVALID_FIELD', rawContract({ fields: [raw({ derived: 'b+c' })] })],
    ['INVALID_FIELD', contractWith({ path: 'a', type: 'STRING', lookup: { table: 'countries', keyField: 'nowhere' } })],
    ['INVALID_FIELD', contractWith({ path: 'a', type: 'STRING', lookup: { table: 'countries', keyField: 'a' } })],
    ['INVALID_FIELD', contractWith({ path: 'a', type: 'STRING', lookup: { table: '', keyField: '@document' } })],
    ['INVALID_FIELD', contractWith({ path: 'a', type: 'STRING', lookup: { table: 't', keyField: '@document', entries: [] as never } })],
  ])('reports %s', (code, contract) => {
    // The defect each case plants is the first (almost always the only) problem found.
    expect(codes(contract)[0]).toBe(code);
  });

  it('accepts ENUM fields with enum and iso_4217 constraints (inventory §2.9)', () => {
    const contract = contractWith({ path: 'currency', type: 'ENUM', enumValues: [{ value: 'EUR', synonyms: [] }], constraints: [{ kind: 'enum', params: { values: ['EUR'] } }, { kind: 'iso_4217', params: {} }] });
    expect(validateContract(contract)).toEqual([]);
  });

  it('never throws, whatever it is given', () => {
    for (const junk of [null, 1, 'x', [], { fields: [null, 1, { fields: [{}] }] }]) {
      expect(() => validateContract(junk as never)).not.toThrow();
      expect(validateContract(junk as never).length).toBeGreaterThan(0);
    }
  });
});

describe('derivedReferences', () => {
  it('lists the field paths an expression refers to', () => {
    expect(derivedReferences('subtotal + tax_amount - (discount * 2)')).toEqual(['subtotal', 'tax_amount', 'discount']);
    expect(derivedReferences('buyer.total * 1.2')).toEqual(['buyer.total']);
  });
  it.each(['', 'a +', '(a', 'a)', 'a b', 'a / b', '+ a'])('rejects %j', (expression) => {
    expect(derivedReferences(expression)).toBeNull();
  });
});

describe('validateContract on hostile input', () => {
  it('stops at the nesting limit instead of overflowing the stack', () => {
    let field: Record<string, unknown> = { ...defineField({ path: 'x', type: 'STRING' }) };
    for (let level = 0; level < 20000; level += 1) field = { ...defineField({ path: 'x', type: 'OBJECT' }), fields: [field] };
    const problems = validateContract(rawContract({ fields: [field] }));
    expect(problems.map((problem) => problem.code)).toContain('INVALID_FIELD');
  });
});
