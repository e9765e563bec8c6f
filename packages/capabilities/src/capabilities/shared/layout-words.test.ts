import { describe, expect, it } from 'vitest';
import { compileLexicon, builtInLexiconPacks, validateKnowledgePack } from '@paxman/knowledge';
import { createLexicon, defaultLexicon } from '@paxman/values';
import { compileLayoutWords } from './layout-words.js';

describe('compileLayoutWords: the summary and payment word classes', () => {
  const layout = compileLayoutWords(defaultLexicon());

  it('finds a word of a class anywhere in a label, in the languages of the built-in packs', () => {
    expect(layout.mentions('rounding-words', 'ROUNDING ADJ.')).toBe(true);
    expect(layout.mentions('rounding-words', 'Rundungsdifferenz')).toBe(true);
    expect(layout.mentions('rounding-words', 'Total After Adj Incl GST')).toBe(true);
    expect(layout.mentions('rounding-words', 'Total incl. GST')).toBe(false);
    expect(layout.mentions('added-charges', 'SVR TAX 10%')).toBe(true);
    expect(layout.mentions('added-charges', 'TVA 20 %')).toBe(true);
    expect(layout.mentions('other-tenders', 'TNG E-WALLET')).toBe(true);
    expect(layout.mentions('other-tenders', 'EC-Karte')).toBe(true);
    expect(layout.mentions('other-tenders', 'CASH')).toBe(false);
  });

  it('finds a word of a class only at the start of a label with startsWith', () => {
    expect(layout.startsWith('net-words', 'Nett Total')).toBe(true);
    expect(layout.startsWith('net-words', 'Summe netto')).toBe(false);
    expect(layout.startsWith('net-words', 'Netto-Summe')).toBe(true);
  });

  it("reads a user's pack: its words are the instance's", () => {
    const pack = validateKnowledgePack({ id: 'lexicon-xx', version: '1.0.0', description: 'x', lexicon: { language: 'sv', concepts: {}, words: { 'other-tenders': ['swish'] } } });
    const own = compileLayoutWords(createLexicon(compileLexicon([...builtInLexiconPacks(), pack])));
    expect(own.mentions('other-tenders', 'SWISH 120,00')).toBe(true);
    expect(layout.mentions('other-tenders', 'SWISH 120,00')).toBe(false);
  });
});
