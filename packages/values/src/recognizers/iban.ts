/**
 * IBAN: a country code, two check digits and the account, written compact or in groups
 * separated by single spaces; the length must be the country's registered IBAN length
 * (ISO 13616 registry) and the mod-97 checksum must hold. The value is the compact IBAN.
 */
import { makeHit } from './text-scan.js';
import type { RecognizedValue } from './types.js';

/** IBAN length per country (SWIFT IBAN registry). */
const IBAN_LENGTHS: ReadonlyMap<string, number> = new Map(
  Object.entries({
    AD: 24, AE: 23, AL: 28, AT: 20, AZ: 28, BA: 20, BE: 16, BG: 22, BH: 22, BR: 29, BY: 28, CH: 21, CR: 22,
    CY: 28, CZ: 24, DE: 22, DK: 18, DO: 28, EE: 20, EG: 29, ES: 24, FI: 18, FO: 18, FR: 27, GB: 22, GE: 22,
    GI: 23, GL: 18, GR: 27, GT: 28, HR: 21, HU: 28, IE: 22, IL: 23, IQ: 23, IS: 26, IT: 27, JO: 30, KW: 30,
    KZ: 20, LB: 28, LC: 32, LI: 21, LT: 20, LU: 20, LV: 21, MC: 27, MD: 24, ME: 22, MK: 19, MR: 27, MT: 31,
    MU: 30, NL: 18, NO: 15, PK: 24, PL: 28, PS: 29, PT: 25, QA: 29, RO: 24, RS: 22, SA: 24, SC: 31, SE: 24,
    SI: 19, SK: 24, SM: 27, ST: 25, SV: 28, TL: 23, TN: 24, TR: 26, UA: 29, VA: 22, VG: 24, XK: 20,
  }),
);

const START = /(?=[A-Z])(?<![\p{L}\p{N}])[A-Z]{2}\d{2}/gu;

/** True when a compact IBAN passes the ISO 7064 mod-97 check. */
export function ibanChecksumHolds(compact: string): boolean {
  const rearranged = compact.slice(4) + compact.slice(0, 4);
  let remainder = 0;
  for (let index = 0; index < rearranged.length; index += 1) {
    const code = rearranged.charCodeAt(index);
    if (code >= 48 && code <= 57) {
      remainder = (remainder * 10 + (code - 48)) % 97;
    } else if (code >= 65 && code <= 90) {
      remainder = (remainder * 100 + (code - 55)) % 97;
    } else {
      return false;
    }
  }
  return remainder === 1;
}

function isAlphanumericUpper(code: number): boolean {
  return (code >= 48 && code <= 57) || (code >= 65 && code <= 90);
}

/** Finds IBAN values. */
export function findIbans(text: string): RecognizedValue[] {
  const hits: RecognizedValue[] = [];
  const pattern = new RegExp(START.source, START.flags);
  let match: RegExpExecArray | null;
  while ((match = pattern.exec(text)) !== null) {
    const start = match.index;
    const length = IBAN_LENGTHS.get(match[0].slice(0, 2));
    if (length === undefined) continue;
    let compact = '';
    let index = start;
    while (index < text.length && compact.length < length) {
      const code = text.charCodeAt(index);
      if (isAlphanumericUpper(code)) {
        compact += text[index];
        index += 1;
      } else if (code === 32 && compact.length > 0 && isAlphanumericUpper(text.charCodeAt(index + 1))) {
        index += 1;
      } else {
        break;
      }
    }
    if (compact.length !== length) continue;
    // The IBAN must end at a token boundary (not run on into more letters or digits).
    if (isAlphanumericUpper(text.charCodeAt(index)) || /[a-z]/.test(text[index] ?? '')) continue;
    if (!ibanChecksumHolds(compact)) continue;
    hits.push(makeHit('IBAN', text, start, index, compact, false, { country: compact.slice(0, 2) }));
    pattern.lastIndex = index;
  }
  return hits;
}
