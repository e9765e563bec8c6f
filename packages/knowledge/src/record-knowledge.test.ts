import { describe, expect, it } from 'vitest';
import { InvalidKnowledgePackError } from '@paxman/core';
import { allTerms, recordKnowledge, validateRecordKnowledge } from './record-knowledge.js';

describe('record knowledge (record-headers.json)', () => {
  it('holds every header concept in the nine languages', () => {
    const knowledge = recordKnowledge();
    expect(knowledge.concepts.map((concept) => concept.id)).toEqual(['description', 'quantity', 'unit', 'unit_price', 'line_amount', 'vat_rate', 'item_number']);
    for (const concept of knowledge.concepts) expect(Object.keys(concept.terms).sort(), concept.id).toEqual(['de', 'en', 'es', 'fr', 'it', 'lv', 'nl', 'pl', 'pt']);
    expect(Object.keys(knowledge.partyLeads).sort()).toEqual(['de', 'en', 'es', 'fr', 'it', 'lv', 'nl', 'pl', 'pt']);
    // Latvian: "Nosaukums | Daudz. | Cena | Summa", totals "Summa bez PVN" and "Kopā apmaksai", "turpmāk" before a party's term.
    expect(knowledge.concepts.find((concept) => concept.id === 'quantity')!.terms['lv']).toContain('daudz.');
    expect(knowledge.partyDefinedTermLeads['lv']).toContain('turpmāk');
    expect(knowledge.partySides['fr']).toEqual(["d'une part", "d'autre part"]);
  });

  it('holds the party list words: defined-term leads, articles and signature words, German and French among them', () => {
    const knowledge = recordKnowledge();
    expect(knowledge.partyLeads['de']).toContain('zwischen');
    expect(knowledge.partyJoiners['fr']).toContain('et');
    expect(knowledge.partyDefinedTermLeads['de']).toContain('nachfolgend');
    expect(knowledge.partyDefinedTermLeads['fr']).toContain('ci-après');
    expect(knowledge.partyNameArticles['fr']).toContain('la société');
    expect(knowledge.partyNameArticles['en']).toEqual(['the']);
    expect(knowledge.signatureLeads['en']).toContain('in witness whereof');
    expect(knowledge.partyMemberNames['party-role']).toContain('role');
  });

  it('holds the words that tell a person who signs for themselves from an officer or a witness, the suffixes of a person\'s name and the headings parties are printed under', () => {
    const knowledge = recordKnowledge();
    expect(knowledge.version).toBe('1.7.0');
    expect(knowledge.signatureOfficeKeys['en']).toEqual(expect.arrayContaining(['title', 'its']));
    expect(knowledge.signatureOfficeKeys['de']).toContain('funktion');
    expect(knowledge.signatureOfficeKeys['fr']).toContain('fonction');
    expect(knowledge.signatureWitnesses['en']).toContain('witness');
    expect(knowledge.signatureWitnesses['fr']).toContain('témoin');
    expect(knowledge.partySignatoryWords['en']).toContain('the undersigned hereby agree');
    expect(knowledge.signatureOffices['de']).toContain('geschäftsführer');
    expect(knowledge.partyNameSuffixes['en']).toEqual(expect.arrayContaining(['jr.', 'sr', 'iii']));
    expect(knowledge.partyNameSuffixes['es']).toContain('hijo');
    expect(knowledge.partySelfWords['en']).toEqual(expect.arrayContaining(['you', 'my', 'the undersigned']));
    expect(knowledge.partySelfWords['de']).toContain('ich');
    expect(knowledge.partyHeadings['en']).toEqual(expect.arrayContaining(['party a', 'party b']));
    expect(knowledge.partyHeadings['fr']).toContain('partie a');
  });

  it('reads record knowledge without the optional party words as knowing none', () => {
    const base = recordKnowledge();
    const knowledge = validateRecordKnowledge({
      id: 'x',
      version: '1',
      concepts: base.concepts,
      totals: { itemsTotal: base.itemsTotal, grandTotal: base.grandTotal },
      partyPreamble: { leads: { sv: ['mellan'] }, joiners: { sv: ['och'] } },
    });
    expect(knowledge.partyDefinedTermLeads).toEqual({});
    expect(knowledge.signatureKeys).toEqual({});
    expect(() => validateRecordKnowledge({ ...knowledge, totals: { itemsTotal: {}, grandTotal: {} }, partyPreamble: { leads: {}, joiners: {}, signatureKeys: { en: [''] } } })).toThrow(/signatureKeys/);
  });

  it('lists terms longest first, without duplicates', () => {
    const terms = allTerms({ en: ['price', 'unit price'], fr: ['prix', 'price'] });
    expect(terms).toEqual(['unit price', 'price', 'prix']);
  });

  it('refuses malformed data with a typed error', () => {
    expect(() => validateRecordKnowledge({ id: 'x', version: '1', concepts: [] })).toThrow(InvalidKnowledgePackError);
    expect(() => validateRecordKnowledge({ id: 'x', version: '1', concepts: [{ id: 'a', valueType: 'colour', memberNames: [], terms: {} }] })).toThrow(/valueType/);
    expect(() => validateRecordKnowledge({ id: 'x', version: '1', concepts: [{ id: 'a', valueType: 'text', memberNames: ['a'], terms: { en: [''] } }], totals: {}, partyPreamble: {} })).toThrow(InvalidKnowledgePackError);
  });
});
