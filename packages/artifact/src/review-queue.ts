/**
 * Which fields of an artifact need a person: a required field left without a value, a
 * field the contract sends to a person (`REQUIRE_HUMAN`), a conflict between candidates,
 * and a value below its field's target confidence (the plan's threshold). The batch report
 * and the inspector list them, in the contract's order, as a review queue.
 */
import type { ExecutionArtifact } from './execution-artifact.js';

/** Why a field needs a person. */
export type ReviewReason = 'UNRESOLVED_REQUIRED' | 'REQUIRE_HUMAN' | 'CONFLICT' | 'BELOW_THRESHOLD';

/** A field waiting for a reviewer. */
export interface ReviewItem {
  readonly fieldPath: string;
  readonly reason: ReviewReason;
  readonly confidence: number;
  /** The field's target confidence, when the plan has one. */
  readonly threshold: number | null;
}

/**
 * The fields of an artifact that need a person, in the order of its field results (the
 * contract's); empty when none does.
 *
 * @example fieldsForReview(artifact) // [{ fieldPath: 'supplier_name', reason: 'UNRESOLVED_REQUIRED', confidence: 0, threshold: 0.8 }]
 */
export function fieldsForReview(artifact: ExecutionArtifact<unknown>): ReviewItem[] {
  const plans = new Map((artifact.plan?.fieldPlans ?? []).map((plan) => [plan.fieldPath, plan]));
  const items: ReviewItem[] = [];
  for (const [fieldPath, result] of Object.entries(artifact.fieldResults)) {
    const plan = plans.get(fieldPath);
    const threshold = plan?.targetConfidence ?? null;
    const item = (reason: ReviewReason): ReviewItem => ({ fieldPath, reason, confidence: result.confidence, threshold });
    if (result.requiresHuman || result.unresolvedReason === 'REQUIRE_HUMAN') items.push(item('REQUIRE_HUMAN'));
    else if (result.conflict !== null) items.push(item('CONFLICT'));
    else if (result.status === 'UNRESOLVED' || result.status === 'EXECUTION_FAILED') {
      if (plan?.required === true && !result.defaulted) items.push(item('UNRESOLVED_REQUIRED'));
    } else if (threshold !== null && result.confidence < threshold) items.push(item('BELOW_THRESHOLD'));
  }
  return items;
}
