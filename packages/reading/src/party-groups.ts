/**
 * Companies a preamble lists one after another before the one term that calls them together
 * ("and Alder Partners LP, a Delaware limited partnership, Alder GP LLC, a Delaware limited
 * liability company, and Alder Capital LLC (collectively, the "Alder Parties")"), ADR 0039. The
 * preamble reading (`read-party-list.ts`) takes the name right before a term as the party, and
 * a comma and a joining word inside its stretch as the end of the previous party's descriptor;
 * here the whole stretch is read again as a list of companies. Only when every piece of it is a
 * company whose name ends in a legal form — followed at most by a short descriptor of its kind
 * (", a Delaware limited partnership") — and the pieces are joined by commas or joining words
 * with nothing else between them: a stretch holding anything more (an address, "its
 * subsidiaries", "as agent") is left to the preamble reading. Structure only: the legal forms,
 * the joining words and the name's shape come from the caller.
 */
import type { Stretch } from './party-text.js';

/** What the caller knows about names (`read-party-list.ts`'s shapes, with its packs' words). */
export interface GroupReading {
  /** The name a stretch opens with (an article aside), as a preamble party's is read; null when none or when other words come before it. */
  readonly nameIn: (stretch: Stretch) => Stretch | null;
  /** True when the name at `stretch` ends in a legal form printed after words of its own (a company). */
  readonly isCompany: (stretch: Stretch) => boolean;
  /** Where a comma and a short descriptor of a company's kind after `at` (", a Delaware limited partnership") end, or `at` when none follows. */
  readonly afterKind: (at: number, end: number) => number;
  /** The joining words of the preamble's language, folded. */
  readonly joiners: ReadonlySet<string>;
}

/** Fewest companies a stretch must list to be read as a group. */
const GROUP_SIZE = 2;
/** Most companies read from one stretch. */
const GROUP_LIMIT = 8;

/** Skips spaces, commas and at most one joining word between two companies; null when anything else stands there. */
function afterJoin(text: string, at: number, end: number, joiners: ReadonlySet<string>): { readonly index: number; readonly joined: boolean } | null {
  let index = at;
  let joined = false;
  let word = false;
  for (;;) {
    while (index < end && /\s/u.test(text[index]!)) index += 1;
    if (text[index] === ',') {
      joined = true;
      index += 1;
      continue;
    }
    const letters = /^\p{L}+/u.exec(text.slice(index, index + 20))?.[0];
    if (!word && letters !== undefined && letters === letters.toLowerCase() && joiners.has(letters) && /\s/u.test(text[index + letters.length] ?? '')) {
      joined = true;
      word = true;
      index += letters.length;
      continue;
    }
    return joined || index >= end ? { index, joined } : null;
  }
}

/**
 * The companies listed in `[start, end)` (a party's stretch up to its term), in order, when
 * the stretch is nothing but two or more companies each ending in a legal form, each perhaps
 * followed by a descriptor of its kind, joined by commas or a joining word; null otherwise.
 */
export function groupedCompanies(text: string, start: number, end: number, reading: GroupReading): Stretch[] | null {
  const companies: Stretch[] = [];
  let at = start;
  while (companies.length < GROUP_LIMIT) {
    const name = reading.nameIn({ start: at, end });
    if (name === null || !reading.isCompany(name)) return null;
    companies.push(name);
    const described = reading.afterKind(name.end, end);
    const join = afterJoin(text, described, end, reading.joiners);
    if (join === null) return null;
    if (join.index >= end || text.slice(join.index, end).trim() === '') break;
    if (!join.joined) return null;
    at = join.index;
  }
  return companies.length >= GROUP_SIZE && companies.length < GROUP_LIMIT ? companies : null;
}
