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
export { DEFAULT_CONFIDENCE_THRESHOLD, type ContractInput, type FieldInput, defineContract, defineField, flattenFields, resultFields } from './define-field.js';
export { validateContract, derivedReferences, FIELD_PATH_PATTERN, IDENTIFIER_PATTERN, MAX_FIELD_DEPTH, TAG_PATTERN } from './validator/validate-contract.js';
export { CONSTRAINT_KINDS, CONSTRAINT_FORMATS, CONSTRAINT_RULES, isConstraintKind } from './validator/constraint-rules.js';
export { isIsoDate } from './validator/default-rules.js';
export { re2CompileError } from '@paxman/core';
export { fingerprintContract, fingerprintPayload } from './fingerprint.js';
export { invalidContractError, assertValidContract } from './contract-error.js';
export { parseContractSource } from './parse-source.js';
export { encodeForSource, encodeFieldValue, numberToDecimalString } from './output-encoding.js';
export {
  type AdapterRegistry,
  type AdaptContractOptions,
  adaptContract,
  createAdapterRegistry,
  createDefaultAdapterRegistry,
  isCanonicalContract,
} from './registry.js';
