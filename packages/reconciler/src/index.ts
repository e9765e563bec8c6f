/** @paxman/reconciler — `reconcile()`: truth resolution and calibrated confidence. */
export type { ConflictRecord, FieldStatus, ItemResult, ResolvedResult, UnresolvedReason } from './resolved-result.js';
export { isRecordField, reconcileRecords } from './records.js';
export { type ReconcileInput, reconcile } from './reconcile.js';
export type { DocumentContext } from '@paxman/values';
export { type ScoreFieldInput, type ScoreFieldOptions, type RunFieldScorer, createFieldScorer, scoreField } from './field-scorer.js';
export { overallStatus, effectivelyRequiredPaths } from './overall-status.js';
export { type ValueEvidence, valueConfidence, findingStrength } from './confidence.js';
export { type ConstraintFailure, checkConstraints } from './constraints.js';
export { parseCandidateValue } from './parse-value.js';
export { injectionPhrase } from './injection.js';
export * as rubric from './rubric.js';
