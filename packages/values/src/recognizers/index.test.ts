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
  it('resolves an ambiguous date when passed back as options', () => {
    const text = 'Issued 25/03/2024, due 03/04/2024';
    const context = inferDocumentContext(text);
    expect(findValues('DATE', text, { dateOrder: context.dateOrder ?? undefined }).map((hit) => [hit.value, hit.ambiguous])).toEqual([
      ['2024-03-25', false],
      ['2024-04-03', false],
    ]);
  });
});
