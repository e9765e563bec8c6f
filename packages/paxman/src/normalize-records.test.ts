/**
 * An ARRAY field read record by record through the real pipeline (the README's demo
 * invoice): its items are in `fieldResults.line_items.items` with their cells' evidence,
 * the members of its items are no fields of their own (no UNRESOLVED `line_items[].amount`
 * entry, no count of them), the status is computed from the result fields, and the
 * artifact replays — also under a contract that makes the array required.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { computeReplayHash } from '@paxman/artifact';
import { afterAll, describe, expect, it } from 'vitest';
import { createPaxman } from './create-paxman.js';

const root = resolve(import.meta.dirname, '../../..');
const contract = JSON.parse(readFileSync(resolve(root, 'examples/invoice-contract.json'), 'utf8')) as { fields: { name: string; required: boolean }[] };
const text = new Uint8Array(readFileSync(resolve(root, 'examples/invoice-northwind.txt')));

const px = createPaxman();
afterAll(() => px.close());

describe('an array of records through normalize and replay', { timeout: 60_000 }, () => {
  it('reports the demo invoice\'s rows in the array\'s items, not as unresolved member fields, and replays', async () => {
    const artifact = await px.normalize(text, { contract });
    expect(Object.keys(artifact.fieldResults).filter((path) => path.includes('[]'))).toEqual([]);
    const lineItems = artifact.fieldResults['line_items']!;
    expect(lineItems.status).toBe('SUCCESS');
    expect(lineItems.items).toHaveLength(3);
    const cell = lineItems.items![0]!.members['amount']!;
    const evidence = artifact.evidence.find((record) => record.id === cell.evidenceIds[0])!;
    expect(evidence.kind).toBe('RECORD_CELL');
    expect(evidence.text).toContain('1,014.00');
    const counters = artifact.statistics.counters;
    expect(counters.totalFields).toBe(contract.fields.length);
    expect(counters.resolvedFields + counters.partialFields + counters.unresolvedFields).toBe(counters.totalFields);
    expect(artifact.unresolvedFields).toEqual([]);
    expect(artifact.status).toBe('SUCCESS');
    await expect(px.replay(JSON.parse(JSON.stringify(artifact)), { contract })).resolves.toBeDefined();
  });

  it('is SUCCESS with a required array whose items have required members, and replays', async () => {
    const required = { ...contract, policy: { unresolved_acceptable: false }, fields: contract.fields.map((field) => (field.name === 'line_items' ? { ...field, required: true } : field)) };
    const artifact = await px.normalize(text, { contract: required });
    expect(artifact.status).toBe('SUCCESS');
    expect(artifact.plan?.fieldPlans.some((plan) => plan.fieldPath === 'line_items' && plan.required)).toBe(true);
    await expect(px.replay(JSON.parse(JSON.stringify(artifact)), { contract: required })).resolves.toBeDefined();
  });

  it('refuses an artifact that lists a member of items as a field of its own', async () => {
    const artifact = JSON.parse(JSON.stringify(await px.normalize(text, { contract })));
    artifact.fieldResults['line_items[].amount'] = { ...artifact.fieldResults['subtotal'], value: null, status: 'UNRESOLVED', evidenceIds: [], diagnostics: [] };
    artifact.replayHash = computeReplayHash(artifact);
    await expect(px.replay(artifact, { contract })).rejects.toThrow(/line_items\[\]\.amount/);
  });
});

describe('receipt item lines without a header, through normalize', { timeout: 60_000 }, () => {
  const receipt = (total: string) =>
    new TextEncoder().encode(`REWE Markt GmbH
Domstr. 20, 50668 Köln
15.03.2024 14:32

BIO BANANE              1,29 B
MILCH 1,5%              1,98 B
  2 Stk x 0,99
SMIRNOFF VODKA 0,7L    12,99 A
BROT                    2,49 B
--------------------------------
SUMME           EUR    ${total}
Geg. EC-Cash    EUR    ${total}
`);
  const receiptContract = { ...contract, fields: contract.fields.filter((field) => field.name === 'line_items' || field.name === 'total_amount') };

  it('returns each printed item with its cells, the quantity line joined to its item, and a total that is no item', async () => {
    const artifact = await px.normalize(receipt('18,75'), { contract: receiptContract });
    const items = artifact.normalizedData['line_items'] as { description: string; quantity?: string; amount: { amount: string } }[];
    expect(items.map((item) => item.description)).toEqual(['BIO BANANE', 'MILCH 1,5%', 'SMIRNOFF VODKA 0,7L', 'BROT']);
    expect(items[1]).toMatchObject({ quantity: '2', amount: { amount: '1.98' } });
    expect((artifact.normalizedData['total_amount'] as { amount: string }).amount).toBe('18.75');
    const lineItems = artifact.fieldResults['line_items']!;
    expect(lineItems.status).toBe('SUCCESS');
    const cell = lineItems.items![2]!.members['amount']!;
    expect(artifact.evidence.find((record) => record.id === cell.evidenceIds[0])?.text).toBe('12,99');
    await expect(px.replay(JSON.parse(JSON.stringify(artifact)), { contract: receiptContract })).resolves.toBeDefined();
  });

  it('lowers the item set and says so when the items do not reach the printed sum', async () => {
    const adds = await px.normalize(receipt('18,75'), { contract: receiptContract });
    const short = await px.normalize(receipt('20,75'), { contract: receiptContract });
    expect(short.fieldResults['line_items']!.confidence).toBeLessThan(adds.fieldResults['line_items']!.confidence);
    expect(JSON.stringify(short.fieldResults['line_items']!.diagnostics)).toContain('RECORDS_DO_NOT_ADD_UP');
  });
});
