/**
 * Tests for the lines that repeat an earlier line's text, and for structure found on
 * repeated lines being what it is on the same lines printed once.
 */
import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { analyzeText } from './analyze-text.js';
import { givenLinesCells, linesCells } from './lines-cells.js';
import { splitCells } from './line-cells.js';
import { splitLines } from './lines.js';
import { defaultStructureWords } from './structure-words.js';
import { detectTextKeyValues, summaryRegions } from './text-key-values.js';
import { detectTextTables } from './text-tables.js';
import { lineAnswers, sameLines } from './same-lines.js';

describe('sameLines', () => {
  it('points each line at the first line with its text', () => {
    const lines = splitLines('Total: 1\n\nTotal: 1\nDate\n\nDate', 'input');
    expect([...sameLines(lines)]).toEqual([0, 1, 0, 3, 1, 3]);
  });

  it('asks a question once per distinct text, of the first line with it', () => {
    const asked: number[] = [];
    const answers = lineAnswers(Int32Array.from([0, 1, 0, 1, 4]), (line) => {
      asked.push(line);
      return line === 0;
    });
    expect([0, 1, 2, 3, 4].map((line) => answers.get(line))).toEqual([true, false, true, false, false]);
    expect(asked).toEqual([0, 1, 4]);
  });
});

describe('the same lines of a structured region', () => {
  it('are handed on with its lines (and none when lines are all it finds)', () => {
    const text = 'Total: 1\n\nTotal: 1\nDate\n\nDate';
    expect([...analyzeText(text, 'input').same!]).toEqual([...sameLines(splitLines(text, 'input'))]);
    expect(analyzeText(text, 'input', { structures: false }).same).toBeNull();
  });
});

describe('structure on repeated lines', () => {
  const page = [
    'ACME GmbH                         INVOICE',
    'Invoice No: 2024-001    Date: 01.02.2024',
    '',
    'Item            Qty     Price      Amount',
    '-----------------------------------------',
    'Widget           2      10.00       20.00',
    'Gadget           1       5.50        5.50',
    '',
    'TOTAL',
    '25.50',
    'SUBTOTAL',
    'TAX',
    '20.00',
    '5.50',
    'GST Summary',
    'Rate      Net      GST',
    '6%       25.50     1.53',
    'Signature',
    '',
  ].join('\n');
  const text = page + page.replace('Gadget', 'Gizmo') + page;
  const lines = splitLines(text, 'input');
  const words = defaultStructureWords();
  // Every line its own: nothing is reused.
  const distinct = Int32Array.from(lines, (_, index) => index);

  it('splits a repeated line into the cells it would have alone', () => {
    const cells = linesCells(text, lines, sameLines(lines));
    const split = lines.map((line) => splitCells(text, line.span.start, line.span.end));
    expect(lines.map((_, index) => cells.of(index))).toEqual(split);
    expect(lines.map((_, index) => cells.count(index))).toEqual(split.map((lineCells) => lineCells.length));
    expect(cells.lineCount).toBe(lines.length);
    expect([cells.count(-1), cells.count(lines.length)]).toEqual([0, 0]);
  });

  it('moves a repeated line\'s cells by its shift from the first line with its text, and shares their texts', () => {
    const same = sameLines(lines);
    const cells = linesCells(text, lines, same);
    const repeated = lines.findIndex((line, index) => same[index] !== index && text.slice(line.span.start, line.span.end).includes('  '));
    expect(repeated).toBeGreaterThan(0);
    const first = same[repeated]!;
    expect(cells.shift(repeated)).toBe(lines[repeated]!.span.start - lines[first]!.span.start);
    expect(cells.split(repeated)).toBe(cells.of(first));
    expect(cells.split(repeated).map((cell) => ({ start: cell.start + cells.shift(repeated), end: cell.end + cells.shift(repeated) }))).toEqual(cells.of(repeated));
    expect(cells.texts(repeated)).toBe(cells.texts(first));
    expect(cells.texts(repeated)).toEqual(cells.of(repeated).map((cell) => text.slice(cell.start, cell.end)));
  });

  it('finds the pairs, summaries and tables it finds when every line is judged afresh', () => {
    const same = sameLines(lines);
    expect(same.some((first, index) => first !== index)).toBe(true);
    const cells = givenLinesCells(text, lines.map((line) => splitCells(text, line.span.start, line.span.end)));
    const summaries = summaryRegions(text, lines, words, distinct);
    expect(summaryRegions(text, lines, words, same)).toEqual(summaries);
    const fresh = detectTextKeyValues(text, 'input', lines, cells, words, summaries, distinct);
    const reused = detectTextKeyValues(text, 'input', lines, cells, words, summaries, same);
    expect(reused).toEqual(fresh);
    expect(fresh.pairs.some((pair) => pair.source === 'block')).toBe(true);
    expect(detectTextTables(text, 'input', lines, cells, fresh.labelledLines, same)).toEqual(detectTextTables(text, 'input', lines, cells, fresh.labelledLines, distinct));
  });
});

