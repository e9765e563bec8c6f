/**
 * JSON value types. Everything that reaches an artifact is expressed in these types, so
 * it can be canonicalized and hashed without loss.
 */
export type JsonPrimitive = string | number | boolean | null;
export type JsonValue = JsonPrimitive | readonly JsonValue[] | { readonly [key: string]: JsonValue };
export type JsonObject = { readonly [key: string]: JsonValue };

/** True for a plain (non-array, non-null) object. */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/**
 * `JSON.stringify(value)` when it writes `value` without loss — plain objects and dense
 * arrays nested at most `maxDepth` levels below `value`, strings, finite numbers,
 * booleans, null; no undefined, functions or `toJSON` — else null. Equal texts then mean
 * equal data, so the text can key a cache of results computed from the data.
 */
export function losslessJsonText(value: unknown, maxDepth: number): string | null {
  return isLosslessJson(value, maxDepth) ? JSON.stringify(value) : null;
}

function isLosslessJson(value: unknown, depthLeft: number): boolean {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return true;
    case 'number':
      return Number.isFinite(value);
    case 'object': {
      if (value === null) return true;
      if (depthLeft < 0) return false;
      if (Array.isArray(value)) {
        for (let index = 0; index < value.length; index += 1) if (!(index in value) || !isLosslessJson(value[index], depthLeft - 1)) return false;
        return true;
      }
      if (!isPlainObject(value)) return false;
      // `for…in` also meets inherited enumerable members (a polluted prototype), which the text would not show.
      for (const key in value) if (!Object.hasOwn(value, key) || !isLosslessJson(value[key], depthLeft - 1)) return false;
      return true;
    }
    default:
      return false;
  }
}

/**
 * Deeply freezes a JSON-like value in place and returns it. A value that is already
 * frozen is taken to be deeply frozen and left alone, so freezing a new object that holds
 * shared frozen parts (a plan's step configs, a cached contract) touches only the new parts.
 */
export function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) freezeTree(value);
  return value;
}

function freezeTree(value: object): void {
  Object.freeze(value);
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index += 1) {
      const item: unknown = value[index];
      if (item !== null && typeof item === 'object' && !Object.isFrozen(item)) freezeTree(item);
    }
    return;
  }
  for (const key of Object.keys(value)) {
    const item = (value as Record<string, unknown>)[key];
    if (item !== null && typeof item === 'object' && !Object.isFrozen(item)) freezeTree(item);
  }
}

/** True when `value` and everything reachable from it is frozen (primitives are). */
export function isDeeplyFrozen(value: unknown): boolean {
  if (value === null || typeof value !== 'object') return true;
  if (!Object.isFrozen(value)) return false;
  for (const key of Object.keys(value)) if (!isDeeplyFrozen((value as Record<string, unknown>)[key])) return false;
  return true;
}
