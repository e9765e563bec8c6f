import { describe, expect, it } from 'vitest';
import { findValues, parseValue } from './index.js';

const values = (kind: 'DECIMAL' | 'INTEGER' | 'PERCENT', text: string, options = {}) =>
  findValues(kind, text, options).map((hit) => [hit.text, hit.value, hit.ambiguous]);

describe('DECIMAL', () => {
  it('reads both conventions and normalizes to a plain decimal string', () => {
    expect(values('DECIMAL', 'a 1,234.50 b 1.234,50 c 1 234,50 d 0,5 e .25 f -3.5')).toEqual([
      ['1,234.50', '1234.50', false],
      ['1.234,50', '1234.50', false],
      ['1 234,50', '1234.50', true],
      ['0,5', '0.5', false],
      ['.25', '0.25', false],
      ['-3.5', '-3.5', false],
    ]);
  });

  it('flags a lone x,yyy / x.yyy and follows the document separator when given', () => {
    const [comma] = findValues('DECIMAL', 'n = 1,234');
    expect([comma?.value, comma?.ambiguous, comma?.detail['alternatives']]).toEqual(['1234', true, ['1.234']]);
    expect(values('DECIMAL', 'n = 1,234', { decimalSeparator: ',' })).toEqual([['1,234', '1.234', false]]);
    expect(values('DECIMAL', 'n = 1.234', { decimalSeparator: ',' })).toEqual([['1.234', '1234', false]]);
    expect(values('DECIMAL', 'n = 1.234', { locale: 'de-DE' })).toEqual([['1.234', '1234', false]]);
  });

  it('does not read numbers out of identifiers, addresses, versions, dates or units', () => {
    expect(values('DECIMAL', 'INV-2024-001 10.0.0.1 5/17/2018 12:30 A123 180ml v2.1')).toEqual([]);
  });

  it('does not count the day and year of a written date as numbers', () => {
    expect(values('DECIMAL', 'Lieferdatum: 4. März 2024, Menge 3')).toEqual([['3', '3', false]]);
  });

  it('reads a comma list as separate numbers, not a decimal', () => {
    expect(values('DECIMAL', 'items 22,24,26,31.')).toEqual([
      ['22', '22', false],
      ['24', '24', false],
      ['26', '26', false],
      ['31', '31', false],
    ]);
  });

  it('parses cells with a unit word and rejects cells that are not one number', () => {
    expect(parseValue('DECIMAL', '..... 12.50')?.value).toBe('12.50');
    expect(parseValue('DECIMAL', 'call 555-1234')).toBeNull();
    expect(parseValue('DECIMAL', '1 to 3')).toBeNull();
  });
});

describe('INTEGER', () => {
  it('reads integers, accepts zero fractions and rejects real fractions', () => {
    expect(values('INTEGER', 'qty 12, 1.000.000 units, 5.00 boxes, 2.5 m')).toEqual([
      ['12', 12, false],
      ['1.000.000', 1000000, false],
      ['5.00', 5, false],
    ]);
    expect(parseValue('INTEGER', '5 pcs')?.value).toBe(5);
    expect(values('INTEGER', '99999999999999999999')).toEqual([]);
  });
});

describe('PERCENT', () => {
  it('keeps the number as written', () => {
    expect(values('PERCENT', 'VAT 19%, discount 2,5 %, 7 percent, 16 Prozent, 19%off, 30%25')).toEqual([
      ['19%', '19', false],
      ['2,5 %', '2.5', false],
      ['7 percent', '7', false],
      ['16 Prozent', '16', false],
    ]);
  });
});
