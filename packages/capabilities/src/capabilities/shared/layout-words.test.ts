import { describe, expect, it } from 'vitest';
import { compileLexicon, builtInLexiconPacks, validateKnowledgePack } from '@paxman/knowledge';
import { createLexicon, defaultLexicon } from '@paxman/values';
import { compileLayoutWords, foldWord, layoutWordsForRun, PLAN_LAYOUT_ANSWERS_LIMIT, rememberingLayoutWords, type LayoutAnswers } from './layout-words.js';

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

describe('compileLayoutWords: a legal form before a quoted name', () => {
  const layout = compileLayoutWords(defaultLexicon());

  it('reads the form first, then the name in quotes of any kind, as the whole text', () => {
    for (const text of ['SIA "Zaļā Dārzs"', 'AS „Latvijas Balzams”', 'SIA «Rīgas Ūdens»', 'GmbH "Alpen"']) expect(layout.legalFormBeforeQuotedName(text), text).toBe(true);
    // No legal form first, no quotes, something after the closing quote, or quotes with no name in them.
    for (const text of ['Welcome "Guest"', 'SIA Zaļā Dārzs', 'SIA "Zaļā Dārzs" Rīga', 'SIA "123"', 'Kraxi GmbH']) expect(layout.legalFormBeforeQuotedName(text), text).toBe(false);
  });
});

describe('compileLayoutWords: what a line ends in', () => {
  const layout = compileLayoutWords(defaultLexicon());

  it('finds a country of any pack at the end of an address line, and forgives a scan one letter of a long name', () => {
    for (const text of ['56000 KUALA LUMPUR, MALAYSIA', '10115 Berlin, Deutschland', 'Rīga, LV-1001, Latvija', '75008 Paris — France.']) expect(layout.endsIn('country-names', text), text).toBe(true);
    expect(layout.endsIn('country-names', 'Deutschland Str. 5')).toBe(false);
    expect(layout.endsNearly('country-names', '56000 KUALA LUMPUR, MALAYSI .', 7)).toBe(true);
    expect(layout.endsNearly('country-names', '10115 Berlin, Deutschlnd', 7)).toBe(true);
    // Short names are never guessed at: "Chine" is no "China", "Span" no "Spain".
    expect(layout.endsNearly('country-names', 'Rue de Chine', 7)).toBe(false);
    expect(layout.endsNearly('country-names', 'Old Span', 7)).toBe(false);
  });
});

