/**
 * Where artifacts go: a small interface (a shared folder here; an object store is a later
 * implementation). Writes are atomic — a temporary file, then a rename — so a reader, or a
 * worker killed mid-write, never leaves a half-written artifact under the final name.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync } from 'node:fs';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export interface ArtifactStore {
  has(name: string): boolean;
  read(name: string): Promise<string>;
  /** Writes `name` atomically, replacing an earlier copy (a re-run writes the same artifact). */
  write(name: string, text: string): Promise<void>;
  /** Where `name` is (for messages and reports). */
  locate(name: string): string;
}

export function folderStore(folder: string): ArtifactStore {
  mkdirSync(folder, { recursive: true });
  return {
    has: (name) => existsSync(join(folder, name)),
    read: (name) => readFile(join(folder, name), 'utf8'),
    async write(name, text) {
      const temporary = join(folder, `.${name}.${randomUUID()}.tmp`);
      try {
        await writeFile(temporary, text, { flag: 'wx' });
        await rename(temporary, join(folder, name));
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
    },
    locate: (name) => join(folder, name),
  };
}
