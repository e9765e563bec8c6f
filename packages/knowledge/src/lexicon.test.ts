import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { builtInLexicon, builtInLexiconPacks, compileLexicon, packKey, validateKnowledgePack } from './index.js';

const schema = JSON.parse(readFileSync(new URL('../knowledge-pack.schema.json', import.meta.url), 'utf8')) as object;

describe('lexicon packs', () => {
  it('validates every built-in language pack, against the published schema too', () => {
    const validate = new Ajv2020({ allErrors: true, strict: false }).compile(schema);
    const packs = builtInLexiconPacks();
    expect(packs.map(packKey)).toEqual(['lexicon-en@1.10.0', 'lexicon-de@1.8.0', 'lexicon-fr@1.11.0', 'lexicon-es@1.8.0', 'lexicon-it@1.8.0', 'lexicon-nl@1.7.0', 'lexicon-pt@1.7.0', 'lexicon-pl@1.7.0', 'lexicon-lv@1.6.0', 'lexicon-ms-my@1.4.0']);
    for (const pack of packs) expect(validate(JSON.parse(JSON.stringify(pack))), `${pack.id}: ${JSON.stringify(validate.errors)}`).toBe(true);
  });

  it('merges concepts across languages, in pack order, each term once', () => {
    const lexicon = builtInLexicon();
    const total = lexicon.concepts.find((concept) => concept.id === 'total')!;
    expect(total.terms[0]).toBe('total');
    expect(total.terms).toEqual(expect.arrayContaining(['Gesamtbetrag', 'net à payer', 'importe total', 'kopā apmaksai']));
    expect(new Set(total.terms).size).toBe(total.terms.length);
    expect(lexicon.words('legal-forms')).toEqual(expect.arrayContaining(['Ltd', 'GmbH', 'SARL', 'Sp. z o.o.', 'SIA', 'Sdn Bhd', 'Co.']));
    expect(lexicon.languages).toEqual(['en', 'de', 'fr', 'es', 'it', 'nl', 'pt', 'pl', 'lv', 'ms-MY']);
    expect(lexicon.packs).toHaveLength(10);
  });

  it('merges the number words of every language, the first pack to write a word giving its value', () => {
    const lexicon = builtInLexicon();
    const numbers = lexicon.numbers!;
    expect([numbers.get('two'), numbers.get('zwei'), numbers.get('deux'), numbers.get('divi'), numbers.get('dwa')]).toEqual([2, 2, 2, 2, 2]);
    expect(numbers.get('several')).toBeUndefined();
    expect(() => validateKnowledgePack({ id: 'x', version: '1.0.0', description: 'x', lexicon: { language: 'sv', concepts: {}, numbers: { två: 2, 'tjugo två': 22, många: -1 } } })).toThrow(/lexicon\.numbers\.tjugo två: must be a single word.*lexicon\.numbers\.många: must be a whole number/);
  });

  it('merges the calendars of every language and checks a pack\'s calendar', () => {
    const calendar = builtInLexicon().calendar!;
    expect([calendar.months.get('march'), calendar.months.get('märz'), calendar.months.get('martā'), calendar.months.get('marca')]).toEqual([3, 3, 3, 3]);
    expect([calendar.weekdays.get('sunday'), calendar.weekdays.get('sestdiena')]).toEqual([0, 6]);
    expect(calendar.connectors).toEqual(expect.arrayContaining(['of', 'de', 'del']));
    expect(calendar.yearMarkers).toEqual(['gada']);
    const pack = (calendarSection: unknown) => ({ id: 'x', version: '1.0.0', description: 'x', lexicon: { language: 'sv', concepts: {}, calendar: calendarSection } });
    expect(() => validateKnowledgePack(pack({ months: [['januari']] }))).toThrow(/lexicon\.calendar\.months: must be 12 lists/);
    expect(() => validateKnowledgePack(pack({ months: Array.from({ length: 12 }, () => ['ab']), weekdays: [['söndag']], yearMarkers: ['två ord'] }))).toThrow(
      /lexicon\.calendar\.months: must be 12 lists.*lexicon\.calendar\.weekdays: must be 7 lists.*lexicon\.calendar\.yearMarkers: must be a list of single words/,
    );
  });

  it("a user's pack for another language adds its terms to the concepts it names", () => {
    const swedish = validateKnowledgePack({
      id: 'lexicon-sv',
      version: '0.1.0',
      description: 'Swedish',
      lexicon: { language: 'sv', concepts: { total: ['att betala', 'summa'] }, words: { 'legal-forms': ['AB'] } },
    });
    const lexicon = compileLexicon([...builtInLexiconPacks(), swedish]);
    expect(lexicon.concepts.find((concept) => concept.id === 'total')!.terms).toEqual(expect.arrayContaining(['att betala']));
    expect(lexicon.words('legal-forms')).toContain('AB');
    expect(lexicon.packs.at(-1)!.pack).toBe('lexicon-sv@0.1.0');
  });

  it('refuses a lexicon with an unknown word class, a bad language tag or a multi-line term, naming each problem', () => {
    expect(() =>
      validateKnowledgePack({
        id: 'bad',
        version: '1.0.0',
        description: 'bad',
        lexicon: { language: 'Swedish', concepts: { total: ['a\nb'], 'Not An Id': ['x'] }, words: { colours: ['red'] } },
      }),
    ).toThrow(/lexicon\.language.*lexicon\.concepts\.total.*lexicon\.concepts\.Not An Id.*lexicon\.words\.colours/s);
  });
});
