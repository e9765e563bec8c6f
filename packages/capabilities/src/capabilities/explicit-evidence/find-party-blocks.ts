/**
 * Party blocks: a heading that names a party on a line of its own ("Verkäufer",
 * "Käufer/Leistungsempfänger", "Seller", "Fournisseur"), then the party's lines — its
 * name under a name key ("Name: Handwerker GmbH", "Raison sociale : …"), its number,
 * address and contacts. A party field (a supplier's, a buyer's name) takes the name under
 * the heading of its concept; the heading is the label, so the evidence says which
 * heading and which key it was read under.
 *
 * How a letter addresses the party ("Mme", "Herrn") is not its name (`addressedName`).
 *
 * A head printed in columns puts two parties' headings on one line ("SELLER TRADE NAME     Adresse
 * du Client"): a column cell that is a party's term and a name key names the party's name, and the
 * name is the cell under it in its column (`columnNameBlocks`, ADR 0049). A cell that is a party's
 * term alone is read only when the first line under it names the party's contact (the packs'
 * `contact-person-words`: "Contact", "z. Hd.", "à l'attention de"): the name is the line after it,
 * a weaker reading (ADR 0054).
 *
 * Headings and name keys come from the packs (concept terms, `name-keys`); the blocks are
 * read once per run (the run memo) and each party field takes its own.
 */
import type { DocumentLine } from '@paxman/document';
import type { SourceSpan } from '@paxman/core';
import type { LayoutWords } from '../shared/layout-words.js';
import { withoutAddressWords, type AddressWords, type NameText } from '../shared/addressed-name.js';
import { cellAt, COLUMN_GAP, type ColumnCell, columnCells } from '../shared/column-cells.js';
import { holdsKey, pairPlaces } from './pair-places.js';
import { conceptsOf, recordLabelledValue, type SearchContext } from './search-context.js';

/** Rank given up by a name read from the line under a heading rather than under a name key. */
const NAME_LINE_PENALTY = 40;

/** How many lines under its heading a party block may run. */
const BLOCK_LINES = 12;

/** A party heading and the name printed under it. */
interface PartyBlock {
  readonly heading: string;
  readonly headingSpan: SourceSpan;
  /** The concepts the heading names. */
  readonly concepts: readonly string[];
  /** The party's term in a heading that names its name ("Seller" in "Seller trade name"), matched as the label; else the heading. */
  readonly term?: string;
  /** The name: under a name key ("Name: …"), or the block's first line when it has no name key. */
  readonly name: { readonly text: string; readonly span: SourceSpan; readonly key: string | null };
  /** True when a contact's line stands between the heading and the name (`termBlockName`). */
  readonly afterContact?: boolean;
}

/** Longest line read as a party's name when the block has no name key. */
const NAME_LINE_CHARACTERS = 60;

/**
 * A company's name with a digit in it ("Studio 54 GmbH", "Muster GmbH & Co Name 2"): a legal form
 * of the packs is one of its words, a letter opens it, and nothing in it reads as an address or a
 * number of its own (a street, a postal code, a telephone: no three digits in a row).
 */
function nameWithDigits(text: string, layout: LayoutWords): boolean {
  return /^\p{L}/u.test(text) && !/\d[\s./-]?\d[\s./-]?\d/.test(text) && layout.mentions('legal-forms', text) && !layout.hasStreetWord(text) && !layout.hasCompoundStreet(text) && !layout.startsAddressLine(text);
}

/**
 * The first line under a heading, when it reads as a name: letters, no digits (but in a company's
 * name, `nameWithDigits`), no key (`keyOnLine`: a key-value pair's key starts on it), no e-mail or web address.
 */
function nameLine(line: DocumentLine | undefined, keyOnLine: boolean, layout: LayoutWords): { text: string; span: SourceSpan } | null {
  if (line === undefined || keyOnLine) return null;
  const text = line.text.trim();
  if (text.length === 0 || text.length > NAME_LINE_CHARACTERS || /[:@|]|https?|www\./i.test(text) || !/\p{L}{2}/u.test(text)) return null;
  if (/\d/.test(text) && !nameWithDigits(text, layout)) return null;
  const start = line.span.start + line.text.indexOf(text);
  return { text, span: { start, end: start + text.length, layer: line.span.layer } };
}

