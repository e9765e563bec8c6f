/**
 * The contract fingerprint: sha256 of the canonical JSON (RFC 8785) of a contract with
 * its source-format metadata removed — the contract's `source` and every field's
 * `numberEncoding`, recursively — so the same contract written in any supported format
 * has the same fingerprint, and any semantic difference changes it.
 */
import { canonicalHash } from '@paxman/core';
import type { CanonicalContract, CanonicalField } from './model.js';

/** The part of a field that enters the fingerprint (everything but `numberEncoding`). */
function semanticField(field: CanonicalField): Omit<CanonicalField, 'numberEncoding' | 'fields'> & { readonly fields: unknown[] } {
  const { numberEncoding: _numberEncoding, fields, ...rest } = field;
  return { ...rest, fields: fields.map(semanticField) };
}

/**
 * The semantic content of a contract: everything except `source` and each field's
 * `numberEncoding`. This is exactly what `fingerprintContract` hashes.
 */
export function fingerprintPayload(contract: CanonicalContract): unknown {
  const { source: _source, fields, ...rest } = contract;
  return { ...rest, fields: fields.map(semanticField) };
}

/**
 * Deterministic fingerprint of a contract (64 lowercase hex characters).
 * @example fingerprintContract(defineContract({ id: 'invoice', fields: [{ path: 'total', type: 'MONEY' }] }))
 */
export function fingerprintContract(contract: CanonicalContract): string {
  return canonicalHash(fingerprintPayload(contract));
}
