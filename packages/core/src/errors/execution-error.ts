/** A run failed while executing its plan. Default code `EXECUTION_ERROR`. */
import { PaxmanError, type PaxmanErrorOptions } from './paxman-error.js';

export class ExecutionError extends PaxmanError {
  constructor(message: string, options: PaxmanErrorOptions = {}) {
    super(message, options, 'EXECUTION_ERROR');
  }
}
