/**
 * ISO 4217 currency codes from the maintained `currency-codes` list (not a regex), with
 * the number of minor units each currency uses.
 */
import currencyCodes from 'currency-codes';

export type CurrencyCode = string;

const KNOWN_CODES: ReadonlySet<string> = new Set(currencyCodes.codes());

/*
 * Minor units by code, read once from the list: `currencyCodes.code()` scans the whole
 * list (and upper-cases the code) on every call, and amounts are formatted per candidate.
 * The first entry of a code wins, as in `currencyCodes.code()`.
 */
const MINOR_UNITS: ReadonlyMap<string, number> = (() => {
  const units = new Map<string, number>();
  for (const code of currencyCodes.codes()) {
    if (!units.has(code)) units.set(code, currencyCodes.code(code)?.digits ?? 2);
  }
  return units;
})();

/** True for an active ISO 4217 alphabetic code, exactly as written (upper case). */
export function isIsoCurrencyCode(value: unknown): value is CurrencyCode {
  return typeof value === 'string' && KNOWN_CODES.has(value);
}

/** Minor units (decimal places) of a currency: 2 for USD, 0 for JPY, 3 for KWD. */
export function currencyMinorUnits(code: CurrencyCode): number {
  return MINOR_UNITS.get(code) ?? MINOR_UNITS.get(code.toUpperCase()) ?? 2;
}

/** All known ISO 4217 codes, sorted. */
export function isoCurrencyCodes(): readonly CurrencyCode[] {
  return [...KNOWN_CODES].sort();
}
