import { describe, expect, it } from 'vitest';
import { createRunLimits } from '../src/run-limits.js';
import { UsageError, parseServerArguments } from '../src/server-options.js';

describe('createRunLimits', () => {
  it('refuses a run when every slot is taken and frees the slot when a run ends', async () => {
    const limits = createRunLimits(1, 10_000);
    let release!: () => void;
    const first = limits.run(() => new Promise<string>((resolve) => (release = () => resolve('done'))));
    expect(first).not.toBeNull();
    expect(limits.active).toBe(1);
    expect(limits.run(async () => 'second')).toBeNull();
    release();
    expect(await first).toBe('done');
    expect(limits.active).toBe(0);
    expect(await limits.run(async () => 'third')).toBe('third');
  });

  it('aborts a run past its time limit through its signal', async () => {
    const limits = createRunLimits(2, 5);
    const aborted = await limits.run((signal) => new Promise<boolean>((resolve) => signal.addEventListener('abort', () => resolve(signal.aborted))));
    expect(aborted).toBe(true);
    expect(limits.active).toBe(0);
  });
});

describe('parseServerArguments', () => {
  it('reads every option', () => {
    const options = parseServerArguments(['--port', '0', '--host', '0.0.0.0', '--api-key-env', 'KEY', '--max-body-mb', '3', '--concurrency', '4', '--timeout-ms', '500', '--provider', 'openai-compatible', '--base-url', 'http://127.0.0.1:9/v1', '--model', 'm', '--allow-inference']);
    expect(options).toMatchObject({ port: 0, host: '0.0.0.0', apiKeyEnv: 'KEY', maxBodyBytes: 3 * 1024 * 1024, concurrency: 4, requestTimeoutMs: 500, allowLocalInference: true, allowRemoteInference: false });
    expect(options.provider).toEqual({ baseUrl: 'http://127.0.0.1:9/v1', model: 'm', tier: 'local' });
  });

  it('refuses bad arguments with the reason', () => {
    expect(() => parseServerArguments(['--port', 'x'])).toThrow(UsageError);
    expect(() => parseServerArguments(['--port', '70000'])).toThrow(/65535/);
    expect(() => parseServerArguments(['--api-key-env', 'not a name'])).toThrow(/environment variable/);
    expect(() => parseServerArguments(['--allow-inference'])).toThrow(/provider/);
    expect(() => parseServerArguments(['--provider', 'other'])).toThrow(/openai-compatible/);
    expect(() => parseServerArguments(['--unknown'])).toThrow(UsageError);
    expect(() => parseServerArguments(['--workers', '0'])).toThrow(/--workers/);
    expect(parseServerArguments(['--workers', '2']).workers).toBe(2);
  });
});
