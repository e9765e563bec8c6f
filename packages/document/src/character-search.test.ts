import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { firstOf, nextOccurrence } from './character-search.js';

/** The answer by definition: the first start of `needle` in `[position, end)`. */
function naive(text: string, needle: string, position: number, end: number): number {
  for (let index = position; index < end; index += 1) if (text.startsWith(needle, index)) return index;
  return -1;
}

describe('nextOccurrence', () => {
  it('answers every question as a fresh search would, in any order', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom('a', ':', '.', ' ', '\n', '\u2026'), { maxLength: 60 }),
        fc.constantFrom(':', '...', '\u2026', 'a.'),
        fc.array(fc.tuple(fc.nat(70), fc.nat(70)), { maxLength: 30 }),
        (characters, needle, questions) => {
          const text = characters.join('');
          const search = nextOccurrence(text, needle);
          for (const [position, length] of questions) {
            expect(search(position, position + length)).toBe(naive(text, needle, position, position + length));
          }
        },
      ),
      { numRuns: 2000, seed: 11 },
    );
  });

  it('finds a needle that runs past the end of the range asked about', () => {
    expect(nextOccurrence('ab...', '...')(0, 3)).toBe(2);
    expect(nextOccurrence('ab...', '...')(0, 2)).toBe(-1);
  });
});

describe('firstOf', () => {
  it('takes the smaller index, -1 meaning none', () => {
    expect(firstOf(-1, -1)).toBe(-1);
    expect(firstOf(4, -1)).toBe(4);
    expect(firstOf(-1, 3)).toBe(3);
    expect(firstOf(5, 2)).toBe(2);
  });
});
