/** A constraint is malformed or does not fit its field type. Default code `INVALID_CONSTRAINT`. */
import { InvalidContractError } from './invalid-contract-error.js';
import type { PaxmanErrorOptions } from './paxman-error.js';

export class InvalidConstraintError extends InvalidContractError {
  constructor(message: string, options: PaxmanErrorOptions = {}) {
    super(message, { code: 'INVALID_CONSTRAINT', ...options });
  }
}
