import { describe, expect, it } from 'vitest';
import { defineContract, flattenFields, resultFields } from './define-field.js';

const contract = defineContract({
  id: 'nested',
  fields: [
    { path: 'total', type: 'MONEY' },
    { path: 'line_items', type: 'ARRAY', itemType: 'OBJECT', fields: [{ path: 'line_items[].description', type: 'STRING' }, { path: 'line_items[].amount', type: 'MONEY' }] },
    { path: 'tags', type: 'ARRAY', itemType: 'STRING' },
    { path: 'buyer', type: 'OBJECT', fields: [{ path: 'buyer.name', type: 'STRING' }] },
  ],
});

describe('the fields of a contract', () => {
  it('flattenFields lists every field, the members of array items included', () => {
    expect(flattenFields(contract.fields).map((field) => field.path)).toEqual(['total', 'line_items', 'line_items[].description', 'line_items[].amount', 'tags', 'buyer', 'buyer.name']);
  });

  it('resultFields leaves out the members of array items: they are results of their array\'s items', () => {
    expect(resultFields(contract.fields).map((field) => field.path)).toEqual(['total', 'line_items', 'tags', 'buyer', 'buyer.name']);
  });
});
