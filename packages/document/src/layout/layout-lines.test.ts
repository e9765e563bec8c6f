import { describe, expect, it } from 'vitest';
import { deskewPieces, estimateSlope, groupLines, layoutPieces, type PositionedText } from './layout-lines.js';

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

describe('estimateSlope and deskewPieces', () => {
  it('measures the skew of known rows and brings an askew row back onto one line', () => {
    // Rows drop 0.05 per unit of x; "Total" and "9.00" are 400 apart, 20 apart in y.
    const pieces = [piece('Invoice', 0, 100), piece('INV-7', 200, 110), piece('Total', 0, 200), piece('9.00', 400, 220)];
    const rows = [1, 1, undefined, undefined];
    const slope = estimateSlope(pieces, rows);
    expect(slope).toBeCloseTo(10 / 195, 6);
    expect(layoutPieces(pieces).lineCount).toBe(4);
    expect(layoutPieces(deskewPieces(pieces, slope)).text.split('\n')[1]).toMatch(/^Total {2,}9\.00$/);
  });

  it('is 0 without rows of two pieces, and ignores a slope no page is printed at', () => {
    expect(estimateSlope([piece('a', 0, 0)], [1])).toBe(0);
    expect(estimateSlope([piece('a', 0, 0), piece('b', 10, 100)], [1, 1])).toBe(0);
  });
});
