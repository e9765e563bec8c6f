import { describe, expect, it } from 'vitest';
import { findValues, parseValue } from './index.js';

const money = (text: string, options = {}) =>
  findValues('MONEY', text, options).map((hit) => ({ text: hit.text, ...(hit.value as object) }));

describe('MONEY', () => {
  it('reads both separator conventions with symbols and codes before or after', () => {
    expect(money('Summe: 1.234,56 € — EUR 1 234,56 — CHF 1\'234.50 — $1,234.56 — 12,50 zł')).toEqual([
      { text: '1.234,56 €', amount: '1234.56', currency: 'EUR' },
      { text: 'EUR 1 234,56', amount: '1234.56', currency: 'EUR' },
      { text: "CHF 1'234.50", amount: '1234.50', currency: 'CHF' },
      { text: '$1,234.56', amount: '1234.56', currency: 'USD' },
      { text: '12,50 zł', amount: '12.50', currency: 'PLN' },
    ]);
  });

  it('reads negatives in parentheses and with a minus', () => {
    expect(money('Credit ($45.00), refund -$12.00, adj. € -5,00, (1,234.00) USD')).toEqual([
      { text: '($45.00)', amount: '-45.00', currency: 'USD' },
      { text: '-$12.00', amount: '-12.00', currency: 'USD' },
      { text: '€ -5,00', amount: '-5.00', currency: 'EUR' },
      { text: '(1,234.00) USD', amount: '-1234.00', currency: 'USD' },
    ]);
    expect(parseValue('MONEY', '(1,234.00)')?.value).toEqual({ amount: '-1234.00', currency: null });
  });

  it('says when the currency comes from an ambiguous symbol, a code or a hint', () => {
    const [dollar] = findValues('MONEY', 'Total $99');
    expect(dollar?.value).toEqual({ amount: '99', currency: 'USD' });
    expect(dollar?.detail['currencySource']).toBe('symbol-ambiguous');
    const [canadian] = findValues('MONEY', 'Total $99', { defaultCurrency: 'CAD' });
    expect(canadian?.value).toEqual({ amount: '99', currency: 'CAD' });
    expect(canadian?.detail['currencyResolvedBy']).toBe('hint');
    // A hint that is no dollar does not turn `$` into it.
    expect(findValues('MONEY', 'Total $99', { defaultCurrency: 'EUR' })[0]?.value).toEqual({ amount: '99', currency: 'USD' });
    expect(findValues('MONEY', 'EUR 5')[0]?.detail['currencySource']).toBe('code');
    expect(findValues('MONEY', '5 €')[0]?.detail['currencySource']).toBe('symbol');
    expect(findValues('MONEY', 'C$ 16.40')[0]?.value).toEqual({ amount: '16.40', currency: 'CAD' });
    const bare = parseValue('MONEY', '1,234.56', { defaultCurrency: 'GBP' });
    expect(bare?.value).toEqual({ amount: '1234.56', currency: 'GBP' });
    expect(bare?.detail['currencySource']).toBe('hint');
    expect(parseValue('MONEY', '1,234.56')?.detail['currencySource']).toBe('none');
  });

  it('scales millions and code-prefixed multiples exactly, without floating point', () => {
    expect(money('$ 75 million, 30 MUSD, 0.1 billion €')).toEqual([
      { text: '$ 75 million', amount: '75000000', currency: 'USD' },
      { text: '30 MUSD', amount: '30000000', currency: 'USD' },
      { text: '0.1 billion €', amount: '100000000', currency: 'EUR' },
    ]);
  });

  it('never reads phone numbers, invoice numbers, dates, postal codes or plain numbers as money', () => {
    const trap =
      'Invoice INV-2024-001 dated 2024-03-25, PO 4500012345. Call +1 (555) 123-4567 or 030 1234567. ' +
      '75008 Paris, CH-8001 Zürich. Qty 12, total 1,234.56. ALL 5 lines. TRY 3 times. Page 1/2.';
    expect(findValues('MONEY', trap)).toEqual([]);
  });

  it('lets a code after an ambiguous symbol settle it, and keeps rare codes off glued numbers', () => {
    const [hit] = findValues('MONEY', 'TOTAL DUE: $44,678.13 USD');
    expect(hit).toMatchObject({ text: '$44,678.13 USD', value: { amount: '44678.13', currency: 'USD' }, detail: { currencySource: 'code' } });
    expect(findValues('MONEY', 'AUD 12 and C$ 5 CAD')[1]?.value).toEqual({ amount: '5', currency: 'CAD' });
    expect(money('Copper Wire 10AWG (ft), USD115, 115EUR')).toEqual([
      { text: 'USD115', amount: '115', currency: 'USD' },
      { text: '115EUR', amount: '115', currency: 'EUR' },
    ]);
  });

  it('reads letter symbols only in their own spelling', () => {
    expect(money('pipe 100 ft, 100 Ft, Rs 500, RS 500, 100 kr, 5 zł')).toEqual([
      { text: '100 Ft', amount: '100', currency: 'HUF' },
      { text: 'Rs 500', amount: '500', currency: 'INR' },
      { text: '100 kr', amount: '100', currency: 'SEK' },
      { text: '5 zł', amount: '5', currency: 'PLN' },
    ]);
  });

  it('flags a year-like number before a code instead of trusting it', () => {
    const [hit] = findValues('MONEY', 'Price list 2024 EUR');
    expect(hit?.ambiguous).toBe(true);
    expect(hit?.detail['possibleYear']).toBe(true);
  });

  it('splits amounts that follow each other and keeps minor units only when they are minor units', () => {
    expect(money('10 $ 30 $ and 50 dollar 40 rmb')).toEqual([
      { text: '10 $', amount: '10', currency: 'USD' },
      { text: '30 $', amount: '30', currency: 'USD' },
      { text: '50 dollar', amount: '50', currency: 'USD' },
      { text: '40 rmb', amount: '40', currency: 'CNY' },
    ]);
    expect(money('it cost 3 dollars 50 cents')).toEqual([{ text: '3 dollars 50 cents', amount: '3.50', currency: 'USD' }]);
  });

  it('treats a lone three-digit group as thousands except for three-decimal currencies', () => {
    expect(money('1.234 €')).toEqual([{ text: '1.234 €', amount: '1234', currency: 'EUR' }]);
    const [dinar] = findValues('MONEY', 'KWD 1.234');
    expect(dinar?.value).toEqual({ amount: '1.234', currency: 'KWD' });
    expect(dinar?.ambiguous).toBe(true);
    expect(dinar?.detail['alternatives']).toEqual(['1234']);
  });

  it('parses a labelled cell only when it is one amount', () => {
    expect(parseValue('MONEY', ' : 1.234,56 € ')?.value).toEqual({ amount: '1234.56', currency: 'EUR' });
    expect(parseValue('MONEY', '12 apples and 5 pears')).toBeNull();
    expect(parseValue('MONEY', 'EUR')).toBeNull();
    expect(parseValue('MONEY', '$5 and $6')).toBeNull();
  });
});

describe('the sign of a labelled amount', () => {
  it('keeps a minus printed before the amount (a credit note), and still drops leader dashes', () => {
    expect(parseValue('MONEY', '-233,47 €')?.value).toEqual({ amount: '-233.47', currency: 'EUR' });
    expect(parseValue('MONEY', ' -12.00')?.value).toEqual({ amount: '-12.00', currency: null });
    expect(parseValue('DECIMAL', '-0.5')?.value).toBe('-0.5');
    expect(parseValue('MONEY', '----- 12.00 EUR')?.value).toEqual({ amount: '12.00', currency: 'EUR' });
    expect(parseValue('MONEY', '-----12.00 EUR')?.value).toEqual({ amount: '12.00', currency: 'EUR' });
  });
});
