/** The fields of an artifact that need a person, by reason, in the contract's order. */
import { describe, expect, it } from 'vitest';
import { fieldsForReview } from './review-queue.js';
import { sampleArtifact } from './__fixtures__/sample-run.js';

describe('fieldsForReview', () => {
  it('lists unresolved required fields and values below their threshold, nothing else', () => {
    // invoice_date: PARTIAL_SUCCESS at 0.72 under the target 0.8; purchase_order and buyer are optional; currency_code defaulted.
    expect(fieldsForReview(sampleArtifact())).toEqual([{ fieldPath: 'invoice_date', reason: 'BELOW_THRESHOLD', confidence: 0.72, threshold: 0.8 }]);
  });

  it('puts REQUIRE_HUMAN and conflicts first in their field, and a required field without a value', () => {
    const artifact = sampleArtifact();
    const results = { ...artifact.fieldResults };
    results['total_amount'] = { ...results['total_amount']!, requiresHuman: true };
    results['invoice_date'] = { ...results['invoice_date']!, status: 'UNRESOLVED', value: null, unresolvedReason: 'CONFLICT', conflict: { values: [], reason: 'two dates' } as never };
    const plan = artifact.plan === null ? null : { ...artifact.plan, fieldPlans: artifact.plan.fieldPlans.map((entry) => (entry.fieldPath === 'buyer.name' ? { ...entry, required: true } : entry)) };
    results['buyer.name'] = { ...results['buyer.name']!, status: 'UNRESOLVED', value: null, unresolvedReason: 'NO_CANDIDATE' };
    const items = fieldsForReview({ ...artifact, plan, fieldResults: results });
    expect(items.find((item) => item.fieldPath === 'total_amount')?.reason).toBe('REQUIRE_HUMAN');
    expect(items.find((item) => item.fieldPath === 'invoice_date')?.reason).toBe('CONFLICT');
    expect(items.find((item) => item.fieldPath === 'buyer.name')?.reason).toBe('UNRESOLVED_REQUIRED');
    expect(items).toHaveLength(3);
  });
});
