/**
 * The rules of an invoice's summary block, read from the packs' words (made-up documents in
 * German, French and English): a prepayment printed between the total and the amount due
 * makes them two amounts; a date printed under a title is not the document's number; a
 * column of an items table is one item's value, never the document's. Each document asks
 * for the value a careless reading gets wrong, and a field may stay unresolved — never wrong.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createPaxman } from 'paxman';

const folder = join(import.meta.dirname, '__fixtures__/summary-rules');
const read = (name: string): string => readFileSync(join(folder, name), 'utf8');
const contract = {
  id: 'invoice-summary',
  fields: [
    { name: 'invoice_number', type: 'STRING', required: false },
    { name: 'total_amount', type: 'MONEY', required: false, description: 'Total of the invoice including tax.' },
    { name: 'tax_amount', type: 'MONEY', required: false },
    { name: 'amount_due', type: 'MONEY', required: false, description: 'Amount still to be paid, after any prepayment.' },
  ],
};
const policy = { allowLocalInference: false, allowRemoteInference: false };
const eur = (amount: string) => ({ amount, currency: 'EUR' });

describe('the summary block of an invoice', () => {
  const px = createPaxman({});

  it('a German prepayment ("Erhaltene Anzahlungen -50,00"): the total is the gross sum, the amount due what is left', async () => {
    const artifact = await px.normalize(read('anzahlung-de.txt'), { contract, policy });
    expect(artifact.normalizedData.total_amount).toEqual(eur('197.66'));
    expect(artifact.normalizedData.amount_due).toEqual(eur('147.66'));
    // The amount due is read at its own label, printed after the prepayment.
    const due = artifact.evidence.filter((evidence) => evidence.fieldPath === 'amount_due' && evidence.kind.endsWith('LABEL'));
    expect(due.map((evidence) => evidence.label?.toLowerCase())).toContain('zahlbetrag');
  });

  it('a French deposit ("Acompte : 300,00") before "NET A PAYER": the total is never the net to pay', async () => {
    const artifact = await px.normalize(read('acompte-fr.txt'), { contract, policy });
    expect(artifact.normalizedData.amount_due).toEqual(eur('708.00'));
    // The document prints no TTC total: the total is the sum of its parts, or nothing — never 708.00.
    expect([undefined, eur('1008.00')]).toContainEqual(artifact.normalizedData.total_amount);
  });

  it('a deposit ("Acompte versé -100,00 €") between "Total TTC" and "Net à payer" printed after the tax: the net to pay is only the amount due', async () => {
    const artifact = await px.normalize(read('acompte-ttc-fr.txt'), { contract, policy });
    expect(artifact.normalizedData.total_amount).toEqual(eur('1200.00'));
    expect(artifact.normalizedData.amount_due).toEqual(eur('1100.00'));
  });

  it('a VAT number at the head ("USt-IdNr.: DE…") is no tax line: "Netto" under it is the amount before tax, not the total', async () => {
    const artifact = await px.normalize(read('netto-ust-id-de.txt'), { contract, policy });
    expect(artifact.normalizedData.total_amount).toEqual(eur('1011.50'));
    expect(artifact.normalizedData.tax_amount).toEqual(eur('161.50'));
  });

  it('a prepayment of zero changes nothing: "Zahlbetrag" is the total and the amount due', async () => {
    const artifact = await px.normalize(read('zahlbetrag-de.txt'), { contract, policy });
    expect(artifact.normalizedData.total_amount).toEqual(eur('119.00'));
    expect(artifact.normalizedData.amount_due).toEqual(eur('119.00'));
  });

  it('a date printed under the title is not the invoice number', async () => {
    const artifact = await px.normalize(read('facture-date-title.txt'), { contract, policy });
    expect([undefined, '2026-6013']).toContain(artifact.normalizedData.invoice_number);
  });

  it("a column of the items table is the item's value, not the document's", async () => {
    const artifact = await px.normalize(read('one-item.txt'), { contract, policy });
    // "Total" heads the items' column: 250.00 is the line's total before tax, not the invoice's.
    expect(artifact.normalizedData.total_amount).toBeUndefined();
    expect(artifact.normalizedData.tax_amount).toEqual({ amount: '50.00', currency: 'GBP' });
  });
});
