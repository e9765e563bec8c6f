/**
 * ISO 4217 currency codes from the maintained `currency-codes` list (not a regex), with
 * the number of minor units each currency uses.
 */
import currencyCodes from 'currency-codes';

export type CurrencyCode = string;

const KNOWN_CODES: ReadonlySet<string> = new Set(currencyCodes.codes());

/** True for an active ISO 4217 alphabetic code, exactly as written (upper case). */
export function isIsoCurrencyCode(value: unknown): value is CurrencyCode {
  return typeof value === 'string' && KNOWN_CODES.has(value);
}

/** Minor units (decimal places) of a currency: 2 for USD, 0 for JPY, 3 for KWD. */
export function currencyMinorUnits(code: CurrencyCode): number {
  const entry = currencyCodes.code(code);
  return entry?.digits ?? 2;
}

/** All known ISO 4217 codes, sorted. */
export function isoCurrencyCodes(): readonly CurrencyCode[] {
  return [...KNOWN_CODES].sort();
}
