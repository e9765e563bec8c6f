import { EvidenceKind } from '@paxman/core';
import { defineContract } from '@paxman/contract';
import { buildDocument } from '@paxman/document';
import { recordKnowledge } from '@paxman/knowledge';
import { describe, expect, it } from 'vitest';
import { runCapability, spansSliceBack } from '../__fixtures__/run-capability.js';
import { bindMember, configureRecordReading, createRecordReadingCapability } from './record-reading.js';

const capability = createRecordReadingCapability();
const contract = defineContract({
  id: 'c',
  fields: [
    { path: 'total', type: 'MONEY' },
    {
      path: 'line_items',
      type: 'ARRAY',
      itemType: 'OBJECT',
      fields: [
        { path: 'line_items[].description', type: 'STRING', required: true },
        { path: 'line_items[].qty', type: 'DECIMAL' },
        { path: 'line_items[].unitPrice', type: 'MONEY' },
        { path: 'line_items[].amount', type: 'DECIMAL', required: true },
        { path: 'line_items[].colour', type: 'STRING' },
      ],
    },
    { path: 'tags', type: 'ARRAY', itemType: 'STRING', fields: [{ path: 'tags[]', type: 'STRING' }] },
  ],
});
const field = (path: string) => contract.fields.flatMap((entry) => [entry, ...entry.fields]).find((entry) => entry.path === path)!;

const INVOICE = `Description                 Qty   Unit price     Amount
Achromatic lens 50 mm        12    EUR 84.50   1,014.00
Mounting ring, anodised      12    EUR 12.25     147.00
                                   Subtotal:   1,161.00
`;

describe('record_reading', () => {
  it('binds members to column concepts by name (snake or camel case) and leaves unknown members unbound', () => {
    const knowledge = recordKnowledge();
    expect(bindMember(field('line_items[].qty'), knowledge)).toBe('quantity');
    expect(bindMember(field('line_items[].unitPrice'), knowledge)).toBe('unit_price');
    expect(bindMember(field('line_items[].amount'), knowledge)).toBe('line_amount');
    expect(bindMember(field('line_items[].colour'), knowledge)).toBeNull();
  });

  it('configures top-level arrays of objects only', () => {
    expect(configureRecordReading(field('line_items'))).toHaveProperty('config');
    expect(configureRecordReading(field('tags'))).toHaveProperty('skip');
    expect(configureRecordReading(field('total'))).toHaveProperty('skip');
  });

  it('proposes the whole array, each cell its own evidence with its item and member', async () => {
    const document = await buildDocument(INVOICE, { inputType: 'text' });
    const result = await runCapability(capability, contract, 'line_items', document);
    expect(result.candidates).toHaveLength(1);
    expect(result.candidates[0]!.value).toEqual([
      { description: 'Achromatic lens 50 mm', qty: '12', unitPrice: { amount: '84.50', currency: document.context.dominantCurrency }, amount: '1014.00' },
      { description: 'Mounting ring, anodised', qty: '12', unitPrice: { amount: '12.25', currency: document.context.dominantCurrency }, amount: '147.00' },
    ]);
    const cells = result.evidence.filter((record) => record.kind === EvidenceKind.RECORD_CELL && record.detail?.['member'] !== undefined);
    expect(cells).toHaveLength(8);
    expect(cells.find((record) => record.detail?.['item'] === 1 && record.detail?.['member'] === 'amount')?.text).toBe('147.00');
    expect(result.evidence.find((record) => record.detail?.['records'] !== undefined)?.detail).toMatchObject({ addsUp: true, sum: '1161', printedTotal: '1161.00' });
    expect(spansSliceBack(result, document)).toBe(true);
  });

  it('proposes nothing for a document without a record set', async () => {
    const document = await buildDocument('Invoice 12\nTotal: 12.00\n', { inputType: 'text' });
    const result = await runCapability(capability, contract, 'line_items', document);
    expect(result.candidates).toEqual([]);
  });
});
