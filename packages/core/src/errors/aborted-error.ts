/** The run was cancelled through its AbortSignal. Default code `ABORTED`. */
import { PaxmanError, type PaxmanErrorOptions } from './paxman-error.js';

export class AbortedError extends PaxmanError {
  constructor(message: string, options: PaxmanErrorOptions = {}) {
    super(message, options, 'ABORTED');
  }
}
