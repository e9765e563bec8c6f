import { describe, expect, it } from 'vitest';
import { InvalidKnowledgePackError } from '@paxman/core';
import { allTerms, recordKnowledge, validateRecordKnowledge } from './record-knowledge.js';

describe('record knowledge (record-headers.json)', () => {
  it('holds every header concept in the eight languages', () => {
    const knowledge = recordKnowledge();
    expect(knowledge.concepts.map((concept) => concept.id)).toEqual(['description', 'quantity', 'unit', 'unit_price', 'line_amount', 'vat_rate', 'item_number']);
    for (const concept of knowledge.concepts) expect(Object.keys(concept.terms).sort(), concept.id).toEqual(['de', 'en', 'es', 'fr', 'it', 'nl', 'pl', 'pt']);
    expect(Object.keys(knowledge.partyLeads).sort()).toEqual(['de', 'en', 'es', 'fr', 'it', 'nl', 'pl', 'pt']);
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
