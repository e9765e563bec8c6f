/**
 * Contract-level policy in the Dict DSL: the keys of core's `PolicyInput` written in
 * snake_case. Unknown keys are `INVALID_POLICY_KEY`; value checks are core's
 * (`validatePolicyInput`), except the two codes the v1 DSL defined itself.
 */
import { POLICY_KEYS, type Policy } from '@paxman/core';

/** `confidence_floor` → `confidenceFloor`, for every policy key core knows. */
export const DSL_POLICY_KEYS: Readonly<Record<string, keyof Policy>> = Object.freeze(
  Object.fromEntries(POLICY_KEYS.map((key) => [toSnakeCase(key), key])),
);

/** `recordInferenceIO` → `record_inference_io`. */
export function toSnakeCase(camelCase: string): string {
  return camelCase
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1_$2')
    .toLowerCase();
}

/** The DSL key for a policy key. */
export function dslPolicyKey(key: keyof Policy): string {
  return Object.keys(DSL_POLICY_KEYS).find((dslKey) => DSL_POLICY_KEYS[dslKey] === key) ?? toSnakeCase(key);
}
