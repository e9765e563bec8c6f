/**
 * A review amendment (or its chain) does not verify: its signature fails (a byte was
 * changed after signing), it names another artifact, it is out of its chain's order, a
 * link to the amendment before it is broken, or its value is not one the contract allows.
 * `context.index` is the amendment's position in the chain (from 0) and `context.reason`
 * one of `format`, `artifact`, `order`, `chain`, `signature`, `reviewer`, `field`,
 * `value`. Default code `AMENDMENT_INVALID`.
 */
import { ReplayError } from './replay-error.js';
import type { PaxmanErrorOptions } from './paxman-error.js';

export class AmendmentError extends ReplayError {
  constructor(message: string, options: PaxmanErrorOptions = {}) {
    super(message, { code: 'AMENDMENT_INVALID', ...options });
  }
}
