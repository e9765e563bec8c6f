import { describe, expect, it } from 'vitest';
import { adaptContract } from '@paxman/contract';
import { type CandidateResult, type Evidence, mergePolicy } from '@paxman/core';
import { overallStatus } from './overall-status.js';
import { reconcile } from './reconcile.js';

const contract = adaptContract({
  id: 'records',
  version: '1',
  fields: [
    {
      name: 'line_items',
      type: 'ARRAY',
      required: false,
      fields: [
        { name: 'description', type: 'STRING', required: true },
        { name: 'quantity', type: 'DECIMAL', required: false },
        { name: 'amount', type: 'DECIMAL', required: true, constraints: [{ kind: 'max_value', params: { max: 1000 } }] },
      ],
    },
  ],
});
const policy = mergePolicy({}, {});
const span = (start: number) => [{ start, end: start + 2, layer: 'input' }];

function recordResult(items: Record<string, unknown>[], addsUp: boolean | null): CandidateResult {
  const evidence: Evidence[] = [];
  items.forEach((item, index) => {
    for (const member of Object.keys(item)) evidence.push({ id: `ev_${index}_${member}`, capability: 'record_reading@1.0.0', fieldPath: 'line_items', kind: 'RECORD_CELL', spans: span(index * 10), detail: { item: index, member, rowCheck: 'agrees' } });
  });
  evidence.push({ id: 'ev_set', capability: 'record_reading@1.0.0', fieldPath: 'line_items', kind: 'RECORD_CELL', spans: [], detail: { records: 'text-table', sum: '30', printedTotal: addsUp === false ? '40' : '30', addsUp } });
  return {
    fieldPath: 'line_items',
    candidates: [{ fieldPath: 'line_items', value: items as never, raw: '', capability: 'record_reading@1.0.0', tier: 1, evidenceIds: evidence.map((record) => record.id) }],
    evidence,
    diagnostics: [],
    steps: [],
    status: 'COMPLETED',
  };
}

function lineItems(result: CandidateResult) {
  return reconcile({ contract, candidateResults: [result], policy }).find((entry) => entry.fieldPath === 'line_items')!;
}

describe('reconciling record fields', () => {
  it('type-checks every member and gives each item and cell its evidence and confidence', () => {
    const result = lineItems(recordResult([{ description: 'Lens', quantity: '2', amount: '20.00' }, { description: 'Ring', quantity: '1', amount: '10' }], true));
    expect(result.status).toBe('SUCCESS');
    expect(result.value).toEqual([{ description: 'Lens', quantity: '2', amount: '20.00' }, { description: 'Ring', quantity: '1', amount: '10' }]);
    expect(result.items).toHaveLength(2);
    expect(result.items![0]!.members['description']!.evidenceIds).toEqual(['ev_0_description']);
    expect(result.evidenceIds).toContain('ev_set');
  });

  it('drops an item whose required member fails its type or constraint, and says so', () => {
    const result = lineItems(recordResult([{ description: 'Lens', amount: 'twenty' }, { description: 'Ring', amount: '5000' }, { description: 'Cap', quantity: 'x', amount: '3' }], true));
    expect(result.value).toEqual([{ description: 'Cap', amount: '3' }]);
    expect(result.diagnostics.filter((diagnostic) => diagnostic.code === 'RECORD_ITEM_DROPPED')).toHaveLength(3);
  });

  it('lowers the set and says RECORDS_DO_NOT_ADD_UP with both sums when the rows miss the printed total', () => {
    const items = [{ description: 'Lens', amount: '20' }, { description: 'Ring', amount: '10' }];
    const agreeing = lineItems(recordResult(items, true));
    const unchecked = lineItems(recordResult(items, null));
    const failing = lineItems(recordResult(items, false));
    expect(agreeing.confidence).toBeGreaterThan(unchecked.confidence);
    expect(failing.confidence).toBeLessThan(unchecked.confidence);
    expect(failing.confidence).toBeLessThan(0.8);
    const diagnostic = failing.diagnostics.find((entry) => entry.code === 'RECORDS_DO_NOT_ADD_UP');
    expect(diagnostic?.context).toMatchObject({ sumOfRows: '30', printedTotal: '40' });
    expect(agreeing.diagnostics.some((entry) => entry.code === 'RECORDS_DO_NOT_ADD_UP')).toBe(false);
  });

  it('reports the members of items in the array\'s items, never as unresolved fields of their own', () => {
    const results = reconcile({ contract, candidateResults: [recordResult([{ description: 'Lens', amount: '20' }], true)], policy });
    expect(results.map((result) => result.fieldPath)).toEqual(['line_items']);
    const none = reconcile({ contract, candidateResults: [], policy });
    expect(none.map((result) => `${result.fieldPath} ${result.status}`)).toEqual(['line_items UNRESOLVED']);
  });

  it('counts a required array as resolved by its items: its items\' required members are no required fields of their own', () => {
    const required = adaptContract({
      id: 'required-records',
      version: '1',
      fields: [{ name: 'line_items', type: 'ARRAY', required: true, fields: [{ name: 'description', type: 'STRING', required: true }, { name: 'amount', type: 'DECIMAL', required: true }] }],
    });
    const results = reconcile({ contract: required, candidateResults: [recordResult([{ description: 'Lens', amount: '20' }], true)], policy });
    expect(overallStatus(results, required, { unresolvedAcceptable: false })).toBe('SUCCESS');
    expect(overallStatus(reconcile({ contract: required, candidateResults: [], policy }), required, { unresolvedAcceptable: false })).toBe('UNRESOLVED');
  });

  it("grades rows a model quoted as single values it quoted: unlabelled, below the floor; the same rows from the page resolve", () => {
    const items = [{ description: 'Lens', amount: '20.00' }, { description: 'Ring', amount: '10' }];
    const evidence: Evidence[] = [];
    items.forEach((item, index) => {
      for (const member of Object.keys(item)) evidence.push({ id: `ev_m_${index}_${member}`, capability: 'inference_local@1.1.0', fieldPath: 'line_items', kind: 'INFERENCE', spans: span(index * 10), grounds: [{ kind: 'model-quote', quote: 'exact' }], detail: { item: index, member } });
    });
    const modelRows: CandidateResult = {
      fieldPath: 'line_items',
      candidates: [{ fieldPath: 'line_items', value: items as never, raw: '', capability: 'inference_local@1.1.0', tier: 5, evidenceIds: evidence.map((record) => record.id) }],
      evidence,
      diagnostics: [],
      steps: [],
      status: 'COMPLETED',
    };
    const fromModel = lineItems(modelRows);
    expect(fromModel.status).toBe('UNRESOLVED');
    expect(fromModel.items![0]!.members['amount']!.confidence).toBeLessThanOrEqual(0.79);
    expect(fromModel.confidence).toBeLessThan(0.8);
    const fromPage = lineItems(recordResult(items, true));
    expect(fromPage.status).toBe('SUCCESS');
    expect(fromPage.confidence).toBeGreaterThan(fromModel.confidence);
  });
});

