/**
 * Party blocks: a heading that names a party on a line of its own ("Verkäufer",
 * "Käufer/Leistungsempfänger", "Seller", "Fournisseur"), then the party's lines — its
 * name under a name key ("Name: Handwerker GmbH", "Raison sociale : …"), its number,
 * address and contacts. A party field (a supplier's, a buyer's name) takes the name under
 * the heading of its concept; the heading is the label, so the evidence says which
 * heading and which key it was read under.
 *
 * Headings and name keys come from the packs (concept terms, `name-keys`); the blocks are
 * read once per run (the run memo) and each party field takes its own.
 */
import type { KeyValuePair } from '@paxman/document';
import type { SourceSpan } from '@paxman/core';
import { recordLabelledValue, type SearchContext } from './search-context.js';

/** How many lines under its heading a party block may run. */
const BLOCK_LINES = 12;

/** A party heading and the name printed under it. */
interface PartyBlock {
  readonly heading: string;
  readonly headingSpan: SourceSpan;
  /** The concepts the heading names. */
  readonly concepts: readonly string[];
  readonly name: KeyValuePair;
}

/** The party blocks of the primary layer, read once per run. */
function partyBlocks(context: SearchContext): readonly PartyBlock[] {
  return context.index.memo('explicit_evidence/party-blocks', () => {
    const layer = context.index.primary.name;
    const lines = context.index.document.lines.filter((line) => line.span.layer === layer && line.text.trim().length > 0);
    // Name pairs in document order, by the start of their key.
    const names = context.index.keyValues.filter((pair) => pair.keySpan.layer === layer && context.layout.isNameKey(pair.key));
    if (names.length === 0) return [];
    const blocks: PartyBlock[] = [];
    const headings: { index: number; text: string; concepts: readonly string[]; span: SourceSpan }[] = [];
    lines.forEach((line, index) => {
      const text = line.text.trim();
      if (text.length > 60 || /[:\d]/.test(text)) return;
      // A heading is one concept's term on its own line; a compound heading ("Käufer/Leistungsempfänger") may name it in a part.
      const parts = [text, ...text.split('/')];
      for (const part of parts) {
        const concepts = context.lexicon.conceptsOfLabel(context.index.normalizeLabel(part).text);
        if (concepts.length === 0) continue;
        const start = line.span.start + line.text.indexOf(text);
        headings.push({ index, text, concepts, span: { start, end: start + text.length, layer } });
        return;
      }
    });
    for (const [position, heading] of headings.entries()) {
      const next = headings[position + 1];
      const endLine = Math.min(next?.index ?? lines.length, heading.index + 1 + BLOCK_LINES);
      const blockEnd = lines[endLine - 1]?.span.end ?? heading.span.end;
      const name = names.find((pair) => pair.keySpan.start > heading.span.end && pair.keySpan.start < blockEnd);
      if (name !== undefined) blocks.push({ heading: heading.text, headingSpan: heading.span, concepts: heading.concepts, name });
    }
    return blocks;
  });
}

/** The field's party name from the block under a heading of its concept. */
export function findInPartyBlocks(context: SearchContext): void {
  if (context.reading.semantic !== 'party') return;
  for (const block of partyBlocks(context)) {
    if (!block.concepts.some((concept) => context.labels.concepts.includes(concept))) continue;
    const match = context.matchKey(block.heading);
    if (match === null) continue;
    recordLabelledValue(context, {
      match,
      keySpan: block.headingSpan,
      valueSpan: block.name.valueSpan,
      valueText: block.name.value,
      structured: false,
      structure: 'party-block',
      detail: { nameKey: block.name.key },
    });
  }
}
