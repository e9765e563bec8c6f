import { describe, expect, it } from 'vitest';
import { recordKnowledge } from './record-knowledge.js';
import { mergeRecordKnowledge, recordsSectionProblems } from './record-sections.js';
import { validateKnowledgePack } from './knowledge-pack.js';

const builtInIds = new Set(recordKnowledge().concepts.map((concept) => concept.id));

function problemsOf(section: unknown): string[] {
  const problems: string[] = [];
  recordsSectionProblems(section, builtInIds, problems);
  return problems;
}

describe('a pack\'s records section', () => {
  it('adds terms per language to built-in concepts, a new concept with its type and members, totals and party words; the built-in stays as it was', () => {
    const base = recordKnowledge();
    const merged = mergeRecordKnowledge(base, [
      {
        concepts: [
          { id: 'quantity', terms: { sv: ['Antal'] } },
          { id: 'batch', valueType: 'code', memberNames: ['batch', 'lot'], terms: { sv: ['parti'], en: ['lot no.'] } },
        ],
        totals: { grandTotal: { sv: ['att betala'] } },
        partyPreamble: { leads: { sv: ['mellan'] }, joiners: { sv: ['och'] } },
      },
      { concepts: [{ id: 'quantity', terms: { sv: ['antal', 'kvantitet'] } }] },
    ]);
    const quantity = merged.concepts.find((concept) => concept.id === 'quantity')!;
    expect(quantity.terms['sv']).toEqual(['antal', 'kvantitet']);
    expect(quantity.terms['de']).toEqual(base.concepts.find((concept) => concept.id === 'quantity')!.terms['de']);
    expect(merged.concepts.at(-1)).toEqual({ id: 'batch', valueType: 'code', memberNames: ['batch', 'lot'], terms: { sv: ['parti'], en: ['lot no.'] } });
    expect(merged.concepts.map((concept) => concept.id).slice(0, base.concepts.length)).toEqual(base.concepts.map((concept) => concept.id));
    expect(merged.grandTotal['sv']).toEqual(['att betala']);
    expect(merged.grandTotal['en']).toEqual(base.grandTotal['en']);
    expect(merged.partyLeads['sv']).toEqual(['mellan']);
    expect(merged.partyJoiners['sv']).toEqual(['och']);
    expect(base.concepts.find((concept) => concept.id === 'quantity')!.terms['sv']).toBeUndefined();
    expect(Object.isFrozen(merged.concepts)).toBe(true);
    expect(mergeRecordKnowledge(base, [])).toBe(base);
  });

  it('names every problem with its path: a new concept without its type or members, a term list that is not one, an unknown part', () => {
    expect(problemsOf({ concepts: [{ id: 'quantity', terms: { sv: ['antal'] } }] })).toEqual([]);
    expect(problemsOf({ concepts: [{ id: 'batch', terms: { sv: ['parti'] } }], totals: { subtotal: {} }, partyPreamble: { leads: { sv: [''] }, heads: {} }, rows: [] })).toEqual([
      'records.rows: is not a part of a records section',
      'records.concepts[0].valueType: must be one of text, quantity, code, amount, rate, identifier (a new concept, "batch", states it)',
      'records.concepts[0].memberNames: must be a list of member names (a new concept, "batch", states them)',
      'records.totals.subtotal: is not itemsTotal or grandTotal',
      'records.partyPreamble.leads.sv: must be a list of non-empty single-line terms of at most 80 characters',
      expect.stringMatching(/^records\.partyPreamble\.heads: is not one of leads, headings, joiners, /),
    ]);
    expect(problemsOf([])).toEqual(['records: must be an object']);
  });

  it('is checked with the rest of its pack', () => {
    expect(() => validateKnowledgePack({ id: 'records-sv', version: '1.0.0', description: 'x', records: { concepts: [{ id: 'batch' }] } })).toThrow(/records\.concepts\[0\]\.valueType/);
    expect(validateKnowledgePack({ id: 'records-sv', version: '1.0.0', description: 'x', records: { totals: { itemsTotal: { sv: ['summa'] } } } }).records).toEqual({ totals: { itemsTotal: { sv: ['summa'] } } });
  });
});
