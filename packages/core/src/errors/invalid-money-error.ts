/** An amount or currency code is malformed. Default code `INVALID_MONEY`. */
import { PaxmanError, type PaxmanErrorOptions } from './paxman-error.js';

export class InvalidMoneyError extends PaxmanError {
  constructor(message: string, options: PaxmanErrorOptions = {}) {
    super(message, options, 'INVALID_MONEY');
  }
}
