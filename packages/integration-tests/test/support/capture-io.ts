/**
 * Standard output and error for driving the CLI's `main` in a test: two streams and what
 * each received so far.
 */
import { PassThrough } from 'node:stream';

export function captureIo(): { readonly io: { readonly stdout: PassThrough; readonly stderr: PassThrough }; out(): string; err(): string } {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = '';
  let err = '';
  stdout.on('data', (chunk) => (out += chunk));
  stderr.on('data', (chunk) => (err += chunk));
  return { io: { stdout, stderr }, out: () => out, err: () => err };
}
