/**
 * `reconcile()`: one ResolvedResult for every field of the contract that has a result of
 * its own (`resultFields`: nested fields included, the members of an array's items left
 * to their array's `items`), in depth-first declaration order. Scalar fields are resolved from their own
 * candidates; an OBJECT with no value of its own is assembled from its resolved members
 * (its confidence is that of its weakest required member). The output depends only on
 * the inputs, never on the order of candidates or results.
 */
import { isReadItemByItem, isRecordField, reconcileRecords } from './records.js';
import type { RunFieldScorer } from './field-scorer.js';
import { type CanonicalContract, type CanonicalField, flattenFields, resultFields } from '@paxman/contract';
import { type CandidateResult, type Diagnostic, type JsonValue, type Policy, ReconciliationError, compareStrings } from '@paxman/core';
import type { DocumentContext } from '@paxman/values';
import { assessField, finishField, type FieldAssessment } from './reconcile-field.js';
import { assembledResult, type ResolvedResult } from './resolved-result.js';

export interface ReconcileInput {
  readonly contract: CanonicalContract;
  /** The executor's results, at most one per field path. */
  readonly candidateResults: readonly CandidateResult[];
  /** The effective policy (from the plan). */
  readonly policy: Policy;
  readonly documentContext?: Partial<DocumentContext> | undefined;
  /** The run's early-stop scorer: a field whose final assessment it holds is not assessed again. */
  readonly scored?: Pick<RunFieldScorer, 'finalAssessment'>;
}

/**
 * Resolves every field of the contract.
 * @throws ReconciliationError (`DUPLICATE_FIELD_ID`) when two results name the same field,
 * (`UNKNOWN_FIELD_ID`) when a result names a field the contract does not have.
 */
export function reconcile(input: ReconcileInput): ResolvedResult[] {
  const { contract, candidateResults, policy, documentContext } = input;
  // Every declared path may carry candidates (a member of items too); only result fields are reported.
  const declared = new Set(flattenFields(contract.fields).map((field) => field.path));
  const byPath = new Map<string, CandidateResult>();
  for (const result of candidateResults) {
    if (!declared.has(result.fieldPath)) {
      throw new ReconciliationError(`Candidate result for "${result.fieldPath}", which contract ${contract.id} does not declare.`, { code: 'UNKNOWN_FIELD_ID', context: { fieldPath: result.fieldPath } });
    }
    if (byPath.has(result.fieldPath)) {
      throw new ReconciliationError(`Two candidate results for "${result.fieldPath}".`, { code: 'DUPLICATE_FIELD_ID', context: { fieldPath: result.fieldPath } });
    }
    byPath.set(result.fieldPath, result);
  }
  const context = { policy, documentContext };
  const resolved = new Map<string, ResolvedResult>();
  const resolveTree = (field: CanonicalField): ResolvedResult => {
    // The members of an array's items are reconciled item by item with their array, not on their own.
    const members = field.type === 'ARRAY' ? [] : field.fields.map(resolveTree);
    const candidates = byPath.get(field.path);
    if ((isRecordField(field) || isReadItemByItem(field, candidates)) && (candidates?.candidates.length ?? 0) > 0) {
      const records = reconcileRecords(field, candidates, policy);
      resolved.set(field.path, records);
      return records;
    }
    const assessment = (candidates === undefined ? undefined : input.scored?.finalAssessment(field.path)) ?? assessField(field, candidates, context);
    const result = field.type === 'OBJECT' && !assessment.hasValue && members.length > 0 ? assembleObject(field, assessment, members, policy) : finishField(field, assessment, policy);
    resolved.set(field.path, result);
    return result;
  };
  for (const field of contract.fields) resolveTree(field);
  return resultFields(contract.fields).map((field) => resolved.get(field.path)!);
}

function isResolved(result: ResolvedResult): boolean {
  return result.status === 'SUCCESS' || result.status === 'PARTIAL_SUCCESS';
}

/** An OBJECT value built from its members when no capability proposed the whole object. */
function assembleObject(field: CanonicalField, assessment: FieldAssessment, members: readonly ResolvedResult[], policy: Policy): ResolvedResult {
  const memberFields = new Map(field.fields.map((member) => [member.path, member]));
  const resolvedMembers = members.filter(isResolved);
  if (resolvedMembers.length === 0) return finishField(field, assessment, policy);
  const value: Record<string, JsonValue> = {};
  for (const member of resolvedMembers) value[memberFields.get(member.fieldPath)!.name] = member.value;
  const counted = members.filter((member) => memberFields.get(member.fieldPath)!.required || isResolved(member));
  const missing = members.filter((member) => memberFields.get(member.fieldPath)!.required && !isResolved(member)).map((member) => member.fieldPath);
  const confidence = missing.length > 0 ? 0 : Math.min(...counted.map((member) => member.confidence));
  const evidenceIds = [...new Set(resolvedMembers.flatMap((member) => member.evidenceIds))].sort(compareStrings);
  const diagnostics: Diagnostic[] = [
    {
      code: 'OBJECT_ASSEMBLED',
      severity: 'INFO',
      stage: 'reconcile',
      fieldPath: field.path,
      message: `Assembled from ${resolvedMembers.length} resolved member(s)${missing.length > 0 ? `; required member(s) unresolved: ${missing.join(', ')}` : ''}.`,
      context: { fieldPath: field.path, missing },
    },
  ];
  if (missing.length === 0 && confidence >= field.confidenceThreshold) {
    return assembledResult(field.path, policy, { value, confidence, evidenceIds, diagnostics });
  }
  const belowThreshold: FieldAssessment = { ...assessment, hasValue: true, value, confidence, confidenceBeforeConflict: confidence, evidenceIds, diagnostics: [...assessment.diagnostics, ...diagnostics] };
  return finishField(field, belowThreshold, policy);
}
