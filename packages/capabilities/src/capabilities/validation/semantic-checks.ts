/**
 * Semantic checks on values: ISO 4217 currency codes, the IBAN mod-97 checksum, the Luhn
 * checksum of card-like numbers, e-mail and URI syntax, calendar dates.
 */
import { isCalendarDate, isDateTime, isIsoCurrencyCode } from '@paxman/core';

/** True when `value` is an IBAN whose mod-97 checksum holds (spaces ignored). */
export function isValidIban(value: string): boolean {
  const compact = value.replace(/[\s-]/g, '').toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(compact)) return false;
  const rearranged = compact.slice(4) + compact.slice(0, 4);
  let remainder = 0;
  for (const character of rearranged) {
    const digits = /\d/.test(character) ? character : String(character.charCodeAt(0) - 55);
    for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder === 1;
}

/** True when the digits of `value` (spaces and dashes ignored, 12–19 digits) pass the Luhn checksum. */
export function passesLuhn(value: string): boolean {
  const digits = value.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** A pragmatic e-mail syntax check: one `@`, a dotted domain, no spaces. */
export function isValidEmail(value: string): boolean {
  return value.length <= 254 && /^[^\s@"<>()[\],;:]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)+$/.test(value);
}

/** True for an absolute URI with a scheme. */
export function isValidUri(value: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9+.-]*:\S+$/.test(value)) return false;
  try {
    new URL(value);
    return true;
  } catch {
    return false;
  }
}


export { isCalendarDate, isDateTime, isIsoCurrencyCode };