describe('rememberingLayoutWords: the answers of a run, kept for the run', () => {
  const layout = compileLayoutWords(defaultLexicon());

  it('answers every question as the compiled words do', () => {
    const remembering = rememberingLayoutWords(layout);
    const texts = ['SIA "Zaļā Dārzs"', 'Rounding Adj.', 'Total', 'Nett Total', 'Name', 'Jalan Ampang 12', 'Kraxi GmbH', 'Industriestraße 7', 'Nr.', 'vom', 'Rechnung', 'Cash', 'From', 'HARDWARE TRADING', 'OUTLET #12', 'ROC NO. 12345', 'TEL 03-1234'];
    for (const text of texts) {
      for (const run of [1, 2]) {
        expect(remembering.isTitleWord(text), `${text} (${run})`).toBe(layout.isTitleWord(text));
        expect(remembering.hasStreetWord(text)).toBe(layout.hasStreetWord(text));
        expect(remembering.hasCompoundStreet(text)).toBe(layout.hasCompoundStreet(text));
        expect(remembering.startsAddressLine(text)).toBe(layout.startsAddressLine(text));
        expect(remembering.legalFormStart(text)).toBe(layout.legalFormStart(text));
        expect(remembering.legalFormBeforeQuotedName(text)).toBe(layout.legalFormBeforeQuotedName(text));
        expect(remembering.isNumberMarker(text)).toBe(layout.isNumberMarker(text));
        expect(remembering.isDateConnector(text)).toBe(layout.isDateConnector(text));
        expect(remembering.isNameKey(text)).toBe(layout.isNameKey(text));
        for (const wordClass of ['rounding-words', 'added-charges', 'net-words', 'other-tenders', 'sender-words', 'business-kinds', 'name-connectors', 'address-stops', 'outlet-words', 'registration-labels'] as const) {
          expect(remembering.mentions(wordClass, text)).toBe(layout.mentions(wordClass, text));
          expect(remembering.startsWith(wordClass, text)).toBe(layout.startsWith(wordClass, text));
          expect(remembering.consistsOf(wordClass, text)).toBe(layout.consistsOf(wordClass, text));
          expect(remembering.afterStart(wordClass, text)).toBe(layout.afterStart(wordClass, text));
        }
      }
    }
    // Questions of one kind do not answer another: the same text asked of two classes.
    expect(remembering.mentions('rounding-words', 'Rounding Adj.')).toBe(true);
    expect(remembering.mentions('net-words', 'Rounding Adj.')).toBe(false);
  });

  it('keeps one copy per run: the same run gets the same copy, another run its own', () => {
    const memos = [new Map<string, unknown>(), new Map<string, unknown>()].map((store) => ({
      memo<T>(key: string, compute: () => T): T {
        if (!store.has(key)) store.set(key, compute());
        return store.get(key) as T;
      },
    }));
    const first = layoutWordsForRun(memos[0]!, layout);
    expect(layoutWordsForRun(memos[0]!, layout)).toBe(first);
    expect(layoutWordsForRun(memos[1]!, layout)).not.toBe(first);
    expect(layoutWordsForRun(memos[0]!, compileLayoutWords(defaultLexicon()))).not.toBe(first);
  });

  it('answers alike behind the answers a prepared plan keeps, and past their limit', () => {
    const texts = ['Rounding Adj.', 'Nr.', 'Rechnung', 'Name', 'Industriestraße 7', 'Kraxi GmbH'];
    const ask = (words: ReturnType<typeof compileLayoutWords>) => texts.map((text) => [words.isNumberMarker(text), words.isTitleWord(text), words.mentions('rounding-words', text), words.legalFormStart(text)]);
    const kept: LayoutAnswers = { size: 0, byQuestion: new Map() };
    const first = rememberingLayoutWords(layout, kept);
    expect(ask(first)).toEqual(ask(layout));
    expect(kept.size).toBe(texts.length * 4);
    // A later run of the plan answers from the kept answers.
    expect(ask(rememberingLayoutWords(layout, kept))).toEqual(ask(layout));
    expect(kept.size).toBe(texts.length * 4);
    // What the plan keeps is what a later run answers (a planted answer shows it is read, not asked again).
    kept.byQuestion.get('mentions/rounding-words')!.set('Nr.', 'kept');
    expect(rememberingLayoutWords(layout, kept).mentions('rounding-words', 'Nr.')).toBe('kept');
    const full: LayoutAnswers = { size: PLAN_LAYOUT_ANSWERS_LIMIT, byQuestion: new Map([['filler', new Map(Array.from({ length: PLAN_LAYOUT_ANSWERS_LIMIT }, (_, index) => [`${index}`, true] as const))]]) };
    const late = rememberingLayoutWords(layout, full);
    expect(ask(late)).toEqual(ask(layout));
    expect(ask(late)).toEqual(ask(layout));
    expect(full.size).toBe(PLAN_LAYOUT_ANSWERS_LIMIT);
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

describe('foldWord: lower case without diacritics', () => {
  const reference = (word: string): string => word.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

  it('lowers an ASCII word and takes the marks off any other, as a full NFD fold does', () => {
    for (const word of ['INVOICE', 'Rechnung', 'GmbH', 'S.A.', 'Nº', 'Straße', 'Société', 'ÉLÈVE', 'Zaļā', 'İstanbul', 'ﬁrma', 'Ǆ', '', '7-ELEVEN', 'a\u0301b']) {
      expect(foldWord(word)).toBe(reference(word));
    }
    expect(foldWord('Société')).toBe('societe');
    expect(foldWord('ACME')).toBe('acme');
  });
});
