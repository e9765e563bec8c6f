import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findPackTerms, overBaseline, packVocabulary, termsIn } from '../src/check-pack-terms.mjs';

const root = resolve(import.meta.dirname, '../../..');
const vocabulary = packVocabulary(root);

describe('the pack-terms check', () => {
  it('finds a language word in a regex or a word list, whatever its case or diacritics', () => {
    const found = termsIn('x.ts', "const TITLE = /^(?:RECHNUNG|facture)\\s+nr/i;\nconst WORDS = new Set(['Kopā apmaksai', 'zwischensumme']);\n", vocabulary);
    expect(found.map((hit) => hit.line)).toEqual([1, 2, 2]);
    expect(found.flatMap((hit) => hit.terms)).toEqual(expect.arrayContaining(['rechnung', 'facture', 'kopa apmaksai', 'zwischensumme']));
  });

  it('leaves alone what is code: concept ids, kebab ids, enum-like constants, typeof names, type literals, imports and prose', () => {
    const code = [
      "import { x } from './invoice.js';",
      "if (concepts.includes('total') || kind === 'DATE' || typeof v === 'number') {}",
      "const structure = 'party-block';",
      "type Source = 'block' | 'email';",
      "const message = 'The total is not the amount due on this invoice.';",
    ].join('\n');
    expect(termsIn('x.ts', code, vocabulary)).toEqual([]);
  });

  it('fails a file that gains a literal over its baseline, and passes the repository as it is', () => {
    expect(overBaseline({ 'a.ts': [{ line: 1, literal: 'rechnung', terms: ['rechnung'] }] }, {})).toHaveLength(1);
    expect(overBaseline({ 'a.ts': [{ line: 1, literal: 'rechnung', terms: ['rechnung'] }] }, { 'a.ts': 1 })).toEqual([]);
    const baseline = JSON.parse(readFileSync(resolve(root, 'tooling/scripts/pack-terms-baseline.json'), 'utf8')) as Record<string, number>;
    expect(overBaseline(findPackTerms(root), baseline)).toEqual([]);
  });
});
