/** Artifact JSON does not parse or does not have the artifact shape. Default code `INVALID_ARTIFACT`. */
import { PaxmanError, type PaxmanErrorOptions } from './paxman-error.js';

export class InvalidArtifactError extends PaxmanError {
  constructor(message: string, options: PaxmanErrorOptions = {}) {
    super(message, options, 'INVALID_ARTIFACT');
  }
}
