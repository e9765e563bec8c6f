/** The contract-source snapshot: it matches an object exactly while its JSON text would not change. */
import { describe, expect, it } from 'vitest';
import { matchesSnapshot, snapshotOf } from './source-snapshot.js';

const source = () => ({ id: 'c', version: '1', fields: { total: { type: 'MONEY', required: true, min: 0 }, tags: ['a', 'b'], note: null } });
const snapshotOfValue = (value: unknown) => snapshotOf(JSON.parse(JSON.stringify(value)));

describe('matchesSnapshot', () => {
  it('matches the object it was taken of, and an equal copy', () => {
    const value = source();
    const snapshot = snapshotOfValue(value);
    expect(matchesSnapshot(value, snapshot)).toBe(true);
    expect(matchesSnapshot(source(), snapshot)).toBe(true);
  });

  it('matches no object whose JSON text would differ', () => {
    const snapshot = snapshotOfValue(source());
    const changes: ((value: ReturnType<typeof source>) => void)[] = [
      (value) => { value.fields.total.required = false; },
      (value) => { value.fields.total.min = 1; },
      (value) => { value.fields.tags.push('c'); },
      (value) => { value.fields.tags.pop(); },
      (value) => { value.fields.tags[1] = 'c'; },
      (value) => { (value as Record<string, unknown>)['extra'] = 1; },
      (value) => { delete (value.fields as Record<string, unknown>)['note']; },
      (value) => { (value.fields as Record<string, unknown>)['note'] = 'x'; },
      (value) => { (value.fields as Record<string, unknown>)['note'] = undefined; },
      // Same members in another order: a different text (and, for fields, another field order).
      (value) => { const { id } = value; delete (value as Partial<typeof value>).id; (value as Record<string, unknown>)['id'] = id; },
      (value) => { (value as Record<string, unknown>)['toJSON'] = () => ({}); },
      (value) => { Object.setPrototypeOf(value.fields.total, { inherited: true }); },
      (value) => { (value.fields as Record<string, unknown>)['tags'] = { 0: 'a', 1: 'b' }; },
      (value) => { value.fields.total.min = Number.NaN; },
    ];
    for (const change of changes) {
      const value = source();
      change(value);
      expect(matchesSnapshot(value, snapshot)).toBe(false);
    }
  });

  it('matches no array with a hole', () => {
    const snapshot = snapshotOfValue([1, 2, 3]);
    const holed = [1, 2, 3];
    delete holed[1];
    expect(matchesSnapshot(holed, snapshot)).toBe(false);
  });
});
