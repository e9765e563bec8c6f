import { describe, expect, it } from 'vitest';
import { findTerms, lowerSameLength } from './header-terms.js';

/** The reference: each character lowered on its own, kept when lowering would change its length. */
function characterByCharacter(text: string): string {
  let lowered = '';
  for (const character of text) {
    const lower = character.toLowerCase();
    lowered += lower.length === character.length ? lower : character;
  }
  return lowered;
}

describe('lowerSameLength', () => {
  it('lowers each character on its own, so offsets stay those of the text', () => {
    for (const text of ['IN WITNESS WHEREOF', 'ΟΔΟΣ ΑΣ', 'İSTANBUL Sp. z o.o.', 'Straße ẞ', 'ǄEMAL', '\ud800A', '']) {
      expect(lowerSameLength(text)).toBe(characterByCharacter(text));
      expect(lowerSameLength(text)).toHaveLength(text.length);
    }
    // A final capital sigma is lowered as a sigma, not by its place at the end of a word.
    expect(lowerSameLength('ΑΣ')).toBe('ασ');
    // A character whose lower case is longer stays as it is.
    expect(lowerSameLength('İA')).toBe('İa');
  });

  it('finds terms at their offsets in the text', () => {
    const text = 'İİ IN WITNESS WHEREOF the parties';
    expect(findTerms(text, [{ term: 'in witness whereof', concept: 'lead' }])).toEqual([{ concept: 'lead', start: 3, end: 21 }]);
  });
});
