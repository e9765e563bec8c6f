/**
 * Every error and diagnostic code Paxman emits, as one string union. Codes come from the
 * Python v1.0.2 inventory (§9), extended where the TypeScript design needs more
 * (noted inline). A code is part of the public contract: renaming one is a breaking change.
 */
export const ERROR_CODES = [
  // base and families
  'PAXMAN_ERROR',
  'INVALID_CONTRACT',
  'UNSUPPORTED_FIELD_TYPE',
  'INVALID_CONSTRAINT',
  'INVALID_PATH',
  'INVALID_SEMANTIC_TAG',
  'EXECUTION_ERROR',
  'CAPABILITY_ERROR',
  'INFERENCE_PROVIDER_ERROR',
  'BUDGET_EXCEEDED',
  'RECONCILIATION_ERROR',
  'CURRENCY_MISMATCH',
  'MISSING_FX_RATE',
  'INVALID_FX_RATE',
  'REPLAY_ERROR',
  'VERSION_MISMATCH',
  'HASH_MISMATCH',
  'SIGNATURE_INVALID',
  'AMENDMENT_INVALID', // extension: a review amendment or its chain does not verify
  'CAPABILITY_NOT_FOUND',
  'CONTRACT_MISMATCH', // extension: replay against a different contract
  'CONFIGURATION_ERROR',
  'INVALID_BUDGET',
  'INVALID_POLICY',
  'INVALID_KNOWLEDGE_PACK', // extension: a knowledge pack that does not validate
  'INVALID_INPUT', // extension: programmer error in an argument
  'INVALID_INPUT_PROFILE', // extension: InputProfile invariant violated
  'INVALID_MONEY', // extension: malformed amount or currency
  'INVALID_ARTIFACT', // extension: artifact JSON that does not parse or validate
  'INVALID_PLAN', // extension: plan JSON that does not parse or validate
  'ABORTED', // extension: run cancelled through an AbortSignal
  // detection / registry
  'ADAPTER_NOT_FOUND',
  'INVALID_ADAPTER',
  'ADAPTER_ALREADY_REGISTERED',
  'CAPABILITY_ALREADY_REGISTERED',
  'AMBIGUOUS_CONTRACT_FORMAT', // extension: several formats matched
  // Dict DSL
  'MISSING_CONTRACT_ID',
  'INVALID_VERSION',
  'MISSING_FIELDS',
  'EMPTY_FIELDS',
  'INVALID_FIELD',
  'MISSING_FIELD_NAME',
  'MISSING_TYPE',
  'UNKNOWN_FIELD_TYPE',
  'MISSING_REQUIRED_FLAG',
  'UNKNOWN_CONSTRAINT_KIND',
  'CONSTRAINT_PARAM_MISSING',
  'INVALID_REGEX_PATTERN',
  'DEFAULT_TYPE_MISMATCH',
  'MONEY_REQUIRES_CURRENCY',
  'INVALID_ISO_4217',
  'MISSING_ENUM_VALUES',
  'DUPLICATE_FIELD',
  'CONTRACT_TOO_LARGE',
  'INVALID_POLICY_KEY',
  'INVALID_CONFIDENCE_FLOOR',
  // JSON Schema / OpenAPI / Zod
  'INVALID_JSON',
  'UNSUPPORTED_JSON_SCHEMA_FEATURE',
  'INVALID_OPENAPI_DOCUMENT',
  'INVALID_OPENAPI_VERSION',
  'UNSUPPORTED_OPENAPI_FEATURE',
  'INVALID_REF',
  'UNSUPPORTED_ZOD_FEATURE', // extension
  // capabilities
  'UNSUPPORTED_CONTENT_TYPE',
  // reconciler
  'DUPLICATE_FIELD_ID',
  'UNKNOWN_FIELD_ID',
] as const;

/** A code carried by a `PaxmanError`. Adapters and capabilities may use any of these. */
export type ErrorCode = (typeof ERROR_CODES)[number];

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && (ERROR_CODES as readonly string[]).includes(value);
}
