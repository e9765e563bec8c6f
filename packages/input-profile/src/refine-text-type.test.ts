import { describe, expect, it } from 'vitest';
import { refineTextType, sniffCsvDelimiter } from './classify.js';

describe('refineTextType', () => {
  it('reads a grid with a header as CSV: commas, semicolons, tabs', () => {
    expect(refineTextType('name,amount\nBread,2.49\nMilk,1.19\n')).toBe('csv');
    expect(refineTextType('Artikel;Preis\nBrot;2,49\nMilch;1,19\n')).toBe('csv');
    expect(refineTextType('a\tb\n1\t2\n')).toBe('csv');
  });

  it('reads lines whose only commas are decimal marks as text, not CSV (a short German receipt)', () => {
    expect(refineTextType('Brot 2,49 €\nMilch 1,19 €\nSumme: 3,68 €\n')).toBe('text');
    expect(refineTextType('SUMME EUR 26,90\nBAR EUR 30,00\nRUECKGELD EUR 3,10\n')).toBe('text');
    expect(sniffCsvDelimiter('Total amount (net):  20.549,00 €\nTotal tax amount:  3.904,31 €\n')).toBeNull();
  });

  it('still reads a header that mixes a decimal comma with word commas as CSV', () => {
    expect(refineTextType('item,"price, EUR"\nBread,"2,49"\n')).toBe('csv');
  });
});
