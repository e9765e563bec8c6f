import { defineField } from '@paxman/contract';
import { describe, expect, it } from 'vitest';
import { labelsForField } from '@paxman/values';
import { editDistance, labelMatcher, labelSetFromConfig, labelsToConfig, matchLabel } from './label-match.js';

const total = labelsForField(defineField({ path: 'total_amount', type: 'MONEY' }));
const tax = labelsForField(defineField({ path: 'tax_amount', type: 'DECIMAL' }));
const invoiceDate = labelsForField(defineField({ path: 'invoice_date', type: 'DATE' }));
const invoiceNumber = labelsForField(defineField({ path: 'invoice_number', type: 'STRING' }));

describe('matchLabel', () => {
  it('grades exact, synonym and fuzzy matches', () => {
    expect(matchLabel('Total Amount:', total)?.strength).toBe('exact');
    expect(matchLabel('Total Due (USD)', total)).toMatchObject({ strength: 'synonym', label: 'total due', currency: 'USD' });
    expect(matchLabel('Invoce Number', invoiceNumber)).toMatchObject({ strength: 'fuzzy', label: 'invoice number' });
    expect(matchLabel('Invoice No.', invoiceNumber)?.strength).toBe('exact');
    expect(matchLabel('Rechnungs-Nr.', invoiceNumber)?.strength).toBe('synonym');
    expect(matchLabel('Invoice No. / Rechnungsnummer', invoiceNumber)?.strength).toBe('exact');
  });

  it.each([
    ['Subtotal', total],
    ['Sub total', total],
    ['Total excl. VAT', total],
    ['Tax ID', tax],
    ['VAT number', tax],
    ['VAT Reg No', tax],
    ['Tax rate', tax],
    ['Due date', invoiceDate],
    ['Order date', invoiceDate],
    ['Delivery date', invoiceDate],
    ['Customer No.', invoiceNumber],
    ['Order number', invoiceNumber],
  ])('refuses the near miss %s', (key, labels) => {
    expect(matchLabel(key, labels)).toBeNull();
  });

  it('lets a part that only says what kind of name follows leave a compound key to the party the other part names', () => {
    const buyer = labelsForField(defineField({ path: 'buyer_name', type: 'STRING' }));
    const seller = labelsForField(defineField({ path: 'seller_name', type: 'STRING' }));
    // "company" is a seller's label alone; after a slash, beside the buyer's label, it only says the name may be a company's.
    expect(matchLabel('Client name / company', buyer)).not.toBeNull();
    expect(matchLabel('Client name / company', seller)).toBeNull();
    // A part that names another concept still refuses the key.
    expect(matchLabel('Tax ID / VAT no', invoiceNumber)).toBeNull();
  });

  it('computes a capped edit distance with transpositions', () => {
    expect(editDistance('invoice', 'invoce', 2)).toBe(1);
    expect(editDistance('total', 'totla', 2)).toBe(1);
    expect(editDistance('subtotal', 'total', 1)).toBe(2);
  });
});

describe('labelSetFromConfig', () => {
  it('derives the synonyms a config leaves out, exactly as labelsForField does', () => {
    for (const labels of [total, tax, invoiceDate, invoiceNumber, labelsForField(defineField({ path: 'invoice_total', type: 'MONEY', labels: ['Total due'] }))]) {
      const config = JSON.parse(JSON.stringify(labelsToConfig(labels)));
      expect(config).not.toHaveProperty('synonyms');
      expect(labelSetFromConfig(config)).toEqual(labels);
    }
  });

  it('reads the same labels from a config and its JSON copy, and nothing from a config without labels', () => {
    const config = labelsToConfig(total);
    expect(labelSetFromConfig(JSON.parse(JSON.stringify(config)))).toEqual(labelSetFromConfig(config));
    expect(labelSetFromConfig(undefined)).toBeUndefined();
    expect(labelSetFromConfig({ exact: ['total'], concepts: [] })?.synonyms).toEqual([]);
  });
});

describe('labelMatcher', () => {
  it('matches as matchLabel does for its label set', () => {
    const keys = ['Total Amount:', 'Total Due (USD)', 'Subtotal', 'Invoce Number', 'Invoice No. / Rechnungsnummer', 'Due date', 'Notes', ''];
    for (const labels of [total, tax, invoiceDate, invoiceNumber]) {
      const match = labelMatcher(labels);
      for (const key of keys) expect(match(key)).toEqual(matchLabel(key, labels));
    }
  });
});
