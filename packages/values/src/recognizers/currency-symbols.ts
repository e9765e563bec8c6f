/**
 * Currency markers written around amounts: symbols (`€`, `$`, `C$`, `zł`), ISO 4217 codes
 * and currency words (`dollars`, `euros`, `swiss francs`), with the code each one denotes
 * and whether that code is certain (`€`) or one of several (`$`, `kr`, `¥`).
 */
import { isIsoCurrencyCode } from '@paxman/core';

/** What a currency marker denotes. */
export interface CurrencyMarker {
  /** The ISO 4217 code it stands for when nothing else is known. */
  readonly code: string;
  /** Codes the marker is used for; more than one means the symbol alone is ambiguous. */
  readonly candidates: readonly string[];
  readonly source: 'symbol' | 'code';
}

const DOLLAR_CODES = ['USD', 'CAD', 'AUD', 'NZD', 'HKD', 'SGD', 'MXN', 'TWD', 'ARS', 'CLP', 'COP', 'BSD', 'BBD', 'BZD', 'BMD', 'FJD', 'GYD', 'JMD', 'LRD', 'NAD', 'SBD', 'SRD', 'TTD', 'XCD', 'KYD', 'BND'];

// Markers and their candidate lists are frozen: hits share them instead of copying.
function certain(code: string): CurrencyMarker {
  return Object.freeze({ code, candidates: Object.freeze([code]), source: 'symbol' as const });
}
function several(code: string, candidates: readonly string[]): CurrencyMarker {
  return Object.freeze({ code, candidates: Object.freeze([...candidates]), source: 'symbol' as const });
}

/** Symbols and symbol-like prefixes, keyed in lower case. */
export const CURRENCY_SYMBOLS: ReadonlyMap<string, CurrencyMarker> = new Map<string, CurrencyMarker>([
  ['$', several('USD', DOLLAR_CODES)],
  ['us$', certain('USD')],
  ['u.s.$', certain('USD')],
  ['u.s$', certain('USD')],
  ['c$', certain('CAD')],
  ['ca$', certain('CAD')],
  ['can$', certain('CAD')],
  ['a$', certain('AUD')],
  ['au$', certain('AUD')],
  ['nz$', certain('NZD')],
  ['hk$', certain('HKD')],
  ['s$', certain('SGD')],
  ['sg$', certain('SGD')],
  ['mex$', certain('MXN')],
  ['mx$', certain('MXN')],
  ['r$', certain('BRL')],
  ['nt$', certain('TWD')],
  ['€', certain('EUR')],
  ['£', certain('GBP')],
  ['¥', several('JPY', ['JPY', 'CNY'])],
  ['cn¥', certain('CNY')],
  ['jp¥', certain('JPY')],
  ['元', certain('CNY')],
  ['円', certain('JPY')],
  ['₹', certain('INR')],
  ['₩', certain('KRW')],
  ['₽', certain('RUB')],
  ['₺', certain('TRY')],
  ['₪', certain('ILS')],
  ['₫', certain('VND')],
  ['฿', certain('THB')],
  ['₱', certain('PHP')],
  ['₦', certain('NGN')],
  ['₴', certain('UAH')],
  ['₸', certain('KZT')],
  ['₡', certain('CRC')],
  ['₾', certain('GEL')],
  ['₭', certain('LAK')],
  ['₮', certain('MNT')],
  ['ரூ', certain('LKR')],
  ['zł', certain('PLN')],
  ['kč', certain('CZK')],
  ['ft', certain('HUF')],
  ['fr.', certain('CHF')],
  ['sfr.', certain('CHF')],
  ['kr', several('SEK', ['SEK', 'NOK', 'DKK', 'ISK'])],
  ['kr.', several('DKK', ['DKK', 'SEK', 'NOK', 'ISK'])],
  ['rm', certain('MYR')],
  ['rs', several('INR', ['INR', 'PKR', 'LKR', 'NPR'])],
  ['rs.', several('INR', ['INR', 'PKR', 'LKR', 'NPR'])],
]);

