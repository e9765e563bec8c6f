/** Reconciliation could not complete. Default code `RECONCILIATION_ERROR`. */
import { ExecutionError } from './execution-error.js';
import type { PaxmanErrorOptions } from './paxman-error.js';

export class ReconciliationError extends ExecutionError {
  constructor(message: string, options: PaxmanErrorOptions = {}) {
    super(message, { code: 'RECONCILIATION_ERROR', ...options });
  }
}
