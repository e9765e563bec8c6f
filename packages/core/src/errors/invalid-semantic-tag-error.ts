/** A semantic tag is not a lower-case kebab string. Default code `INVALID_SEMANTIC_TAG`. */
import { InvalidContractError } from './invalid-contract-error.js';
import type { PaxmanErrorOptions } from './paxman-error.js';

export class InvalidSemanticTagError extends InvalidContractError {
  constructor(message: string, options: PaxmanErrorOptions = {}) {
    super(message, { code: 'INVALID_SEMANTIC_TAG', ...options });
  }
}
