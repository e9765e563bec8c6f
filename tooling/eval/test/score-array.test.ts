import { describe, expect, it } from 'vitest';
import { arrayShapesOf, pairItems, scoreArrays, summarizeArrays } from '../src/score-array.mjs';

const contract = {
  fields: [
    { name: 'total', type: 'MONEY' },
    { name: 'line_items', type: 'ARRAY', fields: [{ name: 'description', type: 'STRING' }, { name: 'quantity', type: 'DECIMAL' }, { name: 'amount', type: 'DECIMAL' }] },
    { name: 'parties', type: 'ARRAY', items: { type: 'STRING' } },
  ],
};
const shapes = arrayShapesOf(contract);
const artifactWith = (data: Record<string, unknown>) => ({ status: 'SUCCESS', normalizedData: data, fieldResults: {}, unresolvedFields: [] });

describe('ARRAY scoring (shared/eval README, "ARRAY fields")', () => {
  it('reads the item shape of object and scalar arrays', () => {
    expect(shapes).toEqual({ line_items: { members: { description: 'STRING', quantity: 'DECIMAL', amount: 'DECIMAL' } }, parties: { scalar: 'STRING' } });
  });

  it('pairs one to one, order ignored, most equal members first, and needs an equal key member', () => {
    const expected = [
      { description: 'Lens', quantity: '2', amount: '10' },
      { description: 'Tripod', quantity: '1', amount: '30' },
    ];
    const predicted = [
      { description: 'Tripod', quantity: '1', amount: '30.00' },
      { description: 'Lens', quantity: '2', amount: '11' },
      { description: 'Lens', quantity: '2', amount: '10' },
      { description: 'Bag', quantity: '2', amount: '99' },
    ];
    const pairs = pairItems(shapes.line_items, predicted, expected);
    expect(pairs.map((pair) => [pair.expectedIndex, pair.predictedIndex])).toEqual([
      [0, 2],
      [1, 0],
    ]);
    // A quantity alone is not a key member: no pair.
    expect(pairItems(shapes.line_items, [{ description: 'Other', quantity: '2', amount: '1' }], [expected[0]])).toEqual([]);
  });

  it('counts item precision/recall, exact items and per-member scores', () => {
    const expected = { line_items: [{ description: 'Lens', quantity: '2', amount: '10' }, { description: 'Tripod', amount: '30' }, { description: 'Bag', amount: '5' }] };
    const artifact = artifactWith({ line_items: [{ description: 'Lens', quantity: '3', amount: '10' }, { description: 'Tripod', quantity: '7', amount: '30' }, { description: 'Cap', amount: '1' }] });
    const [score] = scoreArrays({ artifact, expected, shapes });
    expect(score).toMatchObject({ field: 'line_items', expectedItems: 3, predictedItems: 3, pairs: 2, exactItems: 1, countRight: true, exactDocument: false });
    // quantity: Lens wrong (fp); Tripod's quantity is not expected (not scored); Cap is unpaired: its members are wrong.
    expect(score!.members).toEqual({ description: { tp: 2, fp: 1, fn: 1 }, quantity: { tp: 0, fp: 1, fn: 0 }, amount: { tp: 2, fp: 1, fn: 1 } });
    const [summary] = summarizeArrays([score]);
    expect(summary).toMatchObject({ precision: 2 / 3, recall: 2 / 3, exactness: 0.5, exactDocuments: 0 });
  });

  it('scores scalar items with any_of, an absent array as no items, and skips a missing key', () => {
    const expected = { parties: ['Acme Inc.', { any_of: ['Kite Pharma Inc.', 'Kite Pharma, Inc.'] }] };
    const [found] = scoreArrays({ artifact: artifactWith({ parties: ['ACME INC', 'Kite Pharma, Inc.'] }), expected, shapes });
    expect(found).toMatchObject({ pairs: 2, exactItems: 2, exactDocument: true });
    const [none] = scoreArrays({ artifact: artifactWith({}), expected, shapes });
    expect(none).toMatchObject({ pairs: 0, predictedItems: 0, members: { '(item)': { tp: 0, fp: 0, fn: 2 } } });
    expect(scoreArrays({ artifact: artifactWith({ parties: ['x'] }), expected: {}, shapes })).toEqual([]);
    const [empty] = scoreArrays({ artifact: artifactWith({ parties: ['x'] }), expected: { parties: null }, shapes });
    expect(empty).toMatchObject({ expectedItems: 0, predictedItems: 1, countRight: false, members: { '(item)': { fp: 1 } } });
  });
});
