import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from './error-codes.js';
import * as errors from './index.js';
import { PaxmanError } from './paxman-error.js';

describe('PaxmanError hierarchy', () => {
  it('gives every subclass its own name and default code, with context and cause', () => {
    const cause = new Error('root');
    const error = new errors.HashMismatchError('hash differs', { context: { expected: 'a', actual: 'b' }, cause });
    expect(error).toBeInstanceOf(errors.ReplayError);
    expect(error).toBeInstanceOf(PaxmanError);
    expect(error.name).toBe('HashMismatchError');
    expect(error.code).toBe('HASH_MISMATCH');
    expect(error.context).toEqual({ expected: 'a', actual: 'b' });
    expect(error.cause).toBe(cause);
    expect(error.toJSON()).toMatchObject({ code: 'HASH_MISMATCH', message: 'hash differs' });
  });

  it('lets adapters override the code', () => {
    const error = new errors.InvalidContractError('type missing', { code: 'MISSING_TYPE', context: { path: 'fields[0]' } });
    expect(error.code).toBe('MISSING_TYPE');
  });

  it('recognizes errors across package copies through a global marker', () => {
    const foreign = { [Symbol.for('paxman.error')]: true, code: 'PAXMAN_ERROR' };
    expect(PaxmanError.isInstance(foreign)).toBe(true);
    expect(PaxmanError.isInstance(new Error('x'))).toBe(false);
  });

  it('uses only known codes for defaults', () => {
    for (const [name, ErrorClass] of Object.entries(errors)) {
      if (typeof ErrorClass !== 'function' || !name.endsWith('Error')) continue;
      const instance = new (ErrorClass as new (message: string) => PaxmanError)('m');
      expect(ERROR_CODES).toContain(instance.code);
      expect(instance.name).toBe(name);
    }
  });
});
