import { readFileSync } from 'node:fs';
import { InvalidKnowledgePackError } from '@paxman/core';
import { builtInClausePacks, builtInLexiconPacks } from '@paxman/knowledge';
import { afterAll, describe, expect, it } from 'vitest';
import { createPaxman } from './create-paxman.js';
import { runPackExamples } from './pack-examples.js';

const swedish = JSON.parse(readFileSync(new URL('../../../examples/knowledge/lexicon-sv.json', import.meta.url), 'utf8')) as Record<string, unknown>;
const plain = createPaxman({});
afterAll(() => plain.close());

describe('runPackExamples: a pack’s examples, run as tests', () => {
  it.each(builtInLexiconPacks().map((pack) => [pack.id, pack] as const))('every example of the built-in pack %s reads what it expects', async (_, pack) => {
    expect(pack.examples?.length ?? 0, `${pack.id} ships no examples`).toBeGreaterThan(0);
    const report = await runPackExamples(pack);
    expect(report.outcomes.filter((outcome) => !outcome.passed)).toEqual([]);
    expect(report.passed).toBe(report.outcomes.length);
  });

  it.each(builtInClausePacks().filter((pack) => pack.language !== 'en').map((pack) => [pack.id, pack] as const))('every example of the built-in clause pack %s reads what it expects', async (_, pack) => {
    expect(pack.examples?.length ?? 0, `${pack.id} ships no examples`).toBeGreaterThan(0);
    const report = await runPackExamples({ ...pack, patterns: { ...pack.patterns, ...pack.leads } });
    expect(report.outcomes.filter((outcome) => !outcome.passed)).toEqual([]);
    expect(report.passed).toBe(report.outcomes.length);
    // Negative cases are among them: a field that must stay unresolved.
    expect(report.outcomes.some((outcome) => outcome.expected === null)).toBe(true);
  });

  it("runs a user's pack on an instance that holds it; without the pack the same examples fail", async () => {
    const report = await runPackExamples(swedish);
    expect(report).toMatchObject({ pack: 'lexicon-sv@0.7.0', failed: 0 });
    expect(report.passed).toBeGreaterThan(0);
    const without = await runPackExamples(swedish, { instance: plain });
    expect(without.failed).toBeGreaterThan(0);
    expect(without.outcomes.find((outcome) => outcome.field === 'total')).toMatchObject({ passed: false, expected: '60.00' });
    // The pack's calendar: "lördag 15 augusti 2026" is a date only with the Swedish month names.
    expect(report.outcomes.find((outcome) => outcome.field === 'transaction_date' && outcome.example.includes('in words'))).toMatchObject({ passed: true, actual: '2026-08-15' });
    expect(without.outcomes.find((outcome) => outcome.field === 'transaction_date' && outcome.example.includes('in words'))).toMatchObject({ passed: false, actual: null });
  });

  it('runs an edited built-in pack (same id and version, other content) with its own terms, not the built-in ones', async () => {
    const german = builtInLexiconPacks().find((pack) => pack.id === 'lexicon-de')!;
    const concepts = german.lexicon!.concepts;
    const edited = {
      ...german,
      lexicon: { ...german.lexicon!, concepts: { ...concepts, 'invoice-number': [...concepts['invoice-number']!, 'Vorgangskennung'] } },
      examples: [
        {
          title: 'a label only the edited pack knows',
          text: 'Muster GmbH\nVorgangskennung: VK-2024-77\n',
          fields: [{ name: 'invoice_number', type: 'STRING', description: 'The invoice number.', expect: 'VK-2024-77' }],
        },
      ],
    };
    expect(await runPackExamples(edited)).toMatchObject({ pack: `lexicon-de@${german.version}`, failed: 0, passed: 1 });
    expect(await runPackExamples(edited, { instance: plain })).toMatchObject({ failed: 1 });
  });

  it('reports an example that reads something else, with what came back, and one that must stay unresolved', async () => {
    const pack = {
      ...swedish,
      examples: [
        {
          title: 'a wrong expectation and an unresolved one',
          text: 'Kafé Lindblom AB\nDrottninggatan 5\n111 51 Stockholm\n\nKaffe   28,00\nAtt betala SEK   28,00\n',
          fields: [
            { name: 'total', type: 'DECIMAL', description: 'Total amount paid.', expect: '99.00' },
            { name: 'due_date', type: 'DATE', description: 'When the invoice is due.', expect: null },
          ],
        },
      ],
    };
    const report = await runPackExamples(pack);
    expect(report.outcomes).toEqual([
      expect.objectContaining({ field: 'total', expected: '99.00', actual: '28.00', passed: false }),
      expect.objectContaining({ field: 'due_date', expected: null, actual: null, passed: true }),
    ]);
    expect(report).toMatchObject({ passed: 1, failed: 1 });
  });

  it('refuses a pack whose examples are malformed, naming each problem', async () => {
    const pack = { ...swedish, examples: [{ title: 'x', text: 'Total 1,00', fields: [{ name: 'Total', type: 'ENUM' }] }] };
    const error = await runPackExamples(pack).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(InvalidKnowledgePackError);
    expect((error as InvalidKnowledgePackError).context?.problems).toEqual(
      expect.arrayContaining([expect.stringContaining('examples[0].fields[0].name'), expect.stringContaining('examples[0].fields[0].type'), expect.stringContaining('examples[0].fields[0].expect')]),
    );
  });
});
