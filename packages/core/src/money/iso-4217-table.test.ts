import currencyCodes from 'currency-codes';
import { describe, expect, it } from 'vitest';
import { currencyMinorUnits, isIsoCurrencyCode, isoCurrencyCodes } from './currency.js';
import { ISO_4217_TABLE } from './iso-4217-table.js';

/** The table `iso-4217-table.ts` should hold, read from the reference package. */
function referenceTable(): string {
  const units = new Map<string, number>();
  for (const code of currencyCodes.codes()) if (!units.has(code)) units.set(code, currencyCodes.code(code)?.digits ?? 2);
  return [...units].map(([code, digits]) => `${code}${digits}`).sort().join(' ');
}

describe('ISO 4217 table', () => {
  it('is the currency-codes list (update iso-4217-table.ts with the printed table when this fails)', () => {
    expect(ISO_4217_TABLE).toBe(referenceTable());
  });

  it('answers as the reference package does', () => {
    expect(isoCurrencyCodes()).toEqual([...new Set(currencyCodes.codes())].sort());
    for (const code of currencyCodes.codes()) {
      expect(isIsoCurrencyCode(code)).toBe(true);
      expect(currencyMinorUnits(code)).toBe(currencyCodes.code(code)?.digits ?? 2);
    }
    expect([currencyMinorUnits('JPY'), currencyMinorUnits('KWD'), currencyMinorUnits('CLF'), currencyMinorUnits('usd')]).toEqual([0, 3, 4, 2]);
    expect(isIsoCurrencyCode('usd')).toBe(false);
    expect(isIsoCurrencyCode('XYZ')).toBe(false);
  });
});
