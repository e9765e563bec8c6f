/**
 * Arbitrary-precision decimals for amounts and USD costs (decimal.js). Paxman never
 * does money arithmetic in binary floating point: `0.1 + 0.2` is exactly `0.3` here.
 * On the wire decimals are plain strings (`"811.88"`), never exponent notation.
 */
import { Decimal as DecimalJs } from 'decimal.js';
import { InvalidMoneyError } from '../errors/invalid-money-error.js';

/** A private Decimal constructor, so the caller's global decimal.js settings never leak in. */
export const Decimal = DecimalJs.clone({ precision: 50, rounding: DecimalJs.ROUND_HALF_EVEN, toExpNeg: -50, toExpPos: 50 });
export type Decimal = DecimalJs;

const DECIMAL_STRING = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/;

/**
 * Parses a plain decimal string (`"1234.50"`, `"-0.5"`, `".5"`) or a finite number into a
 * Decimal. Numbers go through their shortest round-trip string, so `0.1` becomes exactly
 * `0.1`. Rejects exponents, separators, NaN, Infinity and booleans with `InvalidMoneyError`.
 */
export function parseDecimal(value: string | number | Decimal): Decimal {
  if (DecimalJs.isDecimal(value)) {
    if (!value.isFinite()) throw new InvalidMoneyError('Decimal must be finite.', { context: { value: value.toString() } });
    return new Decimal(value);
  }
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new InvalidMoneyError(`Not a finite number: ${value}.`, { context: { value: String(value) } });
    return new Decimal(String(value));
  }
  if (typeof value !== 'string') {
    throw new InvalidMoneyError(`Expected a decimal string or number, got ${typeof value}.`);
  }
  const trimmed = value.trim();
  if (!DECIMAL_STRING.test(trimmed)) {
    throw new InvalidMoneyError(`Not a plain decimal string: "${value}".`, { context: { value } });
  }
  return new Decimal(trimmed);
}

/** True when `value` parses with `parseDecimal`. */
export function isDecimalString(value: unknown): value is string {
  return typeof value === 'string' && DECIMAL_STRING.test(value.trim());
}

/**
 * Plain decimal string of a Decimal, never in exponent notation, with at least
 * `minimumPlaces` decimal places (more when the value needs them; decimal.js does not
 * remember trailing zeros, so `1.50` prints `1.5` unless asked). Negative zero prints
 * without its sign.
 */
export function formatDecimal(value: Decimal, minimumPlaces = 0): string {
  const places = Math.max(value.decimalPlaces(), minimumPlaces);
  const text = value.toFixed(places);
  return value.isZero() ? text.replace(/^-/, '') : text;
}

/** Rounds half to even (banker's rounding) to `places` decimal places. */
export function quantizeDecimal(value: Decimal, places: number): Decimal {
  if (!Number.isInteger(places) || places < 0) {
    throw new InvalidMoneyError(`Decimal places must be a non-negative integer, got ${places}.`);
  }
  return new Decimal(value.toFixed(places, DecimalJs.ROUND_HALF_EVEN));
}

/** A decimal string already written as decimal.js prints it: no sign but `-`, no leading zeros, no exponent. */
const PLAIN_DECIMAL = /^-?(?:0|[1-9]\d{0,19})(?:\.\d{1,30})?$/;

/**
 * `formatDecimal(parseDecimal(text), minimumPlaces)` for a decimal string: the fraction
 * keeps its digits up to the last non-zero one, then is padded to `minimumPlaces`.
 * Text already in plain form (`"1234.50"`, `"-0.5"`) is rewritten as text, without a
 * Decimal; anything else (signs, spaces, leading zeros, `.5`) goes through decimal.js.
 * @example formatDecimalText('12.50') // '12.5'; formatDecimalText('12.5', 2) // '12.50'
 */
export function formatDecimalText(text: string, minimumPlaces = 0): string {
  if (!PLAIN_DECIMAL.test(text) || !Number.isInteger(minimumPlaces) || minimumPlaces < 0 || minimumPlaces > 100) return formatDecimal(parseDecimal(text), minimumPlaces);
  const point = text.indexOf('.');
  const whole = point < 0 ? text : text.slice(0, point);
  let fraction = point < 0 ? '' : text.slice(point + 1);
  let significant = fraction.length;
  while (significant > 0 && fraction.charCodeAt(significant - 1) === 48) significant -= 1;
  const places = Math.max(significant, minimumPlaces);
  fraction = places <= fraction.length ? fraction.slice(0, places) : fraction + '0'.repeat(places - fraction.length);
  const isZero = /^-?0$/.test(whole) && significant === 0;
  const unsigned = isZero && whole.startsWith('-') ? whole.slice(1) : whole;
  return places === 0 ? unsigned : `${unsigned}.${fraction}`;
}

