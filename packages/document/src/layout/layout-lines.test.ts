import { describe, expect, it } from 'vitest';
import { groupLines, layoutPieces, type PositionedText } from './layout-lines.js';

const piece = (text: string, left: number, top: number, height = 10): PositionedText => ({ text, left, top, width: text.length * 5, height });

describe('layoutPieces', () => {
  it('joins pieces on one visual row, ordered by x, with wide gaps padded to 2+ spaces', () => {
    const page = layoutPieces([piece('42.00', 200, 100), piece('Total', 0, 100.5), piece('due', 30, 100), piece('Next line', 0, 120)]);
    const lines = page.text.split('\n');
    expect(lines[0]).toMatch(/^Total due {2,}42\.00$/);
    expect(lines[1]).toBe('Next line');
  });

  it('aligns columns across lines by x position', () => {
    const lines = layoutPieces([piece('Qty', 0, 100), piece('Amount', 200, 100), piece('1', 0, 112), piece('10.00', 200, 112)]).text.split('\n');
    expect(lines[0]!.indexOf('Amount')).toBe(lines[1]!.indexOf('10.00'));
  });

  it('keeps a label and a far amount on one line when the row is slightly skewed, whatever the reported order', () => {
    const pieces = [piece('9.00', 400, 204), piece('Date', 0, 180), piece('Total', 0, 200), piece('25/12/2018', 60, 181)];
    const page = layoutPieces(pieces);
    expect(page.text.split('\n')).toEqual([expect.stringMatching(/^Date\s+25\/12\/2018$/), expect.stringMatching(/^Total {2,}9\.00$/)]);
    pieces.forEach((item, index) => expect(page.text.slice(page.offsets[index]!.start, page.offsets[index]!.end)).toBe(item.text));
    expect(page.lineCount).toBe(2);
  });

  it('gives blank pieces no offsets and an empty page no text', () => {
    expect(layoutPieces([piece('   ', 0, 0)])).toEqual({ text: '', offsets: [null], lineCount: 0 });
  });

  it('does not merge rows that only touch', () => {
    expect(groupLines([piece('a', 0, 0), piece('b', 0, 9)], [0, 1])).toEqual([[0], [1]]);
  });
});
