import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { buildDocument } from '../../document/index.js';
import { normalizeLabelText } from '../../lexicon/normalize-label.js';
import { DEFAULT_RECOGNIZERS } from './default-recognizers.js';
import { documentIndex } from './document-index.js';

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
  return { words, index: documentIndex(document, DEFAULT_RECOGNIZERS) };
}

function indexedWords(index: ReturnType<typeof documentIndex>): string[] {
  const tokens = index.lineTokens();
  return Array.from(tokens.wordIds, (id, position) => `${tokens.vocabulary[id]}@${tokens.starts[position]}-${tokens.ends[position]}`);
}

const PIECES = ['Invoice', ' No.', ' n°', 'nº.', ' N° ', '#', '№', 'Rechnungs-Nr.:', ' Fälligkeit', ' 2026', 'abc123', '€', 'Total€', ' ', ':', '\n', '\t', 'é', 'won°', 'ÉCHÉANCE', '٣', 'x', 'NR', '-'];

describe('documentIndex line tokens', () => {
  it('splits lines into normalized label words with their offsets', async () => {
    const { words, index } = await referenceWords('Invoice No.: 12\nN° facture Total€ 5\n#7 Fälligkeit 2026abc');
    expect(indexedWords(index)).toEqual(words);
    const tokens = index.lineTokens();
    const number = tokens.idOf('number');
    expect(tokens.firstOccurrence[number + 1]! - tokens.firstOccurrence[number]!).toBe(2);
  });

  test.prop([fc.array(fc.constantFrom(...PIECES), { maxLength: 40 })], { numRuns: 150 })('reads every line as the word regex does', async (pieces) => {
    const { words, index } = await referenceWords(pieces.join(''));
    expect(indexedWords(index)).toEqual(words);
  });
});
