import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { splitLines } from '@paxman/document';
import { buildTextTokens, type LineTokenIndex } from './line-tokens.js';

function tokensOf(text: string): LineTokenIndex {
  return buildTextTokens(splitLines(text, 'input'));
}

/** Positions of `word` read from the occurrence lists. */
function positionsOf(index: LineTokenIndex, word: string): number[] {
  const id = index.idOf(word);
  if (id < 0) return [];
  return Array.from(index.occurrences.subarray(index.firstOccurrence[id], index.firstOccurrence[id + 1]));
}

describe('buildTextTokens: the words', () => {
  it('gives every spelling of a word one id and lists where it occurs', () => {
    const index = tokensOf('Invoice No: 1\nINVOICE number 2\ninvoice NR. 3, total');
    expect(index.vocabulary).toEqual(['invoice', 'number', 'total']);
    expect(Array.from(index.wordIds)).toEqual([0, 1, 0, 1, 0, 1, 2]);
    expect(Array.from(index.lineOf)).toEqual([0, 0, 1, 1, 2, 2, 2]);
    expect(positionsOf(index, 'invoice')).toEqual([0, 2, 4]);
    expect(positionsOf(index, 'number')).toEqual([1, 3, 5]);
    expect(Array.from(index.starts.subarray(0, 2))).toEqual([0, 8]);
    expect(Array.from(index.ends.subarray(0, 2))).toEqual([7, 10]);
  });

  it('answers -1 for a word no line prints', () => {
    const index = tokensOf('Total: 5');
    expect(index.idOf('total')).toBe(0);
    expect(index.idOf('subtotal')).toBe(-1);
    expect(index.idOf('Total')).toBe(-1);
  });

  it('normalizes non-ASCII words and keeps offsets in the layer', () => {
    const index = tokensOf('x\nFälligkeit n° 7 №');
    expect(index.vocabulary).toEqual(['x', 'falligkeit', 'number']);
    expect(positionsOf(index, 'number')).toEqual([2, 3]);
    expect(index.starts[1]).toBe(2);
  });

  it('keeps ids apart for words whose hashes collide in a small table', () => {
    // Enough distinct words to grow the spelling table several times.
    const words = Array.from({ length: 3000 }, (_, index) => `w${index.toString(36)}x`);
    const index = tokensOf(words.join('\n'));
    expect(index.vocabulary).toEqual(words.map((word) => word.toLowerCase()));
    expect(Array.from(index.wordIds)).toEqual(words.map((_, id) => id));
  });

  it('tells apart two spellings with the same hash', () => {
    // "aan" and "ac0" hash alike (31 × "a" + "n" = 31 × "c" + "0").
    const index = tokensOf('aan ac0 AAN Ac0');
    expect(index.vocabulary).toEqual(['aan', 'ac0']);
    expect(Array.from(index.wordIds)).toEqual([0, 1, 0, 1]);
  });

  test.prop([fc.array(fc.constantFrom('Total', 'TOTAL', 'due', 'Due', ' ', ':', '\n', 'No', '2026', 'é', 'n°', '#'), { maxLength: 60 })], { numRuns: 200 })(
    'lists each position once, under its own word, in ascending order',
    (pieces) => {
      const index = tokensOf(pieces.join(''));
      const seen: number[] = [];
      index.vocabulary.forEach((word, id) => {
        expect(index.idOf(word)).toBe(id);
        const positions = positionsOf(index, word);
        expect(positions).toEqual([...positions].sort((left, right) => left - right));
        for (const position of positions) expect(index.wordIds[position]).toBe(id);
        seen.push(...positions);
      });
      expect(seen.sort((left, right) => left - right)).toEqual(Array.from({ length: index.length }, (_, position) => position));
    },
  );
});

describe('buildTextTokens: repeated texts', () => {
  it('lists the words of a repeated text once, at its first line, and chains the lines that print it', () => {
    const lines = splitLines('Total: 5\nDue date\nTotal: 5\nx\nTotal: 5', 'input');
    const index = buildTextTokens(lines);
    expect(Array.from(index.lineOf)).toEqual([0, 1, 1, 3]);
    expect(Array.from(index.nextSame)).toEqual([2, -1, 4, -1, -1]);
    expect(index.vocabulary).toEqual(['total', 'due', 'date', 'x']);
  });

  test.prop(
    [
      fc.array(fc.array(fc.constantFrom('Total', 'TOTAL', 'due', 'Due', ' ', ':', 'No', '2026', 'é', 'n°', '#', 'Fälligkeit'), { maxLength: 8 }), { minLength: 1, maxLength: 5 }),
      fc.array(fc.nat(), { maxLength: 40 }),
    ],
    { numRuns: 200 },
  )('gives, moved to each line of its chain, the words of every line read alone', (lines, picks) => {
    const texts = lines.map((pieces) => pieces.join(''));
    const document = splitLines(picks.map((pick) => texts[pick % texts.length]!).join('\n'), 'input');
    const expected: string[] = [];
    document.forEach((line, lineNumber) => {
      const alone = buildTextTokens([line]);
      for (let position = 0; position < alone.length; position += 1) expected.push(`${alone.vocabulary[alone.wordIds[position]!]!}@${alone.starts[position]}-${alone.ends[position]}:${lineNumber}`);
    });
    const index = buildTextTokens(document);
    const placed: [number, number, string][] = [];
    for (let position = 0; position < index.length; position += 1) {
      const first = index.lineOf[position]!;
      const start = index.starts[position]! - document[first]!.span.start;
      const end = index.ends[position]! - document[first]!.span.start;
      for (let line = first; line >= 0; line = index.nextSame[line]!) {
        expect(document[line]!.text).toBe(document[first]!.text);
        const offset = document[line]!.span.start;
        placed.push([line, offset + start, `${index.vocabulary[index.wordIds[position]!]!}@${offset + start}-${offset + end}:${line}`]);
      }
    }
    expect(placed.sort((left, right) => left[0] - right[0] || left[1] - right[1]).map(([, , word]) => word)).toEqual(expected);
  });
});
