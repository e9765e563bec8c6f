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


/**
 * `formatDecimal(parseDecimal(text).dividedBy(10 ** exponent))` (a percentage's points as a
 * fraction: exponent 2). Text in plain form is rewritten as text — its point moved, zeros
 * trimmed — without a Decimal (the quotient has the digits of the text, so decimal.js's
 * precision of 50 digits keeps it exact); anything else goes through decimal.js.
 * @example decimalTextOverPowerOfTen('8.25', 2) // '0.0825'
 */
export function decimalTextOverPowerOfTen(text: string, exponent: number): string {
  if (!PLAIN_DECIMAL.test(text) || !Number.isInteger(exponent) || exponent < 0 || exponent > 20) return formatDecimal(parseDecimal(text).dividedBy(new Decimal(10).pow(exponent)));
  const negative = text.charCodeAt(0) === 45;
  const unsigned = negative ? text.slice(1) : text;
  const point = unsigned.indexOf('.');
  const whole = point < 0 ? unsigned : unsigned.slice(0, point);
  const digits = point < 0 ? whole : whole + unsigned.slice(point + 1);
  const at = whole.length - exponent;
  let newWhole = at <= 0 ? '0' : digits.slice(0, at);
  let fraction = at <= 0 ? '0'.repeat(-at) + digits : digits.slice(at);
  let start = 0;
  while (start < newWhole.length - 1 && newWhole.charCodeAt(start) === 48) start += 1;
  newWhole = newWhole.slice(start);
  let end = fraction.length;
  while (end > 0 && fraction.charCodeAt(end - 1) === 48) end -= 1;
  fraction = fraction.slice(0, end);
  const isZero = newWhole === '0' && fraction === '';
  return `${negative && !isZero ? '-' : ''}${newWhole}${fraction === '' ? '' : `.${fraction}`}`;
}

/**
 * `parseDecimal(left).comparedTo(parseDecimal(right))` (-1, 0 or 1) for two decimal texts
 * already in plain form (`"1234.50"`, `"-0.5"`), compared as text without a Decimal; null
 * when either is in any other form (the caller then compares Decimals).
 * @example comparePlainDecimalText('10.5', '9.75') // 1; comparePlainDecimalText('1e3', '1') // null
 */
export function comparePlainDecimalText(left: string, right: string): number | null {
  if (!PLAIN_DECIMAL.test(left) || !PLAIN_DECIMAL.test(right)) return null;
  const leftSign = signOfPlain(left);
  const rightSign = signOfPlain(right);
  if (leftSign !== rightSign) return leftSign < rightSign ? -1 : 1;
  if (leftSign === 0) return 0;
  const magnitude = leftSign < 0 ? compareMagnitude(left.slice(1), right.slice(1)) : compareMagnitude(left, right);
  return leftSign < 0 && magnitude !== 0 ? -magnitude : magnitude;
}

/** -1, 0 or 1: the sign of a plain decimal text (a negative zero is zero). */
function signOfPlain(text: string): number {
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code > 48 && code <= 57) return text.charCodeAt(0) === 45 ? -1 : 1;
  }
  return 0;
}

/** Compares two unsigned plain decimal texts (no leading zeros) by value. */
function compareMagnitude(left: string, right: string): number {
  const leftPoint = left.indexOf('.');
  const rightPoint = right.indexOf('.');
  const leftWhole = leftPoint < 0 ? left : left.slice(0, leftPoint);
  const rightWhole = rightPoint < 0 ? right : right.slice(0, rightPoint);
  if (leftWhole.length !== rightWhole.length) return leftWhole.length < rightWhole.length ? -1 : 1;
  if (leftWhole !== rightWhole) return leftWhole < rightWhole ? -1 : 1;
  let leftFraction = leftPoint < 0 ? '' : left.slice(leftPoint + 1);
  let rightFraction = rightPoint < 0 ? '' : right.slice(rightPoint + 1);
  if (leftFraction.length < rightFraction.length) leftFraction += '0'.repeat(rightFraction.length - leftFraction.length);
  else if (rightFraction.length < leftFraction.length) rightFraction += '0'.repeat(leftFraction.length - rightFraction.length);
  return leftFraction === rightFraction ? 0 : leftFraction < rightFraction ? -1 : 1;
}
