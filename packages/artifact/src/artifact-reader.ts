/**
 * Small validating readers for artifact JSON: each checks one shape at a JSON path and
 * throws `InvalidArtifactError` naming the path, what was expected and what was found.
 */
import { InvalidArtifactError, isPlainObject } from '@paxman/core';

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return `the string ${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)}`;
  if (typeof value === 'number' || typeof value === 'boolean') return `${typeof value} ${String(value)}`;
  return typeof value;
}

export function fail(path: string, expected: string, value: unknown): never {
  throw new InvalidArtifactError(`Invalid artifact at ${path}: expected ${expected}, got ${describe(value)}.`, { context: { path, expected } });
}

/** An object with exactly the required keys (plus any of the optional ones). */
export function readObject(value: unknown, path: string, keys: readonly string[], optionalKeys: readonly string[] = []): Record<string, unknown> {
  if (!isPlainObject(value)) fail(path, 'an object', value);
  for (const key of Object.keys(value)) {
    if (!keys.includes(key) && !optionalKeys.includes(key)) {
      throw new InvalidArtifactError(`Invalid artifact at ${path}: unknown key "${key}".`, { context: { path, key } });
    }
  }
  for (const key of keys) {
    if (!(key in value)) throw new InvalidArtifactError(`Invalid artifact at ${path}: missing key "${key}".`, { context: { path, key } });
  }
  return value;
}

export function readRecord(value: unknown, path: string): Record<string, unknown> {
  if (!isPlainObject(value)) fail(path, 'an object', value);
  return value;
}

export function readString(value: unknown, path: string): string {
  if (typeof value !== 'string') fail(path, 'a string', value);
  return value;
}

export function readNullableString(value: unknown, path: string): string | null {
  return value === null ? null : readString(value, path);
}

export function readBoolean(value: unknown, path: string): boolean {
  if (typeof value !== 'boolean') fail(path, 'a boolean', value);
  return value;
}

export function readNumber(value: unknown, path: string, check: (number: number) => boolean = Number.isFinite, expected = 'a finite number'): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || !check(value)) fail(path, expected, value);
  return value;
}

export function readCount(value: unknown, path: string): number {
  return readNumber(value, path, (number) => Number.isSafeInteger(number) && number >= 0, 'a non-negative integer');
}

export function readArray(value: unknown, path: string): readonly unknown[] {
  if (!Array.isArray(value)) fail(path, 'an array', value);
  return value;
}

export function readOneOf<T extends string>(value: unknown, path: string, allowed: readonly T[]): T {
  if (typeof value !== 'string' || !(allowed as readonly string[]).includes(value)) fail(path, `one of ${allowed.join(', ')}`, value);
  return value as T;
}

/**
 * Checks that a value is JSON data (null, strings, booleans, finite numbers, arrays and
 * plain objects of them) without copying it; the path of the first offending value is
 * only spelled out when there is one.
 */
export function checkJsonValue(value: unknown, path: string): void {
  const offence = firstNonJson(value);
  if (offence !== null) {
    const [suffix, bad] = offence;
    if (typeof bad === 'number') fail(`${path}${suffix}`, 'a finite number', bad);
    fail(`${path}${suffix}`, 'a JSON value', bad);
  }
}

/** `[path suffix, value]` of the first value that is not JSON data, or null. */
function firstNonJson(value: unknown): [string, unknown] | null {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return null;
  if (typeof value === 'number') return Number.isFinite(value) ? null : ['', value];
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index += 1) {
      const item: unknown = value[index];
      // A hole is not a value (the canonical form leaves it out); an undefined item is.
      if (item === undefined && !(index in value)) continue;
      const offence = firstNonJson(item);
      if (offence !== null) return [`[${index}]${offence[0]}`, offence[1]];
    }
    return null;
  }
  if (isPlainObject(value)) {
    for (const key of Object.keys(value)) {
      const offence = firstNonJson(value[key]);
      if (offence !== null) return [`.${key}${offence[0]}`, offence[1]];
    }
    return null;
  }
  return ['', value];
}
