import { describe, expect, it } from 'vitest';
import { findValues, inferDocumentContext, parseValue } from './index.js';

describe('parseValue', () => {
  it('returns STRING cells cleaned of leaders', () => {
    expect(parseValue('STRING', ' ....: Acme GmbH ')).toMatchObject({ value: 'Acme GmbH', text: 'Acme GmbH', start: 7 });
    expect(parseValue('STRING', ' .... ')).toBeNull();
  });
  it('reports offsets into the text it was given', () => {
    const text = 'Total ....... 1.234,56 €  ';
    const hit = parseValue('MONEY', text);
    expect(hit === null ? null : text.slice(hit.start, hit.end)).toBe(hit?.text);
  });
});

describe('findValues', () => {
  it('returns a fresh array each call', () => {
    const first = findValues('DECIMAL', 'a 1 b 2');
    first.pop();
    expect(findValues('DECIMAL', 'a 1 b 2')).toHaveLength(2);
  });
});

describe('inferDocumentContext', () => {
  it('reads the date order, dominant currency and decimal separator from the whole document', () => {
    expect(inferDocumentContext('Datum: 25.03.2024\nFällig: 04.05.2024\nSumme 1.234,56 €\nMwSt 234,56 EUR\nPaid $5')).toEqual({
      dateOrder: 'DMY',
      dominantCurrency: 'EUR',
      decimalSeparator: ',',
    });
    expect(inferDocumentContext('Date 03/25/2024, total $1,234.50')).toEqual({
      dateOrder: 'MDY',
      dominantCurrency: null,
      decimalSeparator: '.',
    });
    expect(inferDocumentContext('nothing here')).toEqual({ dateOrder: null, dominantCurrency: null, decimalSeparator: null });
  });
  it("reads day first in a day-first country's currency when no date settles the order (a ringgit receipt's 17-02-18)", () => {
    const text = 'TOTAL  RM106.50\nCASH  RM110.00\n17-02-18 14:02';
    const context = inferDocumentContext(text);
    expect(context).toMatchObject({ dateOrder: 'DMY', dominantCurrency: 'MYR' });
    // Without the order the date may be 2017-02-18 (year first); with it, it is the 17th of February.
    expect(findValues('DATE', text).map((hit) => [hit.value, hit.ambiguous])).toEqual([['2018-02-17', true]]);
    expect(findValues('DATE', text, { dateOrder: context.dateOrder ?? undefined }).map((hit) => [hit.value, hit.ambiguous])).toEqual([['2018-02-17', false]]);
    // A dollar is no country's alone; "Rm 12" is a room, not ringgit.
    expect(inferDocumentContext('Total $12.50\n17-02-18').dateOrder).toBeNull();
    expect(inferDocumentContext('Rm 12, Level 3\nTotal 12.50').dominantCurrency).toBeNull();
    expect(inferDocumentContext('GUEST FOLIO  RM 1203\nTotal 245.00').dominantCurrency).toBeNull();
  });

  it('resolves an ambiguous date when passed back as options', () => {
    const text = 'Issued 25/03/2024, due 03/04/2024';
    const context = inferDocumentContext(text);
    expect(findValues('DATE', text, { dateOrder: context.dateOrder ?? undefined }).map((hit) => [hit.value, hit.ambiguous])).toEqual([
      ['2024-03-25', false],
      ['2024-04-03', false],
    ]);
  });
});
