/** Tests for the contract fingerprint: deterministic, blind to source metadata, sensitive to meaning. */
import { isSha256Hex } from '@paxman/core';
import { describe, expect, it } from 'vitest';
import { defineContract } from './define-field.js';
import { fingerprintContract } from './fingerprint.js';

const base = defineContract({
  id: 'invoice',
  fields: [
    { path: 'total', type: 'MONEY', numberEncoding: 'number' },
    { path: 'lines', type: 'ARRAY', itemType: 'OBJECT', fields: [{ path: 'lines[].amount', type: 'DECIMAL', numberEncoding: 'string' }] },
  ],
  source: { format: 'json-schema', formatVersion: '2020-12', schemaName: null },
});

describe('fingerprintContract', () => {
  it('is a sha256 hex string and deterministic', () => {
    expect(isSha256Hex(fingerprintContract(base))).toBe(true);
    expect(fingerprintContract(base)).toBe(fingerprintContract(structuredClone(base)));
  });

  it('ignores the source format and every number encoding, recursively', () => {
    const other = defineContract({
      id: 'invoice',
      fields: [
        { path: 'total', type: 'MONEY', numberEncoding: 'string' },
        { path: 'lines', type: 'ARRAY', itemType: 'OBJECT', fields: [{ path: 'lines[].amount', type: 'DECIMAL', numberEncoding: null }] },
      ],
      source: { format: 'dict-dsl', formatVersion: null, schemaName: null },
    });
    expect(fingerprintContract(other)).toBe(fingerprintContract(base));
  });

  it('does not depend on key order', () => {
    const reordered = JSON.parse(JSON.stringify(base, Object.keys(base).reverse()));
    expect(fingerprintContract({ ...reordered, ...base })).toBe(fingerprintContract(base));
  });

  it('changes with any semantic difference, including nested ones', () => {
    const fingerprint = fingerprintContract(base);
    expect(fingerprintContract({ ...base, version: '2' })).not.toBe(fingerprint);
    const nested = defineContract({ ...base, fields: [base.fields[0]!, { ...base.fields[1]!, fields: [{ ...base.fields[1]!.fields[0]!, required: true }] }] });
    expect(fingerprintContract(nested)).not.toBe(fingerprint);
  });
});
