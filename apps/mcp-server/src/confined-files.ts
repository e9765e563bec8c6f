/**
 * Reading and writing only inside the folders given at start: a path is resolved to its
 * real path (symbolic links followed) and refused unless it lies inside one of them;
 * a file over the size limit is refused before it is read.
 */
import { randomUUID } from 'node:crypto';
import { realpathSync, statSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';

export class ToolInputError extends Error {
  override readonly name = 'ToolInputError';
}

function inside(folder: string, path: string): boolean {
  const rest = relative(folder, path);
  return rest !== '' && !rest.startsWith(`..${sep}`) && rest !== '..' && !isAbsolute(rest);
}

/** The real path of `path` (relative paths against the first root), when it is a file inside a root. */
export function confinedPath(path: string, roots: readonly string[]): string {
  if (roots.length === 0) throw new ToolInputError('This server was started without folders (--root, --contracts): give the text instead of a path.');
  let real: string;
  try {
    real = realpathSync(isAbsolute(path) ? path : resolve(roots[0]!, path));
  } catch {
    throw new ToolInputError(`${path}: no such file.`);
  }
  if (!roots.some((root) => inside(root, real))) throw new ToolInputError(`${path} is outside the folders this server may read (${roots.join(', ')}).`);
  if (!statSync(real).isFile()) throw new ToolInputError(`${path} is not a file.`);
  return real;
}

/** The bytes of a confined file, refused when larger than `maxBytes`. */
export async function readConfined(path: string, roots: readonly string[], maxBytes: number): Promise<Uint8Array> {
  const real = confinedPath(path, roots);
  const size = statSync(real).size;
  if (size > maxBytes) throw new ToolInputError(`${path} is ${size} bytes, over this server's limit of ${maxBytes}.`);
  return new Uint8Array(await readFile(real));
}

/** Writes `text` to `folder/name` atomically (a temporary file, then a rename); returns the path. */
export async function writeAtomically(folder: string, name: string, text: string): Promise<string> {
  const target = join(folder, name);
  const temporary = join(folder, `.${name}.${randomUUID()}.tmp`);
  await writeFile(temporary, text, { flag: 'wx' });
  await rename(temporary, target);
  return target;
}
