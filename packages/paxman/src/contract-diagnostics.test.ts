/** Contract problems as diagnostics, and the identity a broken contract still states. */
import { InvalidContractError } from '@paxman/core';
import { describe, expect, it } from 'vitest';
import { contractDiagnostics, statedContractIdentity } from './contract-diagnostics.js';

describe('contract diagnostics', () => {
  it('gives one diagnostic per problem, with its code and path', () => {
    const error = new InvalidContractError('2 problems', {
      context: {
        problems: [
          { code: 'MISSING_TYPE', path: 'fields[0].type', message: 'Field has no type.' },
          { code: 'UNKNOWN_FIELD_TYPE', path: 'fields[1].type', message: 'DAYTIME is not a type.' },
        ],
      },
    });
    expect(contractDiagnostics(error)).toEqual([
      { code: 'MISSING_TYPE', severity: 'ERROR', stage: 'contract', message: 'Field has no type.', context: { path: 'fields[0].type' } },
      { code: 'UNKNOWN_FIELD_TYPE', severity: 'ERROR', stage: 'contract', message: 'DAYTIME is not a type.', context: { path: 'fields[1].type' } },
    ]);
  });

  it('keeps a single error without a problem list, and wraps a foreign error', () => {
    expect(contractDiagnostics(new InvalidContractError('No adapter.', { code: 'ADAPTER_NOT_FOUND' }))).toEqual([
      { code: 'ADAPTER_NOT_FOUND', severity: 'ERROR', stage: 'contract', message: 'No adapter.', context: { path: '' } },
    ]);
    expect(contractDiagnostics(new TypeError('boom'))[0]).toMatchObject({ code: 'INVALID_CONTRACT', message: 'boom' });
  });

  it('reads the stated id and version of an object, JSON or YAML contract when it can', () => {
    expect(statedContractIdentity({ id: 'invoice', version: 2, fields: 'x' })).toEqual({ id: 'invoice', version: '2' });
    expect(statedContractIdentity('id: invoice\nversion: "3"\nfields: 1\n')).toEqual({ id: 'invoice', version: '3' });
    expect(statedContractIdentity('{"openapi":"3.1.0","info":{"title":"Billing","version":"1.2.0"}}')).toEqual({ id: 'Billing', version: '1.2.0' });
    expect(statedContractIdentity('{not json')).toEqual({ id: null, version: null });
    expect(statedContractIdentity(42)).toEqual({ id: null, version: null });
  });
});
