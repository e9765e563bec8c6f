import { describe, expect, it } from 'vitest';
import { compileEnumMatcher, findValues, ibanChecksumHolds, parseValue } from './index.js';

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
  it('scans alike with a matcher compiled once, and ignores a matcher of another list', () => {
    const text = 'Terms: NET 30, else Due on Receipt; internet 300; immediately; thirty days';
    const matcher = compileEnumMatcher(enumValues);
    expect(findValues('ENUM', text, { enumValues, enumMatcher: matcher })).toEqual(findValues('ENUM', text, { enumValues }));
    // Scanned twice with the same matcher: the pattern starts from the text's start each time.
    expect(found('ENUM', text, { enumValues, enumMatcher: matcher })).toEqual(found('ENUM', text, { enumValues }));
    const other = [{ value: 'cash', synonyms: [] }];
    // A matcher of another list is not used: "net 30" is not a value of this one.
    expect(found('ENUM', 'Paid in cash, net 30', { enumValues: other, enumMatcher: matcher })).toEqual([['in cash', 'cash']]);
    expect(compileEnumMatcher([]).compiled).toBeNull();
  });
  it('flags a synonym shared by two values', () => {
    const shared = [
      { value: 'a', synonyms: ['x'] },
      { value: 'b', synonyms: ['x'] },
    ];
    expect(findValues('ENUM', 'x', { enumValues: shared })[0]).toMatchObject({ value: 'a', ambiguous: true, detail: { alternatives: ['b'] } });
  });
  it('reads declared values with hyphens', () => {
    const terms = [{ value: 'due-on-receipt', synonyms: ['pay-on-delivery'] }];
    expect(found('ENUM', 'Terms: Due-on-receipt or pay-on-delivery', { enumValues: terms })).toEqual([
      ['Due-on-receipt', 'due-on-receipt'],
      ['pay-on-delivery', 'due-on-receipt'],
    ]);
  });
  it('knows how documents name common payment methods', () => {
    const methods = [
      { value: 'cash', synonyms: [] },
      { value: 'card', synonyms: [] },
      { value: 'bank_transfer', synonyms: [] },
    ];
    expect(found('ENUM', 'Paid by MasterCard ****5678', { enumValues: methods })).toEqual([['MasterCard', 'card']]);
    expect(found('ENUM', 'Zahlungsart: Barzahlung', { enumValues: methods })).toEqual([['Barzahlung', 'cash']]);
    expect(found('ENUM', 'Mode de paiement : virement bancaire', { enumValues: methods })).toEqual([['virement bancaire', 'bank_transfer']]);
    // Whole words only: "visage" is not VISA.
    expect(found('ENUM', 'visage care set', { enumValues: methods })).toEqual([]);
  });
  it('never lets a built-in word override a word the contract declares', () => {
    const declared = [
      { value: 'card', synonyms: [] },
      { value: 'corporate', synonyms: ['visa'] },
    ];
    expect(found('ENUM', 'VISA', { enumValues: declared })).toEqual([['VISA', 'corporate']]);
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

describe('PAYMENT_CARD', () => {
  it('reads the last four digits of masked card numbers and "ending in"', () => {
    expect(found('PAYMENT_CARD', 'Paid with VISA ****1234 on 2025-03-01')).toEqual([['****1234', '1234']]);
    expect(found('PAYMENT_CARD', 'Card: **** **** **** 9876 (contactless)')).toEqual([['**** **** **** 9876', '9876']]);
    expect(found('PAYMENT_CARD', 'MASTERCARD XXXX-XXXX-XXXX-4321')).toEqual([['XXXX-XXXX-XXXX-4321', '4321']]);
    expect(found('PAYMENT_CARD', 'Amex •••• 1005')).toEqual([['•••• 1005', '1005']]);
    expect(found('PAYMENT_CARD', 'Charged to the card ending in 0042.')).toEqual([['0042', '0042']]);
  });
  it('does not read identifiers, masked IBANs, short masks or plain numbers', () => {
    expect(found('PAYMENT_CARD', 'Receipt #R-2026-001234, Box 1234, ref xx1234, IBAN FR76 *********************, total 1234')).toEqual([]);
  });
});
