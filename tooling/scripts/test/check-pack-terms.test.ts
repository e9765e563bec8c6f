import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { allowedLiterals, findPackTerms, literalTypesIn, overBaseline, packVocabulary, termsIn } from '../src/check-pack-terms.mjs';

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

  it('finds month and weekday names and number words too, never in the flags of a regular expression', () => {
    const found = termsIn('x.ts', "const MONTHS = ['märz', 'juin'];\nconst DAY = /\\bdienstag\\b/u;\nconst N = { zwei: 2 };\nconst WORDS = new Set(['douze']);\n", vocabulary);
    expect(found.flatMap((hit) => hit.terms)).toEqual(expect.arrayContaining(['marz', 'juin', 'dienstag', 'douze']));
    // "giu" (Italian for June) in flags is code: `/…/giu` and `new RegExp(source, 'giu')`.
    expect(termsIn('x.ts', "const A = /\\d+/giu;\nconst B = new RegExp(source, 'giu');\n", vocabulary)).toEqual([]);
  });

  it('leaves alone snake-case and namespaced ids and a property tested with `in`', () => {
    const code = ["checks.push('calendar_date');", "const finding = { pattern: 'payment:cash-change' };", "if ('amount' in value) {}", "if (key === '@document') {}"].join('\n');
    expect(termsIn('x.ts', code, vocabulary)).toEqual([]);
  });

  it("takes a declared literal type's member as code where it stands as a value, never in a word list or a search", () => {
    const literalTypes = literalTypesIn('types.ts', "export type Semantic = 'url' | 'place' | 'text';\ninterface Pair { source: 'above' | 'block' }");
    expect([...literalTypes].sort()).toEqual(['above', 'block', 'place', 'text', 'url']);
    const code = ["if (semantic === 'place') return 'url';", "switch (source) { case 'block': break; }", "const reading = { semantic: 'url' };", "semantic = 'place';", "for (const source of ['above', 'block'] as const) {}"].join('\n');
    expect(termsIn('x.ts', code, vocabulary, { literalTypes })).toEqual([]);
    const words = ["if (words.includes('url')) {}", "const LINKS = new Set(['url', 'place', 'telephone']);"].join('\n');
    expect(termsIn('x.ts', words, vocabulary, { literalTypes }).map((hit) => hit.line)).toEqual([1, 2, 2, 2]);
  });

  it('skips a reviewed literal of the allow-list in its file only, and every entry gives a reason and is still in its file', () => {
    const allowed = allowedLiterals(root);
    expect(termsIn('x.ts', "const HEADERS = new Set(['from']);", vocabulary, { allowed: new Set(['from']) })).toEqual([]);
    expect(termsIn('x.ts', "const HEADERS = new Set(['from']);", vocabulary)).toHaveLength(1);
    const entries = JSON.parse(readFileSync(resolve(root, 'tooling/scripts/pack-terms-allowed.json'), 'utf8')) as { file: string; literal: string; reason: string }[];
    for (const entry of entries) {
      expect(entry.reason.length).toBeGreaterThan(20);
      expect(readFileSync(resolve(root, entry.file), 'utf8')).toContain(`'${entry.literal}'`);
      expect(allowed.get(entry.file)?.has(entry.literal)).toBe(true);
    }
  });

  it('fails a file that gains a literal over its baseline, and passes the repository as it is', () => {
    expect(overBaseline({ 'a.ts': [{ line: 1, literal: 'rechnung', terms: ['rechnung'] }] }, {})).toHaveLength(1);
    expect(overBaseline({ 'a.ts': [{ line: 1, literal: 'rechnung', terms: ['rechnung'] }] }, { 'a.ts': 1 })).toEqual([]);
    const baseline = JSON.parse(readFileSync(resolve(root, 'tooling/scripts/pack-terms-baseline.json'), 'utf8')) as Record<string, number>;
    expect(overBaseline(findPackTerms(root), baseline)).toEqual([]);
  });
});
