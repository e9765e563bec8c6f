/**
 * Recognizers over realistic invoice snippets in several conventions, checked value by
 * value, including what must not be read.
 */
import { describe, expect, it } from 'vitest';
import { findValues, inferDocumentContext } from './index.js';

const GERMAN = `Rechnung Nr. RE-2024-0815            Datum: 05.03.2024
USt-IdNr.: DE123456789                Lieferdatum: 4. März 2024
Pos. Menge  Bezeichnung           Einzelpreis   Gesamt
1    3 Stk  Schrauben M8          12,50 EUR     37,50 EUR
2    1 Stk  Montage               1.200,00 EUR  1.200,00 EUR
Nettobetrag                                     1.237,50 EUR
MwSt 19 %                                       235,13 EUR
Gesamtbetrag                                    1.472,63 €
Zahlbar bis 04.04.2024 auf IBAN DE89 3704 0044 0532 0130 00
Tel. +49 89 1234567 · buchhaltung@beispiel.de · www.beispiel.de`;

const FRENCH = 'Facture n° F-2024-118 du 25 mars 2024 — Total TTC : 1\u202f234,56 € — TVA 20 % — échéance le 24/04/2024';

describe('a German invoice', () => {
  const context = inferDocumentContext(GERMAN);

  it('infers day-first dates, euros and the decimal comma', () => {
    expect(context).toEqual({ dateOrder: 'DMY', dominantCurrency: 'EUR', decimalSeparator: ',' });
  });

  it('finds every amount and nothing else', () => {
    expect(findValues('MONEY', GERMAN).map((hit) => (hit.value as { amount: string }).amount)).toEqual([
      '12.50', '37.50', '1200.00', '1200.00', '1237.50', '235.13', '1472.63',
    ]);
  });

  it('reads the dates with the inferred order', () => {
    const dates = findValues('DATE', GERMAN, { dateOrder: context.dateOrder ?? undefined });
    expect(dates.map((hit) => [hit.value, hit.ambiguous])).toEqual([
      ['2024-03-05', false],
      ['2024-03-04', false],
      ['2024-04-04', false],
    ]);
  });

  it('finds the rate, IBAN, phone, e-mail and link, and no stray numbers in identifiers', () => {
    expect(findValues('PERCENT', GERMAN).map((hit) => hit.value)).toEqual(['19']);
    expect(findValues('IBAN', GERMAN).map((hit) => hit.value)).toEqual(['DE89370400440532013000']);
    expect(findValues('PHONE', GERMAN).map((hit) => hit.value)).toEqual(['+49891234567']);
    expect(findValues('EMAIL', GERMAN).map((hit) => hit.value)).toEqual(['buchhaltung@beispiel.de']);
    expect(findValues('URL', GERMAN).map((hit) => hit.value)).toEqual(['www.beispiel.de']);
    const integers = findValues('INTEGER', GERMAN).map((hit) => hit.text);
    expect(integers).not.toContain('2024');
    expect(integers).not.toContain('0815');
    expect(integers).not.toContain('123456789');
  });
});

describe('a French invoice', () => {
  it('reads narrow no-break space grouping, French month names and the rate', () => {
    expect(findValues('MONEY', FRENCH).map((hit) => [hit.value, hit.ambiguous])).toEqual([[{ amount: '1234.56', currency: 'EUR' }, false]]);
    expect(findValues('DATE', FRENCH).map((hit) => hit.value)).toEqual(['2024-03-25', '2024-04-24']);
    expect(findValues('PERCENT', FRENCH).map((hit) => hit.value)).toEqual(['20']);
  });

  it('flags a plain-space group that may be two table columns', () => {
    const [hit] = findValues('MONEY', 'Qté 2 150,00 €');
    expect(hit?.ambiguous).toBe(true);
    expect(hit?.detail['alternatives']).toEqual(['150.00']);
  });
});
