import { describe, expect, it } from 'vitest';
import { packFingerprint } from './knowledge-pack.js';
import { CLAUSE_LEAD_NAMES, CLAUSE_PATTERN_NAMES, builtInClausePacks, contractClauses, isClauseKnowledgeData, validateClauseKnowledge } from './clause-knowledge.js';

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

describe('the built-in clause packs, one per language', () => {
  it('are the English, German, French and Latvian packs, each whole, described, with examples in each new language', () => {
    const packs = builtInClausePacks();
    expect(packs.map((pack) => `${pack.id}@${pack.version}`)).toEqual(['contract-clauses-en@1.2.0', 'contract-clauses-de@1.0.0', 'contract-clauses-fr@1.0.0', 'contract-clauses-lv@1.0.0']);
    expect(packs.map((pack) => pack.language)).toEqual(['en', 'de', 'fr', 'lv']);
    for (const pack of packs) {
      for (const pattern of [...Object.values(pack.patterns), ...Object.values(pack.leads).flat()]) expect(pattern.description, pack.id).toBeTruthy();
      for (const name of CLAUSE_LEAD_NAMES) expect(pack.leads[name].length, `${pack.id} ${name}`).toBeGreaterThan(0);
    }
    for (const pack of packs.slice(1)) expect(pack.examples?.length ?? 0).toBeGreaterThan(2);
    // A pattern that never matches says so in its description.
    for (const pack of packs) for (const [name, pattern] of Object.entries(pack.patterns)) if (pattern.source === '(?!)') expect(pattern.description, `${pack.id} ${name}`).toMatch(/^Never matches/);
  });

  it('find what German and French contracts say, and map a people\'s adjective to the place as the language names it', () => {
    const [, de, fr, lv] = builtInClausePacks();
    const compiled = (pattern: { source: string; flags: string }) => new RegExp(pattern.source, pattern.flags.replace('g', ''));
    expect(compiled(de!.patterns['governing-law']).exec('Es gilt das Recht der Bundesrepublik Deutschland.')?.groups?.['place']).toBe('Bundesrepublik Deutschland');
    expect(compiled(de!.patterns['governing-law']).test('Der Käufer ist berechtigt, das Recht der Nacherfüllung geltend zu machen.')).toBe(false);
    expect(compiled(de!.patterns['place-law']).exec('Dieser Vertrag unterliegt deutschem Recht.')?.groups?.['place']).toBe('deutschem');
    expect(de!.placeAdjectives['deutschem']).toBe('Deutschland');
    expect(compiled(fr!.patterns['place-law']).exec('Le présent contrat est régi par le droit français.')?.groups?.['place']).toBe('français');
    expect(fr!.placeAdjectives['française']).toBe('France');
    expect(de!.leads['body-effective-leads'].some((lead) => compiled(lead).test('Dieser Vertrag tritt am 1. Juli 2025 in Kraft.'))).toBe(true);
    expect(fr!.leads['execution-date-leads'].some((lead) => compiled(lead).test('Fait à Paris, le 3 juin 2025'))).toBe(true);
    expect(compiled(lv!.patterns['place-law']).exec('Līgumam piemērojami Latvijas Republikas normatīvie akti.')?.groups?.['place']).toBe('Latvijas');
    expect(lv!.placeAdjectives['Latvijas']).toBe('Latvija');
  });

  it('fingerprint their content, tell a clause pack by its patterns, and read a validated pack again as it was', () => {
    const english = contractClauses();
    expect(packFingerprint(english)).toMatch(/^[0-9a-f]{64}$/);
    expect(isClauseKnowledgeData(english)).toBe(true);
    expect(isClauseKnowledgeData({ id: 'lexicon-sv', lexicon: {} })).toBe(false);
    expect(packFingerprint(validateClauseKnowledge(english))).toBe(packFingerprint(english));
    expect(packFingerprint(validateClauseKnowledge({ ...english, version: '1.2.1' }))).not.toBe(packFingerprint(english));
  });

  it('refuses a pack with a malformed id, version or example', () => {
    const english = contractClauses();
    expect(() => validateClauseKnowledge({ ...english, id: 'Contract Clauses' })).toThrow(/lower-case id/);
    expect(() => validateClauseKnowledge({ ...english, version: '1' })).toThrow(/semver/);
    expect(() => validateClauseKnowledge({ ...english, examples: [{ title: 'x', text: 'y', fields: [{ name: 'Date', type: 'DATE' }] }] })).toThrow(/examples\[0\]\.fields\[0\]\.name/);
  });
});
