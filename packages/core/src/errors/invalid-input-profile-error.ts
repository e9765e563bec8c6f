/** An InputProfile violates one of its invariants. Default code `INVALID_INPUT_PROFILE`. */
import { PaxmanError, type PaxmanErrorOptions } from './paxman-error.js';

export class InvalidInputProfileError extends PaxmanError {
  constructor(message: string, options: PaxmanErrorOptions = {}) {
    super(message, options, 'INVALID_INPUT_PROFILE');
  }
}
