import { describe, expect, it } from 'vitest';
import { PAXMAN_VERSION } from 'paxman';
import { captureIo } from './commands/test-io.js';
import { main } from './main.js';


describe('paxman command', () => {
  it('prints its version', async () => {
    const { io, stdout: output } = captureIo();
    expect(await main(['--version'], io)).toBe(0);
    expect(output().trim()).toBe(PAXMAN_VERSION);
  });

  it('prints help', async () => {
    const { io, stdout: output } = captureIo();
    expect(await main(['--help'], io)).toBe(0);
    expect(output()).toMatch(/Usage: paxman/);
  });

  it('rejects an unknown command with a usage error', async () => {
    const { io, stderr: errors } = captureIo();
    expect(await main(['frobnicate'], io)).not.toBe(0);
    expect(errors()).toMatch(/unknown command|too many arguments|error/i);
  });
});
