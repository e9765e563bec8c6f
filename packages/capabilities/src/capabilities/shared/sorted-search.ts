/**
 * Binary search over ascending numbers (the starts of a layer's keys or pairs, in reading
 * order): the finders that ask "what starts at or after this offset" of thousands of places
 * look it up by halving instead of walking the list.
 */

/** The index of the first of `starts` (ascending) at or after `offset`; `starts.length` when none is. */
export function firstAtOrAfter(starts: ArrayLike<number>, offset: number): number {
  let low = 0;
  let high = starts.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (starts[middle]! < offset) low = middle + 1;
    else high = middle;
  }
  return low;
}
