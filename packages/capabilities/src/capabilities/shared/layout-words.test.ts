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

describe("compileLayoutWords: the words of a receipt's head", () => {
  const layout = compileLayoutWords(defaultLexicon());

  it('tells a line made only of words of a class (business kinds, name connectors) from one with a name in it', () => {
    expect(layout.consistsOf('business-kinds', 'HARDWARE TRADING')).toBe(true);
    expect(layout.consistsOf('business-kinds', 'RESTORAN')).toBe(true);
    expect(layout.consistsOf('business-kinds', 'AIK HUAT HARDWARE')).toBe(false);
    expect(layout.consistsOf('name-connectors', 'CO. (M)')).toBe(true);
    expect(layout.consistsOf('name-connectors', 'AND SONS')).toBe(true);
    expect(layout.consistsOf('name-connectors', '')).toBe(true);
    expect(layout.consistsOf('name-connectors', 'POPULAR BOOK CO.')).toBe(false);
  });

  it('finds what ends an address and where an outlet word ends at the start of a line', () => {
    expect(layout.mentions('address-stops', 'TEL 03-1234 5678')).toBe(true);
    expect(layout.mentions('address-stops', 'H/P 012-345')).toBe(true);
    expect(layout.mentions('address-stops', 'SST ID W10-1808-31000000')).toBe(true);
    expect(layout.mentions('address-stops', 'JALAN TELOK GADONG')).toBe(false);
    expect(layout.afterStart('outlet-words', 'OUTLET #12')).toBe(6);
    expect(layout.afterStart('outlet-words', 'BRANCH: 7')).toBe(6);
    expect(layout.afterStart('outlet-words', 'THE STORE 7')).toBeNull();
    expect(layout.afterStart('registration-labels', 'CO.REG : 933109-X')).toBe(6);
    expect(layout.afterStart('registration-labels', 'ROC NO. 12345')).toBe(6);
  });

  it("reads a user's words for them", () => {
    const pack = validateKnowledgePack({ id: 'lexicon-xx', version: '1.0.0', description: 'x', lexicon: { language: 'sv', concepts: {}, words: { 'business-kinds': ['handel'], 'outlet-words': ['butik'] } } });
    const own = compileLayoutWords(createLexicon(compileLexicon([...builtInLexiconPacks(), pack])));
    expect(own.consistsOf('business-kinds', 'HANDEL')).toBe(true);
    expect(own.afterStart('outlet-words', 'Butik 12')).toBe(5);
    expect(layout.afterStart('outlet-words', 'Butik 12')).toBeNull();
  });
});
