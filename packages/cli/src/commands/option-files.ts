/**
 * Reading the files and inline JSON a command is given: `--policy '{"confidenceFloor":0.9}'`
 * or `--policy policy.json`. Failures are usage errors with a message that names the
 * option and the file.
 */
import { readFile } from 'node:fs/promises';

/** A usage error: the command prints the message and exits with status 2. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

/** Reads a file as bytes, or throws a UsageError naming it. */
export async function readInputFile(file: string, what: string): Promise<Buffer> {
  try {
    return await readFile(file);
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message;
    throw new UsageError(`cannot read ${what} ${file}: ${reason}`);
  }
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
