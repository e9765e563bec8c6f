/**
 * One money reading (issue "One job per package"): the amounts that the reconciler's own
 * parser and the recognizers used to read differently — `₦500.00`, `zł 12,50`, `¥1,000`
 * (currency null, or a failure, on one side) — now go through `@paxman/values` on both
 * paths. The capability path (a labelled value in a document, read by explicit_evidence)
 * and the reconciler path (a raw candidate value it re-parses) give one answer.
 */
import { defineContract } from '@paxman/contract';
import { parseCandidateValue } from '@paxman/reconciler';
import { parseValue } from '@paxman/values';
import { normalize } from 'paxman';
import { describe, expect, it } from 'vitest';

const contract = defineContract({ id: 'money', fields: [{ path: 'total_amount', type: 'MONEY', required: true }] });
const field = contract.fields[0]!;

// Amounts keep the scale the document writes.
const CASES: readonly (readonly [string, { amount: string; currency: string | null }])[] = [
  ['₦500.00', { amount: '500.00', currency: 'NGN' }],
  ['zł 12,50', { amount: '12.50', currency: 'PLN' }],
  ['¥1,000', { amount: '1000', currency: 'JPY' }],
  ['1.234,56 €', { amount: '1234.56', currency: 'EUR' }],
  ['USD 1,234.50', { amount: '1234.50', currency: 'USD' }],
  ['(12.00)', { amount: '-12.00', currency: null }],
];

describe('one money reading for the capabilities and the reconciler', () => {
  it.each(CASES)('%s', async (text, expected) => {
    // The capability path: the recognizer reads the cell (the reconciler keeps a parsed value as it is).
    const viaCapability = parseValue('MONEY', text)?.value;
    // The reconciler path: a raw text candidate (a model's answer) it reads itself.
    const viaReconciler = parseCandidateValue(field, text, text);
    expect(viaReconciler.ok).toBe(true);
    expect(viaReconciler.ok ? viaReconciler.value : null).toEqual(viaCapability);
    expect(viaReconciler.ok ? viaReconciler.value : null).toEqual(expected);
    // And a document that prints it gives the same value through the whole pipeline.
    const artifact = await normalize(`Invoice 7\nTotal: ${text}\n`, { contract: { id: 'money', fields: [{ name: 'total_amount', type: 'MONEY', required: true }] } });
    const resolved = artifact.fieldResults['total_amount']!;
    if (resolved.value !== null) expect(resolved.value).toEqual(expected);
  });

  it('refuses a sign it cannot place rather than dropping it', () => {
    const outcome = parseCandidateValue(field, '-7,5', '-7,5');
    if (outcome.ok) expect(outcome.value).toEqual({ amount: '-7.5', currency: null });
  });
});
