import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fc, test as propertyTest } from '@fast-check/vitest';
import { PaxmanError } from '@paxman/core';
import { describe, expect, it } from 'vitest';
import type { ContractProblem } from '../../adapter.js';
import { defineContract, flattenFields } from '../../define-field.js';
import { fingerprintContract } from '../../fingerprint.js';
import type { CanonicalContract } from '../../model.js';
import { contractArbitrary } from './contract-arbitrary.js';
import { adaptJsonSchema, contractToJsonSchema, isJsonSchemaSource, jsonSchemaAdapter } from './index.js';

const fixture = (name: string): unknown => JSON.parse(readFileSync(resolve(import.meta.dirname, '__fixtures__', name), 'utf8'));

/** The problems an adapt call reports (fails the test when it does not throw). */
function problemsOf(source: unknown): ContractProblem[] {
  try {
    adaptJsonSchema(source);
  } catch (error) {
    expect(PaxmanError.isInstance(error)).toBe(true);
    return (error as PaxmanError).context.problems as unknown as ContractProblem[];
  }
  throw new Error('expected adapt to throw');
}

function fieldOf(contract: CanonicalContract, path: string) {
  const field = flattenFields(contract.fields).find((candidate) => candidate.path === path);
  if (field === undefined) throw new Error(`no field ${path}`);
  return field;
}

