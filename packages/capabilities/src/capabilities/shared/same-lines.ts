/**
 * Lines that print the same text. A long document repeats its lines (a page header, the
 * rows of an invoice printed 35 times), and a pass whose answer depends on a line's text
 * alone asks it of the first line with that text only. `sameLines` (the document's own,
 * re-exported) hashes each line's text once; the run's `DocumentIndex` keeps the result, so the passes over its lines
 * (line words, blank lines, party headings, cells) look a line up by position, not by text.
 */

export { sameLines } from '@paxman/document';

/**
 * The lines chained by text: for each line (`same`: each line's first line with its text,
 * `sameLines`), the next line that prints its text, or -1 when none does. A pass that reads
 * a text once, at its first line, then visits the text's other lines along the chain.
 */
export function nextSameLines(same: Int32Array): Int32Array {
  const next = new Int32Array(same.length);
  // The line after which each text was last seen, walking up (by the text's first line; -1: none yet).
  const later = new Int32Array(same.length).fill(-1);
  for (let position = same.length - 1; position >= 0; position -= 1) {
    const first = same[position]!;
    next[position] = later[first]!;
    later[first] = position;
  }
  return next;
}
