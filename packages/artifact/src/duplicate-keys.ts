/**
 * Finds a duplicated member name in JSON text. `JSON.parse` keeps the last of two equal
 * names, so a forged `"status": "SUCCESS"` placed before the real member — or after it —
 * would otherwise pass unseen; an artifact with a duplicate name is not an artifact. One
 * linear scan over the text with a stack of the open objects' names; strings are compared
 * after unescaping, so `"st\u0061tus"` and `"status"` are one name.
 */

/** The first duplicated member name and the JSON path of its object, or null. Expects text `JSON.parse` accepted. */
export function findDuplicateKey(text: string): { readonly key: string; readonly path: string } | null {
  const stack: { names: Set<string>; path: string; pendingKey: string | null; index: number; isArray: boolean }[] = [];
  let expectKey = false;
  for (let position = 0; position < text.length; position += 1) {
    const char = text.charCodeAt(position);
    if (char === 0x22 /* " */) {
      const end = stringEnd(text, position);
      const top = stack[stack.length - 1];
      if (top !== undefined && !top.isArray && expectKey) {
        const raw = text.slice(position + 1, end);
        const name = raw.includes('\\') ? (JSON.parse(`"${raw}"`) as string) : raw;
        if (top.names.has(name)) return { key: name, path: top.path };
        top.names.add(name);
        top.pendingKey = name;
        expectKey = false;
      }
      position = end;
    } else if (char === 0x7b /* { */ || char === 0x5b /* [ */) {
      const parent = stack[stack.length - 1];
      const path = parent === undefined ? '$' : parent.isArray ? `${parent.path}[${parent.index}]` : `${parent.path}.${parent.pendingKey ?? ''}`;
      stack.push({ names: new Set(), path, pendingKey: null, index: 0, isArray: char === 0x5b });
      expectKey = char === 0x7b;
    } else if (char === 0x7d /* } */ || char === 0x5d /* ] */) {
      stack.pop();
    } else if (char === 0x2c /* , */) {
      const top = stack[stack.length - 1];
      if (top !== undefined) {
        if (top.isArray) top.index += 1;
        else expectKey = true;
      }
    }
  }
  return null;
}

/** The index of the quote that closes the string opening at `start`. */
function stringEnd(text: string, start: number): number {
  for (let position = start + 1; position < text.length; position += 1) {
    const char = text.charCodeAt(position);
    if (char === 0x5c /* \ */) position += 1;
    else if (char === 0x22) return position;
  }
  return text.length - 1;
}
