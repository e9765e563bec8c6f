/**
 * A deep copy of a JSON object that accepts only JSON (plain objects, arrays, strings,
 * finite numbers, booleans, null) and returns keys in code-unit order. The planner owns
 * the configs it records: a capability cannot change a plan after the fact, and a config
 * that has no JSON form is refused instead of silently altered.
 */
import { type JsonValue, isPlainObject } from '@paxman/core';

/** Copies `value`, or returns null when it is not a JSON object. */
export function copyJsonObject(value: unknown): Record<string, JsonValue> | null {
  if (!isPlainObject(value)) return null;
  const copy = copyJson(value, 0);
  return copy === undefined ? null : (copy as Record<string, JsonValue>);
}

const MAX_DEPTH = 64;

function copyJson(value: unknown, depth: number): JsonValue | undefined {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (depth >= MAX_DEPTH) return undefined;
  if (Array.isArray(value)) {
    const items: JsonValue[] = [];
    for (const item of value) {
      const copied = copyJson(item, depth + 1);
      if (copied === undefined) return undefined;
      items.push(copied);
    }
    return items;
  }
  if (isPlainObject(value)) {
    const result: Record<string, JsonValue> = {};
    for (const key of Object.keys(value).sort()) {
      const copied = copyJson(value[key], depth + 1);
      if (copied === undefined) return undefined;
      result[key] = copied;
    }
    return result;
  }
  return undefined;
}
