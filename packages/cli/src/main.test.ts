import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { PAXMAN_VERSION } from 'paxman';
import { main } from './main.js';

function capture() {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = '';
  let err = '';
  stdout.on('data', (chunk) => (out += chunk));
  stderr.on('data', (chunk) => (err += chunk));
  return { io: { stdout, stderr }, output: () => out, errors: () => err };
}

describe('paxman command', () => {
  it('prints its version', async () => {
    const { io, output } = capture();
    expect(await main(['--version'], io)).toBe(0);
    expect(output().trim()).toBe(PAXMAN_VERSION);
  });

  it('prints help', async () => {
    const { io, output } = capture();
    expect(await main(['--help'], io)).toBe(0);
    expect(output()).toMatch(/Usage: paxman/);
  });

  it('rejects an unknown command with a usage error', async () => {
    const { io, errors } = capture();
    expect(await main(['frobnicate'], io)).not.toBe(0);
    expect(errors()).toMatch(/unknown command|too many arguments|error/i);
  });
});
