/**
 * Argument checks and input encoding for `normalize`. Wrong argument types are
 * programmer errors (`InvalidInputError`); a string becomes UTF-8 (lone surrogates as
 * U+FFFD) and a JSON-compatible value becomes indented JSON text, the bytes every later
 * stage — and every evidence span — refers to.
 */
import { InvalidInputError, canonicalJson, isPlainObject } from '@paxman/core';

const encoder = new TextEncoder();

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'object') return (value as object).constructor?.name ?? 'object';
  return typeof value;
}

/** The bytes of a normalize input. */
export function inputToBytes(input: unknown): Uint8Array {
  if (typeof input === 'string') return encoder.encode(input);
  if (input instanceof Uint8Array) {
    // A Node Buffer (or other subclass) is viewed as a plain Uint8Array: parsers such as
    // pdf.js refuse Buffers, and Buffer#slice shares memory where Uint8Array#slice copies.
    return Object.getPrototypeOf(input) === Uint8Array.prototype ? input : new Uint8Array(input.buffer, input.byteOffset, input.byteLength);
  }
  if (isPlainObject(input) || Array.isArray(input)) {
    // Rejects values with no JSON form (functions, bigints, non-finite numbers) with a typed error.
    canonicalJson(input);
    return encoder.encode(JSON.stringify(input, null, 2));
  }
  throw new InvalidInputError(`normalize expects a string, a Uint8Array or a plain JSON object, got ${kindOf(input)}.`, { context: { received: kindOf(input) } });
}

/** Checks the options object of `normalize`/`replay`. */
export function checkOptions(name: 'normalize' | 'replay' | 'prepare', options: unknown): void {
  if (!isPlainObject(options)) {
    throw new InvalidInputError(`${name} expects an options object with a contract, got ${kindOf(options)}.`, { context: { received: kindOf(options) } });
  }
  if (options['contract'] === undefined || options['contract'] === null) {
    throw new InvalidInputError(`${name} needs options.contract (a Dict DSL, JSON Schema, OpenAPI or Zod contract).`, { context: { missing: 'contract' } });
  }
  for (const key of ['format', 'schemaName'] as const) {
    if (options[key] !== undefined && typeof options[key] !== 'string') {
      throw new InvalidInputError(`${name} options.${key} must be a string.`, { context: { key } });
    }
  }
  const signal = options['signal'];
  if (signal !== undefined && !(signal instanceof AbortSignal)) {
    throw new InvalidInputError(`${name} options.signal must be an AbortSignal.`, { context: { key: 'signal' } });
  }
}
