/** A policy option is invalid (unknown key, out of range, wrong type). Default code `INVALID_POLICY`. */
import { ConfigurationError } from './configuration-error.js';
import type { PaxmanErrorOptions } from './paxman-error.js';

export class InvalidPolicyError extends ConfigurationError {
  constructor(message: string, options: PaxmanErrorOptions = {}) {
    super(message, { code: 'INVALID_POLICY', ...options });
  }
}
