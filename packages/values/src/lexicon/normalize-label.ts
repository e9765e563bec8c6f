/**
 * Label normalization: the one function that decides when two label spellings are the
 * same ("Invoice No.:", "INVOICE #", "invoice number" → `invoice number`). Case,
 * diacritics, punctuation, parenthesised qualifiers and rates ("Tax (8.25%)") and the many ways of
 * writing "number" (`No.`, `Nr.`, `#`, `n°`, `№`) are normalized away; currency codes and
 * symbols in a label ("Total (EUR)", "Amount USD", "TOTAL RM") are removed from the label
 * and reported separately, because they qualify the value rather than name the field; the
 * ways of saying what an amount includes are one spelling ("inclusive of GST", "including
 * GST", "inc. GST" → `incl gst`). A percent sign alone ("VAT %", "Tax [%]") stays a word:
 * such a label names the rate, not the amount.
 */
import { isIsoCurrencyCode } from '@paxman/core';

const NUMBER_WORDS = new Set(['no', 'nr', 'num', 'nbr', 'nro', 'number']);

/** True for a lower-case word that normalization writes as `number` ("no", "nr", "num"): a fast path of a caller tokenizing words must agree with it. */
export function isNumberWord(word: string): boolean {
  return NUMBER_WORDS.has(word);
}
const CURRENCY_SYMBOLS: Readonly<Record<string, string>> = { '€': 'EUR', '£': 'GBP', '¥': 'JPY', '₹': 'INR', 'zł': 'PLN' };

/** A normalized label and what was stripped from it. */
export interface NormalizedLabel {
  /** Lower-case words joined by single spaces; empty when nothing word-like remains. */
  readonly text: string;
  /** An ISO 4217 code stated in the label (`Total (EUR)`, `Amount in USD`, `Total €`), or null. */
  readonly currency: string | null;
}

/** Splits a field name written in snake, kebab or camel case into words: `invoiceNumber` → `invoice Number`. */
export function splitIdentifier(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .replace(/[_\-.[\]]+/g, ' ')
    .trim();
}

/** Words that say what an amount includes or leaves out. */
const INCLUSION_WORDS = /\b(?:incl|inc|including|inclusive|excl|exc|excluding|exclusive|ex|before|after|without|w\/o|net|nett|gross)\b\.?/i;

/**
 * Normalizes a label for comparison.
 *
 * @example
 * normalizeLabel('Invoice No.:').text; // 'invoice number'
 * normalizeLabel('Total (EUR)'); // { text: 'total', currency: 'EUR' }
 */
export function normalizeLabel(label: string): NormalizedLabel {
  return Object.freeze(computeNormalizedLabel(label.length > MAX_LABEL_CHARACTERS ? label.slice(0, MAX_LABEL_CHARACTERS) : label));
}

/**
 * A label is a few words; text longer than this is read as its first characters only, so
 * normalizing a pathological "label" (a 50 MB line) costs what a long label costs.
 */
export const MAX_LABEL_CHARACTERS = 256;

/** Abbreviations receipts and invoices print for label words ("TOTAL AMT", "QTY"). */
const ABBREVIATIONS: Readonly<Record<string, string>> = Object.freeze({ amt: 'amount', qty: 'quantity' });
/** Words after which "of" is noise ("inclusive of", "excl. of"). */
const INCLUSION_HEADS: ReadonlySet<string> = new Set(['incl', 'excl', 'inclusive', 'exclusive']);
/** The one spelling of saying what an amount includes: "inclusive"/"including"/"inc" → "incl", "excluding"/"exclusive"/"exc" → "excl". */
const INCLUSION_SPELLING: Readonly<Record<string, string>> = Object.freeze({ inclusive: 'incl', including: 'incl', inc: 'incl', exclusive: 'excl', excluding: 'excl', exc: 'excl' });
/** Currency marks printed as a word in a label that are not ISO codes ("TOTAL RM", "Amount Rp", "ZU ZAHLEN EURO"). */
const CURRENCY_WORDS: Readonly<Record<string, string>> = Object.freeze({ RM: 'MYR', Rp: 'IDR', EURO: 'EUR', Euro: 'EUR' });

