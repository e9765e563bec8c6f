/** The README's example, kept true. */
import { defineContract } from '@paxman/contract';
import { createPolicy } from '@paxman/core';
import { describe, expect, it } from 'vitest';
import { createFieldScorer, overallStatus, reconcile } from './index.js';

describe('README example', () => {
  it('resolves an uncontested labelled EUR total to SUCCESS / CERTAIN', () => {
    const contract = defineContract({ id: 'invoice', fields: [{ path: 'total', type: 'MONEY', required: true }] });
    const policy = createPolicy();
    const results = reconcile({
      contract,
      policy,
      documentContext: { dominantCurrency: 'EUR' },
      candidateResults: [
        {
          fieldPath: 'total',
          status: 'COMPLETED',
          steps: [],
          diagnostics: [],
          candidates: [{ fieldPath: 'total', value: { amount: '811.88', currency: 'EUR' }, raw: '811,88 €', capability: 'explicit_evidence@1.0.0', tier: 1, evidenceIds: ['e1'] }],
          evidence: [{ id: 'e1', capability: 'explicit_evidence@1.0.0', fieldPath: 'total', kind: 'EXACT_LABEL', spans: [{ start: 120, end: 128, layer: 'input' }], label: 'Total' }],
        },
      ],
    });
    expect(results[0]).toMatchObject({ status: 'SUCCESS', value: { amount: '811.88', currency: 'EUR' }, confidence: 0.984, band: 'CERTAIN' });
    expect(overallStatus(results, contract, policy)).toBe('SUCCESS');
    expect(typeof createFieldScorer(contract, policy).score).toBe('function');
  });
});
