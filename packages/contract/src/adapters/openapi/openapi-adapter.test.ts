import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fc, test as propertyTest } from '@fast-check/vitest';
import { PaxmanError } from '@paxman/core';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import type { ContractProblem } from '../../adapter.js';
import { flattenFields } from '../../define-field.js';
import { fingerprintContract } from '../../fingerprint.js';
import type { CanonicalContract } from '../../model.js';
import { contractArbitrary } from '../json-schema/contract-arbitrary.js';
import { adaptOpenApi, contractToOpenApi, isOpenApiSource, openApiAdapter } from './index.js';

const yamlText = readFileSync(resolve(import.meta.dirname, '__fixtures__/billing-api.openapi.yaml'), 'utf8');
const document = parse(yamlText) as Record<string, unknown>;

function problemsOf(source: unknown, schemaName?: string): ContractProblem[] {
  try {
    adaptOpenApi(source, schemaName === undefined ? {} : { schemaName });
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

/** The fixture document with its Invoice schema replaced. */
function withInvoice(invoice: unknown, version = '3.0.3'): Record<string, unknown> {
  const components = document.components as Record<string, Record<string, unknown>>;
  return { ...document, openapi: version, components: { ...components, schemas: { ...components.schemas, Invoice: invoice } } };
}

describe('OpenAPI adapter: the billing API document', () => {
  const contract = adaptOpenApi(yamlText);

  it('reads the first component schema by default, from YAML text', () => {
    expect(contract.id).toBe('invoice');
    expect(contract.version).toBe('3');
    expect(contract.source).toEqual({ format: 'openapi', formatVersion: '3.0.3', schemaName: 'Invoice' });
    expect(fingerprintContract(adaptOpenApi(document))).toBe(fingerprintContract(contract));
  });

  it('inlines #/components/schemas references into nested fields', () => {
    expect(fieldOf(contract, 'seller').fields.map((field) => field.path)).toEqual(['seller.name', 'seller.tax_id', 'seller.email', 'seller.address']);
    expect(fieldOf(contract, 'seller.address.country').constraints).toHaveLength(2);
    expect(fieldOf(contract, 'seller.name').confidenceThreshold).toBe(0.9);
    expect(fieldOf(contract, 'line_items').fields.map((field) => field.path)).toEqual([
      'line_items[].description',
      'line_items[].quantity',
      'line_items[].unit_price',
      'line_items[].amount',
    ]);
    expect(fieldOf(contract, 'line_items[].amount')).toMatchObject({ type: 'MONEY', required: true, numberEncoding: 'string' });
    expect(fieldOf(contract, 'total')).toMatchObject({ type: 'MONEY', required: true });
  });

  it('honours 3.0 nullable (also next to allOf) and boolean exclusive bounds', () => {
    expect(fieldOf(contract, 'due_date')).toMatchObject({ type: 'DATE', nullable: true });
    expect(fieldOf(contract, 'buyer')).toMatchObject({ type: 'OBJECT', nullable: true, description: 'The customer billed.' });
    expect(fieldOf(contract, 'discount_rate').constraints).toEqual([
      { kind: 'min_value', params: { min: 0 } },
      { kind: 'exclusive_max_value', params: { max: 1 } },
    ]);
    expect(fieldOf(contract, 'currency').enumValues).toEqual([
      { value: 'EUR', synonyms: ['€', 'euro'] },
      { value: 'USD', synonyms: ['$', 'US dollar'] },
      { value: 'GBP', synonyms: [] },
    ]);
  });

  it('chooses another component schema by name', () => {
    const party = adaptOpenApi(document, { schemaName: 'Party' });
    expect(party.id).toBe('Party');
    expect(party.source.schemaName).toBe('Party');
    expect(party.fields.map((field) => field.path)).toEqual(['name', 'tax_id', 'email', 'address']);
  });

  it('is a fixed point of export → adapt, in 3.0 and 3.1', () => {
    const exported = contractToOpenApi(contract);
    expect(exported.openapi).toBe('3.0.3');
    const again = adaptOpenApi(exported);
    expect(fingerprintContract(again)).toBe(fingerprintContract(contract));
    const party = adaptOpenApi(document, { schemaName: 'LineItem' });
    const asThreeOne = adaptOpenApi({ ...contractToOpenApi({ ...party, source: { format: 'json-schema', formatVersion: null, schemaName: null } }) });
    expect(asThreeOne.source.formatVersion).toBe('3.1.0');
    expect(fingerprintContract(asThreeOne)).toBe(fingerprintContract(party));
    expect(contractToOpenApi(again)).toEqual(exported);
  });

  propertyTest.prop([contractArbitrary(), fc.boolean()], { numRuns: 60 })('any canonical contract survives export → adapt as 3.0 and as 3.1', (contract, legacy) => {
    const source = legacy ? { format: 'openapi', formatVersion: '3.0.3', schemaName: null } : contract.source;
    const exported = contractToOpenApi({ ...contract, source });
    expect(exported.openapi).toBe(legacy ? '3.0.3' : '3.1.0');
    expect(fingerprintContract(adaptOpenApi(exported))).toBe(fingerprintContract(contract));
  }, 60_000);

  it('reads 3.1 documents with type arrays and numeric exclusive bounds', () => {
    const contract31 = adaptOpenApi(
      withInvoice({ type: 'object', properties: { note: { type: ['string', 'null'] }, rate: { type: 'number', exclusiveMinimum: 0 } } }, '3.1.0'),
    );
    expect(fieldOf(contract31, 'note').nullable).toBe(true);
    expect(fieldOf(contract31, 'rate').constraints).toEqual([{ kind: 'exclusive_min_value', params: { min: 0 } }]);
  });

  it('detects OpenAPI documents only', () => {
    expect(isOpenApiSource(document)).toBe(true);
    expect(isOpenApiSource({ type: 'object', properties: {} })).toBe(false);
    expect(isOpenApiSource(yamlText)).toBe(false);
    expect(openApiAdapter.format).toBe('openapi');
  });
});

describe('OpenAPI adapter: problems', () => {
  propertyTest.prop([fc.jsonValue({ maxDepth: 5 }), fc.constantFrom('3.0.3', '3.1.0')], { numRuns: 200 })('any JSON as a document or a component schema reports problems, never crashes', (value, version) => {
    for (const source of [value, { openapi: version, components: { schemas: value } }, { openapi: version, components: { schemas: { A: value } } }]) {
      try {
        adaptOpenApi(source);
      } catch (error) {
        expect(PaxmanError.isInstance(error)).toBe(true);
      }
    }
  });

  it('INVALID_OPENAPI_DOCUMENT: not an object, no component schemas, unknown schema name (listing the available ones)', () => {
    expect(problemsOf(42)[0]!.code).toBe('INVALID_OPENAPI_DOCUMENT');
    expect(problemsOf({ openapi: '3.1.0', info: {}, paths: {} })).toEqual([expect.objectContaining({ code: 'INVALID_OPENAPI_DOCUMENT', path: '#/components/schemas' })]);
    const [unknown] = problemsOf(document, 'Receipt');
    expect(unknown).toMatchObject({ code: 'INVALID_OPENAPI_DOCUMENT' });
    expect(unknown!.message).toContain('Invoice, Party, Address, LineItem, Money');
  });

  it('INVALID_OPENAPI_VERSION: Swagger 2.0, a missing version, a number', () => {
    expect(problemsOf({ ...document, openapi: '2.0' }).map((problem) => problem.code)).toEqual(['INVALID_OPENAPI_VERSION']);
    expect(problemsOf({ ...document, openapi: 3.1 }).map((problem) => problem.code)).toEqual(['INVALID_OPENAPI_VERSION']);
  });

  it('INVALID_JSON: text that is neither JSON nor YAML', () => {
    expect(problemsOf('openapi: [3.0\n  - : :')[0]!.code).toBe('INVALID_JSON');
  });

  it('UNSUPPORTED_OPENAPI_FEATURE: polymorphism, discriminator, remote refs, nullable in 3.1', () => {
    const problems = problemsOf(
      withInvoice({
        type: 'object',
        properties: {
          payer: { oneOf: [{ $ref: '#/components/schemas/Party' }, { $ref: '#/components/schemas/Address' }], discriminator: { propertyName: 'kind' } },
          remote: { $ref: 'https://example.com/schemas.yaml#/Thing' },
          count: { type: 'integer', multipleOf: 2 },
        },
      }),
    );
    expect(problems.map((problem) => [problem.code, problem.path])).toEqual([
      ['UNSUPPORTED_OPENAPI_FEATURE', '#/components/schemas/Invoice/properties/payer/oneOf'],
      ['UNSUPPORTED_OPENAPI_FEATURE', '#/components/schemas/Invoice/properties/remote/$ref'],
      ['UNSUPPORTED_OPENAPI_FEATURE', '#/components/schemas/Invoice/properties/count/multipleOf'],
    ]);
    expect(problemsOf(withInvoice({ type: 'object', properties: { a: { type: 'string', nullable: true } } }, '3.1.0'))).toEqual([
      expect.objectContaining({ code: 'UNSUPPORTED_OPENAPI_FEATURE', path: '#/components/schemas/Invoice/properties/a/nullable' }),
    ]);
  });

  it('INVALID_REF: a reference to a missing component and a recursive one', () => {
    const problems = problemsOf(
      withInvoice({ type: 'object', properties: { vendor: { $ref: '#/components/schemas/Vendor' }, self: { $ref: '#/components/schemas/Invoice' } } }),
    );
    expect(problems.map((problem) => problem.code)).toEqual(['INVALID_REF', 'INVALID_REF']);
    expect(problems[1]!.message).toMatch(/Recursive/);
  });

  it('INVALID_FIELD and validator problems come back together', () => {
    const problems = problemsOf(withInvoice({ type: 'object', required: ['nope'], properties: { a: { type: 'string', pattern: '(a' } } }));
    expect(problems.map((problem) => problem.code)).toEqual(['INVALID_FIELD']);
    expect(problemsOf(withInvoice({ type: 'object', properties: { a: { type: 'string', pattern: '(a' } } })).map((problem) => problem.code)).toEqual(['INVALID_REGEX_PATTERN']);
  });
});
