/**
 * Base of every error Paxman throws: a string `code`, structured `context` and an
 * optional `cause`. `PaxmanError.isInstance` recognizes errors from any copy of this
 * package (it checks a global marker symbol, not the prototype chain).
 */
import type { JsonValue } from '../json.js';
import type { ErrorCode } from './error-codes.js';

const MARKER = Symbol.for('paxman.error');

export interface PaxmanErrorOptions {
  /** Overrides the class's default code (adapters use specific codes such as `MISSING_TYPE`). */
  readonly code?: ErrorCode;
  /** Structured facts about the failure: paths, values, limits. JSON only. */
  readonly context?: Readonly<Record<string, JsonValue>>;
  readonly cause?: unknown;
}

export class PaxmanError extends Error {
  readonly [MARKER] = true;
  readonly code: ErrorCode;
  readonly context: Readonly<Record<string, JsonValue>>;

  constructor(message: string, options: PaxmanErrorOptions = {}, defaultCode: ErrorCode = 'PAXMAN_ERROR') {
    super(message.length > 0 ? message : defaultCode, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = new.target.name;
    this.code = options.code ?? defaultCode;
    this.context = Object.freeze({ ...(options.context ?? {}) });
  }

  /** True for any Paxman error, including one thrown by another copy of the package. */
  static isInstance(value: unknown): value is PaxmanError {
    return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[MARKER] === true;
  }

  /** Plain JSON form, for diagnostics and CLI output. */
  toJSON(): { name: string; code: ErrorCode; message: string; context: Readonly<Record<string, JsonValue>> } {
    return { name: this.name, code: this.code, message: this.message, context: this.context };
  }
}
