/**
 * Documents in the languages of the built-in packs (made up for this test, in the habits of
 * each language): a German till receipt, a Latvian receipt, a French invoice. The fields
 * resolve from the packs' words — no model — with their evidence, and nothing resolves to a
 * wrong value (a field may stay unresolved; it may not be wrong).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createPaxman } from 'paxman';

const folder = join(import.meta.dirname, '__fixtures__/languages');
const read = (name: string): string => readFileSync(join(folder, name), 'utf8');
const receipt = {
  id: 'receipt',
  fields: [
    { name: 'merchant_name', type: 'STRING', required: true, description: 'Name of the store.' },
    { name: 'transaction_date', type: 'DATE', required: true, description: 'Date of the purchase.' },
    { name: 'total_amount', type: 'MONEY', required: true, description: 'Total paid, including tax.' },
  ],
};
const invoice = {
  id: 'invoice',
  fields: [
    { name: 'invoice_number', type: 'STRING', required: true },
    { name: 'invoice_date', type: 'DATE', required: true },
    { name: 'due_date', type: 'DATE', required: false },
    { name: 'seller_name', type: 'STRING', required: true, description: 'Name of the company that issued the invoice.' },
    { name: 'buyer_name', type: 'STRING', required: false, description: 'Name of the customer.' },
    { name: 'subtotal', type: 'MONEY', required: false },
    { name: 'tax_amount', type: 'MONEY', required: false },
    { name: 'total_amount', type: 'MONEY', required: true },
  ],
};

/** Every resolved value must be the expected one; returns the resolved field names. */
function resolvedRight(artifact: { normalizedData: Record<string, unknown> }, expected: Record<string, unknown>): string[] {
  for (const [field, value] of Object.entries(artifact.normalizedData)) expect({ field, value }).toEqual({ field, value: expected[field] });
  return Object.keys(artifact.normalizedData).sort();
}

describe('documents in the languages of the built-in packs', () => {
  const px = createPaxman({});

  it('a German till receipt: "SUMME EUR", the merchant with its legal form, the printed date', async () => {
    const artifact = await px.normalize(read('kassenbon-de.txt'), { contract: receipt, policy: { allowLocalInference: false } });
    const expected = { merchant_name: 'BÄCKEREI SONNENSCHEIN GmbH', transaction_date: '2026-03-14', total_amount: { amount: '8.17', currency: 'EUR' } };
    expect(resolvedRight(artifact, expected)).toEqual(['merchant_name', 'total_amount', 'transaction_date']);
  });

  it('a Latvian receipt: "KOPĀ APMAKSAI EUR", the SIA in the letterhead', async () => {
    const artifact = await px.normalize(read('ceks-lv.txt'), { contract: receipt, policy: { allowLocalInference: false } });
    const expected = { merchant_name: 'SIA "RĪGAS MAIZNĪCA"', transaction_date: '2026-02-21', total_amount: { amount: '5.14', currency: 'EUR' } };
    expect(resolvedRight(artifact, expected)).toEqual(expect.arrayContaining(['total_amount', 'transaction_date']));
  });

  it('a French invoice: the number and date of the title line, the client under its heading, totals HT / TVA / TTC', async () => {
    const artifact = await px.normalize(read('facture-fr.txt'), { contract: invoice, policy: { allowLocalInference: false } });
    const expected = {
      invoice_number: 'FL-2026-0042',
      invoice_date: '2026-02-03',
      due_date: '2026-03-05',
      seller_name: 'ATELIER LUMIÈRE SARL',
      buyer_name: 'Boulangerie Martin',
      subtotal: { amount: '455.00', currency: 'EUR' },
      tax_amount: { amount: '91.00', currency: 'EUR' },
      total_amount: { amount: '546.00', currency: 'EUR' },
    };
    expect(resolvedRight(artifact, expected)).toEqual(Object.keys(expected).sort());
    const number = artifact.fieldResults.invoice_number!;
    const evidence = artifact.evidence.find((record) => number.evidenceIds.includes(record.id))!;
    expect(evidence.detail).toMatchObject({ structure: 'title-line' });
  });
});
