/**
 * Where the document's key-value pairs start, per layer, once per run: the inline labels ask
 * whether a label is a pair's key (`placeAt`) and whether a line the layout paired holds a
 * key (`holdsKey`); the party blocks ask the same of the line under a heading.
 */
import type { DocumentLine } from '@paxman/document';
import { firstAtOrAfter } from '../shared/sorted-search.js';
import type { SearchContext } from './search-context.js';

/**
 * What the finders know of the key-value pairs, per layer: where their keys start,
 * each offset once, ascending, and what the pairs there say — in sorted arrays, built in
 * one pass over the pairs (they come in reading order) and looked up by halving.
 */
export interface PairPlaces {
  /** The offsets where the pairs' keys start, ascending, each once (`holdsKey`, `placeAt`). */
  readonly keyStarts: readonly number[];
  /** For each offset, the key of the last pair whose key starts there, as a label (normalized). */
  readonly keys: readonly string[];
  /** The same for the last pair there whose key a colon or a leader closes (the layout's spaced pairs may cut a key anywhere), or null. */
  readonly closedKeys: readonly (string | null)[];
}

/** The pair places of each layer, once per run. */
export function pairPlaces(context: SearchContext): ReadonlyMap<string, PairPlaces> {
  return context.index.memo('explicit_evidence/pair-places', () => {
    const pairs = context.index.keyValues;
    const normalized = context.index.keyFact('normalized-key', (key) => context.index.normalizeLabel(key).text);
    // The pairs of each layer, in the order of their keys' starts (a stable sort: at one offset, the later pair last).
    const byLayer = new Map<string, number[]>();
    let ordered = true;
    for (let position = 0; position < pairs.length; position += 1) {
      const { layer, start } = pairs[position]!.keySpan;
      const positions = byLayer.get(layer);
      if (positions === undefined) byLayer.set(layer, [position]);
      else {
        if (start < pairs[positions[positions.length - 1]!]!.keySpan.start) ordered = false;
        positions.push(position);
      }
    }
    const places = new Map<string, PairPlaces>();
    for (const [layer, positions] of byLayer) {
      if (!ordered) positions.sort((left, right) => pairs[left]!.keySpan.start - pairs[right]!.keySpan.start || left - right);
      const keyStarts: number[] = [];
      const keys: string[] = [];
      const closedKeys: (string | null)[] = [];
      for (const position of positions) {
        const pair = pairs[position]!;
        const start = pair.keySpan.start;
        const key = normalized(position);
        const closed = pair.source === 'colon' || pair.source === 'leader';
        const last = keyStarts.length - 1;
        if (last >= 0 && keyStarts[last] === start) {
          keys[last] = key;
          if (closed) closedKeys[last] = key;
        } else {
          keyStarts.push(start);
          keys.push(key);
          closedKeys.push(closed ? key : null);
        }
      }
      places.set(layer, { keyStarts, keys, closedKeys });
    }
    return places;
  });
}

/** The place in `places` of the pairs whose keys start at `offset`, or -1. */
export function placeAt(places: PairPlaces | undefined, offset: number): number {
  if (places === undefined) return -1;
  const place = firstAtOrAfter(places.keyStarts, offset);
  return places.keyStarts[place] === offset ? place : -1;
}

/**
 * True when a key-value pair's key starts on `line` (`places`: its layer's pair places).
 * Asked of a few lines (an inline sighting shaped like a row, the line under a party
 * heading), not of every line a pair is on: a key is read from a line, so it starts within
 * the line that holds it.
 */
export function holdsKey(places: Pick<PairPlaces, 'keyStarts'> | undefined, line: Pick<DocumentLine, 'span'>): boolean {
  if (places === undefined) return false;
  const starts = places.keyStarts;
  // The first key start at or after the line's start.
  const low = firstAtOrAfter(starts, line.span.start);
  return low < starts.length && starts[low]! <= line.span.end;
}
