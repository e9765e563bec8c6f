/**
 * The recipient in a letter's address window: under the sender's line — the one-line
 * return address printed over the window ("Kraxi GmbH · Flugzeugallee 17 · 12345
 * Papierfeld", "Alphabet, Lilienthalallee 26, 80786 München") — the window's first line
 * names the recipient, and its street and postal lines follow. On an invoice the recipient
 * is the buyer. Pages laid out in columns print other text beside the window: only the
 * column the sender's line starts in is read.
 *
 * How a letter addresses its recipient ("Herrn", "Madame", "Mr" — the packs'
 * `recipient-words`) is not the recipient: alone on the window's first line, the name is
 * on the next ("Herrn" / "Peter Meier"); before a name of two words or more, the name is
 * what follows ("Frau Dr. Anna Weber").
 *
 * Reported as `RECOGNIZER` evidence with `pattern: 'layout:recipient'` (layout grounds,
 * role `party-block`). Nothing is reported when the window's first line is a single word
 * the packs do not know over another name-like line (a one-word company over its
 * contact): which of them names the recipient, the layout does not say.
 */
import { EvidenceKind } from '@paxman/core';
import type { Document } from '@paxman/document';
import { withoutAddressWords, type AddressWords, type NameText } from '../shared/addressed-name.js';
import type { ResultBuilder } from '../shared/result-builder.js';

/** How far down the page the sender's line may be. */
const SENDER_LINES = 25;
/** How many lines below the sender's line the window's first line may be (a gap, a column beside it). */
const WINDOW_GAP_LINES = 6;
/** How many lines under the recipient's name its address must start within. */
const ADDRESS_LINES = 3;
/** Longest recipient name read. */
const NAME_CHARACTERS = 60;
/** How far (in characters) a window line may start from the sender line's column. */
const COLUMN_SLACK = 4;
/** Parts of a sender's line: a middle dot, a bullet, a bar or a dash with spaces around it; or commas. */
const DOT_SEPARATOR = /\s+[·•|–—]\s+/u;
const COMMA_SEPARATOR = /,\s+/u;
/** A line of one word of letters only ("Herrn", "Firma", "Alphabet"). */
const ONE_PLAIN_WORD = /^\p{L}+\.?$/u;

/** A line's text in one column: the run that starts at `column` (± slack), up to the next column gap. */
function columnText(text: string, column: number): { text: string; offset: number } | null {
  for (const match of text.matchAll(/\S+(?:\s{1,2}\S+)*/g)) {
    if (Math.abs(match.index - column) <= COLUMN_SLACK) return { text: match[0], offset: match.index };
    if (match.index > column + COLUMN_SLACK) break;
  }
  return null;
}

/** True when a column text is a sender's line: a name, then parts of which one reads as an address. */
function isSenderLine(text: string, isAddress: (text: string) => boolean): boolean {
  const byDots = text.split(DOT_SEPARATOR);
  const parts = byDots.length >= 2 ? byDots : text.split(COMMA_SEPARATOR);
  // Commas part many lines; a sender's line with commas names the sender, its street and its town.
  if (parts.length < (byDots.length >= 2 ? 2 : 3)) return false;
  const name = parts[0]!.trim();
  if (!/\p{L}{2}/u.test(name) || /\d|[:@]/.test(name)) return false;
  return parts.slice(1).some((part) => isAddress(part));
}

/** A line that may name a recipient: letters, no digits, no key or link, not too long. */
function isNameLine(text: string): boolean {
  return text.length <= NAME_CHARACTERS && /\p{L}{2}/u.test(text) && !/[\d:@|]|https?|www\./i.test(text);
}

/** How the page's words are told apart: an address line, and the packs' words addressing a recipient (`withoutAddressWords`). */
export interface WindowWords {
  readonly isAddress: (text: string) => boolean;
  readonly layout: AddressWords;
}

/** The window's lines from the recipient's name on, the words addressing the recipient left out (`withoutAddressWords`). */
function fromTheName(window: readonly WindowLine[], layout: AddressWords): readonly WindowLine[] {
  const first = window[0];
  if (first === undefined) return window;
  const name = withoutAddressWords(first, layout);
  return name === 'next-line' ? window.slice(1) : [name, ...window.slice(1)];
}

type WindowLine = NameText;

/** Records the recipient named in the address window under a sender's line, if the page has one. */
export function recordRecipientWindow(builder: ResultBuilder, document: Document, layer: string, words: WindowWords): void {
  const isAddress = words.isAddress;
  const lines = document.lines.filter((line) => line.span.layer === layer);
  const head = Math.min(lines.length, SENDER_LINES);
  for (let position = 0; position < head; position += 1) {
    const line = lines[position]!;
    const start = line.text.search(/\S/);
    if (start < 0) continue;
    const sender = columnText(line.text, start);
    if (sender === null || !isSenderLine(sender.text, isAddress)) continue;
    // The window's lines: the same column, under the sender's line.
    const printed: WindowLine[] = [];
    for (let next = position + 1; next < lines.length && next <= position + WINDOW_GAP_LINES + ADDRESS_LINES + 1; next += 1) {
      const below = lines[next]!;
      const cell = columnText(below.text, sender.offset);
      if (cell === null) {
        if (printed.length > 0) break;
        continue;
      }
      const begin = below.span.start + cell.offset;
      printed.push({ text: cell.text, span: { start: begin, end: begin + cell.text.length, layer } });
      if (printed.length === 1 && next > position + WINDOW_GAP_LINES) break;
    }
    const window = fromTheName(printed, words.layout);
    const name = window[0];
    if (name === undefined || !isNameLine(name.text) || isAddress(name.text)) return;
    // "Herrn" / "Peter Meier": a line of one plain word over another name line leaves the recipient unsaid.
    if (ONE_PLAIN_WORD.test(name.text) && window[1] !== undefined && isNameLine(window[1].text) && !isAddress(window[1].text)) return;
    if (!window.slice(1, 1 + ADDRESS_LINES + 1).some((entry) => isAddress(entry.text))) return;
    builder.finding({
      value: name.text.replace(/\s+/g, ' '),
      raw: name.text,
      rank: 0,
      kind: EvidenceKind.RECOGNIZER,
      spans: [name.span],
      text: name.text,
      pattern: 'layout:recipient',
      detail: { structure: 'recipient-window', senderLine: position + 1, followedBy: 'address' },
    });
    return;
  }
}
