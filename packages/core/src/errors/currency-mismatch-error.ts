/** Money amounts in different currencies were combined. Default code `CURRENCY_MISMATCH`. */
import { ReconciliationError } from './reconciliation-error.js';
import type { PaxmanErrorOptions } from './paxman-error.js';

export class CurrencyMismatchError extends ReconciliationError {
  constructor(message: string, options: PaxmanErrorOptions = {}) {
    super(message, { code: 'CURRENCY_MISMATCH', ...options });
  }
}
