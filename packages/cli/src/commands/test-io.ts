/** Test helper: an in-memory `CliIo` that captures what a command writes. */
import { PassThrough } from 'node:stream';
import type { CliIo } from '../io.js';

export function captureIo(options: { tty?: boolean } = {}): { io: CliIo; stdout: () => string; stderr: () => string } {
  const stdout = Object.assign(new PassThrough(), { isTTY: options.tty ?? false, columns: 120 });
  const stderr = Object.assign(new PassThrough(), { isTTY: options.tty ?? false });
  let out = '';
  let err = '';
  stdout.on('data', (chunk) => (out += chunk));
  stderr.on('data', (chunk) => (err += chunk));
  return { io: { stdout, stderr }, stdout: () => out, stderr: () => err };
}
