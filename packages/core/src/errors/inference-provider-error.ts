/** A model provider failed (network, status, timeout, malformed response). Default code `INFERENCE_PROVIDER_ERROR`. */
import { CapabilityError } from './capability-error.js';
import type { PaxmanErrorOptions } from './paxman-error.js';

export class InferenceProviderError extends CapabilityError {
  constructor(message: string, options: PaxmanErrorOptions = {}) {
    super(message, { code: 'INFERENCE_PROVIDER_ERROR', ...options });
  }
}
