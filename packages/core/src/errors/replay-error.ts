/** An artifact cannot be replayed. Default code `REPLAY_ERROR`. */
import { PaxmanError, type PaxmanErrorOptions } from './paxman-error.js';

export class ReplayError extends PaxmanError {
  constructor(message: string, options: PaxmanErrorOptions = {}) {
    super(message, options, 'REPLAY_ERROR');
  }
}