/** A rate in a label ("21%", "@ 8.25 %"); tried only when the label has a `%`. */
const PERCENT_RATE = /@?\s*\d+(?:[.,]\d+)?\s*%/g;

function computeNormalizedLabel(label: string): NormalizedLabel {
  let currency: string | null = null;
  const codes = label.match(/\b[A-Z]{3}\b/g) ?? [];
  for (const code of codes) {
    if (isIsoCurrencyCode(code)) {
      currency = code;
      break;
    }
  }
  const currencyWords = (label.match(/\b(?:RM|Rp|EURO|Euro)\b/g) ?? []).filter((word) => CURRENCY_WORDS[word] !== undefined);
  if (currency === null && currencyWords.length > 0) currency = CURRENCY_WORDS[currencyWords[0]!]!;
  if (currency === null) {
    for (const [symbol, code] of Object.entries(CURRENCY_SYMBOLS)) {
      if (label.includes(symbol)) {
        currency = code;
        break;
      }
    }
  }
  // Parenthesised qualifiers and rates ("Tax (8.25%)", "BTW 21%", "VAT @ 20 %") qualify the
  // value; a parenthesis that says what the amount includes ("Total (excl. GST)",
  // "Total sales (inclusive of GST)") names a different amount and stays part of the label.
  let text = label.replace(/\(([^)]*)\)|\[([^\]]*)\]/g, (whole, round: string | undefined, square: string | undefined) => {
    const inside = round ?? square ?? '';
    if (inside.trim() === '%') return ' % ';
    return round !== undefined && INCLUSION_WORDS.test(round) ? ` ${round} ` : ' ';
  });
  // A rate is a qualifier; a percent sign alone ("VAT %", "Tax [%]", "% IVA") says the value is the rate: it stays a word.
  if (text.includes('%')) text = text.replace(PERCENT_RATE, ' ').replace(/%/g, ' % ');
  text = text.replace(/[#№]|\bn[°º]\.?/gi, ' number ');
  text = text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/ß/g, 'ss');
  const words = text
    .split(/[^\p{L}\p{N}%]+/u)
    .filter((word) => word.length > 0)
    // German compounds abbreviate "Nummer" to "nr" ("Rechnungsnr.", "Kundennr."): split them.
    .flatMap((word) => (NUMBER_WORDS.has(word) ? ['number'] : /^\p{L}{4,}nr$/u.test(word) ? [word.slice(0, -2), 'number'] : [ABBREVIATIONS[word] ?? word]))
    // "incl. of GST" is "incl. GST": the "of" after an inclusion word says nothing.
    .filter((word, index, all) => !(word === 'of' && INCLUSION_HEADS.has(all[index - 1] ?? '')))
    .map((word) => INCLUSION_SPELLING[word] ?? word);
  // Currency codes written in capitals qualify a value ("Total USD", "Montant EUR HT",
  // "Amount in EUR"); drop them from the label. Lower-case words that happen to be codes
  // ("all", "top", "try") stay.
  const statedCodes = new Set([...codes.filter((code) => isIsoCurrencyCode(code)), ...currencyWords].map((code) => code.toLowerCase()));
  for (let index = words.length - 1; index >= 0 && words.length > 1; index -= 1) {
    if (!statedCodes.has(words[index]!)) continue;
    words.splice(index, 1);
    if (words[index - 1] === 'in' && words.length > 1) words.splice(index - 1, 1);
  }
  // Collapse a repeated "number" ("No. #") or percent sign into one; a percent sign right after a number ("0:%") is that
  // number's, a rate's sign, not a word (kept, "0 %" would read as a rate the next time: normalizing must be idempotent).
  const collapsed: string[] = [];
  for (const word of words) {
    const previous = collapsed.at(-1);
    if (word === 'number' && previous === 'number') continue;
    if (word === '%' && (previous === '%' || /\p{N}$/u.test(previous ?? ''))) continue;
    collapsed.push(word);
  }
  return { text: collapsed.join(' '), currency };
}

/** Shorthand for `normalizeLabel(label).text`. */
export function normalizeLabelText(label: string): string {
  return normalizeLabel(label).text;
}
