import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { buildDocument } from '@paxman/document';
import { DEFAULT_RECOGNIZERS } from './default-recognizers.js';
import { documentIndex } from './document-index.js';
import { nextSameLines, sameLines } from './same-lines.js';

const TEXTS = fc.array(fc.constantFrom('Total: 5', 'Seller', '', '  ', 'Name: ACME', 'Total: 5 ', 'seller', '\t'), { maxLength: 30 });

describe('sameLines', () => {
  it('points each line at the first line with its text', () => {
    expect(Array.from(sameLines([{ text: 'a' }, { text: 'b' }, { text: 'a' }, { text: 'a' }, { text: 'b' }]))).toEqual([0, 1, 0, 0, 1]);
  });

  test.prop([TEXTS])('is the first index of each text', (texts) => {
    const lines = texts.map((text) => ({ text }));
    expect(Array.from(sameLines(lines))).toEqual(texts.map((text) => texts.indexOf(text)));
  });
});

describe('nextSameLines', () => {
  test.prop([TEXTS])('chains each line to the next line with its text (-1: none)', (texts) => {
    const next = nextSameLines(sameLines(texts.map((text) => ({ text }))));
    expect(Array.from(next)).toEqual(texts.map((text, position) => texts.indexOf(text, position + 1)));
  });
});

describe('documentIndex primary lines', () => {
  test.prop([TEXTS], { numRuns: 60 })('are the non-blank lines, blankness judged once per text, with their same lines', async (texts) => {
    const document = await buildDocument(texts.join('\n'), { inputType: 'text' });
    const index = documentIndex({ document }, DEFAULT_RECOGNIZERS);
    const expected = document.lines.filter((line) => line.span.layer === index.primary.name && /\S/.test(line.text));
    expect(index.primaryLines()).toEqual(expected);
    expect(Array.from(index.primarySameLines())).toEqual(expected.map((line) => expected.findIndex((other) => other.text === line.text)));
    expect(Array.from(index.sameLines())).toEqual(document.lines.map((line) => document.lines.findIndex((other) => other.text === line.text)));
  });
});
