/** The artifact was produced by an incompatible Paxman, planner or artifact version. Default code `VERSION_MISMATCH`. */
import { ReplayError } from './replay-error.js';
import type { PaxmanErrorOptions } from './paxman-error.js';

export class VersionMismatchError extends ReplayError {
  constructor(message: string, options: PaxmanErrorOptions = {}) {
    super(message, { code: 'VERSION_MISMATCH', ...options });
  }
}
