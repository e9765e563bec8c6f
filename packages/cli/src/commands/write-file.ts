/**
 * Writing a file the way every command does: atomically — a temporary file created
 * exclusively next to the target, then a rename (a reader never sees half a file; a
 * symbolic link at the path is replaced, never followed).
 */
import { rename, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { InputError, describeErrno } from './read-input.js';

export async function writeFileAtomically(path: string, text: string): Promise<void> {
  const temporary = join(dirname(path), `.${basename(path)}.${process.pid}.tmp`);
  try {
    await writeFile(temporary, text, { flag: 'wx' });
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true }).catch(() => undefined);
    throw new InputError(`cannot write ${path}: ${describeErrno(error as NodeJS.ErrnoException)}`);
  }
}
