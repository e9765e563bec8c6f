/**
 * One exit-status scheme for every command — 0 done, 1 an input could not be processed
 * (or a check failed), 2 the command was called wrongly — and the cases a new user hits in
 * the first hour: `-` for standard input, a folder or FIFO given as a file, `--out` naming a
 * file, existing and symlinked artifacts, and a reader that closes the pipe early.
 */
import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, readlinkSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { captureIo } from './commands/test-io.js';
import { main } from './main.js';

const folder = mkdtempSync(join(tmpdir(), 'paxman-exit-'));
const invoice = join(folder, 'invoice.txt');
writeFileSync(invoice, 'ACME Corp\nInvoice No: INV-1\nTotal: 12.50 EUR\n');
const contract = join(folder, 'contract.json');
writeFileSync(contract, JSON.stringify({ id: 'exit', fields: [{ name: 'invoice_number', type: 'STRING', required: true }, { name: 'total', type: 'MONEY', required: true }] }));

async function run(args: readonly string[], stdinText?: string) {
  const capture = captureIo();
  const io = stdinText === undefined ? capture.io : { ...capture.io, stdin: PassThrough.from([Buffer.from(stdinText)]) };
  const code = await main(args, io);
  return { code, stdout: capture.stdout(), stderr: capture.stderr() };
}

describe('exit status: 2 usage, 1 processing, 0 done', () => {
  it.each([
    ['an unknown command', ['frobnicate']],
    ['an unknown option', ['normalize', invoice, '--contract', contract, '--frobnicate']],
    ['a missing required option', ['normalize', invoice]],
    ['a missing argument', ['replay']],
    ['a missing contract file', ['normalize', invoice, '--contract', join(folder, 'none.json')]],
    ['several inputs without --out', ['normalize', invoice, invoice, '--contract', contract]],
    ['--out naming a file', ['normalize', invoice, '--contract', contract, '--out', invoice]],
  ])('%s → 2', async (_case, args) => {
    const result = await run(args);
    expect(result.code).toBe(2);
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });

  it.each([
    ['normalize: a missing input', ['normalize', join(folder, 'none.txt'), '--contract', contract], /no such file/],
    ['normalize: a folder as the single input of replay', ['replay', folder, '--contract', contract], /it is a folder/],
    ['profile: a folder', ['profile', folder], /it is a folder/],
    ['profile: a missing file', ['profile', join(folder, 'none.txt')], /no such file/],
    ['contract: a folder', ['contract', folder], /it is a folder/],
    ['normalize: /dev/zero (a device that never ends)', ['normalize', '/dev/zero', '--contract', contract], /not a regular file/],
    ['replay: a missing artifact', ['replay', join(folder, 'none.json'), '--contract', contract], /no such file/],
  ])('%s → 1, named, without a raw errno', async (_case, args, message) => {
    const result = await run(args);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(message);
    expect(result.stderr).not.toMatch(/EISDIR|ENOENT|EEXIST|\n\s+at /);
  });

  it('a FIFO is refused (it would block), not read', async () => {
    const fifo = join(folder, 'pipe');
    execFileSync('mkfifo', [fifo]);
    const result = await run(['profile', fifo]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/not a regular file/);
  });

  it('- reads standard input, for normalize, profile and replay', async () => {
    const normalized = await run(['normalize', '-', '--contract', contract, '--json'], readFileSync(invoice, 'utf8'));
    expect(normalized.code).toBe(0);
    const artifact = JSON.parse(normalized.stdout);
    expect(artifact.normalizedData.invoice_number).toBe('INV-1');
    const profiled = await run(['profile', '-'], 'hello\n');
    expect(JSON.parse(profiled.stdout)).toMatchObject({ file: '-', inputType: 'text', size: 6 });
    const replayed = await run(['replay', '-', '--contract', contract], normalized.stdout);
    expect(replayed).toMatchObject({ code: 0, stdout: expect.stringMatching(/^verified [0-9a-f]{64}/) });
  });

  it('a batch keeps existing artifacts unless --overwrite, replaces a symlink instead of following it, and goes on after a write error', async () => {
    const out = join(folder, 'out');
    mkdirSync(out);
    const second = join(folder, 'second.txt');
    writeFileSync(second, 'Invoice No: INV-2\nTotal: 3.00 EUR\n');
    writeFileSync(join(out, 'invoice.artifact.json'), 'keep me');
    const target = join(folder, 'outside.json');
    writeFileSync(target, 'outside');
    symlinkSync(target, join(out, 'second.artifact.json'));
    const kept = await run(['normalize', invoice, second, '--contract', contract, '--out', out]);
    expect(kept.code).toBe(1);
    expect(kept.stderr).toMatch(/already exists \(use --overwrite/);
    expect(readFileSync(join(out, 'invoice.artifact.json'), 'utf8')).toBe('keep me');
    const replaced = await run(['normalize', invoice, second, '--contract', contract, '--out', out, '--overwrite']);
    expect(replaced.code).toBe(0);
    expect(JSON.parse(readFileSync(join(out, 'invoice.artifact.json'), 'utf8')).normalizedData.invoice_number).toBe('INV-1');
    expect(lstatSync(join(out, 'second.artifact.json')).isSymbolicLink()).toBe(false);
    expect(readFileSync(target, 'utf8')).toBe('outside');
    if (process.getuid?.() !== 0) {
      const locked = join(folder, 'locked');
      mkdirSync(locked);
      chmodSync(locked, 0o500);
      const failed = await run(['normalize', invoice, second, '--contract', contract, '--out', locked]);
      expect(failed.code).toBe(1);
      expect(failed.stderr).toMatch(/permission denied/);
    }
    expect(existsSync(join(out, '.second.artifact.json.tmp'))).toBe(false);
    expect(() => readlinkSync(join(out, 'second.artifact.json'))).toThrow();
  });
});

describe('the paxman process', () => {
  const bin = resolve(import.meta.dirname, '../bin/paxman.js');

  it('ends quietly when the reader closes the pipe early (paxman profile … | head -1)', async () => {
    if (!existsSync(resolve(import.meta.dirname, '../dist/index.js'))) throw new Error('This test runs bin/paxman.js, which needs the built CLI: run `pnpm build` first.');
    const files = Array.from({ length: 400 }, () => invoice);
    const child = spawn(process.execPath, [bin, 'profile', ...files], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const firstLine = await new Promise<string>((resolveLine) => child.stdout.once('data', (chunk) => resolveLine(String(chunk).split('\n')[0]!)));
    child.stdout.destroy();
    const code = await new Promise<number | null>((resolveCode) => child.on('close', resolveCode));
    expect(JSON.parse(firstLine).file).toBe(invoice);
    expect(stderr).not.toMatch(/EPIPE|Error|\n\s+at /);
    expect(code).toBe(0);
  }, 30_000);
});
