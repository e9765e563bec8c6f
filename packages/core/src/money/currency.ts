/**
 * ISO 4217 currency codes from a checked table of the maintained `currency-codes` list
 * (not a regex), with the number of minor units each currency uses.
 */
import { ISO_4217_TABLE } from './iso-4217-table.js';

export type CurrencyCode = string;

/** Minor units by code, read once from the table (amounts are formatted per candidate). */
const MINOR_UNITS: ReadonlyMap<string, number> = new Map(ISO_4217_TABLE.split(' ').map((entry) => [entry.slice(0, 3), Number(entry.slice(3))] as const));

/** True for an active ISO 4217 alphabetic code, exactly as written (upper case). */
export function isIsoCurrencyCode(value: unknown): value is CurrencyCode {
  return typeof value === 'string' && MINOR_UNITS.has(value);
}

/** Minor units (decimal places) of a currency: 2 for USD, 0 for JPY, 3 for KWD. */
export function currencyMinorUnits(code: CurrencyCode): number {
  return MINOR_UNITS.get(code) ?? MINOR_UNITS.get(code.toUpperCase()) ?? 2;
}

/** All known ISO 4217 codes, sorted. */
export function isoCurrencyCodes(): readonly CurrencyCode[] {
  return [...MINOR_UNITS.keys()].sort();
}
