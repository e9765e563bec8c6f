/** An artifact's signature is missing, malformed, made with another key, or does not verify. Default code `SIGNATURE_INVALID`. */
import { ReplayError } from './replay-error.js';
import type { PaxmanErrorOptions } from './paxman-error.js';

export class SignatureError extends ReplayError {
  constructor(message: string, options: PaxmanErrorOptions = {}) {
    super(message, { code: 'SIGNATURE_INVALID', ...options });
  }
}
