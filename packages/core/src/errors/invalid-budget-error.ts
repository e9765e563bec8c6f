/** A budget option is invalid (unknown key, negative, NaN, wrong type). Default code `INVALID_BUDGET`. */
import { ConfigurationError } from './configuration-error.js';
import type { PaxmanErrorOptions } from './paxman-error.js';

export class InvalidBudgetError extends ConfigurationError {
  constructor(message: string, options: PaxmanErrorOptions = {}) {
    super(message, { code: 'INVALID_BUDGET', ...options });
  }
}
