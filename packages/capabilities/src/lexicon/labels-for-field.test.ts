import { defineField } from '@paxman/contract';
import { describe, expect, it } from 'vitest';
import { conceptsOfLabel } from './business-lexicon.js';
import { descriptionNounPhrase, labelsForField } from './labels-for-field.js';
import { normalizeLabelText } from './normalize-label.js';

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

describe('labelsForField on receipt fields', () => {
  it('links a payment method field to the words receipts print for it', () => {
    const labels = labelsForField(defineField({ path: 'payment_method', type: 'ENUM', description: 'How the purchase was paid.' }));
    expect(labels.concepts).toContain('payment-method');
    expect(labels.synonyms).toEqual(expect.arrayContaining(['payment', 'paid by', 'zahlungsart', 'mode de paiement', 'forma de pago']));
    // "forma de pago" is how a payment is made, not its terms.
    expect(labelsForField(defineField({ path: 'payment_terms', type: 'STRING' })).synonyms).not.toContain('forma de pago');
  });

  it('links a card field through its description, and keeps it apart from the payment method', () => {
    const labels = labelsForField(defineField({ path: 'card_last4', type: 'STRING', description: 'Last four digits of the payment card.' }));
    expect(labels.concepts).toContain('payment-card');
    expect(labels.concepts).not.toContain('payment-method');
  });

  it('knows French and Polish totals', () => {
    expect(conceptsOfLabel(normalizeLabelText('Total facture'))).toEqual(['total']);
    expect(conceptsOfLabel(normalizeLabelText('Należność ogółem'))).toEqual(['total']);
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
