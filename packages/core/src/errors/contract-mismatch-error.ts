/** The contract given for replay is not the one the artifact was produced with. Default code `CONTRACT_MISMATCH`. */
import { ReplayError } from './replay-error.js';
import type { PaxmanErrorOptions } from './paxman-error.js';

export class ContractMismatchError extends ReplayError {
  constructor(message: string, options: PaxmanErrorOptions = {}) {
    super(message, { code: 'CONTRACT_MISMATCH', ...options });
  }
}
