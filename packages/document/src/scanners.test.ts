/**
 * Unit tests of the hand-written pieces of `text_extraction`: the CSV and JSON scanners,
 * the transfer decodings, header parsing, cell splitting and the input-type sniff.
 */
import { buildDocument } from './build-document.js';
import { describe, expect, it } from 'vitest';
import { scanCsv } from './csv-scanner.js';
import { parseContentType, parseHeaderBlock } from './email-headers.js';
import { splitCells } from './line-cells.js';
import { childPath, scanJson } from './json-scanner.js';
import { decodeBase64, decodeQuotedPrintable, decodeTransfer } from './transfer-encoding.js';

describe('scanCsv', () => {
  it('detects the delimiter and keeps cell spans trimmed', () => {
    const text = 'a ; b\n 1 ;2\n';
    const grid = scanCsv(text, 'input');
    expect(grid.delimiter).toBe(';');
    expect(grid.header.map((cell) => [cell.text, text.slice(cell.span.start, cell.span.end)])).toEqual([
      ['a', 'a'],
      ['b', 'b'],
    ]);
    expect(grid.rows[0]!.map((cell) => cell.text)).toEqual(['1', '2']);
  });

  it('keeps empty trailing cells and ragged rows', () => {
    const grid = scanCsv('a,b,c\n1,,\n2\n', 'input');
    expect(grid.rows.map((row) => row.map((cell) => cell.text))).toEqual([['1', '', ''], ['2']]);
  });

  it('warns about an unterminated quote and reads to the end', () => {
    const grid = scanCsv('a,b\n"open,1\n', 'input');
    expect(grid.warnings).toHaveLength(1);
    expect(grid.rows[0]![0]!.text).toBe('open,1\n');
  });
});

describe('scanJson', () => {
  it('rejects what JSON.parse rejects', () => {
    for (const bad of ['', '{', '{"a":}', '[1,]', '{"a" 1}', '01', '"\u0001"', 'tru', '{} x', '[1 2]', "{'a':1}", 'NaN']) {
      expect(scanJson(bad, 'input').ok, bad).toBe(false);
      expect(() => JSON.parse(bad), bad).toThrow();
    }
  });

  it('refuses nesting deeper than the limit instead of overflowing the stack', () => {
    const deep = '['.repeat(100_000) + ']'.repeat(100_000);
    expect(scanJson(deep, 'input')).toMatchObject({ ok: false });
  });

  it('keeps `__proto__` as an own key', () => {
    const scan = scanJson('{"__proto__": {"x": 1}}', 'input');
    expect(scan.ok && Object.hasOwn(scan.root as object, '__proto__')).toBe(true);
    expect(scan.ok && Object.getPrototypeOf(scan.root)).toBe(Object.prototype);
  });

  it('caps the node list and says so', () => {
    const scan = scanJson(JSON.stringify(Array.from({ length: 50 }, (_, index) => index)), 'input', { nodeLimit: 10 });
    expect(scan.ok && scan.nodes.length).toBe(10);
    expect(scan.ok && scan.truncated).toBe(true);
  });

  it('writes paths for odd keys in bracket form', () => {
    expect(childPath('$', 'total')).toBe('$.total');
    expect(childPath('$', 'vat id')).toBe('$["vat id"]');
    expect(childPath('$.a', 3)).toBe('$.a[3]');
  });
});

describe('transfer decodings', () => {
  it('decodes quoted-printable with soft breaks and charsets', () => {
    expect(new TextDecoder().decode(decodeQuotedPrintable('Total =E2=82=AC 5=\r\n0 a=3Db'))).toBe('Total € 50 a=b');
    expect(decodeTransfer('d=FB', 'quoted-printable', 'iso-8859-1')).toBe('dû');
    expect(decodeTransfer('x', 'quoted-printable', 'no-such-charset')).toBe('x');
  });

  it('decodes base64 leniently', () => {
    expect(new TextDecoder().decode(decodeBase64('SW52\r\nb2ljZQ==\n'))).toBe('Invoice');
    expect(decodeTransfer('SW52b2ljZQ', 'base64', undefined)).toBe('Invoice');
    expect(decodeTransfer('abc', '7bit', undefined)).toBeNull();
  });
});

describe('e-mail headers', () => {
  it('reads names, raw value spans and the body start', () => {
    const text = 'From me\nTo: a@b.example\nSubject: Hi\n there\n\nBody';
    const block = parseHeaderBlock(text, 'input', 0, text.length);
    expect(block.headers.map((header) => [header.name, header.value, text.slice(header.span.start, header.span.end)])).toEqual([
      ['to', 'a@b.example', 'a@b.example'],
      ['subject', 'Hi there', 'Hi\n there'],
    ]);
    expect(text.slice(block.bodyStart)).toBe('Body');
  });

  it('parses content-type parameters', () => {
    expect(parseContentType('Multipart/Mixed; boundary="a \\"b\\""; charset=UTF-8')).toEqual({
      mediaType: 'multipart/mixed',
      parameters: Object.assign(Object.create(null), { boundary: 'a "b"', charset: 'UTF-8' }),
    });
    expect(parseContentType(undefined).mediaType).toBe('text/plain');
  });
});

describe('splitCells', () => {
  it('splits on 2+ spaces, tabs and pipes, trimming cells', () => {
    const text = ' Item  Qty\tPrice | Total ';
    expect(splitCells(text, 0, text.length).map((cell) => text.slice(cell.start, cell.end))).toEqual(['Item', 'Qty', 'Price', 'Total']);
    expect(splitCells('one two', 0, 7)).toEqual([{ start: 0, end: 7 }]);
  });
});

describe('the input type a document is structured by (input-profile\'s classifier, text refined)', () => {
  it('tells the kinds apart without a declared type', async () => {
    const kinds = async (input: string) => (await buildDocument(input)).kind;
    expect(await kinds('')).toBe('empty');
    expect(await kinds('  {"a": 1}')).toBe('json');
    expect(await kinds('<!DOCTYPE html><p>x</p>')).toBe('html');
    expect(await kinds('<div>Total: 5</div>')).toBe('html');
    expect(await kinds('From: a@b.example\nSubject: x\n\nbody')).toBe('email');
    expect(await kinds('a;b;c\n1;2;3\n')).toBe('csv');
    expect(await kinds('a,b,c,d\n')).toBe('csv');
    expect(await kinds('Total: 5, paid, thanks\nDue: now\n')).toBe('text');
    expect(await kinds('x\u0000y')).toBe('binary');
    expect((await buildDocument(new TextEncoder().encode('%PDF-1.4'))).kind).toBe('pdf');
  });

  it('reads a declared text that is a ;-grid or an HTML fragment as such', async () => {
    expect((await buildDocument('a;b;c\n1;2;3\n', { inputType: 'text' })).kind).toBe('csv');
    expect((await buildDocument('<div>Total: 5</div>', { inputType: 'text' })).kind).toBe('html');
    expect((await buildDocument('Total: 5\n', { inputType: 'text' })).kind).toBe('text');
  });
});
