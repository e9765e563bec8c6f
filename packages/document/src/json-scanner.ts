/**
 * A position-tracking JSON scanner: parses one JSON text (RFC 8259, as strict as
 * `JSON.parse`) and lists a node per value with its path (`$.invoice.total`,
 * `$.items[0].amount`, `$["odd key"]`), the span of its value and of its key in the
 * text. Written by hand because `JSON.parse` reports no offsets. Linear; nesting deeper
 * than `JSON_DEPTH_LIMIT` is refused rather than recursed into.
 */
import type { JsonNode } from './model.js';
import { JSON_DEPTH_LIMIT, JSON_NODE_LIMIT } from './limits.js';

/** A scanned JSON text, or why it is not one. */
export type JsonScan =
  | { readonly ok: true; readonly root: unknown; readonly nodes: readonly JsonNode[]; readonly truncated: boolean }
  | { readonly ok: false; readonly error: string; readonly offset: number };

/** Internal: a syntax error at an offset; caught inside `scanJson`, never escapes it. */
class JsonSyntaxError extends Error {
  constructor(
    message: string,
    readonly offset: number,
  ) {
    super(message);
  }
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** The path of `key` under `parent` (`$.a`, `$["a b"]`, `$[0]`). */
export function childPath(parent: string, key: string | number): string {
  if (typeof key === 'number') return `${parent}[${key}]`;
  return IDENTIFIER.test(key) ? `${parent}.${key}` : `${parent}[${JSON.stringify(key)}]`;
}

/** Scans `text` (in layer `layer`) as one JSON text. */
export function scanJson(text: string, layer: string, options: { readonly nodeLimit?: number } = {}): JsonScan {
  const nodeLimit = options.nodeLimit ?? JSON_NODE_LIMIT;
  const nodes: JsonNode[] = [];
  let truncated = false;
  let index = 0;
  const length = text.length;

  const skipWhitespace = (): void => {
    while (index < length) {
      const code = text.charCodeAt(index);
      if (code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09) index += 1;
      else break;
    }
  };
  const fail = (message: string): never => {
    throw new JsonSyntaxError(message, index);
  };
  const addNode = (path: string, key: string, value: unknown, start: number, keySpan: readonly [number, number] | null): void => {
    if (nodes.length >= nodeLimit) {
      truncated = true;
      return;
    }
    nodes.push({
      path,
      key,
      value,
      span: { start, end: index, layer },
      keySpan: keySpan === null ? null : { start: keySpan[0], end: keySpan[1], layer },
    });
  };

  const readString = (): string => {
    const start = index;
    index += 1;
    let escaped = false;
    while (index < length) {
      const code = text.charCodeAt(index);
      if (code === 0x22) break;
      if (code === 0x5c) {
        escaped = true;
        index += 2;
        continue;
      }
      if (code < 0x20) fail('control character in string');
      index += 1;
    }
    if (index >= length) fail('unterminated string');
    index += 1;
    if (!escaped) return text.slice(start + 1, index - 1);
    try {
      return JSON.parse(text.slice(start, index)) as string;
    } catch {
      return fail('invalid escape in string');
    }
  };

  const NUMBER = /-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/y;
  const readValue = (path: string, key: string, keySpan: readonly [number, number] | null, depth: number): unknown => {
    if (depth > JSON_DEPTH_LIMIT) fail(`nesting deeper than ${JSON_DEPTH_LIMIT}`);
    skipWhitespace();
    const start = index;
    const code = text.charCodeAt(index);
    let value: unknown;
    if (code === 0x7b) {
      index += 1;
      const object: Record<string, unknown> = {};
      // Reserve the node's slot so parents precede children in document order.
      const slot = nodes.length;
      if (nodes.length < nodeLimit) nodes.push(undefined as unknown as JsonNode);
      skipWhitespace();
      if (text.charCodeAt(index) === 0x7d) {
        index += 1;
      } else {
        for (;;) {
          skipWhitespace();
          if (text.charCodeAt(index) !== 0x22) fail('expected a string key');
          const keyStart = index;
          const childKey = readString();
          const childKeySpan: [number, number] = [keyStart + 1, index - 1];
          skipWhitespace();
          if (text.charCodeAt(index) !== 0x3a) fail('expected ":"');
          index += 1;
          const child = readValue(childPath(path, childKey), childKey, childKeySpan, depth + 1);
          Object.defineProperty(object, childKey, { value: child, enumerable: true, writable: true, configurable: true });
          skipWhitespace();
          const next = text.charCodeAt(index);
          index += 1;
          if (next === 0x7d) break;
          if (next !== 0x2c) {
            index -= 1;
            fail('expected "," or "}"');
          }
        }
      }
      value = object;
      if (slot < nodeLimit && nodes[slot] === undefined) {
        nodes[slot] = { path, key, value, span: { start, end: index, layer }, keySpan: keySpan === null ? null : { start: keySpan[0], end: keySpan[1], layer } };
      }
      return value;
    }
    if (code === 0x5b) {
      index += 1;
      const array: unknown[] = [];
      const slot = nodes.length;
      if (nodes.length < nodeLimit) nodes.push(undefined as unknown as JsonNode);
      skipWhitespace();
      if (text.charCodeAt(index) === 0x5d) {
        index += 1;
      } else {
        for (;;) {
          const position = array.length;
          array.push(readValue(childPath(path, position), String(position), null, depth + 1));
          skipWhitespace();
          const next = text.charCodeAt(index);
          index += 1;
          if (next === 0x5d) break;
          if (next !== 0x2c) {
            index -= 1;
            fail('expected "," or "]"');
          }
        }
      }
      value = array;
      if (slot < nodeLimit && nodes[slot] === undefined) {
        nodes[slot] = { path, key, value, span: { start, end: index, layer }, keySpan: keySpan === null ? null : { start: keySpan[0], end: keySpan[1], layer } };
      }
      return value;
    }
    if (code === 0x22) {
      value = readString();
      // The span of a string value is its content, without the quotes, so it slices to the text as written.
      if (nodes.length < nodeLimit) {
        nodes.push({ path, key, value, span: { start: start + 1, end: index - 1, layer }, keySpan: keySpan === null ? null : { start: keySpan[0], end: keySpan[1], layer } });
      } else {
        truncated = true;
      }
      return value;
    }
    if (text.startsWith('true', index)) {
      index += 4;
      value = true;
    } else if (text.startsWith('false', index)) {
      index += 5;
      value = false;
    } else if (text.startsWith('null', index)) {
      index += 4;
      value = null;
    } else {
      NUMBER.lastIndex = index;
      const match = NUMBER.exec(text);
      if (match === null || match[0].length === 0) fail('unexpected character');
      index += match![0].length;
      value = Number(match![0]);
    }
    addNode(path, key, value, start, keySpan);
    return value;
  };

  try {
    const root = readValue('$', '$', null, 0);
    skipWhitespace();
    if (index < length) fail('unexpected text after the JSON value');
    return { ok: true, root, nodes: nodes.filter((node) => node !== undefined), truncated: truncated || nodes.length >= nodeLimit };
  } catch (error) {
    if (error instanceof JsonSyntaxError) return { ok: false, error: error.message, offset: error.offset };
    if (error instanceof RangeError) return { ok: false, error: 'nesting too deep', offset: index };
    throw error;
  }
}
