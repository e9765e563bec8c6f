/**
 * Currency handling for MONEY candidates: FX rates from the policy (`"EUR/USD": "1.08"`
 * means 1 EUR = 1.08 USD; the inverse pair is derived), conversion with core's Decimal
 * quantized to the target's minor units, and the currency-evidence factor of the rubric.
 */
import { type Decimal, type Policy, currencyMinorUnits, formatDecimal, parseDecimal, quantizeDecimal } from '@paxman/core';
import { AMBIGUOUS_SYMBOL_CONFIRMED_FACTOR, AMBIGUOUS_SYMBOL_FACTOR, ASSUMED_CURRENCY_FACTOR } from './rubric.js';

/** The rate that converts one unit of `from` into `to`, or null when the policy has none. */
export function fxRate(policy: Policy, from: string, to: string): Decimal | null {
  if (from === to) return parseDecimal('1');
  const direct = policy.fxRates[`${from}/${to}`];
  if (direct !== undefined) return parseDecimal(direct);
  const inverse = policy.fxRates[`${to}/${from}`];
  if (inverse !== undefined) {
    const rate = parseDecimal(inverse);
    return rate.isZero() ? null : parseDecimal('1').dividedBy(rate);
  }
  return null;
}

/** `amount` in `target` at `rate`, rounded half-even to the target's minor units. */
export function convertAmount(amount: string, rate: Decimal, target: string): string {
  const places = currencyMinorUnits(target);
  return formatDecimal(quantizeDecimal(parseDecimal(amount).times(rate), places), places);
}

/** Where a MONEY candidate's currency came from. */
export type CurrencySource = 'code' | 'symbol' | 'symbol-ambiguous' | 'hint' | 'document' | 'contract' | 'candidates' | 'none';

/** Multiplier the rubric applies to a MONEY sighting for how its currency was established. */
export function currencyFactor(source: CurrencySource, currency: string | null, dominantCurrency: string | null): number {
  switch (source) {
    case 'symbol-ambiguous':
      return currency !== null && currency === dominantCurrency ? AMBIGUOUS_SYMBOL_CONFIRMED_FACTOR : AMBIGUOUS_SYMBOL_FACTOR;
    case 'hint':
    case 'document':
      return ASSUMED_CURRENCY_FACTOR;
    // 'candidates': a bare amount that agrees with a value whose currency is stated
    // supports the amount; the currency is established by the other sighting.
    default:
      return 1;
  }
}
