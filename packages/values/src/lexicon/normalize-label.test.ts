import { fc, test as propertyTest } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { normalizeLabel, normalizeLabelText, splitIdentifier } from './normalize-label.js';

describe('normalizeLabel', () => {
  it.each([
    ['Invoice No.:', 'invoice number'],
    ['INVOICE #', 'invoice number'],
    ['Invoice Nr', 'invoice number'],
    ['Facture n°', 'facture number'],
    ['Rechnungs-Nr.', 'rechnungs number'],
    ['Rechnungsnr.', 'rechnungs number'],
    ['Tax (8.25%):', 'tax'],
    ['  Total   Due ', 'total due'],
    ['Montant TTC', 'montant ttc'],
    ['Fälligkeitsdatum', 'falligkeitsdatum'],
    ['Quotation #:', 'quotation number'],
  ])('%s → %s', (label, expected) => {
    expect(normalizeLabelText(label)).toBe(expected);
  });

  it('keeps a percent sign alone as a word (the value is the rate), and drops a rate as a qualifier', () => {
    expect(['Tax [%]', 'VAT %', 'Tax (%)', '% IVA'].map(normalizeLabelText)).toEqual(['tax %', 'vat %', 'tax %', '% iva']);
    expect(['Tax (8.25%)', 'BTW 21%', 'VAT @ 20 %'].map(normalizeLabelText)).toEqual(['tax', 'btw', 'vat']);
    // A sign right after a number is that number's, and signs in a row are one: normalizing stays idempotent.
    for (const label of ['0:%', '9:%[%', 'VAT %%', 'no0-%/']) expect(normalizeLabelText(normalizeLabelText(label))).toBe(normalizeLabelText(label));
    expect(normalizeLabelText('VAT %%')).toBe('vat %');
  });

  it('reports a currency stated in the label and removes it', () => {
    expect(normalizeLabel('Total (EUR)')).toEqual({ text: 'total', currency: 'EUR' });
    expect(normalizeLabel('Amount due in USD')).toEqual({ text: 'amount due', currency: 'USD' });
    expect(normalizeLabel('Total €')).toEqual({ text: 'total', currency: 'EUR' });
    expect(normalizeLabel('Subtotal (USD):')).toEqual({ text: 'subtotal', currency: 'USD' });
  });

  propertyTest.prop([fc.string()])('is idempotent on its text and never throws', (label) => {
    const once = normalizeLabelText(label);
    expect(normalizeLabelText(once)).toBe(once);
  });
});

describe('splitIdentifier', () => {
  it.each([
    ['invoice_number', 'invoice number'],
    ['invoiceNumber', 'invoice Number'],
    ['PONumber', 'PO Number'],
    ['line_items[].amount', 'line items amount'],
  ])('%s → %s', (name, expected) => {
    expect(splitIdentifier(name)).toBe(expected);
  });
});

describe('normalizeLabel: receipt abbreviations', () => {
  it('reads AMT as amount and QTY as quantity, and drops the "of" after an inclusion word', () => {
    expect(normalizeLabelText('TOTAL AMT ROUNDED')).toBe('total amount rounded');
    expect(normalizeLabelText('Total Qty')).toBe('total quantity');
    expect(normalizeLabelText('TOTAL INCL. OF GST')).toBe(normalizeLabelText('Total incl. GST'));
    expect(normalizeLabelText('Bill of lading')).toBe('bill of lading');
  });

  it('reads a label on its first 256 characters only', () => {
    expect(normalizeLabelText(`Total ${'9'.repeat(1_000_000)}`)).toBe(normalizeLabelText(`Total ${'9'.repeat(250)}`));
  });
});

describe('currency words in labels', () => {
  it('reads EURO as the currency of a label, not as a word of it', () => {
    expect(normalizeLabel('ZU ZAHLEN EURO')).toEqual({ text: 'zu zahlen', currency: 'EUR' });
    expect(normalizeLabel('Summe Euro')).toEqual({ text: 'summe', currency: 'EUR' });
  });
});
