/**
 * How much of a huge text the whole-document scans read. Lines, key-values and tables
 * already cover only the first `STRUCTURE_CHARACTER_LIMIT` characters of a layer; the
 * recognizer scans for unlabelled values and for the document's conventions (date order,
 * currency, decimal separator) read the same head, so a 100 MB input costs time and
 * memory proportional to the limit, not to its size. A run whose primary text is longer
 * says so in a `INPUT_PARTIALLY_SEARCHED` warning. The Document's conventions are read
 * from its own line texts when they are exactly the searched text's lines.
 */
import type { Diagnostic } from '@paxman/core';
import type { Document, DocumentLine } from './model.js';
import { STRUCTURE_CHARACTER_LIMIT } from './limits.js';

/** Characters of a text that whole-document recognizer scans read. */
export const SEARCH_CHARACTER_LIMIT = STRUCTURE_CHARACTER_LIMIT;

/**
 * The part of `text` the whole-document scans read: all of it up to the limit, else the
 * head up to the last line break before the limit (so no line is cut).
 * @example searchedText('short text') // 'short text'
 */
export function searchedText(text: string): string {
  if (text.length <= SEARCH_CHARACTER_LIMIT) return text;
  const lastBreak = text.lastIndexOf('\n', SEARCH_CHARACTER_LIMIT);
  return text.slice(0, lastBreak > 0 ? lastBreak : SEARCH_CHARACTER_LIMIT);
}

/**
 * The texts of the Document's lines in `layer`, when they are `searched.split('\n')`
 * (a final empty line aside): the layer's lines run from offset 0 to the end of the
 * searched text, each ending at a line feed, and the text has no carriage return (at
 * which lines are split too). Otherwise undefined. `inferDocumentContext` then reads
 * these strings instead of splitting the text again, and the tables that later key on
 * the same line texts find their hashes computed.
 */
export function searchedLineTexts(searched: string, layer: string, lines: readonly DocumentLine[]): string[] | undefined {
  if (searched.length === 0 || searched.includes('\r')) return undefined;
  const texts: string[] = [];
  let nextStart = 0;
  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index]!;
    if (line.span.layer !== layer) continue;
    const { start, end } = line.span;
    if (start !== nextStart || (end < searched.length && searched.charCodeAt(end) !== 0x0a)) return undefined;
    texts.push(line.text);
    nextStart = end + 1;
  }
  // The last line ends the text, or a final line feed does (after which split's last line is empty).
  return nextStart === searched.length + 1 || nextStart === searched.length ? texts : undefined;
}

/** A warning when the document's primary text is longer than the searched head; else none. */
export function unsearchedTextDiagnostics(document: Document): Diagnostic[] {
  const text = document.layers[document.primaryLayer]?.text ?? document.layers['input']?.text ?? '';
  if (text.length <= SEARCH_CHARACTER_LIMIT) return [];
  const searched = searchedText(text).length;
  return [
    {
      code: 'INPUT_PARTIALLY_SEARCHED',
      severity: 'WARNING',
      stage: 'execution',
      message: `The document text has ${text.length} characters; only the first ${searched} were searched for values (lines, labels, tables and unlabelled values past them are not read).`,
      context: { characters: text.length, searchedCharacters: searched },
    },
  ];
}
