/** The contract cannot be adapted or fails validation. `context.errors` may list every problem. Default code `INVALID_CONTRACT`. */
import { PaxmanError, type PaxmanErrorOptions } from './paxman-error.js';

export class InvalidContractError extends PaxmanError {
  constructor(message: string, options: PaxmanErrorOptions = {}) {
    super(message, options, 'INVALID_CONTRACT');
  }
}
