/**
 * The planner and executor with the real V1 capabilities on a small text invoice: steps
 * get real configs, `validation` sees earlier candidates, `derived` sees resolved fields,
 * and a remote-call cap of 0 changes nothing for deterministic steps.
 */
import { describe, expect, it } from 'vitest';
import { type FieldScorer, sha256Hex } from '@paxman/core';
import { defineContract } from '@paxman/contract';
import { createDefaultCapabilities } from '@paxman/capabilities';
import { createCapabilityRegistry } from '@paxman/capability-spi';
import { buildDocument } from '@paxman/document';
import { plan } from '@paxman/planner';
import { run } from '@paxman/executor';

const invoiceText = ['ACME Supplies Ltd', 'Invoice No.: INV-1001', 'Invoice date: 2024-03-15', '', 'Subtotal: 100.00 EUR', 'VAT: 20.00 EUR', 'Total due: 120.00 EUR', ''].join('\n');

const contract = defineContract({
  id: 'invoice',
  fields: [
    { path: 'invoice_number', type: 'STRING', required: true },
    { path: 'invoice_date', type: 'DATE', required: true },
    { path: 'total', type: 'MONEY', required: true, derived: { expression: 'subtotal + tax' } },
    { path: 'subtotal', type: 'MONEY' },
    { path: 'tax', type: 'MONEY', labels: ['VAT'] },
  ],
});

// A stand-in rubric: one candidate value found by a labelled capability is enough.
const scoreField: FieldScorer = ({ candidates }) => (candidates.length > 0 && new Set(candidates.map((candidate) => JSON.stringify(candidate.value))).size === 1 ? 0.9 : 0.4);

describe('run with the V1 capabilities', () => {
  it('plans real configs and runs the chain end to end', async () => {
    const registry = createCapabilityRegistry(createDefaultCapabilities());
    const profile = { inputType: 'text', size: Buffer.byteLength(invoiceText), contentHash: sha256Hex(invoiceText), density: 0.8, isEmpty: false } as const;
    const executionPlan = plan({ contract, profile, registry, budget: { maxRemoteInferenceCalls: 0 } });
    expect(executionPlan.fieldPlans.map((fieldPlan) => fieldPlan.fieldPath)).toEqual(['invoice_number', 'invoice_date', 'subtotal', 'tax', 'total']);
    const total = executionPlan.fieldPlans.find((fieldPlan) => fieldPlan.fieldPath === 'total')!;
    expect(total.steps.map((step) => step.capability)).toContain('derived@1.0.0');
    expect(total.steps.every((step) => step.tier <= 4)).toBe(true);

    const document = await buildDocument(invoiceText);
    const { results } = await run({ plan: executionPlan, contract, document, registry, scoreField, budget: { maxRemoteInferenceCalls: 0 } });
    expect(results.map((result) => result.status)).toEqual(['COMPLETED', 'COMPLETED', 'COMPLETED', 'COMPLETED', 'COMPLETED']);
    const byPath = Object.fromEntries(results.map((result) => [result.fieldPath, result]));
    expect(byPath['invoice_number']!.candidates[0]!.value).toBe('INV-1001');
    expect(byPath['invoice_date']!.candidates[0]!.value).toBe('2024-03-15');
    expect(byPath['subtotal']!.candidates[0]!.value).toEqual({ amount: '100.00', currency: 'EUR' });
    expect(results.flatMap((result) => result.diagnostics).filter((diagnostic) => diagnostic.severity === 'ERROR')).toEqual([]);
  });
});

describe('run with the V1 capabilities, whole chain', () => {
  it('derived sees the resolved operands and validation sees the earlier candidates', async () => {
    const registry = createCapabilityRegistry(createDefaultCapabilities());
    const profile = { inputType: 'text', size: Buffer.byteLength(invoiceText), contentHash: sha256Hex(invoiceText), density: 0.8, isEmpty: false } as const;
    const executionPlan = plan({ contract, profile, registry, policy: { earlyStop: false } });
    const document = await buildDocument(invoiceText);
    const { results } = await run({ plan: executionPlan, contract, document, registry, scoreField });
    const total = results.find((result) => result.fieldPath === 'total')!;
    const kinds = new Set(total.evidence.map((evidence) => evidence.kind));
    expect(kinds.has('DERIVED')).toBe(true);
    expect(total.steps.find((step) => step.capability === 'derived@1.0.0')!.outcome).toBe('RAN');
    const values = total.candidates.map((candidate) => candidate.value);
    expect(values).toContainEqual({ amount: '120.00', currency: 'EUR' });
  });
});
