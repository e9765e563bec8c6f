import { defineField } from '@paxman/contract';
import { describe, expect, it } from 'vitest';
import { conceptsOfLabel } from './business-lexicon.js';
import { descriptionNounPhrase, labelsForField } from './labels-for-field.js';

describe('labelsForField', () => {
  it('splits the name, links the lexicon concept and keeps exact and synonym labels apart', () => {
    const labels = labelsForField(defineField({ path: 'total_amount', type: 'MONEY', description: 'Total amount to pay, including tax.' }));
    expect(labels.exact).toEqual(['total amount']);
    expect(labels.concepts).toEqual(['total']);
    expect(labels.synonyms).toEqual(expect.arrayContaining(['total', 'total due', 'amount due', 'grand total', 'balance due', 'gesamtbetrag', 'montant ttc']));
    expect(labels.synonyms).not.toContain('subtotal');
  });

  it('uses declared labels and camel-case names', () => {
    const labels = labelsForField(defineField({ path: 'invoiceNumber', type: 'STRING', labels: ['Bill ref'] }));
    expect(labels.exact).toEqual(['invoice number', 'bill ref']);
    expect(labels.synonyms).toEqual(expect.arrayContaining(['invoice', 'rechnungsnummer', 'facture number']));
  });

  it('uses the parent segment of a nested path', () => {
    expect(labelsForField(defineField({ path: 'buyer.name', type: 'STRING' })).exact).toEqual(['name', 'buyer name']);
  });

  it('keeps near-miss concepts apart', () => {
    const tax = labelsForField(defineField({ path: 'tax_amount', type: 'DECIMAL' }));
    expect(tax.synonyms).toEqual(expect.arrayContaining(['tax', 'vat', 'mwst', 'gst']));
    expect(tax.synonyms).not.toContain('vat number');
    expect(conceptsOfLabel('vat number')).toEqual(['tax-id']);
    const due = labelsForField(defineField({ path: 'due_date', type: 'DATE' }));
    expect(due.synonyms).not.toContain('date');
    const issued = labelsForField(defineField({ path: 'invoice_date', type: 'DATE' }));
    expect(issued.synonyms).toContain('date');
    expect(issued.synonyms).not.toContain('order date');
  });
});

describe('descriptionNounPhrase', () => {
  it.each([
    ['The invoice number as printed on the invoice.', 'invoice number'],
    ['Payment terms, for example Net 30.', 'payment terms'],
    ['Date the invoice was issued.', null],
    ['Name of the company or person that issued the invoice.', null],
    [null, null],
  ])('%s → %s', (description, expected) => {
    expect(descriptionNounPhrase(description)).toBe(expected);
  });
});