describe('splitLines with same lines', () => {
  it('finds the first line of each text as it splits, and keeps every line as split', () => {
    const text = 'Total: 5\nSeller\nTotal: 5\n\nSeller\r\nTotal: 5 \n\n';
    const same: number[] = [];
    const lines = splitLines(text, 'input', 0, text.length, 3, same);
    expect(lines).toEqual(splitLines(text, 'input', 0, text.length, 3));
    expect(same).toEqual([0, 1, 0, 3, 1, 5, 3]);
    expect(same).toEqual([...sameLines(lines)]);
    lines.forEach((line) => expect(line.text).toBe(text.slice(line.span.start, line.span.end)));
  });

  it('tells apart lines that agree in length and in the characters their lookup reads first', () => {
    // Same length, first, last, middle and quarter characters; different texts.
    const text = 'abcXe\nabcYe\nabcXe\nabcYe\nabcZe\nabcXe\n';
    const same: number[] = [];
    const lines = splitLines(text, 'input', 0, text.length, 0, same);
    expect(same).toEqual([0, 1, 0, 1, 4, 0]);
    expect(same).toEqual([...sameLines(lines)]);
    lines.forEach((line, index) => expect(line.text).toBe(lines[same[index]!]!.text));
    lines.forEach((line) => expect(line.text).toBe(text.slice(line.span.start, line.span.end)));
  });

  it('leaves the analysed Document\'s lines equal to the split lines', () => {
    const text = Array.from({ length: 6 }, () => 'Invoice No: 12\nItem    Qty    Amount\nWidget    2    $10.00\n').join('');
    expect(analyzeText(text, 'input').lines).toEqual(splitLines(text, 'input'));
  });

  it('follows a repeated run up to the first character that differs, within a line or past its end', () => {
    const section = (name: string): string => `SECTION ${name}\n====\nInvoice No: 12\nItem    Qty\nWidget    2\n\nTotal: 5\n`;
    // A run that differs inside a line, one that ends a line early, one cut short by the region's end.
    const text = section('1') + section('2') + section('1').replace('Widget    2', 'Widget    3') + section('1').replace('Total: 5', 'Total: 55') + section('1').slice(0, -4);
    const same: number[] = [];
    const lines = splitLines(text, 'input', 0, text.length, 0, same);
    expect(lines).toEqual(splitLines(text, 'input'));
    expect(same).toEqual([...sameLines(lines)]);
    lines.forEach((line, index) => expect(line.text).toBe(lines[same[index]!]!.text));
  });
});

describe('splitLines with same lines, on texts that repeat runs of lines', () => {
  // Lines drawn from a few texts (some one character apart, some empty), repeated as runs, with CR and CRLF breaks.
  const lineText = fc.constantFrom('Total: 5', 'Total: 6', 'Total: 55', '', '====', 'Item    Qty', 'Seller\r', ' ');
  const run = fc.array(lineText, { minLength: 1, maxLength: 6 });
  const textOf = fc
    .tuple(fc.array(run, { minLength: 1, maxLength: 4 }), fc.array(fc.nat(3), { minLength: 1, maxLength: 12 }), fc.constantFrom('\n', '\r\n'))
    .map(([runs, order, lineBreak]) => order.map((index) => runs[index % runs.length]!.join(lineBreak) + lineBreak).join(''));

  test.prop([textOf, fc.nat(40), fc.nat(40)])('finds the first line of each text, as a lookup by text does', (text, from, to) => {
    const start = Math.min(from, text.length);
    const end = Math.max(start, text.length - to);
    const same: number[] = [];
    const lines = splitLines(text, 'input', start, end, 0, same);
    expect(lines).toEqual(splitLines(text, 'input', start, end));
    expect(same).toEqual([...sameLines(lines)]);
    lines.forEach((line, index) => expect(line.text).toBe(lines[same[index]!]!.text));
  });
});

