/** Tests of the artifact status rule (ARCHITECTURE §8). */
import { defineContract } from '@paxman/contract';
import { describe, expect, it } from 'vitest';
import { overallStatus } from './overall-status.js';
import type { FieldStatus, ResolvedResult } from './resolved-result.js';

const contract = defineContract({
  id: 's',
  fields: [
    { path: 'a', type: 'STRING', required: true },
    { path: 'b', type: 'STRING', required: true },
    { path: 'c', type: 'STRING' },
    { path: 'o', type: 'OBJECT', fields: [{ path: 'o.x', type: 'STRING', required: true }] },
  ],
});

function results(statuses: Record<string, FieldStatus>): ResolvedResult[] {
  return Object.entries(statuses).map(([fieldPath, status]) => ({
    fieldPath,
    status,
    value: status === 'UNRESOLVED' ? null : 'v',
    confidence: status === 'SUCCESS' ? 0.9 : 0.5,
    band: status === 'SUCCESS' ? 'HIGH' : 'LOW',
    evidenceIds: [],
    diagnostics: [],
    defaulted: false,
    requiresHuman: false,
    unresolvedReason: status === 'UNRESOLVED' ? 'NO_CANDIDATE' : null,
    conflict: null,
  }));
}

describe('overallStatus', () => {
  const strict = { unresolvedAcceptable: false };
  const lenient = { unresolvedAcceptable: true };

  it('is SUCCESS when every required field is SUCCESS; optional fields never demote', () => {
    expect(overallStatus(results({ a: 'SUCCESS', b: 'SUCCESS', c: 'UNRESOLVED', o: 'UNRESOLVED', 'o.x': 'UNRESOLVED' }), contract, strict)).toBe('SUCCESS');
  });

  it('is PARTIAL_SUCCESS when required fields are resolved but some only partially', () => {
    expect(overallStatus(results({ a: 'SUCCESS', b: 'PARTIAL_SUCCESS' }), contract, strict)).toBe('PARTIAL_SUCCESS');
  });

  it('is UNRESOLVED when no required field is resolved, whatever the policy', () => {
    expect(overallStatus(results({ a: 'UNRESOLVED', b: 'EXECUTION_FAILED', c: 'SUCCESS' }), contract, lenient)).toBe('UNRESOLVED');
  });

  it('is UNRESOLVED when a required field is unresolved, unless the policy accepts that', () => {
    const mixed = results({ a: 'SUCCESS', b: 'UNRESOLVED' });
    expect(overallStatus(mixed, contract, strict)).toBe('UNRESOLVED');
    expect(overallStatus(mixed, contract, lenient)).toBe('PARTIAL_SUCCESS');
  });

  it('with no required field: SUCCESS when something resolved, else UNRESOLVED', () => {
    const optional = defineContract({ id: 'o', fields: [{ path: 'c', type: 'STRING' }] });
    expect(overallStatus(results({ c: 'SUCCESS' }), optional, strict)).toBe('SUCCESS');
    expect(overallStatus(results({ c: 'UNRESOLVED' }), optional, strict)).toBe('UNRESOLVED');
  });
});