/** Currency words that may follow an amount (`5 dollars`, `10,000 swiss francs`). */
export const CURRENCY_WORDS: ReadonlyMap<string, CurrencyMarker> = new Map<string, CurrencyMarker>([
  ['dollar', several('USD', DOLLAR_CODES)],
  ['dollars', several('USD', DOLLAR_CODES)],
  ['us dollar', certain('USD')],
  ['us dollars', certain('USD')],
  ['u.s. dollars', certain('USD')],
  ['canadian dollars', certain('CAD')],
  ['canadian dollar', certain('CAD')],
  ['australian dollars', certain('AUD')],
  ['australian dollar', certain('AUD')],
  ['new zealand dollars', certain('NZD')],
  ['hong kong dollars', certain('HKD')],
  ['singapore dollars', certain('SGD')],
  ['euro', certain('EUR')],
  ['euros', certain('EUR')],
  ['pounds sterling', certain('GBP')],
  ['pound sterling', certain('GBP')],
  ['british pounds', certain('GBP')],
  ['yen', certain('JPY')],
  ['japanese yen', certain('JPY')],
  ['yuan', certain('CNY')],
  ['chinese yuan', certain('CNY')],
  ['renminbi', certain('CNY')],
  ['swiss francs', certain('CHF')],
  ['swiss franc', certain('CHF')],
  ['francs', several('CHF', ['CHF', 'XOF', 'XAF', 'XPF'])],
  ['franken', certain('CHF')],
  ['rupees', several('INR', ['INR', 'PKR', 'LKR', 'NPR'])],
  ['indian rupees', certain('INR')],
  ['turkish lira', certain('TRY')],
  ['złotych', certain('PLN')],
  ['zloty', certain('PLN')],
  ['zlotys', certain('PLN')],
  ['kronor', certain('SEK')],
  ['swedish kronor', certain('SEK')],
  ['norwegian kroner', certain('NOK')],
  ['danish kroner', certain('DKK')],
  ['kroner', several('NOK', ['NOK', 'DKK'])],
  ['rand', certain('ZAR')],
  ['reais', certain('BRL')],
  ['rubles', certain('RUB')],
  ['roubles', certain('RUB')],
]);

/**
 * ISO codes that are also ordinary words (`ALL 5 solutions`, `TRY 3 times`): read as a
 * currency only when written after an amount.
 */
export const WORD_LIKE_CODES: ReadonlySet<string> = new Set([
  'ALL', 'TOP', 'CUP', 'MOP', 'PEN', 'TRY', 'SOS', 'GEL', 'MAD', 'BOB', 'LAK', 'AMD', 'BAM', 'MNT', 'NIO', 'VES', 'BIF', 'DOP', 'GIP', 'JOD', 'KES', 'PAB', 'TND', 'WST', 'MUR', 'LSL', 'SHP', 'PHP', 'CVE', 'BTN', 'ERN',
]);

/** Lower-case spellings accepted next to an amount (`usd 200`), for common codes that are not words. */
const LOWER_CASE_CODES: ReadonlySet<string> = new Set([
  'usd', 'eur', 'gbp', 'chf', 'jpy', 'cny', 'rmb', 'inr', 'cad', 'aud', 'nzd', 'hkd', 'sgd', 'sek', 'nok', 'dkk', 'pln', 'czk', 'huf', 'mxn', 'brl', 'zar', 'rub', 'krw', 'ils', 'aed', 'sar', 'ron', 'bgn', 'isk', 'thb', 'twd',
]);

/**
 * True for the widely traded codes that may touch the amount without a space (`USD115`,
 * `115EUR`); a rarer code glued to a number is more likely a unit (`10AWG` wire gauge).
 */
export function mayTouchAmount(code: string): boolean {
  return LOWER_CASE_CODES.has(code.toLowerCase());
}

/**
 * The ISO code a written code denotes: upper case validated against ISO 4217, or a
 * common code in lower case (`usd`), `RMB` for CNY. Null otherwise.
 */
export function codeFromText(written: string): string | null {
  if (written === 'RMB' || written === 'rmb') return 'CNY';
  const candidate: string = written;
  if (isIsoCurrencyCode(candidate)) return candidate;
  if (LOWER_CASE_CODES.has(written)) return written.toUpperCase();
  return null;
}

/** Every symbol and word key, longest first, for building alternations. */
export function markerKeysLongestFirst(map: ReadonlyMap<string, CurrencyMarker>): string[] {
  return [...map.keys()].sort((left, right) => right.length - left.length || (left < right ? -1 : 1));
}
