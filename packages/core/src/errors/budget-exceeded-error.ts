/** A budget cap was exceeded. Default code `BUDGET_EXCEEDED`. */
import { ExecutionError } from './execution-error.js';
import type { PaxmanErrorOptions } from './paxman-error.js';

export class BudgetExceededError extends ExecutionError {
  constructor(message: string, options: PaxmanErrorOptions = {}) {
    super(message, { code: 'BUDGET_EXCEEDED', ...options });
  }
}
