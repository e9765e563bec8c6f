import { describe, expect, it } from 'vitest';
import { compileLegalFormCodes, builtInLegalFormCodes, endsLegalForm } from './legal-form-codes.js';
import { findCurrencies } from './currency-code.js';
import { inferDocumentContext } from './document-context.js';
import { defaultLexicon, createLexicon } from '../lexicon/business-lexicon.js';
import { builtInLexicon, compileLexicon, builtInLexiconPacks, type KnowledgePack } from '@paxman/knowledge';

describe('legal forms that end in a currency code', () => {
  it('are compiled from the forms of several words whose last word is an ISO code', () => {
    const codes = compileLegalFormCodes(['Sdn Bhd', 'Sdn. Bhd.', 'GmbH', 'Bhd', 'Pte Ltd']);
    expect([...codes.before.keys()]).toEqual(['BHD']);
    expect(endsLegalForm(codes, 'ABC TRADING SDN BHD', 16, 'BHD')).toBe(true);
    expect(endsLegalForm(codes, 'ABC TRADING SDN.BHD', 16, 'BHD')).toBe(true);
    expect(endsLegalForm(codes, 'ABC SDN\nBHD', 8, 'BHD')).toBe(true);
    // The lead must be a word of its own: "XSDN BHD" is no legal form.
    expect(endsLegalForm(codes, 'XSDN BHD', 5, 'BHD')).toBe(false);
    expect(endsLegalForm(codes, 'Total BHD', 6, 'BHD')).toBe(false);
  });

  it('come from the built-in packs: the Malaysian "Sdn Bhd" is known without any option', () => {
    expect(builtInLegalFormCodes().before.has('BHD')).toBe(true);
    expect(defaultLexicon().legalFormCodes).toBe(builtInLegalFormCodes());
    expect(findCurrencies('POPULAR BOOK CO. (M) SDN. BHD.\nTOTAL RM 12.00', {}).map((hit) => hit.value)).not.toContain('BHD');
  });

  it("follow a user pack's forms: a code ending its legal form is no currency, elsewhere it still is", () => {
    // A made-up locale whose companies end in "Kor Cad" (CAD is the Canadian dollar).
    const pack: KnowledgePack = { id: 'lexicon-xx', version: '0.1.0', lexicon: { language: 'xx', concepts: {}, words: { 'legal-forms': ['Kor Cad'] } } } as unknown as KnowledgePack;
    const lexicon = createLexicon(compileLexicon([...builtInLexiconPacks(), pack]));
    expect(lexicon.legalFormCodes).not.toBe(builtInLegalFormCodes());
    const text = 'NORDLAND KOR CAD\nAmount due: CAD 12.00\n';
    expect(findCurrencies(text, {}).map((hit) => hit.value)).toEqual(['CAD', 'CAD']);
    expect(findCurrencies(text, { legalFormCodes: lexicon.legalFormCodes }).map((hit) => hit.text)).toEqual(['CAD']);
    expect(findCurrencies(text, { legalFormCodes: lexicon.legalFormCodes })[0]?.start).toBe(text.lastIndexOf('CAD'));
  });

  it("decide the document's currency with the instance's forms, also when the form is split over two lines", () => {
    const codes = compileLegalFormCodes(['Kor Cad']);
    const text = 'NORDLAND KOR\nCAD\nNORDLAND KOR\nCAD\n';
    expect(inferDocumentContext(text).dominantCurrency).toBe('CAD');
    expect(inferDocumentContext(text, undefined, { legalFormCodes: codes }).dominantCurrency).toBeNull();
    expect(builtInLexicon().words('legal-forms')).toContain('Sdn Bhd');
  });
});
