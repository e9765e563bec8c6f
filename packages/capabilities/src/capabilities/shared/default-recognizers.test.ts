import { describe, expect, it } from 'vitest';
import { builtInLexiconPacks, compileLexicon, type KnowledgePack } from '@paxman/knowledge';
import { compileLegalFormCodes, createLexicon, defaultLexicon } from '@paxman/values';
import { DEFAULT_RECOGNIZERS, recognizersFor } from './default-recognizers.js';

/** A made-up locale whose companies end in "Kor Cad" (CAD is the Canadian dollar) and whose June is "kesäkuuta". */
const pack = {
  id: 'lexicon-xx',
  version: '0.1.0',
  lexicon: { language: 'xx', concepts: {}, words: { 'legal-forms': ['Kor Cad'] }, calendar: { months: [[], [], [], [], [], ['kesäkuuta'], [], [], [], [], [], []], weekdays: [[], [], [], [], [], [], []] } },
} as unknown as KnowledgePack;

describe('recognizersFor', () => {
  it('is the default recognizers for a lexicon of the built-in packs alone', () => {
    expect(recognizersFor(defaultLexicon())).toBe(DEFAULT_RECOGNIZERS);
  });

  it("reads currencies with the lexicon's legal forms and dates with its months", () => {
    const recognizers = recognizersFor(createLexicon(compileLexicon([...builtInLexiconPacks(), pack])));
    const text = 'NORDLAND KOR CAD\nAmount due: CAD 12.00\n';
    expect(DEFAULT_RECOGNIZERS.findValues('CURRENCY', text, {}).length).toBe(2);
    expect(recognizers.findValues('CURRENCY', text, {}).map((hit) => hit.start)).toEqual([text.lastIndexOf('CAD')]);
    expect(recognizers.findValues('DATE', '15 kesäkuuta 2026', {}).map((hit) => hit.value)).toEqual(['2026-06-15']);
    // Options that bring their own legal forms keep them.
    expect(recognizers.findValues('CURRENCY', text, { legalFormCodes: compileLegalFormCodes([]) }).length).toBe(2);
  });
});
