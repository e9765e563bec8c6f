/**
 * The logger interface Paxman writes to. The default is silent: a library does not
 * print. Raw input is never logged unless `policy.logRawInput` is set.
 */
import type { JsonValue } from './json.js';

export interface Logger {
  debug(message: string, context?: Readonly<Record<string, JsonValue>>): void;
  info(message: string, context?: Readonly<Record<string, JsonValue>>): void;
  warn(message: string, context?: Readonly<Record<string, JsonValue>>): void;
  error(message: string, context?: Readonly<Record<string, JsonValue>>): void;
}

const ignore = (): void => undefined;

export const silentLogger: Logger = Object.freeze({ debug: ignore, info: ignore, warn: ignore, error: ignore });
