/**
 * Laws of `buildDocument`: on arbitrary bytes and strings, under every declared input
 * type, it never throws, and every span lies inside its layer and slices to exactly the
 * text its structure reports. Inputs are drawn both at random and from a token alphabet
 * that exercises the detectors (labels, colons, leaders, cell gaps, pipes, quotes, tags,
 * MIME headers, JSON punctuation).
 */
import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { buildDocument } from './build-document.js';
import { spanProblems } from './__fixtures__/span-problems.js';

const INPUT_TYPES = [undefined, 'text', 'html', 'csv', 'json', 'email', 'empty', 'unknown', 'pdf_text'] as const;

const TOKENS = [
  'Invoice No', 'Total', 'Due date', 'Tax (8%)', ':', ': ', '：', ' ', '  ', '    ', '\t', '\n', '\r\n', '\r', '|', '.....', '…', '---', '===',
  '42.00', '$1,250.00', '2026-01-15', '09:30', 'http://x.example', '"', '""', ',', ';', '{', '}', '[', ']', '"a":', '1e5', 'true', 'null',
  '<p>', '</p>', '<br>', '<table>', '<tr>', '<td>', '</td>', '<th>', '</th>', '</tr>', '</table>', '<dl>', '<dt>', '</dt>', '<dd>', '</dd>',
  '<script>', '</script>', '&amp;', '&nbsp;', '&#x41;', '&bogus;', 'From: a@b.example\n', 'Subject: =?UTF-8?B?SW52b2ljZQ==?=\n',
  'Content-Type: multipart/mixed; boundary="b"\n', '--b\n', '--b--\n', 'Content-Transfer-Encoding: quoted-printable\n',
  'Content-Transfer-Encoding: base64\n', 'Content-Type: text/html\n', '=3D', '=\n', 'SGVsbG8=', '\uD800', '\u00A0', 'é', '😀', '\u0000',
];

const tokenText = fc.array(fc.constantFrom(...TOKENS), { maxLength: 80 }).map((tokens) => tokens.join(''));
const anyText = fc.oneof(fc.string({ maxLength: 300, unit: 'binary' }), fc.string({ maxLength: 300 }), tokenText);
const inputType = fc.constantFrom(...INPUT_TYPES);

describe('buildDocument laws', () => {
  test.prop([anyText, inputType], { numRuns: 400 })('strings never throw and every span is exact', async (input, type) => {
    const document = await buildDocument(input, type === undefined ? {} : { inputType: type });
    expect(spanProblems(document)).toEqual([]);
    expect(typeof document.layers.input?.text).toBe('string');
  });

  test.prop([fc.uint8Array({ maxLength: 400 }), inputType], { numRuns: 200 })('bytes never throw and every span is exact', async (bytes, type) => {
    const document = await buildDocument(bytes, type === undefined ? {} : { inputType: type });
    expect(spanProblems(document)).toEqual([]);
  });

  test.prop([tokenText], { numRuns: 200 })('building is deterministic', async (input) => {
    const first = await buildDocument(input);
    const second = await buildDocument(input);
    expect(JSON.stringify(second)).toBe(JSON.stringify(first));
  });

  test.prop([fc.jsonValue({ maxDepth: 4 })], { numRuns: 200 })('JSON: the tree equals JSON.parse and every scalar node slices to its source', async (value) => {
    const text = JSON.stringify(value, null, 1);
    const document = await buildDocument(text, { inputType: 'json' });
    expect(document.kind).toBe('json');
    expect(document.json!.root).toEqual(JSON.parse(text));
    for (const node of document.json!.nodes) {
      const slice = text.slice(node.span.start, node.span.end);
      if (typeof node.value === 'string') expect(JSON.parse(`"${slice}"`)).toBe(node.value);
      else expect(JSON.parse(slice)).toEqual(node.value);
      if (node.keySpan !== null) expect(JSON.parse(`"${text.slice(node.keySpan.start, node.keySpan.end)}"`)).toBe(node.key);
    }
  });

  test.prop([fc.array(fc.array(fc.string({ maxLength: 12 }), { minLength: 2, maxLength: 4 }), { minLength: 2, maxLength: 6 }), fc.constantFrom(',', ';', '\t')], { numRuns: 200 })(
    'CSV: quoted cells round-trip',
    async (records, delimiter) => {
      const quote = (cell: string): string => `"${cell.replaceAll('"', '""')}"`;
      const text = records.map((record) => record.map(quote).join(delimiter)).join('\r\n');
      const document = await buildDocument(text, { inputType: 'csv' });
      const grid = document.csv!;
      const read = [grid.header, ...grid.rows].map((row) => row.map((cell) => cell.value ?? cell.text));
      // Records whose cells are all empty strings are still records (they are quoted), so nothing is dropped.
      expect(read).toEqual(records);
    },
  );
});
