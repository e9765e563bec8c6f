/**
 * Reading the files and inline JSON a command is given: `--policy '{"confidenceFloor":0.9}'`
 * or `--policy policy.json`. Failures are usage errors with a message that names the
 * option and the file.
 */
import { readFile, readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { describeErrno } from './read-input.js';

/** A usage error: the command prints the message and exits with status 2. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

/** Reads a file an option names (a contract, a policy) as bytes, or throws a UsageError naming it. */
export async function readInputFile(file: string, what: string): Promise<Buffer> {
  try {
    return await readFile(file);
  } catch (error) {
    throw new UsageError(`cannot read ${what} ${file}: ${describeErrno(error as NodeJS.ErrnoException)}`);
  }
}

/**
 * Input arguments with every folder replaced by its files (not recursive, dot files
 * skipped, in name order), and how many folders there were. A path that does not exist
 * stays as it is (reading it reports the error).
 */
export async function expandFolders(inputs: readonly string[]): Promise<{ readonly files: string[]; readonly folders: number }> {
  const files: string[] = [];
  let folders = 0;
  for (const input of inputs) {
    const info = await stat(input).catch(() => null);
    if (info === null || !info.isDirectory()) {
      files.push(input);
      continue;
    }
    folders += 1;
    const entries = await readdir(input, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
      throw new UsageError(`cannot read the folder ${input}: ${describeErrno(error)}`);
    });
    const names = entries.filter((entry) => entry.isFile() && !entry.name.startsWith('.')).map((entry) => entry.name);
    names.sort((left, right) => (left < right ? -1 : left > right ? 1 : 0));
    for (const name of names) files.push(join(input, name));
  }
  if (files.length === 0) throw new UsageError(`no input files in ${inputs.join(', ')}`);
  return { files, folders };
}

/** Parses `--name <file|json>` into a JSON object. */
export async function readJsonOption(value: string | undefined, name: string): Promise<Record<string, unknown> | undefined> {
  if (value === undefined) return undefined;
  const text = value.trimStart().startsWith('{') ? value : (await readInputFile(value, `--${name} file`)).toString('utf8');
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`--${name} is not valid JSON: ${(error as Error).message}`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new UsageError(`--${name} must be a JSON object`);
  return parsed as Record<string, unknown>;
}
