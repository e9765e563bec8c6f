/**
 * @paxman/contract — the canonical contract model, its validator, the adapter registry
 * with format detection, and the adapters (subpath exports).
 */
export type {
  CanonicalContract,
  CanonicalField,
  Constraint,
  ConstraintKind,
  ContractSource,
  DerivedRelation,
  EnumValue,
  LookupSpec,
  NumberEncoding,
} from './model.js';
export type { AdaptOptions, ContractAdapter, ContractProblem } from './adapter.js';
export { DEFAULT_CONFIDENCE_THRESHOLD, type ContractInput, type FieldInput, defineContract, defineField, flattenFields } from './define-field.js';
