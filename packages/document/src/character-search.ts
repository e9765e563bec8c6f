/**
 * Finding the next occurrence of a short string with the runtime's native `indexOf`
 * rather than a per-character loop, remembering the last answer: a search from anywhere
 * between the last search's start and the occurrence it found finds that occurrence
 * again, so a caller asking at increasing positions reads the text about once.
 */

/** The first index in `[position, end)` where the needle starts, or -1. */
export type OccurrenceSearch = (position: number, end: number) => number;

/**
 * A remembering search for `needle` in `text`, meant for positions that mostly increase.
 * A question behind the last search looks at the stretch up to it by hand (never past
 * `end`), so going back costs no more than the range asked about.
 * @example nextOccurrence('a:b:c', ':')(2, 5) // 3
 */
export function nextOccurrence(text: string, needle: string): OccurrenceSearch {
  let searched = false;
  let searchedFrom = 0;
  // The first occurrence at or after `searchedFrom` (-1: none).
  let found = -1;
  return (position, end) => {
    if (!searched || (position > searchedFrom && found !== -1 && position > found)) {
      searched = true;
      searchedFrom = position;
      found = text.indexOf(needle, position);
    } else if (position < searchedFrom) {
      const stop = Math.min(end, searchedFrom);
      for (let index = position; index < stop; index += 1) if (text.startsWith(needle, index)) return index;
    }
    return found !== -1 && found < end ? found : -1;
  };
}

/** The smaller of two indexes, where -1 means none. */
export function firstOf(left: number, right: number): number {
  if (left === -1) return right;
  if (right === -1) return left;
  return Math.min(left, right);
}
