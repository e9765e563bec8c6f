import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { JsonValue } from '@paxman/core';
import { describe, expect, it } from 'vitest';
import { adaptJsonSchema, PAXMAN_KEYWORDS } from './adapters/json-schema/index.js';
import { Invoice as ZodInvoice } from './adapters/zod/__fixtures__/invoice.zod.js';
import { adaptZod, contractToZod } from './adapters/zod/index.js';
import { defineContract } from './define-field.js';
import { encodeFieldValue, encodeForSource, numberToDecimalString } from './output-encoding.js';

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;
const invoiceSchema = JSON.parse(readFileSync(resolve(import.meta.dirname, 'adapters/json-schema/__fixtures__/invoice.schema.json'), 'utf8')) as Record<string, unknown>;

function ajv(): Ajv2020 {
  const instance = new Ajv2020({ allErrors: true, strict: true });
  addFormats(instance);
  instance.addVocabulary([...PAXMAN_KEYWORDS]);
  return instance;
}

/** What the artifact assembles: canonical encoding (decimal strings, MONEY amounts as strings, dates YYYY-MM-DD). */
const canonicalInvoice: Record<string, JsonValue> = {
  invoice_number: 'INV-2024-0042',
  issue_date: '2024-03-01',
  due_date: null,
  status: 'issued',
  seller: { name: 'Acme GmbH', vat_id: 'DE123456789', email: 'billing@acme.example', address: { city: 'Berlin', country: 'DE', postal_code: '10115' } },
  buyer: { name: 'Globex Ltd', customer_number: 'C-77', address: { city: 'London', country: 'GB' } },
  line_items: [
    { description: 'Widgets', quantity: '12', unit_price: { amount: '2.50', currency: 'EUR' }, amount: { amount: '30.00', currency: 'EUR' } },
    { description: 'Shipping', quantity: '1.5', amount: { amount: '4.25', currency: 'EUR' } },
  ],
  notes: ['Thank you for your business.'],
  line_count: 2,
  tax_rate: '0.19',
  subtotal: { amount: '34.25', currency: 'EUR' },
  total: { amount: '40.76', currency: 'EUR' },
  paid: false,
  website: 'https://acme.example/',
  created_at: '2024-03-01T09:30:00Z',
};

describe('encodeForSource with a JSON Schema contract', () => {
  const contract = adaptJsonSchema(invoiceSchema);
  const validate = ajv().compile(invoiceSchema);

  it('canonical data does not validate against the caller schema as it is', () => {
    expect(validate(canonicalInvoice)).toBe(false);
  });

  it('encoded data validates against the caller schema (ajv, draft 2020-12, formats on)', () => {
    const encoded = encodeForSource(contract, canonicalInvoice);
    const valid = validate(encoded);
    expect(validate.errors ?? []).toEqual([]);
    expect(valid).toBe(true);
    expect(encoded.tax_rate).toBe(0.19);
    expect(encoded.line_count).toBe(2);
    expect(encoded.subtotal).toEqual({ amount: 34.25, currency: 'EUR' });
    // `total` declares its amount as a string: it keeps the exact decimal
    expect(encoded.total).toEqual({ amount: '40.76', currency: 'EUR' });
    expect((encoded.line_items as Record<string, JsonValue>[])[0]).toEqual({
      description: 'Widgets',
      quantity: 12,
      unit_price: { amount: 2.5, currency: 'EUR' },
      amount: { amount: 30, currency: 'EUR' },
    });
  });

  it('drops null for optional non-nullable fields and keeps it for nullable ones', () => {
    const encoded = encodeForSource(contract, { ...canonicalInvoice, website: null, due_date: null });
    expect('website' in encoded).toBe(false);
    expect(encoded.due_date).toBeNull();
    expect(validate(encoded)).toBe(true);
  });

  it('passes unknown keys and non-canonical values through unchanged', () => {
    expect(encodeForSource(contract, { extra: '1.5', tax_rate: 'not a number' })).toEqual({ extra: '1.5', tax_rate: 'not a number' });
  });
});

describe('encodeForSource with a Zod contract', () => {
  const contract = adaptZod(ZodInvoice);
  const canonical: Record<string, JsonValue> = {
    document_type: 'INVOICE',
    invoice_number: 'INV-2024-0042',
    issue_date: '2024-03-01',
    due_date: '2024-03-31',
    status: 'paid',
    seller: { name: 'Acme GmbH', vat_id: null, email: 'billing@acme.example', address: { city: 'Berlin', country: 'DE' } },
    buyer: { name: 'Globex Ltd', customer_number: 'C-77' },
    line_items: [
      { description: 'Widgets', quantity: '12', unit_price: { amount: '2.50', currency: 'EUR' }, amount: { amount: '30.00', currency: 'EUR' } },
      { description: 'Shipping', quantity: '0.5', amount: { amount: '4.25', currency: 'EUR' } },
    ],
    notes: ['Thank you.'],
    line_count: 2,
    tax_rate: '0.19',
    subtotal: { amount: '34.25', currency: 'EUR' },
    total: { amount: '40.76', currency: 'EUR' },
    paid: true,
    website: 'https://acme.example/',
    created_at: '2024-03-01T09:30:00Z',
  };

  it('canonical data fails the caller schema, encoded data passes safeParse', () => {
    expect(ZodInvoice.safeParse(canonical).success).toBe(false);
    const encoded = encodeForSource(contract, canonical);
    const parsed = ZodInvoice.safeParse(encoded);
    expect(parsed.error?.issues ?? []).toEqual([]);
    expect(encoded.tax_rate).toBe(0.19);
    expect(encoded.total).toEqual({ amount: '40.76', currency: 'EUR' });
    expect((encoded.line_items as Record<string, JsonValue>[])[1]!.quantity).toBe(0.5);
  });

  it('encoded data also passes the schema export builds from the contract', () => {
    const exported = contractToZod(contract) as typeof ZodInvoice;
    expect(exported.safeParse(encodeForSource(contract, canonical)).success).toBe(true);
  });
});

describe('encodeFieldValue', () => {
  it('writes integers and decimals as strings when the source says string', () => {
    expect(encodeFieldValue(defineContract({ id: 'c', fields: [{ path: 'n', type: 'INTEGER', numberEncoding: 'string' }] }).fields[0]!, 42)).toBe('42');
    expect(encodeFieldValue(defineContract({ id: 'c', fields: [{ path: 'd', type: 'DECIMAL', numberEncoding: 'string' }] }).fields[0]!, '1.50')).toBe('1.50');
    expect(encodeFieldValue(defineContract({ id: 'c', fields: [{ path: 'd', type: 'DECIMAL' }] }).fields[0]!, '1.50')).toBe('1.50');
  });

  it('encodes scalar array items through the item field', () => {
    const field = defineContract({ id: 'c', fields: [{ path: 'rates', type: 'ARRAY', itemType: 'DECIMAL', fields: [{ path: 'rates[]', type: 'DECIMAL', required: true, numberEncoding: 'number' }] }] }).fields[0]!;
    expect(encodeFieldValue(field, ['0.5', '1.25'])).toEqual([0.5, 1.25]);
  });
});

describe('numberToDecimalString', () => {
  it('never uses exponent notation', () => {
    expect(numberToDecimalString(1e21)).toBe('1000000000000000000000');
    expect(numberToDecimalString(1.5e-7)).toBe('0.00000015');
    expect(numberToDecimalString(-2.5e-7)).toBe('-0.00000025');
    expect(numberToDecimalString(-0)).toBe('0');
    expect(numberToDecimalString(12.5)).toBe('12.5');
  });
});
