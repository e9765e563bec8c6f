import { describe, expect, it } from 'vitest';
import { findValues, ibanChecksumHolds, parseValue } from './index.js';

const found = (kind: Parameters<typeof findValues>[0], text: string, options = {}) =>
  findValues(kind, text, options).map((hit) => [hit.text, hit.value]);

describe('BOOLEAN', () => {
  it('reads checkboxes and stamps but not labels', () => {
    expect(found('BOOLEAN', 'Invoice No. 12 [x] express [ ] pickup ☑ insured ☐ fragile. Amount paid: 5.\nPAID\nNo 5')).toEqual([
      ['[x]', true],
      ['[ ]', false],
      ['☑', true],
      ['☐', false],
      ['PAID', true],
    ]);
  });
  it('parses cells in several languages and short forms', () => {
    expect(['Yes', 'no', 'Y', 'n', 'true', 'Ja', 'Nein', 'oui', 'non', 'unpaid', '[x]'].map((cell) => parseValue('BOOLEAN', cell)?.value)).toEqual([
      true, false, true, false, true, true, false, true, false, false, true,
    ]);
    expect(parseValue('BOOLEAN', 'maybe')).toBeNull();
  });
});

describe('ENUM', () => {
  const enumValues = [
    { value: 'net_30', synonyms: ['net 30', 'thirty days'] },
    { value: 'due_on_receipt', synonyms: ['due on receipt', 'immediate'] },
  ];
  it('matches declared values and synonyms, whole word and case-insensitive', () => {
    expect(found('ENUM', 'Terms: NET 30, else Due on Receipt; internet 300; immediately', { enumValues })).toEqual([
      ['NET 30', 'net_30'],
      ['Due on Receipt', 'due_on_receipt'],
    ]);
  });
  it('flags a synonym shared by two values', () => {
    const shared = [
      { value: 'a', synonyms: ['x'] },
      { value: 'b', synonyms: ['x'] },
    ];
    expect(findValues('ENUM', 'x', { enumValues: shared })[0]).toMatchObject({ value: 'a', ambiguous: true, detail: { alternatives: ['b'] } });
  });
});

describe('CURRENCY', () => {
  it('reads ISO codes and symbols, not words', () => {
    expect(found('CURRENCY', 'Currency: EUR; also USD, £ and zł; ALL of them; PAYMENT; Usd; XYZ')).toEqual([
      ['EUR', 'EUR'],
      ['USD', 'USD'],
      ['£', 'GBP'],
      ['zł', 'PLN'],
    ]);
    expect(findValues('CURRENCY', 'price in $')[0]?.detail['currencySource']).toBe('symbol-ambiguous');
  });
});

describe('EMAIL and URL', () => {
  it('reads addresses and trims punctuation', () => {
    expect(found('EMAIL', 'Contact: John.Doe@Example.COM, <billing@acme.co.uk>. not@valid, a@b.c, @x.com')).toEqual([
      ['John.Doe@Example.COM', 'John.Doe@example.com'],
      ['billing@acme.co.uk', 'billing@acme.co.uk'],
    ]);
    expect(found('URL', 'See https://acme.com/invoices?id=1. Or (www.acme.com/help). http://x and https://en.wikipedia.org/wiki/A_(b).')).toEqual([
      ['https://acme.com/invoices?id=1', 'https://acme.com/invoices?id=1'],
      ['www.acme.com/help', 'www.acme.com/help'],
      ['https://en.wikipedia.org/wiki/A_(b)', 'https://en.wikipedia.org/wiki/A_(b)'],
    ]);
  });
});

describe('PHONE', () => {
  it('reads international and national numbers', () => {
    expect(found('PHONE', 'Tel +49 30 1234567, (555) 123-4567, 030 1234567, 01 23 45 67 89, +1 (555) 867-5309')).toEqual([
      ['+49 30 1234567', '+49301234567'],
      ['(555) 123-4567', '5551234567'],
      ['030 1234567', '0301234567'],
      ['01 23 45 67 89', '0123456789'],
      ['+1 (555) 867-5309', '+15558675309'],
    ]);
  });
  it('does not read dates, amounts, identifiers or postal codes', () => {
    expect(found('PHONE', 'date 01 02 2024, INV-2024-001, 1 234 567, 2024-03-25, 1,234.56, 75008, PO 4500012345, 36-1234567')).toEqual([]);
  });
});

describe('IBAN', () => {
  it('reads grouped and compact IBANs whose checksum holds', () => {
    expect(found('IBAN', 'IBAN: DE89 3704 0044 0532 0130 00 BIC COBADEFFXXX; GB82WEST12345698765432; bad DE89 3704 0044 0532 0130 01')).toEqual([
      ['DE89 3704 0044 0532 0130 00', 'DE89370400440532013000'],
      ['GB82WEST12345698765432', 'GB82WEST12345698765432'],
    ]);
    expect(ibanChecksumHolds('DE89370400440532013000')).toBe(true);
    expect(ibanChecksumHolds('DE89370400440532013001')).toBe(false);
  });
});