/** The name on a block's first line without how the letter addresses the party; the next line's when the first holds only that. */
function addressedName(line: NameText | null, nextLine: () => NameText | null, words: AddressWords): NameText | null {
  if (line === null) return null;
  const name = withoutAddressWords(line, words);
  return name === 'next-line' ? nextLine() : name;
}

/** A line text read as a party heading: the heading (trimmed), where it starts on the line, and the concepts it names. */
interface HeadingText {
  readonly text: string;
  readonly offset: number;
  readonly concepts: readonly string[];
}

/** The heading a line text is, or null. */
function headingText(context: SearchContext, lineText: string): HeadingText | null {
  const text = lineText.trim();
  if (text.length > 60 || /[:\d]/.test(text)) return null;
  // A heading is one concept's term on its own line; a compound heading ("Käufer/Leistungsempfänger") may name it in a part.
  const parts = [text, ...text.split('/')];
  for (const part of parts) {
    const concepts = conceptsOf(context, part);
    if (concepts.length > 0) return { text, offset: lineText.indexOf(text), concepts };
  }
  return null;
}

/**
 * A column cell that labels a party's name: a party's term, then a name key of the packs
 * ("Seller name", "Seller trade name"), nothing else; or a party's term alone ("Adresse du
 * Client", `key` null), whose block's first line may be its contact (`termBlockName`).
 */
function columnNameHeading(context: SearchContext, cell: string): { term: string; key: string | null; concepts: readonly string[] } | null {
  if (cell.length > 60 || /[:\d]/.test(cell)) return null;
  const words = cell.split(/\s+/);
  for (let split = 1; split < words.length; split += 1) {
    const key = words.slice(split).join(' ');
    if (!context.layout.isNameKey(key)) continue;
    const term = words.slice(0, split).join(' ');
    const concepts = conceptsOf(context, term);
    if (concepts.length > 0) return { term, key, concepts };
  }
  const alone = conceptsOf(context, cell);
  return alone.length > 0 ? { term: cell, key: null, concepts: alone } : null;
}

/** The part of `line` in the column that starts at `offset` (a little slack), as a line of its own; undefined when the column is empty there. */
function cellLine(line: DocumentLine | undefined, offset: number): DocumentLine | undefined {
  if (line === undefined) return undefined;
  const cell = cellAt(line.text, offset);
  if (cell === undefined) return undefined;
  const start = line.span.start + cell.offset;
  return { ...line, text: cell.text, span: { start, end: start + cell.text.length, layer: line.span.layer } };
}

/**
 * The party's name under a column cell that is a party's term alone: only when the cell under it
 * names the party's contact ("Buyer contact name, Buyer dep", "Contact Acheteur", "z. Hd. Herr
 * Mustermann": a word of the packs' `contact-person-words`), the name line after that. A first
 * line without a contact word may itself be the contact (a person's name the packs cannot tell
 * from a company's), so nothing is read there.
 */
function termBlockName(first: DocumentLine | undefined, second: DocumentLine | undefined, offset: number, layout: LayoutWords): { text: string; span: SourceSpan } | null {
  const contact = cellLine(first, offset);
  if (contact === undefined || !layout.mentions('contact-person-words', contact.text)) return null;
  const name = nameLine(cellLine(second, offset), false, layout);
  // A name line that is itself a contact's, or reads as a street, is not the party's name.
  if (name === null || layout.mentions('contact-person-words', name.text) || layout.hasStreetWord(name.text) || layout.hasCompoundStreet(name.text) || layout.startsAddressLine(name.text)) return null;
  return name;
}

/** A column cell that labels a party's name: the cell and its heading. */
interface HeadingCell {
  readonly cell: ColumnCell;
  readonly heading: { readonly term: string; readonly key: string | null; readonly concepts: readonly string[] };
  /**
   * The name read under the cell, by the texts of the lines under it (`underKey`): it depends
   * on those texts alone, so a head a long document prints on every page is read once.
   */
  readonly names: Map<number, NameUnder | null>;
}

