/**
 * The early-stop scorer: the confidence a field would get from what its chain found so
 * far, computed by the very same assessment as `reconcile` (so the executor stops
 * exactly when the reconciler would resolve the field). A strong conflict scores at most
 * the conflict ceiling, so it never stops a chain early. The executor consults it through
 * core's typed `RunScorer` and says when a field's chain ends.
 */
import { type CanonicalContract, type CanonicalField, flattenFields } from '@paxman/contract';
import type { Candidate, Diagnostic, Evidence, Policy, RunScorer, StepRecord } from '@paxman/core';
import type { DocumentContext } from '@paxman/values';
import { type FieldAssessment, type FieldContext, assessField } from './reconcile-field.js';

/** The empty lists of the chain-so-far result a score assesses (never written to). */
const NO_DIAGNOSTICS: readonly Diagnostic[] = Object.freeze([]);
const NO_STEPS: readonly StepRecord[] = Object.freeze([]);

export interface ScoreFieldInput {
  readonly fieldPath: string;
  readonly candidates: readonly Candidate[];
  readonly evidence: readonly Evidence[];
}

export interface ScoreFieldOptions {
  readonly contract: CanonicalContract;
  readonly policy: Policy;
  readonly documentContext?: Partial<DocumentContext> | undefined;
}


/**
 * Confidence of the value the field would resolve to now (0 when nothing usable, or for
 * a path the contract does not declare).
 * @example scoreField({ fieldPath: 'total', candidates, evidence }, { contract, policy }) // 0.93
 */
export function scoreField(input: ScoreFieldInput, options: ScoreFieldOptions): number {
  const field = flattenFields(options.contract.fields).find((candidate) => candidate.path === input.fieldPath);
  return scoreKnownField(field, input, options);
}

function scoreKnownField(field: CanonicalField | undefined, input: ScoreFieldInput, options: ScoreFieldOptions): number {
  if (field === undefined) return 0;
  const assessment = assessField(
    field,
    { fieldPath: input.fieldPath, candidates: input.candidates, evidence: input.evidence, diagnostics: [], steps: [], status: 'COMPLETED' },
    { policy: options.policy, documentContext: options.documentContext },
  );
  return assessment.hasValue ? assessment.confidence : 0;
}

/**
 * The run's early-stop scorer (core's `RunScorer`) that also hands each field's final
 * assessment to the reconciler (`reconcile({ scored })`), so a field scored after its last
 * step is not assessed a second time. It lives as long as one run.
 */
export interface RunFieldScorer extends RunScorer {
  /**
   * The assessment the executor declared final for the field (`chainEnded(path, true)`: the
   * last score saw everything its chain found), if it had a value.
   */
  finalAssessment(fieldPath: string): FieldAssessment | undefined;
}

/** `scoreField` bound to a contract and policy, in the shape the executor takes. */
export function createFieldScorer(contract: CanonicalContract, policy: Policy, documentContext?: Partial<DocumentContext>): RunFieldScorer {
  // The contract's fields are indexed once for the run.
  const fields = new Map(flattenFields(contract.fields).map((field) => [field.path, field]));
  // The latest assessment of each field, and those the executor declared final.
  const latest = new Map<string, FieldAssessment>();
  const final = new Map<string, FieldAssessment>();
  // What every field's assessment is given besides its candidates: the same for the whole run.
  const context: FieldContext = { policy, documentContext };
  return {
    score(input: ScoreFieldInput): number {
      const field = fields.get(input.fieldPath);
      if (field === undefined) return 0;
      const assessment = assessField(field, { fieldPath: input.fieldPath, candidates: input.candidates, evidence: input.evidence, diagnostics: NO_DIAGNOSTICS, steps: NO_STEPS, status: 'COMPLETED' }, context);
      // Only an assessment with a value: without one, the empty reason depends on the rest of the result.
      if (assessment.hasValue) latest.set(input.fieldPath, assessment);
      else latest.delete(input.fieldPath);
      return assessment.hasValue ? assessment.confidence : 0;
    },
    chainEnded(fieldPath: string, scoredFinal: boolean): void {
      const assessment = latest.get(fieldPath);
      if (scoredFinal && assessment !== undefined) final.set(fieldPath, assessment);
      else final.delete(fieldPath);
      latest.delete(fieldPath);
    },
    finalAssessment(fieldPath: string): FieldAssessment | undefined {
      return final.get(fieldPath);
    },
  };
}
