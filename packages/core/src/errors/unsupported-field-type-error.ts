/** A contract field uses a type Paxman does not support. Default code `UNSUPPORTED_FIELD_TYPE`. */
import { InvalidContractError } from './invalid-contract-error.js';
import type { PaxmanErrorOptions } from './paxman-error.js';

export class UnsupportedFieldTypeError extends InvalidContractError {
  constructor(message: string, options: PaxmanErrorOptions = {}) {
    super(message, { code: 'UNSUPPORTED_FIELD_TYPE', ...options });
  }
}