const objectSchema = (properties: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({ $schema: 'https://json-schema.org/draft/2020-12/schema', title: 't', type: 'object', properties, ...extra });

describe('JSON Schema adapter: the invoice fixture', () => {
  const contract = adaptJsonSchema(fixture('invoice.schema.json'));

  it('reads contract metadata and source format', () => {
    expect(contract.id).toBe('invoice');
    expect(contract.description).toMatch(/supplier invoice/);
    expect(contract.source).toEqual({ format: 'json-schema', formatVersion: '2020-12', schemaName: null });
  });

  it('resolves $defs references into nested OBJECT fields with dotted paths', () => {
    const seller = fieldOf(contract, 'seller');
    expect(seller.type).toBe('OBJECT');
    expect(seller.required).toBe(true);
    expect(seller.fields.map((field) => field.path)).toEqual(['seller.name', 'seller.vat_id', 'seller.email', 'seller.address']);
    expect(fieldOf(contract, 'seller.address.country').constraints).toEqual([
      { kind: 'min_length', params: { min: 2 } },
      { kind: 'max_length', params: { max: 2 } },
    ]);
    expect(fieldOf(contract, 'seller.name').labels).toEqual(['company', 'legal name']);
    expect(fieldOf(contract, 'seller.vat_id').nullable).toBe(true);
    expect(fieldOf(contract, 'seller.email').constraints).toEqual([{ kind: 'format', params: { format: 'email' } }]);
  });

  it('merges allOf members (a $ref plus extra properties)', () => {
    expect(fieldOf(contract, 'buyer').fields.map((field) => field.name)).toEqual(['name', 'vat_id', 'email', 'address', 'customer_number']);
    expect(fieldOf(contract, 'buyer.name').required).toBe(true);
  });

  it('turns an array of $ref objects into ARRAY items with [] paths', () => {
    const lineItems = fieldOf(contract, 'line_items');
    expect(lineItems).toMatchObject({ type: 'ARRAY', itemType: 'OBJECT', required: true, constraints: [{ kind: 'min_items', params: { min: 1 } }] });
    expect(lineItems.fields.map((field) => field.path)).toEqual(['line_items[].description', 'line_items[].quantity', 'line_items[].unit_price', 'line_items[].amount']);
    expect(fieldOf(contract, 'line_items[].quantity').constraints).toEqual([{ kind: 'exclusive_min_value', params: { min: 0 } }]);
    expect(fieldOf(contract, 'line_items[].amount')).toMatchObject({ type: 'MONEY', numberEncoding: 'number', description: 'quantity × unit price', required: true });
    const notes = fieldOf(contract, 'notes');
    expect(notes).toMatchObject({ type: 'ARRAY', itemType: 'STRING' });
    expect(notes.fields[0]).toMatchObject({ path: 'notes[]', type: 'STRING', required: true, constraints: [{ kind: 'max_length', params: { max: 500 } }] });
  });

  it('maps scalar types, formats, enums, nullability, defaults and Paxman keywords', () => {
    expect(fieldOf(contract, 'invoice_number')).toMatchObject({ type: 'STRING', labels: ['Invoice No.', 'Invoice #'], confidenceThreshold: 0.9, description: 'Unique invoice identifier.' });
    expect(fieldOf(contract, 'issue_date')).toMatchObject({ type: 'DATE', constraints: [] });
    expect(fieldOf(contract, 'due_date')).toMatchObject({ type: 'DATE', nullable: true, required: false });
    expect(fieldOf(contract, 'status')).toMatchObject({ type: 'ENUM', default: 'issued', hasDefault: true, fallback: 'USE_DEFAULT' });
    expect(fieldOf(contract, 'status').enumValues.map((value) => value.value)).toEqual(['draft', 'issued', 'paid']);
    expect(fieldOf(contract, 'line_count')).toMatchObject({ type: 'INTEGER', numberEncoding: 'integer', constraints: [{ kind: 'min_value', params: { min: 1 } }] });
    expect(fieldOf(contract, 'tax_rate')).toMatchObject({ type: 'DECIMAL', numberEncoding: 'number', default: '0.2' });
    expect(fieldOf(contract, 'total')).toMatchObject({ type: 'MONEY', currency: 'EUR', numberEncoding: 'string', labels: ['amount due', 'grand total'] });
    expect(fieldOf(contract, 'subtotal')).toMatchObject({ type: 'MONEY', currency: null, numberEncoding: 'number' });
    expect(fieldOf(contract, 'paid')).toMatchObject({ type: 'BOOLEAN', default: false, hasDefault: true });
    expect(fieldOf(contract, 'website').constraints).toEqual([{ kind: 'format', params: { format: 'uri' } }]);
    expect(fieldOf(contract, 'created_at')).toMatchObject({ type: 'STRING', constraints: [{ kind: 'format', params: { format: 'date-time' } }] });
  });

  it('is a fixed point of export → adapt', () => {
    const exported = contractToJsonSchema(contract);
    const again = adaptJsonSchema(exported);
    expect(fingerprintContract(again)).toBe(fingerprintContract(contract));
    expect(contractToJsonSchema(again)).toEqual(exported);
    // number encodings survive too (they are outside the fingerprint)
    expect(flattenFields(again.fields).map((field) => field.numberEncoding)).toEqual(flattenFields(contract.fields).map((field) => field.numberEncoding));
  });

  it('reads a named schema under $defs as the contract', () => {
    const party = adaptJsonSchema(fixture('invoice.schema.json'), { schemaName: 'Party' });
    expect(party.id).toBe('Party');
    expect(party.source.schemaName).toBe('Party');
    expect(party.fields.map((field) => field.path)).toEqual(['name', 'vat_id', 'email', 'address']);
    expect(fieldOf(party, 'address.city').required).toBe(true);
    const [unknown] = (() => {
      try {
        adaptJsonSchema(fixture('invoice.schema.json'), { schemaName: 'Vendor' });
      } catch (error) {
        return (error as PaxmanError).context.problems as unknown as ContractProblem[];
      }
      return [];
    })();
    expect(unknown).toMatchObject({ code: 'INVALID_FIELD', path: '#/$defs' });
    expect(unknown!.message).toContain('Money, Address, Party, LineItem');
  });

  it('accepts the same document as YAML or JSON text', () => {
    const text = JSON.stringify(fixture('invoice.schema.json'));
    expect(fingerprintContract(adaptJsonSchema(text))).toBe(fingerprintContract(contract));
  });
});

describe('JSON Schema adapter: draft-07 and draft-04 documents', () => {
  it('reads draft-07 definitions, numeric exclusive bounds and type arrays', () => {
    const contract = adaptJsonSchema({
      $schema: 'http://json-schema.org/draft-07/schema#',
      title: 'receipt',
      type: 'object',
      definitions: { Amount: { type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 10000 } },
      properties: { total: { $ref: '#/definitions/Amount' }, memo: { type: ['string', 'null'] } },
      required: ['total'],
    });
    expect(contract.source.formatVersion).toBe('draft-07');
    expect(fieldOf(contract, 'total').constraints).toEqual([
      { kind: 'exclusive_min_value', params: { min: 0 } },
      { kind: 'exclusive_max_value', params: { max: 10000 } },
    ]);
    expect(fieldOf(contract, 'memo').nullable).toBe(true);
  });

  it('honours draft-04 boolean exclusive bounds (never silently inclusive)', () => {
    const contract = adaptJsonSchema({
      $schema: 'http://json-schema.org/draft-04/schema#',
      title: 'legacy',
      type: 'object',
      properties: { rate: { type: 'number', minimum: 0, exclusiveMinimum: true, maximum: 1, exclusiveMaximum: false } },
    });
    expect(fieldOf(contract, 'rate').constraints).toEqual([
      { kind: 'exclusive_min_value', params: { min: 0 } },
      { kind: 'max_value', params: { max: 1 } },
    ]);
  });

  it('reads oneOf with null as nullable and const as a one-value ENUM', () => {
    const contract = adaptJsonSchema(objectSchema({ kind: { oneOf: [{ const: 'INVOICE' }, { type: 'null' }] }, code: { type: 'integer', enum: [1, 2, 3] } }));
    expect(fieldOf(contract, 'kind')).toMatchObject({ type: 'ENUM', nullable: true, enumValues: [{ value: 'INVOICE', synonyms: [] }] });
    expect(fieldOf(contract, 'code').constraints).toEqual([{ kind: 'enum', params: { values: [1, 2, 3] } }]);
  });

  it('takes the contract id from $id when there is no title, and defaults the version', () => {
    const contract = adaptJsonSchema({ $id: 'https://example.com/purchase-order.schema.json', type: 'object', properties: { po: { type: 'string' } } });
    expect(contract.id).toBe('purchase-order');
    expect(contract.version).toBe('1');
  });
});

describe('JSON Schema adapter: detection', () => {
  it('claims JSON Schema documents only', () => {
    expect(isJsonSchemaSource(fixture('invoice.schema.json'))).toBe(true);
    expect(isJsonSchemaSource({ type: 'object', properties: {} })).toBe(true);
    expect(isJsonSchemaSource({ $schema: 'http://json-schema.org/draft-07/schema#' })).toBe(true);
    expect(isJsonSchemaSource({ openapi: '3.1.0', type: 'object' })).toBe(false);
    expect(isJsonSchemaSource({ id: 'c', description: 'x', type: 'object', fields: [] })).toBe(false);
    expect(isJsonSchemaSource({ id: 'c', fields: [{ name: 'a', type: 'STRING', required: true }] })).toBe(false);
    expect(isJsonSchemaSource('{"type":"object"}')).toBe(false);
    expect(isJsonSchemaSource(null)).toBe(false);
    expect(jsonSchemaAdapter.format).toBe('json-schema');
  });
});

describe('JSON Schema adapter: every problem is reported at once', () => {
  it('reports INVALID_JSON for text that is neither JSON nor YAML', () => {
    expect(problemsOf('{ "type": "object", ')).toEqual([expect.objectContaining({ code: 'INVALID_JSON' })]);
  });

  it('reports INVALID_FIELD for non-object schemas, missing properties, bad required lists and MONEY shapes', () => {
    expect(problemsOf([1, 2]).map((problem) => problem.code)).toEqual(['INVALID_FIELD']);
    expect(problemsOf(objectSchema({})).map((problem) => problem.code)).toEqual(['INVALID_FIELD']);
    const problems = problemsOf(
      objectSchema(
        { a: { type: 'string' }, m: { type: 'object', 'x-paxman-type': 'MONEY', properties: { amount: { type: 'string' } } }, b: 42 },
        { required: ['a', 'missing'] },
      ),
    );
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ code: 'INVALID_FIELD', path: '#/required' }),
        expect.objectContaining({ code: 'INVALID_FIELD', path: '#/properties/m/properties' }),
        expect.objectContaining({ code: 'INVALID_FIELD', path: '#/properties/b' }),
      ]),
    );
    expect(problems).toHaveLength(3);
  });

  it('reports INVALID_VERSION for an unknown $schema', () => {
    expect(problemsOf({ $schema: 'https://example.com/my-dialect', type: 'object', properties: { a: { type: 'string' } } })).toEqual([
      expect.objectContaining({ code: 'INVALID_VERSION', path: '#/$schema' }),
    ]);
  });

  it('reports UNSUPPORTED_FIELD_TYPE for types with no canonical meaning', () => {
    const problems = problemsOf(objectSchema({ a: { type: 'string', 'x-paxman-type': 'MONEY' }, b: { type: 'bogus' }, c: { type: 'string', 'x-paxman-type': 'TEXT' } }));
    expect(problems.map((problem) => [problem.code, problem.path])).toEqual([
      ['UNSUPPORTED_FIELD_TYPE', '#/properties/a/x-paxman-type'],
      ['UNSUPPORTED_FIELD_TYPE', '#/properties/b/type'],
      ['UNSUPPORTED_FIELD_TYPE', '#/properties/c/x-paxman-type'],
    ]);
    expect(problemsOf({ type: 'array', items: { type: 'string' } })[0]!.code).toBe('UNSUPPORTED_FIELD_TYPE');
  });

  it('reports UNSUPPORTED_JSON_SCHEMA_FEATURE for every keyword it cannot honour, never ignoring one', () => {
    const problems = problemsOf(
      objectSchema({
        a: { type: 'string', patternProperties: {} },
        b: { type: 'integer', multipleOf: 5 },
        c: { if: { type: 'string' }, then: { minLength: 1 }, else: { maxLength: 0 }, type: 'string' },
        d: { not: { type: 'null' }, type: 'string' },
        e: { $ref: 'https://example.com/other.json#/Thing' },
        f: { anyOf: [{ type: 'string' }, { type: 'integer' }] },
        g: { type: ['string', 'integer'] },
        h: { type: 'string', format: 'uuid' },
        i: { type: 'array', items: { type: 'array', items: { type: 'string' } } },
        j: { type: 'object', additionalProperties: { type: 'string' } },
        k: { type: 'string', nullable: true },
        l: { type: 'array', uniqueItems: true, items: { type: 'string' } },
        m: { type: 'string', requried: true },
      }),
    );
    const byField = new Map(problems.map((problem) => [problem.path.split('/')[2], problem.code]));
    // h (format: uuid) now has a meaning: a pattern.
    expect([...byField.keys()].sort()).toEqual(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'i', 'j', 'k', 'l', 'm']);
    expect(new Set(problems.map((problem) => problem.code))).toEqual(new Set(['UNSUPPORTED_JSON_SCHEMA_FEATURE']));
    expect(problems.find((problem) => problem.path === '#/properties/c/if')).toBeDefined();
    expect(problems.find((problem) => problem.path === '#/properties/c/else')).toBeDefined();
  });

  it('reports INVALID_REF for unknown targets and recursive schemas', () => {
    const problems = problemsOf(
      objectSchema(
        { a: { $ref: '#/$defs/Nope' }, node: { $ref: '#/$defs/Node' }, b: { $ref: 7 } },
        { $defs: { Node: { type: 'object', properties: { label: { type: 'string' }, children: { type: 'array', items: { $ref: '#/$defs/Node' } } } } } },
      ),
    );
    expect(problems.map((problem) => [problem.code, problem.path])).toEqual([
      ['INVALID_REF', '#/properties/a/$ref'],
      ['INVALID_REF', '#/properties/node/properties/children/items/$ref'],
      ['INVALID_REF', '#/properties/b/$ref'],
    ]);
    expect(problems[1]!.message).toMatch(/#\/\$defs\/Node → #\/\$defs\/Node/);
  });

  it('reports INVALID_CONSTRAINT for malformed bounds, and runs the validator on the result', () => {
    const problems = problemsOf(
      objectSchema({
        a: { type: 'number', exclusiveMinimum: true },
        b: { type: 'number', exclusiveMaximum: 'ten' },
        c: { type: 'string', minLength: 5, maxLength: 2 },
        d: { type: 'string', pattern: '(?<=x)y' },
        e: { type: 'boolean', minLength: 1 },
      }),
    );
    expect(problems.map((problem) => [problem.code, problem.path])).toEqual([
      ['INVALID_CONSTRAINT', '#/properties/a/exclusiveMinimum'],
      ['INVALID_CONSTRAINT', '#/properties/b/exclusiveMaximum'],
    ]);
    const validated = problemsOf(objectSchema({ c: { type: 'string', minLength: 5, maxLength: 2 }, d: { type: 'string', pattern: '(?<=x)y' }, e: { type: 'boolean', minLength: 1 } }));
    expect(validated.map((problem) => problem.code)).toEqual(['INVALID_CONSTRAINT', 'INVALID_REGEX_PATTERN', 'INVALID_CONSTRAINT']);
  });

  it('reports MISSING_ENUM_VALUES for an ENUM without values', () => {
    expect(problemsOf(objectSchema({ kind: { type: 'string', 'x-paxman-type': 'ENUM' } }))).toEqual([
      expect.objectContaining({ code: 'MISSING_ENUM_VALUES', path: '#/properties/kind' }),
    ]);
  });

  it('reports bad Paxman keywords', () => {
    const problems = problemsOf(
      objectSchema({
        a: { type: 'string', 'x-paxman-labels': 'total', 'x-paxman-colour': 'red', 'x-paxman-version': '2' },
        b: { type: 'string', 'x-paxman-confidence-threshold': 'high', 'x-paxman-tags': 'pii' },
      }),
    );
    expect(problems.map((problem) => problem.code)).toEqual(['INVALID_FIELD', 'INVALID_FIELD', 'INVALID_FIELD', 'INVALID_SEMANTIC_TAG', 'INVALID_CONFIDENCE_FLOOR']);
  });
});

