import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { scanNumerals, scanNumeralsWith, type NumeralOptions } from './numeral.js';

const PIECES = [
  '1,234.56', '1.234,56', '1 234,56', '2 100.00', "1'234.50", '12,50', '1,234', '4.800', '0,5', '.5', ',25', '22,24,26,31',
  '12,34,567.00', 'X100 250.00', 'A1,23456', '9.2321312', '01,234', '- 5', '-3.5', '−7', 'INV-2024-001', '192.168.1.2',
  '10:30', '5/17/2018', 'USD115', '$', 'A', ' ', '  ', '\n', ',', '.', '-', '1', '23', '456', '7890',
  // A letter touching a numeral or a lone group: the readings that depend on the options.
  'A1,234', 'x-1.234', 'B1.234,5', '€1.234', 'Q0,123',
];
const OPTIONS: readonly NumeralOptions[] = [
  { preferThousands: true, allowLetterBefore: true },
  {},
  { decimalSeparator: ',' },
  { decimalSeparator: '.', allowLetterBefore: true },
];

describe('scanNumeralsWith', () => {
  it('reads a text several ways exactly as separate scans do', () => {
    // Longer than the recent-scan cache takes, so every scan below really runs.
    const padding = ' '.repeat(5000);
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...PIECES), { maxLength: 30 }), (pieces) => {
        const text = padding + pieces.join('');
        expect(scanNumeralsWith(text, OPTIONS)).toEqual(OPTIONS.map((options) => scanNumerals(text, options)));
      }),
      { numRuns: 500, seed: 7 },
    );
  });

  it('stays exact on a long text, where the matches passed are let go', () => {
    const text = Array.from({ length: 3000 }, (_, index) => PIECES[(index * 7) % PIECES.length]).join(' ');
    const separate = OPTIONS.map((options) => scanNumerals(text, options));
    expect(separate[0]!.length).toBeGreaterThan(1500);
    expect(scanNumeralsWith(text, OPTIONS)).toEqual(separate);
  });

  it('reads a numeral after a letter only when asked to', () => {
    const [money, plain] = scanNumeralsWith('Widget X100 250.00', OPTIONS.slice(0, 2));
    expect(money?.map((numeral) => numeral.value)).toEqual(['100', '250.00']);
    expect(plain?.map((numeral) => numeral.value)).toEqual([]);
  });
});
