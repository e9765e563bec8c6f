/** A field path is malformed or duplicated. Default code `INVALID_PATH`. */
import { InvalidContractError } from './invalid-contract-error.js';
import type { PaxmanErrorOptions } from './paxman-error.js';

export class InvalidPathError extends InvalidContractError {
  constructor(message: string, options: PaxmanErrorOptions = {}) {
    super(message, { code: 'INVALID_PATH', ...options });
  }
}
