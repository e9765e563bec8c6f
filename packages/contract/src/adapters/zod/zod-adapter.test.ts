import { fc, test as propertyTest } from '@fast-check/vitest';
import { PaxmanError } from '@paxman/core';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import type { ContractProblem } from '../../adapter.js';
import { flattenFields } from '../../define-field.js';
import { fingerprintContract } from '../../fingerprint.js';
import type { CanonicalContract } from '../../model.js';
import { contractArbitrary } from '../json-schema/contract-arbitrary.js';
import { adaptJsonSchema, contractToJsonSchema } from '../json-schema/index.js';
import { Invoice } from './__fixtures__/invoice.zod.js';
import { adaptZod, contractToZod, isZodSchema, money, pointerToFieldPath, zodAdapter } from './index.js';

function problemsOf(source: unknown): ContractProblem[] {
  try {
    adaptZod(source);
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

describe('Zod adapter: the invoice', () => {
  const contract = adaptZod(Invoice);

  it('reads contract metadata from .meta()', () => {
    expect(contract).toMatchObject({ id: 'invoice', version: '2', description: 'A supplier invoice.' });
    expect(contract.source).toEqual({ format: 'zod', formatVersion: '4', schemaName: null });
  });

  it('maps Zod types, optionality, nullability and defaults', () => {
    expect(fieldOf(contract, 'document_type')).toMatchObject({ type: 'ENUM', required: true, enumValues: [{ value: 'INVOICE', synonyms: [] }] });
    expect(fieldOf(contract, 'invoice_number')).toMatchObject({
      type: 'STRING',
      required: true,
      description: 'Unique invoice identifier.',
      labels: ['Invoice No.', 'Invoice #'],
      constraints: [
        { kind: 'min_length', params: { min: 1 } },
        { kind: 'max_length', params: { max: 64 } },
      ],
    });
    expect(fieldOf(contract, 'issue_date')).toMatchObject({ type: 'DATE', constraints: [] });
    expect(fieldOf(contract, 'due_date')).toMatchObject({ type: 'DATE', nullable: true, required: true });
    expect(fieldOf(contract, 'status')).toMatchObject({ type: 'ENUM', required: false, default: 'issued', hasDefault: true, fallback: 'USE_DEFAULT' });
    expect(fieldOf(contract, 'status').enumValues).toEqual([
      { value: 'draft', synonyms: [] },
      { value: 'issued', synonyms: [] },
      { value: 'paid', synonyms: ['settled'] },
    ]);
    expect(fieldOf(contract, 'line_count')).toMatchObject({ type: 'INTEGER', numberEncoding: 'integer', required: false, constraints: [{ kind: 'min_value', params: { min: 1 } }] });
    expect(fieldOf(contract, 'tax_rate')).toMatchObject({ type: 'DECIMAL', numberEncoding: 'number' });
    expect(fieldOf(contract, 'website').constraints).toEqual([{ kind: 'format', params: { format: 'uri' } }]);
    expect(fieldOf(contract, 'created_at')).toMatchObject({ type: 'STRING', constraints: [{ kind: 'format', params: { format: 'date-time' } }] });
  });

  it('reads nested objects (also extended ones) and arrays of objects and of scalars', () => {
    expect(fieldOf(contract, 'seller.name')).toMatchObject({ required: true, confidenceThreshold: 0.9, labels: ['company', 'legal name'] });
    expect(fieldOf(contract, 'seller.vat_id')).toMatchObject({ nullable: true, required: false, constraints: [{ kind: 'pattern', params: { regex: '^[A-Z]{2}[0-9A-Z]{2,12}$' } }] });
    expect(fieldOf(contract, 'seller.email').constraints).toEqual([{ kind: 'format', params: { format: 'email' } }]);
    expect(fieldOf(contract, 'seller.address.country').description).toBe('ISO 3166-1 alpha-2 code.');
    expect(fieldOf(contract, 'buyer').fields.map((field) => field.name)).toEqual(['name', 'vat_id', 'email', 'address', 'customer_number']);
    expect(fieldOf(contract, 'line_items')).toMatchObject({ type: 'ARRAY', itemType: 'OBJECT', constraints: [{ kind: 'min_items', params: { min: 1 } }] });
    expect(fieldOf(contract, 'line_items[].quantity').constraints).toEqual([{ kind: 'exclusive_min_value', params: { min: 0 } }]);
    expect(fieldOf(contract, 'line_items[].amount')).toMatchObject({ type: 'MONEY', numberEncoding: 'number', description: 'quantity × unit price', required: true });
    expect(fieldOf(contract, 'notes[]')).toMatchObject({ type: 'STRING', constraints: [{ kind: 'max_length', params: { max: 500 } }] });
  });

  it('reads money() as MONEY, with a fixed currency when given', () => {
    expect(fieldOf(contract, 'total')).toMatchObject({ type: 'MONEY', currency: 'EUR', numberEncoding: 'string', labels: ['amount due', 'grand total'] });
    expect(fieldOf(contract, 'subtotal')).toMatchObject({ type: 'MONEY', currency: null, numberEncoding: 'number' });
    expect(money().safeParse({ amount: '12.50', currency: 'USD' }).success).toBe(true);
    expect(money().safeParse({ amount: '12,50', currency: 'USD' }).success).toBe(false);
    expect(money({ currency: 'EUR' }).safeParse({ amount: '1', currency: 'USD' }).success).toBe(false);
  });

  it('means the same as its JSON Schema export', () => {
    expect(fingerprintContract(adaptJsonSchema(contractToJsonSchema(contract)))).toBe(fingerprintContract(contract));
  });

  it('is a fixed point of export → adapt', () => {
    const exported = contractToZod(contract);
    const again = adaptZod(exported);
    expect(fingerprintContract(again)).toBe(fingerprintContract(contract));
    expect(flattenFields(again.fields).map((field) => field.numberEncoding)).toEqual(flattenFields(contract.fields).map((field) => field.numberEncoding));
  });

  it('keeps the regex of formats Paxman has no name for, and reads numeric enums as INTEGER', () => {
    const contract = adaptZod(z.object({ ref: z.string().startsWith('INV-'), id: z.uuid(), level: z.enum({ LOW: 1, HIGH: 2 }) }));
    expect(fieldOf(contract, 'ref').constraints).toEqual([{ kind: 'pattern', params: { regex: '^INV-.*' } }]);
    expect(fieldOf(contract, 'id').constraints[0]!.kind).toBe('pattern');
    expect(fieldOf(contract, 'level')).toMatchObject({ type: 'INTEGER', numberEncoding: 'number', constraints: [{ kind: 'enum', params: { values: [1, 2] } }] });
    expect(fingerprintContract(adaptZod(contractToZod(contract)))).toBe(fingerprintContract(contract));
  });

  it('detects Zod schemas only', () => {
    expect(isZodSchema(Invoice)).toBe(true);
    expect(isZodSchema(z.string())).toBe(true);
    expect(isZodSchema({ type: 'object' })).toBe(false);
    expect(isZodSchema({ _zod: null })).toBe(false);
    expect(zodAdapter.detect(Invoice)).toBe(true);
    expect(zodAdapter.format).toBe('zod');
  });
});

describe('Zod adapter: problems', () => {
  it('INVALID_FIELD for something that is not a Zod schema', () => {
    expect(problemsOf({ id: 'x' })).toEqual([expect.objectContaining({ code: 'INVALID_FIELD', path: '#' })]);
  });

  it('UNSUPPORTED_ZOD_FEATURE for a Zod object Zod cannot describe (no toJSONSchema: Zod before 4.1)', () => {
    expect(problemsOf({ _zod: { def: { type: 'object' } } })).toEqual([expect.objectContaining({ code: 'UNSUPPORTED_ZOD_FEATURE', path: '#' })]);
  });

  it('UNSUPPORTED_FIELD_TYPE for a root that is not an object', () => {
    expect(problemsOf(z.string())[0]!.code).toBe('UNSUPPORTED_FIELD_TYPE');
  });

  it('UNSUPPORTED_ZOD_FEATURE for refinements, JSON-less types, unions and records — each with its field path', () => {
    const problems = problemsOf(
      z.object({
        amount: z.number().refine((value) => value % 5 === 0),
        when: z.date(),
        id: z.union([z.string(), z.number()]),
        kind: z.union([z.object({ a: z.string() }), z.object({ b: z.string() })]),
        extra: z.record(z.string(), z.string()),
        pair: z.tuple([z.string(), z.string()]),
        items: z.array(z.object({ count: z.bigint() })),
        anything: z.unknown(),
        step: z.int().multipleOf(5),
        ok: z.string(),
      }),
    );
    expect(problems.map((problem) => [problem.code, problem.path])).toEqual([
      ['UNSUPPORTED_ZOD_FEATURE', 'amount'],
      ['UNSUPPORTED_ZOD_FEATURE', 'when'],
      ['UNSUPPORTED_ZOD_FEATURE', 'id/type'],
      ['UNSUPPORTED_ZOD_FEATURE', 'kind/anyOf'],
      ['UNSUPPORTED_ZOD_FEATURE', 'extra'],
      ['UNSUPPORTED_ZOD_FEATURE', 'pair'],
      ['UNSUPPORTED_ZOD_FEATURE', 'items[].count'],
      ['UNSUPPORTED_ZOD_FEATURE', 'anything'],
      ['UNSUPPORTED_ZOD_FEATURE', 'step/multipleOf'],
    ]);
    expect(problems[1]!.message).toMatch(/z\.iso\.date\(\)/);
  });

  it('INVALID_REF for recursive schemas', () => {
    const Category: z.ZodType = z.object({ name: z.string(), get children() {
      return z.array(Category);
    } });
    const problems = problemsOf(z.object({ root: Category }));
    expect(problems.map((problem) => problem.code)).toContain('INVALID_REF');
  });

  it('runs the validator: regexes must compile on RE2, thresholds must be in range', () => {
    const problems = problemsOf(z.object({ code: z.string().regex(/(?<=A)B/), name: z.string().meta({ confidenceThreshold: 2 }) }));
    expect(problems.map((problem) => problem.code)).toEqual(['INVALID_REGEX_PATTERN', 'INVALID_CONFIDENCE_FLOOR']);
  });
});

describe('Zod adapter: export', () => {
  it('builds a schema Zod can parse with', () => {
    const schema = contractToZod(adaptZod(Invoice)) as z.ZodType;
    const parsed = schema.safeParse({
      document_type: 'INVOICE',
      invoice_number: 'INV-1',
      issue_date: '2024-03-01',
      due_date: null,
      seller: { name: 'Acme' },
      buyer: { name: 'Globex' },
      line_items: [{ description: 'Widgets', quantity: 2, amount: { amount: 20, currency: 'EUR' } }],
      total: { amount: '20.00', currency: 'EUR' },
    });
    expect(parsed.success).toBe(true);
    expect(schema.safeParse({ document_type: 'RECEIPT' }).success).toBe(false);
  });

  propertyTest.prop([contractArbitrary()], { numRuns: 60 })('any canonical contract survives export → adapt unchanged', (contract) => {
    expect(fingerprintContract(adaptZod(contractToZod(contract)))).toBe(fingerprintContract(contract));
  }, 120_000);

  it('turns JSON pointers into field paths', () => {
    expect(pointerToFieldPath('#/properties/line_items/items/properties/amount/anyOf')).toBe('line_items[].amount/anyOf');
    expect(pointerToFieldPath('#/$defs/Node')).toBe('#/$defs/Node');
  });
});

void fc;
