import { defineField } from '@paxman/contract';
import { describe, expect, it } from 'vitest';
import { builtInLexiconPacks, compileLexicon, validateKnowledgePack } from '@paxman/knowledge';
import { createLexicon, labelsForField } from '@paxman/values';
import { readingFromJson, readingToJson, valueReadingForField } from './field-reading.js';

function readingOf(input: Parameters<typeof defineField>[0]) {
  const field = defineField(input);
  return valueReadingForField(field, labelsForField(field));
}

describe('readingToJson', () => {
  it('states only what differs from the defaults and reads back to the same reading', () => {
    const plain = readingOf({ path: 'total_amount', type: 'MONEY' });
    expect(readingToJson(plain)).toEqual({ fieldType: 'MONEY' });
    expect(readingFromJson(JSON.parse(JSON.stringify(readingToJson(plain))))).toEqual(plain);
    const party = readingOf({ path: 'supplier_name', type: 'STRING', constraints: [{ kind: 'max_length', params: { max: 80 } }] });
    expect(readingToJson(party)).toEqual({ fieldType: 'STRING', semantic: 'party', maxLength: 80 });
    expect(readingFromJson(readingToJson(party))).toEqual(party);
    const rate = readingOf({ path: 'tax_rate', type: 'DECIMAL' });
    expect(readingToJson(rate)).toEqual({ fieldType: 'DECIMAL', percentAs: 'fraction' });
    expect(readingFromJson(readingToJson(rate))).toEqual(rate);
  });

  it('writes an ENUM value without synonyms as its bare string', () => {
    const currency = readingOf({ path: 'currency', type: 'ENUM', enumValues: [{ value: 'EUR', synonyms: ['€'] }, { value: 'USD', synonyms: [] }] });
    expect(readingToJson(currency)).toEqual({ fieldType: 'ENUM', enumValues: [{ value: 'EUR', synonyms: ['€'] }, 'USD'] });
    expect(readingFromJson(readingToJson(currency)).enumValues).toEqual([
      { value: 'EUR', synonyms: ['€'] },
      { value: 'USD', synonyms: [] },
    ]);
  });
});

describe('valueReadingForField: percentages and rates', () => {
  it("reads a percentage's points or a rate's fraction by the packs' percent-words and rate-words, a user's too", () => {
    expect(readingOf({ path: 'discount_pct', type: 'DECIMAL' }).percentAs).toBe('points');
    expect(readingOf({ path: 'tax_rate', type: 'DECIMAL' }).percentAs).toBe('fraction');
    expect(readingOf({ path: 'moms_sats', type: 'DECIMAL' }).percentAs).toBe('reject');
    const pack = validateKnowledgePack({ id: 'lexicon-xx', version: '1.0.0', description: 'x', lexicon: { language: 'sv', concepts: {}, words: { 'rate-words': ['sats'], 'percent-words': ['procent'] } } });
    const lexicon = createLexicon(compileLexicon([...builtInLexiconPacks(), pack]));
    const field = defineField({ path: 'moms_sats', type: 'DECIMAL' });
    expect(valueReadingForField(field, labelsForField(field, lexicon), lexicon).percentAs).toBe('fraction');
    const points = defineField({ path: 'rabatt_procent', type: 'DECIMAL' });
    expect(valueReadingForField(points, labelsForField(points, lexicon), lexicon).percentAs).toBe('points');
  });
});

describe('valueReadingForField: words of a field name', () => {
  it("reads a web address or a telephone number for a field named by the packs' url-words and phone-words, a user's too", () => {
    expect(readingOf({ path: 'company_url', type: 'STRING' }).semantic).toBe('url');
    expect(readingOf({ path: 'office_telephone', type: 'STRING' }).semantic).toBe('phone');
    expect(readingOf({ path: 'foretag_webbplats', type: 'STRING' }).semantic).toBe('text');
    expect(readingOf({ path: 'kontor_ringnummer', type: 'STRING' }).semantic).toBe('text');
    const pack = validateKnowledgePack({ id: 'lexicon-xx', version: '1.0.0', description: 'x', lexicon: { language: 'sv', concepts: {}, words: { 'url-words': ['webbplats'], 'phone-words': ['ringnummer'] } } });
    const lexicon = createLexicon(compileLexicon([...builtInLexiconPacks(), pack]));
    const site = defineField({ path: 'foretag_webbplats', type: 'STRING' });
    expect(valueReadingForField(site, labelsForField(site, lexicon), lexicon).semantic).toBe('url');
    const phone = defineField({ path: 'kontor_ringnummer', type: 'STRING' });
    expect(valueReadingForField(phone, labelsForField(phone, lexicon), lexicon).semantic).toBe('phone');
  });
});
