/**
 * `money()`: the Zod schema of a MONEY field — `{ amount, currency }` marked with
 * `x-paxman-type: MONEY` — so a Zod contract can say "this is an amount of money" and
 * Paxman treats it with Decimal arithmetic and currency rules.
 */
import type { ZodLiteral, ZodNumber, ZodObject, ZodString } from 'zod';
import { loadZod } from './load-zod.js';

/** A plain decimal string such as `"1234.50"` or `"-0.5"`. */
export const DECIMAL_STRING_PATTERN = /^-?\d+(\.\d+)?$/;

export interface MoneyOptions {
  /** Fix the currency (ISO 4217 code); otherwise any three-letter code. */
  readonly currency?: string;
  /** How the amount is written: a decimal string (default, exact) or a JSON number. */
  readonly amount?: 'string' | 'number';
}

export type MoneySchema = ZodObject<{ amount: ZodString | ZodNumber; currency: ZodString | ZodLiteral<string> }>;

/**
 * The Zod schema of a MONEY value.
 * @example z.object({ total: money({ currency: 'EUR' }), tax: money().optional() })
 */
export function money(options: MoneyOptions = {}): MoneySchema {
  const { z } = loadZod();
  const amount = options.amount === 'number' ? z.number() : z.string().regex(DECIMAL_STRING_PATTERN);
  const currency = options.currency === undefined ? z.string().regex(/^[A-Z]{3}$/) : z.literal(options.currency);
  const meta: Record<string, unknown> = { 'x-paxman-type': 'MONEY' };
  if (options.currency !== undefined) meta['x-paxman-currency'] = options.currency;
  return z.object({ amount, currency }).meta(meta) as unknown as MoneySchema;
}
