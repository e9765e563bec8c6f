/** A currency conversion needs a rate that the policy does not provide. Default code `MISSING_FX_RATE`. */
import { ReconciliationError } from './reconciliation-error.js';
import type { PaxmanErrorOptions } from './paxman-error.js';

export class MissingFxRateError extends ReconciliationError {
  constructor(message: string, options: PaxmanErrorOptions = {}) {
    super(message, { code: 'MISSING_FX_RATE', ...options });
  }
}
