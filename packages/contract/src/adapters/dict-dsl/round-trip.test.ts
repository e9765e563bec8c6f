/** Property tests: every valid canonical contract survives Dict DSL export → adapt unchanged, and any input adapts or fails with a typed error. */
import { fc, test } from '@fast-check/vitest';
import { InvalidContractError, isErrorCode } from '@paxman/core';
import { describe, expect, it } from 'vitest';
import { arbitraryContract } from '../../../test/arbitrary-contract.js';
import { contractArbitrary } from '../json-schema/contract-arbitrary.js';
import { fingerprintContract, fingerprintPayload } from '../../fingerprint.js';
import { validateContract } from '../../validator/validate-contract.js';
import { adaptDictDsl, exportDictDsl } from './index.js';

describe('Dict DSL round trip', () => {
  test.prop([arbitraryContract], { numRuns: 200 })('export → JSON → adapt keeps the fingerprint and every semantic member', (contract) => {
    expect(validateContract(contract)).toEqual([]);
    const text = JSON.stringify(exportDictDsl(contract));
    const adapted = adaptDictDsl(JSON.parse(text));
    expect(fingerprintPayload(adapted)).toEqual(fingerprintPayload(contract));
    expect(fingerprintContract(adapted)).toBe(fingerprintContract(contract));
    // and from then on it is a fixed point, source included
    expect(adaptDictDsl(exportDictDsl(adapted))).toEqual(adapted);
  }, 60_000);

  test.prop([contractArbitrary()], { numRuns: 40 })('also for the JSON Schema adapter\'s arbitrary', (contract) => {
    // Compared by fingerprint (canonical JSON): this arbitrary may produce -0, which JSON writes as 0.
    const adapted = adaptDictDsl(JSON.parse(JSON.stringify(exportDictDsl(contract))));
    expect(fingerprintContract(adapted)).toBe(fingerprintContract(contract));
  }, 60_000);

  it('the arbitrary is not trivial', () => {
    const samples = fc.sample(arbitraryContract, { numRuns: 50, seed: 7 });
    const types = new Set(samples.flatMap((contract) => contract.fields.map((field) => field.type)));
    expect(types.size).toBeGreaterThanOrEqual(7);
  });
});

describe('Dict DSL on arbitrary input', () => {
  const anyJson = fc.jsonValue({ maxDepth: 4 });
  const nearlyValidField = fc.record({
    name: fc.oneof(fc.constantFrom('a', 'b', 'total', '1x', ''), anyJson),
    type: fc.oneof(fc.constantFrom('STRING', 'ENUM', 'MONEY', 'OBJECT', 'ARRAY', 'DATE', 'decimal'), anyJson),
    required: fc.oneof(fc.boolean(), anyJson),
    constraints: fc.oneof(fc.array(fc.record({ kind: fc.oneof(fc.constantFrom('pattern', 'enum', 'min_value', 'min_length'), anyJson), params: anyJson }, { requiredKeys: ['kind'] })), anyJson),
    default: anyJson,
    enum_values: anyJson,
    fields: anyJson,
    items: anyJson,
    derived: anyJson,
    lookup: anyJson,
  }, { requiredKeys: ['name', 'type', 'required'] });
  const source = fc.oneof(anyJson, fc.record({ id: fc.oneof(fc.constant('c'), anyJson), version: anyJson, fields: fc.oneof(fc.array(nearlyValidField, { maxLength: 4 }), anyJson), policy: anyJson }, { requiredKeys: ['id', 'fields'] }));

  test.prop([source], { numRuns: 300 })('adapts to a valid contract or throws one InvalidContractError listing problems, never anything else', (input) => {
    let contract;
    try {
      contract = adaptDictDsl(input);
    } catch (error) {
      expect(error).toBeInstanceOf(InvalidContractError);
      const problems = (error as InvalidContractError).context.problems as unknown as { code: string; path: string; message: string }[];
      expect(problems.length).toBeGreaterThan(0);
      for (const problem of problems) expect(isErrorCode(problem.code)).toBe(true);
      return;
    }
    expect(validateContract(contract)).toEqual([]);
  }, 60_000);
});
