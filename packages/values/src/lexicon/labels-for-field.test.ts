import { describe, expect, it } from 'vitest';
import { conceptsOfLabel } from './business-lexicon.js';
import { descriptionNounPhrase, labelsForField, type LabelledField } from './labels-for-field.js';
import { normalizeLabel, normalizeLabelText } from './normalize-label.js';

/** A field as a contract defines it: the name is the last path segment. */
function field(options: { readonly path: string; readonly description?: string; readonly labels?: readonly string[] }): LabelledField {
  const name = options.path.split('.').pop()!.replace(/\[\]$/, '');
  return Object.freeze({ name, path: options.path, labels: Object.freeze([...(options.labels ?? [])]), description: options.description ?? null });
}

describe('labelsForField', () => {
  it('splits the name, links the lexicon concept and keeps exact and synonym labels apart', () => {
    const labels = labelsForField(field({ path: 'total_amount', description: 'Total amount to pay, including tax.' }));
    expect(labels.exact).toEqual(['total amount']);
    expect(labels.concepts).toEqual(['total']);
    expect(labels.synonyms).toEqual(expect.arrayContaining(['total', 'total due', 'amount due', 'grand total', 'balance due', 'gesamtbetrag', 'montant ttc']));
    expect(labels.synonyms).not.toContain('subtotal');
  });

  it('uses declared labels and camel-case names', () => {
    const labels = labelsForField(field({ path: 'invoiceNumber', labels: ['Bill ref'] }));
    expect(labels.exact).toEqual(['invoice number', 'bill ref']);
    expect(labels.synonyms).toEqual(expect.arrayContaining(['invoice', 'rechnungsnummer', 'facture number']));
  });

  it('uses the parent segment of a nested path', () => {
    expect(labelsForField(field({ path: 'buyer.name' })).exact).toEqual(['name', 'buyer name']);
  });

  it('keeps near-miss concepts apart', () => {
    const tax = labelsForField(field({ path: 'tax_amount' }));
    expect(tax.synonyms).toEqual(expect.arrayContaining(['tax', 'vat', 'mwst', 'gst']));
    expect(tax.synonyms).not.toContain('vat number');
    expect(conceptsOfLabel('vat number')).toEqual(['tax-id']);
    const due = labelsForField(field({ path: 'due_date' }));
    expect(due.synonyms).not.toContain('date');
    const issued = labelsForField(field({ path: 'invoice_date' }));
    expect(issued.synonyms).toContain('date');
    expect(issued.synonyms).not.toContain('order date');
  });
});

describe('labelsForField on receipt fields', () => {
  it('links a payment method field to the words receipts print for it', () => {
    const labels = labelsForField(field({ path: 'payment_method', description: 'How the purchase was paid.' }));
    expect(labels.concepts).toContain('payment-method');
    expect(labels.synonyms).toEqual(expect.arrayContaining(['payment', 'paid by', 'zahlungsart', 'mode de paiement', 'forma de pago']));
    // "forma de pago" is how a payment is made, not its terms.
    expect(labelsForField(field({ path: 'payment_terms' })).synonyms).not.toContain('forma de pago');
  });

  it('links a card field through its description, and keeps it apart from the payment method', () => {
    const labels = labelsForField(field({ path: 'card_last4', description: 'Last four digits of the payment card.' }));
    expect(labels.concepts).toContain('payment-card');
    expect(labels.concepts).not.toContain('payment-method');
  });

  it('knows French and Polish totals', () => {
    expect(conceptsOfLabel(normalizeLabelText('Total facture'))).toEqual(['total']);
    expect(conceptsOfLabel(normalizeLabelText('Należność ogółem'))).toEqual(['total']);
  });

  it('reads a point-of-sale "Total Sales" as the total, and "Total Sales (Excluding GST)" as the subtotal', () => {
    expect(conceptsOfLabel(normalizeLabelText('Total Sales'))).toEqual(['total']);
    expect(conceptsOfLabel(normalizeLabel('TOTAL SALES (EXCLUDING GST)').text)).toEqual(['subtotal']);
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

describe('normalizeLabel and what an amount includes', () => {
  it('keeps a parenthesis that says what is included, drops other qualifiers', () => {
    expect(normalizeLabel('TOTAL SALES (EXCLUDING GST)').text).toBe('total sales excl gst');
    // One spelling of what an amount includes, and a currency printed as a word is not part of the label.
    expect(normalizeLabel('TOTAL SALES (INCLUSIVE GST) RM')).toMatchObject({ text: 'total sales incl gst', currency: 'MYR' });
    expect(normalizeLabel('TOTAL RM INCL. OF GST').text).toBe('total incl gst');
    expect(normalizeLabel('Total including VAT').text).toBe('total incl vat');
    expect(normalizeLabel('Total (incl. VAT)').text).toBe('total incl vat');
    expect(normalizeLabel('Tax (8.25%)').text).toBe('tax');
    expect(normalizeLabel('Total (EUR)')).toMatchObject({ text: 'total', currency: 'EUR' });
  });
});
