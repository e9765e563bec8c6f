/**
 * Reading what a command processes — an input document, an artifact, a contract given as
 * the command's argument — with the command line's two kinds of failure: a `UsageError`
 * (exit 2: the command was called wrongly) and an `InputError` (exit 1: a named input
 * could not be processed). `-` reads standard input. A folder, a FIFO or a device is
 * named as such instead of being read (a FIFO would block, `/dev/zero` never ends), and
 * no read goes past `maxBytes`.
 */
import { open, stat } from 'node:fs/promises';
import type { CliIo } from '../io.js';

/** An input that could not be processed: the command reports it by name and exits with status 1. */
export class InputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InputError';
  }
}

/** The most bytes a command reads from one input unless told otherwise (512 MiB). */
export const DEFAULT_MAX_READ_BYTES = 512 * 1024 * 1024;

export interface ReadInputOptions {
  /** What the input is, for messages ("input", "artifact"). */
  readonly what: string;
  readonly io: CliIo;
  readonly maxBytes?: number;
}

/** The bytes of `path` (`-`: standard input), or an InputError that says why not. */
export async function readCommandInput(path: string, options: ReadInputOptions): Promise<Buffer> {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_READ_BYTES;
  if (path === '-') {
    if (options.io.stdin === undefined) throw new InputError(`cannot read ${options.what} from standard input: there is none`);
    return readStream(options.io.stdin, maxBytes, `${options.what} on standard input`);
  }
  const info = await stat(path).catch((error: NodeJS.ErrnoException) => {
    throw new InputError(`cannot read ${options.what} ${path}: ${describeErrno(error)}`);
  });
  if (info.isDirectory()) throw new InputError(`cannot read ${options.what} ${path}: it is a folder`);
  if (!info.isFile()) throw new InputError(`cannot read ${options.what} ${path}: not a regular file (a FIFO, socket or device); pipe it to - instead`);
  if (info.size > maxBytes) throw new InputError(`cannot read ${options.what} ${path}: ${info.size} bytes, more than the ${maxBytes} this command reads`);
  const handle = await open(path, 'r').catch((error: NodeJS.ErrnoException) => {
    throw new InputError(`cannot read ${options.what} ${path}: ${describeErrno(error)}`);
  });
  try {
    return await readStream(handle.createReadStream({ autoClose: false }), maxBytes, `${options.what} ${path}`);
  } finally {
    await handle.close();
  }
}

/** Reads a stream to its end, failing as soon as it passes `maxBytes` (the rest is never read). */
async function readStream(stream: NodeJS.ReadableStream, maxBytes: number, name: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    size += bytes.length;
    if (size > maxBytes) {
      (stream as NodeJS.ReadableStream & { destroy?: () => void }).destroy?.();
      throw new InputError(`cannot read ${name}: more than ${maxBytes} bytes`);
    }
    chunks.push(bytes);
  }
  return Buffer.concat(chunks, size);
}

/** A file-system error in words, without the raw errno text. */
export function describeErrno(error: NodeJS.ErrnoException): string {
  switch (error.code) {
    case 'ENOENT':
      return 'no such file';
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    case 'EISDIR':
      return 'it is a folder';
    case 'ENOTDIR':
      return 'a part of the path is not a folder';
    case 'EEXIST':
      return 'it already exists';
    case 'ENOSPC':
      return 'no space left on the device';
    case 'EROFS':
      return 'the file system is read-only';
    default:
      return error.message;
  }
}
