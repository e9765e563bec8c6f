/**
 * The artifact status from the field results (ARCHITECTURE §8): SUCCESS when every
 * required field is SUCCESS; UNRESOLVED when no required field is resolved, or when some
 * is not and the policy does not accept unresolved fields; PARTIAL_SUCCESS otherwise.
 * Optional fields never demote. A nested field counts as required only when it and all
 * its ancestors are required (a required member of an optional object is not); the members
 * of an array's items are no fields of their own.
 */
import type { CanonicalContract, CanonicalField } from '@paxman/contract';
import type { Policy, Status } from '@paxman/core';
import type { ResolvedResult } from './resolved-result.js';

/** Paths of the fields that are required all the way from the root. */
export function effectivelyRequiredPaths(fields: readonly CanonicalField[]): string[] {
  const paths: string[] = [];
  const visit = (list: readonly CanonicalField[]): void => {
    for (const field of list) {
      if (!field.required) continue;
      paths.push(field.path);
      // A required member of an array's items is checked item by item (an item without it is dropped).
      if (field.type !== 'ARRAY') visit(field.fields);
    }
  };
  visit(fields);
  return paths;
}


function isResolved(result: ResolvedResult | undefined): boolean {
  return result !== undefined && (result.status === 'SUCCESS' || result.status === 'PARTIAL_SUCCESS');
}

/**
 * The overall status of a run. With no required field at all, the run is SUCCESS when
 * some field resolved and UNRESOLVED when none did.
 * @example overallStatus(results, contract, policy) // 'PARTIAL_SUCCESS'
 */
export function overallStatus(results: readonly ResolvedResult[], contract: CanonicalContract, policy: Pick<Policy, 'unresolvedAcceptable'>): Extract<Status, 'SUCCESS' | 'PARTIAL_SUCCESS' | 'UNRESOLVED'> {
  const byPath = new Map<string, ResolvedResult>();
  for (const result of results) byPath.set(result.fieldPath, result);
  const required = effectivelyRequiredPaths(contract.fields).map((path) => byPath.get(path));
  if (required.length === 0) return results.some(isResolved) ? 'SUCCESS' : 'UNRESOLVED';
  if (required.every((result) => result?.status === 'SUCCESS')) return 'SUCCESS';
  if (!required.some(isResolved)) return 'UNRESOLVED';
  if (!required.every(isResolved) && !policy.unresolvedAcceptable) return 'UNRESOLVED';
  return 'PARTIAL_SUCCESS';
}
