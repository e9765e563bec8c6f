/** An FX rate is not a positive decimal. Default code `INVALID_FX_RATE`. */
import { ReconciliationError } from './reconciliation-error.js';
import type { PaxmanErrorOptions } from './paxman-error.js';

export class InvalidFxRateError extends ReconciliationError {
  constructor(message: string, options: PaxmanErrorOptions = {}) {
    super(message, { code: 'INVALID_FX_RATE', ...options });
  }
}
