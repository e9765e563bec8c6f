/** An argument has the wrong type or shape (a programmer error). Default code `INVALID_INPUT`. */
import { PaxmanError, type PaxmanErrorOptions } from './paxman-error.js';

export class InvalidInputError extends PaxmanError {
  constructor(message: string, options: PaxmanErrorOptions = {}) {
    super(message, options, 'INVALID_INPUT');
  }
}