/** A name read under a column cell: its text and where it starts on its line (the first line under the cell for a name key, else the second). */
interface NameUnder {
  readonly text: string;
  readonly offset: number;
}

/** The cells of a line text that label a party's name (`columnNameHeading`); none for a line without a column gap (most lines). */
function headingCells(context: SearchContext, text: string): readonly HeadingCell[] {
  if (!COLUMN_GAP.test(text.trim())) return NO_HEADING_CELLS;
  const cells: HeadingCell[] = [];
  for (const cell of columnCells(text)) {
    const heading = columnNameHeading(context, cell.text);
    if (heading !== null) cells.push({ cell, heading, names: new Map() });
  }
  return cells.length === 0 ? NO_HEADING_CELLS : cells;
}

const NO_HEADING_CELLS: readonly HeadingCell[] = Object.freeze([]);

/**
 * The key of the texts under a line (`same`: each line's first line with its text): the
 * texts of the next two lines, by their first lines (0 for no line).
 */
function underKey(same: Int32Array, index: number): number {
  const next = index + 1 < same.length ? same[index + 1]! + 1 : 0;
  const second = index + 2 < same.length ? same[index + 2]! + 1 : 0;
  return next * (same.length + 1) + second;
}

/** The name under a heading cell of `lines[index]`, relative to its line (`NameUnder`), read from the lines' texts. */
function nameUnder(context: SearchContext, lines: readonly DocumentLine[], index: number, { cell, heading }: HeadingCell): NameUnder | null {
  const line = heading.key === null ? lines[index + 2] : lines[index + 1];
  const name = heading.key === null ? termBlockName(lines[index + 1], lines[index + 2], cell.offset, context.layout) : nameLine(cellLine(lines[index + 1], cell.offset), false, context.layout);
  return name === null ? null : { text: name.text, offset: name.span.start - line!.span.start };
}

/**
 * The names read under the column cells of `lines[index]` that label a party's name
 * (`cells`: "Seller trade name" / "LE FOURNISSEUR" beside another column), added to
 * `blocks`. The name under a cell depends on the texts of the two lines under it alone: a
 * head a long document prints on many lines is read once (`same`: each line's first line
 * with its text), and each printing takes the name at its own place.
 */
function columnNameBlocksAt(context: SearchContext, lines: readonly DocumentLine[], same: Int32Array, index: number, cells: readonly HeadingCell[], blocks: PartyBlock[]): void {
  const line = lines[index]!;
  const layer = line.span.layer;
  const under = underKey(same, index);
  for (const headingCell of cells) {
    let name = headingCell.names.get(under);
    if (name === undefined) {
      name = nameUnder(context, lines, index, headingCell);
      headingCell.names.set(under, name);
    }
    if (name === null) continue;
    const { cell, heading } = headingCell;
    const start = line.span.start + cell.offset;
    const headingSpan = { start, end: start + cell.text.length, layer };
    const nameLineOf = lines[heading.key === null ? index + 2 : index + 1]!;
    const nameStart = nameLineOf.span.start + name.offset;
    const span = { start: nameStart, end: nameStart + name.text.length, layer: nameLineOf.span.layer };
    if (heading.key === null) blocks.push({ heading: cell.text, term: heading.term, headingSpan, concepts: heading.concepts, name: { text: name.text, span, key: null }, afterContact: true });
    else blocks.push({ heading: cell.text, term: heading.term, headingSpan, concepts: heading.concepts, name: { text: name.text, span, key: heading.key } });
  }
}