describe('JSON Schema adapter: hostile input', () => {
  const outcome = (source: unknown): string => {
    try {
      adaptJsonSchema(source);
      return 'adapted';
    } catch (error) {
      return PaxmanError.isInstance(error) ? 'problems' : `crash: ${String(error)}`;
    }
  };

  propertyTest.prop([fc.jsonValue({ maxDepth: 6 })], { numRuns: 300 })('any JSON value as a schema or a property adapts or reports problems, never crashes', (value) => {
    expect(outcome(value)).not.toMatch(/^crash/);
    expect(outcome({ type: 'object', properties: { a: value } })).not.toMatch(/^crash/);
    expect(outcome({ type: 'object', properties: { a: { type: 'array', items: value } }, $defs: { X: value } })).not.toMatch(/^crash/);
  });

  propertyTest.prop([fc.dictionary(fc.constantFrom('type', 'properties', 'items', 'enum', 'const', '$ref', 'allOf', 'anyOf', 'required', 'x-paxman-type', 'default', 'minimum', 'format', 'x-paxman-constraints'), fc.jsonValue({ maxDepth: 3 }))], { numRuns: 300 })(
    'schemas built from real keywords with random values never crash',
    (schema) => {
      expect(outcome({ type: 'object', properties: { a: schema, b: { $ref: '#/properties/a' } } })).not.toMatch(/^crash/);
    },
  );

  it('rejects a property named __proto__ with a clear problem instead of losing it later', () => {
    expect(() => adaptJsonSchema(JSON.parse('{"type":"object","allOf":[{"properties":{"__proto__":{"type":"string"}}}],"properties":{"a":{"type":"string"}}}'))).toThrow(/"__proto__" is reserved/);
  });
});

