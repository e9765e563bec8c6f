/** A capability version named by a plan or artifact is not registered. Default code `CAPABILITY_NOT_FOUND`. */
import { ReplayError } from './replay-error.js';
import type { PaxmanErrorOptions } from './paxman-error.js';

export class CapabilityNotFoundError extends ReplayError {
  constructor(message: string, options: PaxmanErrorOptions = {}) {
    super(message, { code: 'CAPABILITY_NOT_FOUND', ...options });
  }
}
