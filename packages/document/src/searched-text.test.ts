/**
 * Tests for the searched head of huge texts, the warning a run records for it, and the
 * Document's line texts standing in for the head's split lines.
 */
import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { inferDocumentContext } from '@paxman/values';
import { buildDocument } from './build-document.js';
import { splitLines } from './lines.js';
import { SEARCH_CHARACTER_LIMIT, searchedLineTexts, searchedText, unsearchedTextDiagnostics } from './searched-text.js';

describe('searchedText', () => {
  it('returns a text within the limit unchanged', () => {
    const text = 'Total: 12.50 EUR\nDate: 01/02/2024\n';
    expect(searchedText(text)).toBe(text);
  });

  it('cuts a longer text at the last line break before the limit, never inside a line', () => {
    const line = `${'x'.repeat(99)}\n`;
    const text = line.repeat(Math.ceil(SEARCH_CHARACTER_LIMIT / line.length) + 10);
    const head = searchedText(text);
    expect(head.length).toBeLessThanOrEqual(SEARCH_CHARACTER_LIMIT);
    expect(text.startsWith(head)).toBe(true);
    expect(text[head.length]).toBe('\n');
  });
});

describe('unsearchedTextDiagnostics', () => {
  it('says nothing for a normal document', async () => {
    expect(unsearchedTextDiagnostics(await buildDocument('Invoice INV-1\nTotal: 10.00 USD\n'))).toEqual([]);
  });

  it('warns, with both sizes, when the primary text is longer than the searched head', async () => {
    const text = 'Total: 10,00 EUR\n'.repeat(Math.ceil(SEARCH_CHARACTER_LIMIT / 17) + 1000);
    const [diagnostic, ...rest] = unsearchedTextDiagnostics(await buildDocument(text));
    expect(rest).toEqual([]);
    expect(diagnostic).toMatchObject({ code: 'INPUT_PARTIALLY_SEARCHED', severity: 'WARNING', stage: 'execution', context: { characters: text.length } });
    expect(diagnostic!.context!['searchedCharacters']).toBeLessThanOrEqual(SEARCH_CHARACTER_LIMIT);
  });

  it('reads the conventions of a huge text from its head, as of the head alone', async () => {
    const head = 'Datum: 25/03/2024\nSumme: 1.234,56 €\n'.repeat(Math.ceil(SEARCH_CHARACTER_LIMIT / 36) + 10);
    const tail = 'Date: 03/25/2024\nTotal: $1,234.56\n'.repeat(1000);
    const document = await buildDocument(head + tail, { inputType: 'text' });
    expect(document.context).toEqual(inferDocumentContext(searchedText(head + tail)));
    expect(document.context).toMatchObject({ dateOrder: 'DMY', dominantCurrency: 'EUR', decimalSeparator: ',' });
  });
});

describe('searchedLineTexts', () => {
  it('gives the lines of a text as splitting it at line feeds gives them', () => {
    const text = 'Total: 12.50\n\nDate: 01/02/2024\n';
    expect(searchedLineTexts(text, 'input', splitLines(text, 'input'))).toEqual(['Total: 12.50', '', 'Date: 01/02/2024']);
  });

  it('gives nothing for a text with carriage returns, or lines that do not cover the text', () => {
    const crlf = 'Total: 12.50\r\nDate: 01/02/2024';
    expect(searchedLineTexts(crlf, 'input', splitLines(crlf, 'input'))).toBeUndefined();
    const text = 'Total: 12.50\nDate: 01/02/2024';
    expect(searchedLineTexts(text, 'input', splitLines(text, 'input', 13))).toBeUndefined();
    expect(searchedLineTexts(text, 'input', splitLines(text, 'input', 0, 12))).toBeUndefined();
    expect(searchedLineTexts(text, 'html-text', splitLines(text, 'input'))).toBeUndefined();
  });

  const pieces = fc.constantFrom('Total', ': ', '12,50', '1.234,56 €', '$1,234.56', '25/03/2024', '03/25/2024', ' ', '\n', '\r', '\r\n', 'EUR', 'RM', '\n\n');
  test.prop([fc.array(pieces, { maxLength: 60 })], { numRuns: 300 })('stand in for the split lines wherever they are given', async (parts) => {
    const text = parts.join('');
    const document = await buildDocument(text, { inputType: 'text' });
    const lines = searchedLineTexts(text, 'input', document.lines);
    if (lines !== undefined) expect(lines).toEqual(text.endsWith('\n') ? text.split('\n').slice(0, -1) : text.split('\n'));
    expect(document.context).toEqual(inferDocumentContext(searchedText(text)));
  });
});
