import { describe, expect, it } from 'vitest';
import { buildDocument } from './build-document.js';
import { defaultStructureWords, type StructureWords } from './structure-words.js';

/** A caller's words for Swedish documents (as an instance compiles them from a user's lexicon pack). */
const swedish: StructureWords = {
  signatureKeys: new Set(['namn', 'titel', 'underskrift', 'datum']),
  signatureAnchors: new Set(['underskrift']),
  signatureKeySets: [['namn', 'titel']],
  taxWords: new Set(['moms']),
  summaryWords: new Set(['specifikation']),
};

describe('structure words', () => {
  it('come from the built-in packs by default: the English signature keys and tax summary words', () => {
    const words = defaultStructureWords();
    expect([...words.signatureKeys]).toEqual(expect.arrayContaining(['by', 'name', 'title', 'printed name']));
    expect(words.signatureKeySets).toContainEqual(['name', 'title']);
    expect([...words.taxWords]).toEqual(expect.arrayContaining(['gst', 'vat', 'mwst', 'tva', 'sst']));
    expect(words.summaryWords.has('summary')).toBe(true);
  });

  it("mark a signature block and a tax summary by the caller's words, not by words of the document code", async () => {
    const text = 'Avtal om leverans\n\nNamn: Anna Berg\nTitel: VD\n\nMoms specifikation\nMoms 25%: 120,00\n';
    const regions = (document: Awaited<ReturnType<typeof buildDocument>>) => document.keyValues.map((pair) => [pair.key, pair.region ?? null]);
    expect(regions(await buildDocument(text, { inputType: 'text', words: swedish }))).toEqual([
      ['Namn', 'signature'],
      ['Titel', 'signature'],
      ['Moms 25%', 'summary'],
    ]);
    expect(regions(await buildDocument(text, { inputType: 'text' }))).toEqual([
      ['Namn', null],
      ['Titel', null],
      ['Moms 25%', null],
    ]);
  });
});
