/**
 * `normalizedData` in the caller's own encoding: for a JSON Schema or Zod contract the
 * resolved data validates against the caller's schema (ajv / `safeParse`), amounts come
 * back as JSON numbers where the schema says number, while `fieldResults` keep the
 * canonical encoding (decimal strings, `{amount, currency}`).
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { normalize, replay } from 'paxman';
import { money } from 'paxman/zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

const invoiceText = readFileSync(resolve(import.meta.dirname, '../../../examples/invoice-northwind.txt'));

const jsonSchema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  title: 'northwind-invoice',
  type: 'object',
  properties: {
    invoice_number: { type: 'string', minLength: 3 },
    invoice_date: { type: 'string', format: 'date' },
    due_date: { type: 'string', format: 'date' },
    payment_terms: { type: 'string' },
    subtotal: { type: 'number', minimum: 0 },
    total_amount: {
      type: 'object',
      'x-paxman-type': 'MONEY',
      properties: { amount: { type: 'number' }, currency: { type: 'string', pattern: '^[A-Z]{3}$' } },
      required: ['amount', 'currency'],
    },
  },
  required: ['invoice_number', 'invoice_date', 'total_amount'],
  additionalProperties: false,
} as const;

describe('normalizedData in the caller encoding', () => {
  it('validates against the caller’s JSON Schema (ajv), with numbers where the schema says number', async () => {
    const artifact = await normalize(invoiceText, { contract: jsonSchema });
    expect(artifact.status).not.toBe('INVALID_CONTRACT');
    const ajv = new Ajv2020({ allErrors: true, strict: false });
    const addFormats = (addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule;
    addFormats(ajv);
    const validate = ajv.compile(artifact.status === 'SUCCESS' ? jsonSchema : { ...jsonSchema, required: [] });
    expect(validate(artifact.normalizedData), JSON.stringify(validate.errors)).toBe(true);
    if (artifact.normalizedData.total_amount !== undefined) {
      expect(typeof artifact.normalizedData.total_amount.amount).toBe('number');
      expect(artifact.fieldResults['total_amount']!.value).toMatchObject({ amount: expect.any(String) });
    }
    expect(await replay(artifact, { contract: jsonSchema })).toStrictEqual(artifact);
  });

  it('passes the caller’s Zod schema (safeParse), typed as z.infer', async () => {
    const schema = z
      .object({
        invoice_number: z.string().min(3),
        invoice_date: z.iso.date(),
        due_date: z.iso.date().optional(),
        subtotal: z.number().nonnegative().optional(),
        total_amount: money({ amount: 'number' }),
      })
      .meta({ title: 'northwind-invoice-zod' });
    const artifact = await normalize(invoiceText, { contract: schema });
    expect(artifact.status).not.toBe('INVALID_CONTRACT');
    const check = artifact.status === 'SUCCESS' ? schema.safeParse(artifact.normalizedData) : schema.partial().safeParse(artifact.normalizedData);
    expect(check.success, JSON.stringify(check.error?.issues)).toBe(true);
    expect(Object.keys(artifact.normalizedData).length).toBeGreaterThan(0);
  });
});