describe('JSON Schema adapter: export', () => {
  it('writes draft 2020-12 with Paxman keywords where JSON Schema has none', () => {
    const contract = defineContract({
      id: 'c',
      fields: [
        { path: 'code', type: 'STRING', constraints: [{ kind: 'enum', params: { values: ['A', 'B'] } }] },
        { path: 'amount', type: 'MONEY', currency: 'USD', constraints: [{ kind: 'iso_4217', params: {} }] },
        { path: 'ratio', type: 'DECIMAL', default: '1.50', hasDefault: true },
      ],
    });
    const schema = contractToJsonSchema(contract) as Record<string, Record<string, Record<string, unknown>>>;
    expect(schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(schema.properties!.code).toEqual({ type: 'string', enum: ['A', 'B'], 'x-paxman-type': 'STRING' });
    expect(schema.properties!.amount).toMatchObject({ 'x-paxman-type': 'MONEY', 'x-paxman-currency': 'USD', 'x-paxman-constraints': [{ kind: 'iso_4217', params: {} }] });
    expect(schema.properties!.ratio).toEqual({ type: 'number', default: '1.50' });
    expect(fingerprintContract(adaptJsonSchema(schema))).toBe(fingerprintContract(contract));
  });

  propertyTest.prop([contractArbitrary()], { numRuns: 100 })('any canonical contract survives export → adapt unchanged', (contract) => {
    const again = adaptJsonSchema(contractToJsonSchema(contract));
    expect(fingerprintContract(again)).toBe(fingerprintContract(contract));
  }, 60_000);

  propertyTest.prop([contractArbitrary({ maxDepth: 1 })], { numRuns: 40 })('export is stable: adapt → export is idempotent', (contract) => {
    const exported = contractToJsonSchema(contract);
    expect(contractToJsonSchema(adaptJsonSchema(exported))).toEqual(exported);
  }, 60_000);
});

// keep fast-check's default import referenced for readers who copy the arbitrary
void fc;
