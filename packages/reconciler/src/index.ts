/** @paxman/reconciler — `reconcile()`: truth resolution and calibrated confidence. */
export type { ConflictRecord, FieldStatus, ResolvedResult, UnresolvedReason } from './resolved-result.js';
