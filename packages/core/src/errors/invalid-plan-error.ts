/** Plan JSON does not parse or does not have the plan shape. Default code `INVALID_PLAN`. */
import { PaxmanError, type PaxmanErrorOptions } from './paxman-error.js';

export class InvalidPlanError extends PaxmanError {
  constructor(message: string, options: PaxmanErrorOptions = {}) {
    super(message, options, 'INVALID_PLAN');
  }
}
