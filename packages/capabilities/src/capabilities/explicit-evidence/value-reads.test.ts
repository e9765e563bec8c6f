import { describe, expect, it } from 'vitest';
import type { ReadValue } from '../shared/read-typed-value.js';
import { PLAN_VALUE_READS_LIMIT, type PlanValueReads, valueReads } from './value-reads.js';

const read = (value: string): ReadValue => ({ value, start: 0, end: value.length, ambiguous: false, detail: {} });

describe('valueReads', () => {
  it('keeps readings with the prepared plan for the next run that reads alike, null readings too', () => {
    const plan: PlanValueReads = { tables: new Map(), size: 0 };
    const first = valueReads(plan, new Map(), 'money', '{}');
    expect(first.get('', '12.00')).toBeUndefined();
    first.set('', '12.00', read('12.00'));
    first.set('EUR', 'n/a', null);
    const next = valueReads(plan, new Map(), 'money', '{}');
    expect(next.get('', '12.00')).toEqual(read('12.00'));
    expect(next.get('EUR', 'n/a')).toBeNull();
    expect(next.get('', 'n/a')).toBeUndefined();
    // Another way of reading, or other recognizer options, read afresh.
    expect(valueReads(plan, new Map(), 'date', '{}').get('', '12.00')).toBeUndefined();
    expect(valueReads(plan, new Map(), 'money', '{"defaultCurrency":"EUR"}').get('', '12.00')).toBeUndefined();
  });

  it('keeps a run its own readings without a prepared plan, or once the plan holds its limit', () => {
    const run = new Map();
    const alone = valueReads(undefined, run, 'money', '{}');
    alone.set('', '5', read('5'));
    expect(valueReads(undefined, run, 'money', '{}').get('', '5')).toEqual(read('5'));
    const full: PlanValueReads = { tables: new Map(), size: PLAN_VALUE_READS_LIMIT };
    const late = valueReads(full, run, 'money', '{}');
    late.set('', '6', read('6'));
    expect(full.size).toBe(PLAN_VALUE_READS_LIMIT);
    expect(late.get('', '6')).toEqual(read('6'));
    expect(valueReads(full, new Map(), 'money', '{}').get('', '6')).toBeUndefined();
  });
});
