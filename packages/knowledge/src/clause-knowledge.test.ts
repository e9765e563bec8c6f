import { describe, expect, it } from 'vitest';
import { CLAUSE_LEAD_NAMES, CLAUSE_PATTERN_NAMES, contractClauses, validateClauseKnowledge } from './clause-knowledge.js';

describe('clause knowledge (contract-clauses-en.json)', () => {
  it('holds every clause pattern and lead list, each a valid regular expression with its description', () => {
    const knowledge = contractClauses();
    expect(knowledge.id).toBe('contract-clauses-en');
    expect(knowledge.language).toBe('en');
    for (const name of CLAUSE_PATTERN_NAMES) expect(() => new RegExp(knowledge.patterns[name].source, knowledge.patterns[name].flags), name).not.toThrow();
    for (const name of CLAUSE_LEAD_NAMES) expect(knowledge.leads[name].length, name).toBeGreaterThan(0);
    for (const pattern of [...Object.values(knowledge.patterns), ...Object.values(knowledge.leads).flat()]) expect(pattern.description).toBeTruthy();
    expect(knowledge.placeAdjectives['English']).toBe('England');
  });

  it('finds what English contracts say: a date lead, the defined effective date, a governing-law clause, a title heading', () => {
    const { patterns, leads } = contractClauses();
    const compiled = (pattern: { source: string; flags: string }) => new RegExp(pattern.source, pattern.flags.replace('g', ''));
    expect(leads['agreement-date-leads'].some((lead) => compiled(lead).test('This Agreement is made and entered into as of June 1, 2020'))).toBe(true);
    expect(compiled(patterns['effective-defined']).test('June 1, 2020 (the "Effective Date")')).toBe(true);
    expect(compiled(patterns['governing-law']).exec('This Agreement shall be governed by the laws of the State of New York.')?.groups?.['place']).toBe('State of New York');
    expect(compiled(patterns['title-heading']).exec('MASTER SERVICES AGREEMENT')?.[1]).toBe('MASTER SERVICES AGREEMENT');
    expect(compiled(patterns['recitals-start']).test('the parties. WHEREAS, the Company')).toBe(true);
  });

  it('refuses a pack that lacks a pattern, names an unknown one or holds an invalid expression', () => {
    const knowledge = contractClauses();
    const table = { ...knowledge.patterns, ...knowledge.leads };
    const { salutation: _left, ...withoutSalutation } = table;
    expect(() => validateClauseKnowledge({ ...knowledge, patterns: withoutSalutation })).toThrow(/patterns\.salutation/);
    expect(() => validateClauseKnowledge({ ...knowledge, patterns: { ...table, 'my-pattern': { source: 'x', flags: '' } } })).toThrow(/my-pattern/);
    expect(() => validateClauseKnowledge({ ...knowledge, patterns: { ...table, salutation: { source: '(', flags: '' } } })).toThrow(/not a valid regular expression/);
  });
});
