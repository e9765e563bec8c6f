/** The artifact content does not match its replay hash: it was changed after it was produced. Default code `HASH_MISMATCH`. */
import { ReplayError } from './replay-error.js';
import type { PaxmanErrorOptions } from './paxman-error.js';

export class HashMismatchError extends ReplayError {
  constructor(message: string, options: PaxmanErrorOptions = {}) {
    super(message, { code: 'HASH_MISMATCH', ...options });
  }
}
