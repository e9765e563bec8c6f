/**
 * What the reading layer hands on about the parties an agreement names: one party list per
 * document, each party a sighting with its name as printed (whitespace collapsed, the
 * descriptor and the defined term left out, the legal form kept), the span of the name, the
 * term the agreement calls it by afterwards ("Licensee") with its span, where it was read
 * (the preamble or the signature block) and whether the other place names it too. Plain
 * frozen data: the `record_reading` capability binds it to a list-of-parties field.
 */
import type { SourceSpan } from '@paxman/core';

/** Where a party was read: the agreement's opening paragraph, a letter agreement's address block, or the signature block that closes it. */
export type PartySource = 'preamble' | 'letter' | 'signature';

/** One party of an agreement. */
export interface PartySighting {
  /** The name as printed, runs of whitespace (and rules between words) collapsed to one space and none left before a comma or a period. */
  readonly name: string;
  /** The span of the name in the document. */
  readonly span: SourceSpan;
  /** The term the agreement calls the party by ("Licensee", "Kite"), or null when none is printed. */
  readonly role: string | null;
  readonly roleSpan: SourceSpan | null;
  readonly source: PartySource;
  /**
   * True when the other place names the same party: the signature block for a preamble party;
   * for a signature party, the preamble or the opening that leaves its slot unnamed (a blank,
   * "the undersigned", an agreement in the first person) — the party is the one person who signs.
   */
  readonly confirmed: boolean;
  /**
   * True when the name's end is fixed by more than its shape: the term it is called by follows
   * it, or it ends in a legal form. False when only a comma, a line end or a joining word ends
   * it ("between Sonos, Inc. and IAC, …"): a descriptor may be left on, or a legal form cut off.
   */
  readonly bounded: boolean;
  /**
   * True when the name ends in a legal form printed after words of its own ("Hertz System, Inc.",
   * "Adaptimmune Limited"): a company whose name's end the legal form fixes, not a person's or an
   * institution's name (ADR 0039: a list of three or more such companies is graded as near a
   * list of two).
   */
  readonly company: boolean;
}

/** The parties of a document, in the order it names them. */
export interface PartyList {
  /** Where the list was read: the preamble; else a letter's address block with its signature block; else the signature block alone. */
  readonly source: PartySource;
  readonly parties: readonly PartySighting[];
  /**
   * True when the list holds the one company an unsigned form names, the other party left
   * unnamed (a blank "______", "you", "I", "the undersigned") and no conformed signature
   * anywhere to name it: the list is then complete with one party.
   */
  readonly sole?: boolean;
  /**
   * True when the opening calls the parties those who sign ("the undersigned hereby agree", "the
   * Parties signatory hereto") and the list holds the companies its signature blocks sign for: the
   * signature list is then the one the agreement points to, not a guess from its close.
   */
  readonly signatories?: boolean;
}
