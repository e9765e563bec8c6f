/** A knowledge pack is malformed (a missing id or version, an unknown syntax, a path that cannot be read). Code `INVALID_KNOWLEDGE_PACK`. */
import { ConfigurationError } from './configuration-error.js';
import type { PaxmanErrorOptions } from './paxman-error.js';

export class InvalidKnowledgePackError extends ConfigurationError {
  constructor(message: string, options: PaxmanErrorOptions = {}) {
    super(message, { code: 'INVALID_KNOWLEDGE_PACK', ...options });
  }
}
