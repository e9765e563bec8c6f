/**
 * Legal forms that end in a word that is also a currency code: the Malaysian "Sdn Bhd"
 * (Sendirian Berhad) ends in BHD, which is Bahraini dinars. A code written right after the
 * form's other words ("ABC TRADING SDN BHD", "Sdn. Bhd.") is part of a company's name, not
 * a currency. Mechanism only: the forms come from the packs' `legal-forms` word class, so
 * a user's pack that names such a form is read exactly as a built-in one is. An instance
 * compiles its packs' forms once (`compileLegalFormCodes`) and passes them in
 * `RecognizerOptions.legalFormCodes`; without them the built-in packs' forms are used.
 */
import { isIsoCurrencyCode, lazyConstant } from '@paxman/core';
import { builtInLexicon } from '@paxman/knowledge';
import { escapeRegExp } from './text-scan.js';

/** The legal forms whose last word is a currency code, compiled for the currency scan. */
export interface LegalFormCodes {
  /** Currency code → what, written right before it, makes it a legal form's last word (an end-anchored pattern). */
  readonly before: ReadonlyMap<string, RegExp>;
  /** How far back from a code its legal form's other words may start (code units). */
  readonly reach: number;
}

/** The words of a legal form, dots and spaces being only how a form is written ("Sdn. Bhd." = "Sdn Bhd"). */
function formWords(form: string): string[] {
  return form.split(/[\s.]+/).filter((word) => word.length > 0);
}

/**
 * Compiles legal forms (as packs write them) into the codes they end in. Forms of one word
 * are left out: a lone "BHD" after a name may still be a currency, as it was before.
 * @example compileLegalFormCodes(['Sdn Bhd', 'GmbH']).before.get('BHD')?.test('ABC SDN ') // true
 */
export function compileLegalFormCodes(legalForms: readonly string[]): LegalFormCodes {
  const leads = new Map<string, Set<string>>();
  let reach = 0;
  for (const form of legalForms) {
    const words = formWords(form);
    const code = words.at(-1)?.toUpperCase() ?? '';
    if (words.length < 2 || code.length !== 3 || !isIsoCurrencyCode(code)) continue;
    const lead = words
      .slice(0, -1)
      .map((word) => escapeRegExp(word.toLowerCase()))
      .join('[\\s.]*');
    const known = leads.get(code) ?? new Set<string>();
    known.add(lead);
    leads.set(code, known);
    // The form as written, and dots and spaces around its words.
    reach = Math.max(reach, form.length + 4);
  }
  const before = new Map<string, RegExp>();
  for (const [code, known] of [...leads].sort(([left], [right]) => left.localeCompare(right))) {
    const sorted = [...known].sort();
    before.set(code, new RegExp(`(?<![\\p{L}\\p{N}])(?:${sorted.join('|')})[\\s.]*$`, 'iu'));
  }
  return Object.freeze({ before, reach });
}

/** The built-in packs' legal forms, compiled on first use. */
export const builtInLegalFormCodes: () => LegalFormCodes = lazyConstant(() => compileLegalFormCodes(builtInLexicon().words('legal-forms')));

/** True when the code at `start` of `text` ends a legal form whose other words stand right before it. */
export function endsLegalForm(codes: LegalFormCodes, text: string, start: number, code: string): boolean {
  const before = codes.before.get(code);
  return before !== undefined && before.test(text.slice(Math.max(0, start - codes.reach), start));
}
