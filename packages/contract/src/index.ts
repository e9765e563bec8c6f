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
