/** A capability failed; the executor turns it into a diagnostic. Default code `CAPABILITY_ERROR`. */
import { ExecutionError } from './execution-error.js';
import type { PaxmanErrorOptions } from './paxman-error.js';

export class CapabilityError extends ExecutionError {
  constructor(message: string, options: PaxmanErrorOptions = {}) {
    super(message, { code: 'CAPABILITY_ERROR', ...options });
  }
}
