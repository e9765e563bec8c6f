import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { buildDocument } from '@paxman/document';
import { normalizeLabel, normalizeLabelText } from '@paxman/values';
import { DEFAULT_RECOGNIZERS } from './default-recognizers.js';
import { createRunMemo } from '@paxman/capability-spi';
import { documentIndex, PLAN_NORMALIZED_LABELS_LIMIT } from './document-index.js';

/** The words of a text's lines as the label search sees them, by the plain regex reading. */
async function referenceWords(text: string): Promise<{ words: string[]; index: ReturnType<typeof documentIndex> }> {
  const document = await buildDocument(text, { inputType: 'text' });
  const words: string[] = [];
  for (const line of document.lines) {
    if (line.text.length === 0 || line.text.length > 2000) continue;
    for (const match of line.text.matchAll(/n[°º]\.?|[#№]|[\p{L}\p{N}]+/gu)) {
      if (/^[0-9]/.test(match[0])) continue;
      // Plain ASCII words are lower-cased (the ways of writing "number" folded), others normalized.
      const lower = match[0].toLowerCase();
      const word = /^[A-Za-z0-9]+$/.test(match[0]) ? (['no', 'nr', 'num', 'nbr', 'nro', 'number'].includes(lower) ? 'number' : lower) : normalizeLabelText(match[0]);
      if (word.length === 0 || word.includes(' ')) continue;
      words.push(`${word}@${line.span.start + match.index}-${line.span.start + match.index + match[0].length}`);
    }
  }
  return { words, index: documentIndex({ document }, DEFAULT_RECOGNIZERS) };
}

/** The words of every line, read from the index of line texts: each text's words, moved to each line that prints it. */
function indexedWords(index: ReturnType<typeof documentIndex>): string[] {
  const tokens = index.textTokens();
  const placed: [number, number, string][] = [];
  tokens.wordIds.forEach((id, position) => {
    const first = tokens.lineOf[position]!;
    const start = tokens.starts[position]! - tokens.lines[first]!.span.start;
    const end = tokens.ends[position]! - tokens.lines[first]!.span.start;
    for (let line = first; line >= 0; line = tokens.nextSame[line]!) {
      const offset = tokens.lines[line]!.span.start;
      placed.push([line, offset + start, `${tokens.vocabulary[id]}@${offset + start}-${offset + end}`]);
    }
  });
  return placed.sort((left, right) => left[0] - right[0] || left[1] - right[1]).map(([, , word]) => word);
}

const PIECES = ['Invoice', ' No.', ' n°', 'nº.', ' N° ', '#', '№', 'Rechnungs-Nr.:', ' Fälligkeit', ' 2026', 'abc123', '€', 'Total€', ' ', ':', '\n', '\t', 'é', 'won°', 'ÉCHÉANCE', '٣', 'x', 'NR', '-'];

describe('documentIndex line tokens', () => {
  it('splits lines into normalized label words with their offsets', async () => {
    const { words, index } = await referenceWords('Invoice No.: 12\nN° facture Total€ 5\n#7 Fälligkeit 2026abc');
    expect(indexedWords(index)).toEqual(words);
    const tokens = index.textTokens();
    const number = tokens.idOf('number');
    expect(tokens.firstOccurrence[number + 1]! - tokens.firstOccurrence[number]!).toBe(2);
  });

  test.prop([fc.array(fc.constantFrom(...PIECES), { maxLength: 40 })], { numRuns: 150 })('reads every line as the word regex does', async (pieces) => {
    const { words, index } = await referenceWords(pieces.join(''));
    expect(indexedWords(index)).toEqual(words);
  });
});

describe('documentIndex table labels', () => {
  const TEXT = [
    'Item    Description      Qty    Amount',
    'A-1     Widget           2      $10.00',
    'A-2     Gadget           1      $5.00',
    '',
    'Notes follow.',
    '',
    'Item    Description      Qty    Amount',
    'B-1     Bolt             9      $1.00',
    '',
    'Subtotal      Tax     Total',
    'Subtotal      $1.00   $2.00',
  ].join('\n');

  it('groups the header texts of table columns, in document order', async () => {
    const document = await buildDocument(TEXT, { inputType: 'text' });
    const index = documentIndex({ document }, DEFAULT_RECOGNIZERS);
    // The reference: every header cell of every non-CSV table with rows, grouped by text in first-seen order.
    const expected = new Map<string, [number, number][]>();
    document.tables.forEach((table, tableIndex) => {
      if (table.source === 'csv' || !table.header || table.rows.length === 0) return;
      table.header.forEach((cell, column) => {
        const text = cell.value ?? cell.text;
        expected.set(text, [...(expected.get(text) ?? []), [tableIndex, column]]);
      });
    });
    expect(expected.size).toBeGreaterThan(0);
    expect(index.columnLabels().map(({ text, columns }) => [text, columns])).toEqual([...expected]);
    expect(index.columnLabels().some(({ columns }) => columns.length > 1)).toBe(true);
    expect(index.columnLabels()).toBe(index.columnLabels());
  });

  it('leaves CSV grids out', async () => {
    const document = await buildDocument('item,qty\nwidget,2\n', { inputType: 'csv' });
    expect(documentIndex({ document }, DEFAULT_RECOGNIZERS).columnLabels()).toEqual([]);
  });
});

describe('documentIndex lives in the run memo', () => {
  it('is built once per run and never shared between runs', async () => {
    const document = await buildDocument('Total: 10.00 EUR\n', { inputType: 'text' });
    const run = createRunMemo();
    const first = documentIndex({ document, memo: run }, DEFAULT_RECOGNIZERS);
    expect(documentIndex({ document, memo: run }, DEFAULT_RECOGNIZERS)).toBe(first);
    // Another run over the very same Document object gets its own index.
    expect(documentIndex({ document, memo: createRunMemo() }, DEFAULT_RECOGNIZERS)).not.toBe(first);
    // Without a memo (a capability invoked on its own) nothing is kept.
    expect(documentIndex({ document }, DEFAULT_RECOGNIZERS)).not.toBe(documentIndex({ document }, DEFAULT_RECOGNIZERS));
  });
});

describe('documentIndex key facts', () => {
  it('judges each distinct key once and answers for every pair under it', async () => {
    const document = await buildDocument('Total: 1.00\nTax: 0.10\nTotal: 2.00\nNote: x\nTax: 0.20\n', { inputType: 'text' });
    const index = documentIndex({ document, memo: createRunMemo() }, DEFAULT_RECOGNIZERS);
    const judged: string[] = [];
    const isTax = index.keyFact('is-tax', (key) => {
      judged.push(key);
      return key === 'Tax';
    });
    expect(index.keyValues.map((pair, position) => `${pair.key}:${isTax(position)}`)).toEqual(['Total:false', 'Tax:true', 'Total:false', 'Note:false', 'Tax:true']);
    expect(judged).toEqual(['Total', 'Tax', 'Note']);
    // The same name is the same judgement for the rest of the run.
    expect(index.keyFact('is-tax', () => true)(0)).toBe(false);
  });
});

describe('documentIndex normalized labels', () => {
  it('normalizes as normalizeLabel does, keeping the texts with the prepared plan for its next runs', async () => {
    const planMemo = createRunMemo();
    const first = documentIndex({ document: await buildDocument('Total (EUR): 5', { inputType: 'text' }), memo: createRunMemo(), planMemo }, DEFAULT_RECOGNIZERS);
    const second = documentIndex({ document: await buildDocument('Total (EUR): 6', { inputType: 'text' }), memo: createRunMemo(), planMemo }, DEFAULT_RECOGNIZERS);
    expect(first).not.toBe(second);
    const label = first.normalizeLabel('Total (EUR)');
    expect(label).toEqual(normalizeLabel('Total (EUR)'));
    // The second run of the plan gets the very record the first one normalized.
    expect(second.normalizeLabel('Total (EUR)')).toBe(label);
  });

  it("keeps a run's texts for the run once the plan holds its limit of texts", async () => {
    const planMemo = createRunMemo();
    const document = await buildDocument('x', { inputType: 'text' });
    const filler = documentIndex({ document, memo: createRunMemo(), planMemo }, DEFAULT_RECOGNIZERS);
    for (let count = 0; count < PLAN_NORMALIZED_LABELS_LIMIT; count += 1) filler.normalizeLabel(`label ${count}`);
    const run = documentIndex({ document, memo: createRunMemo(), planMemo }, DEFAULT_RECOGNIZERS);
    const late = run.normalizeLabel('Amount due');
    expect(late).toEqual(normalizeLabel('Amount due'));
    expect(run.normalizeLabel('Amount due')).toBe(late);
    const next = documentIndex({ document, memo: createRunMemo(), planMemo }, DEFAULT_RECOGNIZERS);
    expect(next.normalizeLabel('Amount due')).not.toBe(late);
    expect(next.normalizeLabel('Amount due')).toEqual(late);
  });
});
