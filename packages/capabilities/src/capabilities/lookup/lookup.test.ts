import { EvidenceKind, type JsonValue } from '@paxman/core';
import { defineContract } from '@paxman/contract';
import { describe, expect, it } from 'vitest';
import { buildDocument } from '@paxman/document';
import type { ResolvedFieldValue } from '@paxman/capability-spi';
import { runCapability, spansSliceBack } from '../__fixtures__/run-capability.js';
import { configureLookup, createLookupCapability } from './lookup.js';

const capability = createLookupCapability();
const contract = defineContract({
  id: 'c',
  fields: [
    { path: 'supplier_name', type: 'STRING' },
    { path: 'supplier_vat_id', type: 'STRING', lookup: { table: 'suppliers', keyField: 'supplier_name' } },
    { path: 'country', type: 'STRING', lookup: { table: 'inline', keyField: '@document', entries: { 'Globex GmbH': 'DE', 'ACME Corp': 'US' } } },
    { path: 'payment_days', type: 'INTEGER', lookup: { table: 'terms', keyField: 'payment_terms', entries: { 'Net 30': 30, 'Net 60': 60 } } },
  ],
});
const tables = { suppliers: { 'ACME Corp': 'US123', 'Globex GmbH': 'DE999', 'Société Générale': 'FR42' } };

function resolved(values: Record<string, JsonValue>): ReadonlyMap<string, ResolvedFieldValue> {
  return new Map(Object.entries(values).map(([path, value]) => [path, { path, value, evidenceIds: [] }]));
}

describe('lookup', () => {
  it.each([
    ['ACME Corp', 'exact'],
    ['acme corp', 'case-insensitive'],
    ['ACME  Corp.', 'normalized'],
    ['societe generale', 'normalized'],
  ])('looks up %s (%s match)', async (key, match) => {
    const document = await buildDocument('', { inputType: 'text' });
    const result = await runCapability(capability, contract, 'supplier_vat_id', document, { resolved: resolved({ supplier_name: key }), tables });
    expect(result.candidates).toHaveLength(1);
    expect(result.evidence[0]).toMatchObject({ kind: EvidenceKind.LOOKUP, detail: { table: 'suppliers', match } });
  });

  it('finds a table key printed in the document', async () => {
    const document = await buildDocument('Invoice from Globex GmbH, Berlin\n', { inputType: 'text' });
    const result = await runCapability(capability, contract, 'country', document);
    expect(result.candidates.map((candidate) => candidate.value)).toEqual(['DE']);
    expect(result.evidence[0]?.text).toBe('Globex GmbH');
    expect(spansSliceBack(result, document)).toBe(true);
  });

  it('converts values to the field type and reports a missing table', async () => {
    const document = await buildDocument('', { inputType: 'text' });
    const days = await runCapability(capability, contract, 'payment_days', document, { resolved: resolved({ payment_terms: 'net 30' }) });
    expect(days.candidates[0]?.value).toBe(30);
    const missing = await runCapability(capability, contract, 'supplier_vat_id', document, { resolved: resolved({ supplier_name: 'ACME Corp' }) });
    expect(missing.candidates).toEqual([]);
    expect(missing.diagnostics.map((diagnostic) => diagnostic.code)).toEqual(['LOOKUP_TABLE_MISSING']);
    const unknown = await runCapability(capability, contract, 'supplier_vat_id', document, { resolved: resolved({ supplier_name: 'Initech' }), tables });
    expect(unknown.candidates).toEqual([]);
  });

  it('skips fields without a lookup', () => {
    expect(configureLookup(contract.fields[0]!)).toHaveProperty('skip');
  });
});
