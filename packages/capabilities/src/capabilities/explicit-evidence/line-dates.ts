/**
 * Dates read in the text of the document's lines by a key before them — a letter's date line
 * ("München, den 01.11.2024"), a payment sentence's deadline ("… bis zum 21.04.2025"): the
 * words of a line, and the readings of the primary layer's lines placed in the document, each
 * distinct line text read once, once per run (the run memo).
 */
import type { DocumentLine } from '@paxman/document';
import type { SourceSpan } from '@paxman/core';
import type { SearchContext } from './search-context.js';

/** Spaces that part two columns of a laid-out line. */
export const COLUMN_GAP = 2;

/** One word of a line: its text, its offsets in the line, and the spaces before it. */
export interface LineWord {
  readonly text: string;
  readonly start: number;
  readonly end: number;
  /** Whitespace before the word (`COLUMN_GAP` at the line's start: it opens a column). */
  readonly gap: number;
}

/** The words of a line's text, each with the spaces before it. */
export function lineWords(text: string): LineWord[] {
  const words: LineWord[] = [];
  let previousEnd = -COLUMN_GAP;
  for (const match of text.matchAll(/\S+/g)) {
    words.push({ text: match[0], start: match.index, end: match.index + match[0].length, gap: match.index === 0 ? COLUMN_GAP : match.index - previousEnd });
    previousEnd = match.index + match[0].length;
  }
  return words;
}

/** A key and the date after it, as read in one line's text (offsets relative to the line). */
export interface KeyedDateReading {
  readonly keyStart: number;
  readonly keyEnd: number;
  readonly dateStart: number;
  readonly dateEnd: number;
  readonly dateText: string;
}

/** A reading placed in the document: absolute spans, the key's text, and the reading itself. */
export interface PlacedKeyedDate<R extends KeyedDateReading> {
  readonly keySpan: SourceSpan;
  readonly keyText: string;
  readonly dateSpan: SourceSpan;
  readonly dateText: string;
  readonly reading: R;
}

/** What `read` finds in the primary layer's lines, once per run (the run memo under `key`), each distinct line text read once. */
export function keyedDatesOfLines<R extends KeyedDateReading>(context: SearchContext, key: string, read: (text: string) => readonly R[]): readonly PlacedKeyedDate<R>[] {
  return context.index.memo(key, () => {
    const layer = context.index.primary.name;
    const lines: readonly DocumentLine[] = context.index.primaryLines();
    // A line's readings are its first same line's (`primarySameLines`): no text is looked up or read twice.
    const same = context.index.primarySameLines();
    const readings: (readonly R[])[] = [];
    const found: PlacedKeyedDate<R>[] = [];
    for (let position = 0; position < lines.length; position += 1) {
      const line = lines[position]!;
      const first = same[position]!;
      const lineReadings = first === position ? read(line.text) : readings[first]!;
      readings[position] = lineReadings;
      if (lineReadings.length === 0) continue;
      const offset = line.span.start;
      for (const reading of lineReadings) {
        found.push({
          keySpan: { start: offset + reading.keyStart, end: offset + reading.keyEnd, layer },
          keyText: line.text.slice(reading.keyStart, reading.keyEnd),
          dateSpan: { start: offset + reading.dateStart, end: offset + reading.dateEnd, layer },
          dateText: reading.dateText,
          reading,
        });
      }
    }
    return found;
  });
}