/** The party blocks of the primary layer, read once per run. */
function partyBlocks(context: SearchContext): readonly PartyBlock[] {
  return context.index.memo('explicit_evidence/party-blocks', () => {
    const layer = context.index.primary.name;
    const lines = context.index.primaryLines();
    const headings: { index: number; text: string; concepts: readonly string[]; span: SourceSpan }[] = [];
    const columnBlocks: PartyBlock[] = [];
    // Whether a line is a heading, and which of its column cells label a name, depend on its text
    // alone: one walk over the lines judges each text once, at its first line, and a line whose
    // text is neither (most lines) costs a lookup.
    const same = context.index.primarySameLines();
    const headingOf = new Array<HeadingText | null>(lines.length);
    const cellsOf = new Array<readonly HeadingCell[]>(lines.length);
    for (let index = 0; index < lines.length; index += 1) {
      const first = same[index]!;
      if (first === index) {
        headingOf[index] = headingText(context, lines[index]!.text);
        cellsOf[index] = headingCells(context, lines[index]!.text);
      }
      const heading = headingOf[first]!;
      if (heading !== null) {
        const start = lines[index]!.span.start + heading.offset;
        headings.push({ index, text: heading.text, concepts: heading.concepts, span: { start, end: start + heading.text.length, layer } });
      }
      const cells = cellsOf[first]!;
      if (cells.length > 0) columnNameBlocksAt(context, lines, same, index, cells, columnBlocks);
    }
    if (headings.length === 0) return columnBlocks;
    // Name pairs in document order, by the start of their key; each distinct key is asked once.
    const nameKeys = new Set(context.index.keyValueKeys.filter(({ key }) => context.layout.isNameKey(key)).map(({ key }) => key));
    const names = context.index.keyValues.filter((pair) => pair.keySpan.layer === layer && nameKeys.has(pair.key));
    // A line that holds a key (a pair's key starts on it) is not a name line: asked only of the line under a heading.
    const holdsKeyAt = (position: number): boolean => {
      const line = lines[position];
      return line !== undefined && holdsKey(pairPlaces(context).get(layer), line);
    };
    const blocks: PartyBlock[] = [];
    for (const [position, heading] of headings.entries()) {
      const next = headings[position + 1];
      const endLine = Math.min(next?.index ?? lines.length, heading.index + 1 + BLOCK_LINES);
      const blockEnd = lines[endLine - 1]?.span.end ?? heading.span.end;
      const pair = names.find((candidate) => candidate.keySpan.start > heading.span.end && candidate.keySpan.start < blockEnd);
      const block = { heading: heading.text, headingSpan: heading.span, concepts: heading.concepts };
      if (pair !== undefined) blocks.push({ ...block, name: { text: pair.value, span: pair.valueSpan, key: pair.key } });
      else {
        // No name key: a name-like first line under the heading is the party's name ("Émetteur" / "Atelier Berthier SARL").
        const line = addressedName(
          nameLine(next?.index === heading.index + 1 ? undefined : lines[heading.index + 1], holdsKeyAt(heading.index + 1), context.layout),
          // Address words say the next line is a name, whatever the layout paired it with ("Herrn" / "Peter Meier" over the street).
          () => nameLine(next?.index === heading.index + 2 ? undefined : lines[heading.index + 2], false, context.layout),
          context.layout,
        );
        if (line !== null) blocks.push({ ...block, name: { ...line, key: null } });
      }
    }
    return [...blocks, ...columnBlocks];
  });
}

/** The field's party name from the block under a heading of its concept. */
export function findInPartyBlocks(context: SearchContext): void {
  if (context.reading.semantic !== 'party') return;
  for (const block of partyBlocks(context)) {
    if (!block.concepts.some((concept) => context.labels.concepts.includes(concept))) continue;
    const match = context.matchKey(block.term ?? block.heading);
    if (match === null) continue;
    recordLabelledValue(context, {
      match,
      keySpan: block.headingSpan,
      valueSpan: block.name.span,
      valueText: block.name.text,
      structured: false,
      structure: 'party-block',
      // A name read from the first line under the heading, with no name key, is a weaker reading.
      ...(block.afterContact === true
        ? // A contact's line between the heading and the name: the layout does not pair them (graded as a label it does not pair, `qualified`).
          { penalty: NAME_LINE_PENALTY, detail: { nameLine: true, afterContact: true, qualified: true } }
        : block.name.key === null
          ? { penalty: NAME_LINE_PENALTY, detail: { nameLine: true } }
          : { detail: { nameKey: block.name.key } }),
    });
  }
}
