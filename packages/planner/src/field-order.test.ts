/** Field order helpers: dependency extraction and the stable topological order. */
import { describe, expect, it } from 'vitest';
import { expressionDependencies, orderByDependencies } from './field-order.js';

describe('expressionDependencies', () => {
  it('finds the contract paths an expression names, nested ones included', () => {
    const known = new Set(['subtotal', 'tax', 'totals.net', 'items[].amount', 'total']);
    expect(expressionDependencies('(subtotal + tax) * 1 - totals.net', known)).toEqual(['subtotal', 'tax', 'totals.net']);
    expect(expressionDependencies('items[].amount + unknown_field', known)).toEqual(['items[].amount']);
  });
});

describe('orderByDependencies', () => {
  const entries = ['a', 'b', 'c', 'd'];
  it('keeps the given order when nothing depends on anything', () => {
    expect(orderByDependencies(entries, (entry) => entry, () => [])).toEqual({ ordered: entries, cycle: [] });
  });

  it('moves a dependent after its dependencies and leaves everything else in place', () => {
    const dependencies: Record<string, string[]> = { a: ['d'], c: ['b'] };
    expect(orderByDependencies(entries, (entry) => entry, (entry) => dependencies[entry] ?? []).ordered).toEqual(['b', 'c', 'd', 'a']);
  });

  it('ignores unknown and self dependencies, and reports a cycle without losing an entry', () => {
    const dependencies: Record<string, string[]> = { a: ['b', 'zzz'], b: ['a'], c: ['c'] };
    const result = orderByDependencies(entries, (entry) => entry, (entry) => dependencies[entry] ?? []);
    expect(result.ordered).toEqual(['c', 'd', 'a', 'b']);
    expect(result.cycle).toEqual(['a']);
  });
});
