/** An instance, budget or policy option is invalid. Default code `CONFIGURATION_ERROR`. */
import { PaxmanError, type PaxmanErrorOptions } from './paxman-error.js';

export class ConfigurationError extends PaxmanError {
  constructor(message: string, options: PaxmanErrorOptions = {}) {
    super(message, options, 'CONFIGURATION_ERROR');
  }
}
