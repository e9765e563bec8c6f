/** `paxman amend` and `paxman replay --amendments`: a signed correction a receiver can check, and a changed byte it refuses. */
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../main.js';
import { defaultAmendmentsPath } from './amend.js';
import { captureIo } from './test-io.js';

const folder = mkdtempSync(join(tmpdir(), 'paxman-amend-'));
const examples = resolve(import.meta.dirname, '../../../../examples');
const invoice = join(examples, 'invoice-northwind.txt');
const contract = join(examples, 'invoice-contract.json');
const key = join(folder, 'reviewer.key');
writeFileSync(key, generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }));

async function run(...args: string[]) {
  const capture = captureIo();
  const code = await main(args, capture.io);
  return { code, stdout: capture.stdout(), stderr: capture.stderr() };
}

describe('paxman amend', () => {
  it('corrects a field; replay with the chain reports the amended value and the reviewer; one changed byte fails', async () => {
    const artifactFile = join(folder, 'invoice.json');
    writeFileSync(artifactFile, (await run('normalize', invoice, '--contract', contract, '--json')).stdout);
    const before = readFileSync(artifactFile, 'utf8');
    const amended = await run('amend', artifactFile, '--contract', contract, '--field', 'total_amount', '--value', '99.90 EUR', '--reason', 'the printed total', '--key', key, '--reviewer', 'Ada', '--box', '1,400,300,60,12');
    expect(amended.stderr).toBe('');
    expect(amended.code).toBe(0);
    expect(amended.stdout).toMatch(/^amended total_amount \(CORRECT\) .* -> \{"amount":"99.9","currency":"EUR"\} by [0-9a-f]{16}; amendment 1 of /);
    const confirmed = await run('amend', artifactFile, '--contract', contract, '--field', 'invoice_number', '--confirm', '--reason', 'as printed', '--key', key);
    expect(confirmed.stderr).toBe('');
    expect(confirmed.code).toBe(0);
    expect(readFileSync(artifactFile, 'utf8')).toBe(before);
    const chainFile = defaultAmendmentsPath(artifactFile);
    expect(chainFile).toBe(join(folder, 'invoice.amendments.json'));

    const replayed = await run('replay', artifactFile, '--contract', contract, '--amendments', chainFile);
    expect(replayed.stderr).toBe('');
    expect(replayed.code).toBe(0);
    expect(replayed.stdout).toMatch(/^verified [0-9a-f]{64}\namendments: 2 verified\n/);
    expect(replayed.stdout).toMatch(/amended total_amount: CORRECT .* -> \{"amount":"99.9","currency":"EUR"\} by Ada \([0-9a-f]{16}\) at .*: the printed total/);

    const text = readFileSync(chainFile, 'utf8');
    const tamperedFile = join(folder, 'tampered.amendments.json');
    writeFileSync(tamperedFile, text.replace('"99.9"', '"99.8"'));
    const tampered = await run('replay', artifactFile, '--contract', contract, '--amendments', tamperedFile);
    expect(tampered.code).toBe(1);
    expect(tampered.stderr).toMatch(/^paxman replay: AMENDMENT_INVALID: Amendment 1: its signature/);
  }, 60_000);

  it('refuses a value the field does not allow (exit 1) and a call without a decision (exit 2)', async () => {
    const artifactFile = join(folder, 'second.json');
    writeFileSync(artifactFile, (await run('normalize', invoice, '--contract', contract, '--json')).stdout);
    const refused = await run('amend', artifactFile, '--contract', contract, '--field', 'invoice_date', '--value', 'someday', '--reason', 'r', '--key', key);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/AMENDMENT_INVALID/);
    const usage = await run('amend', artifactFile, '--contract', contract, '--field', 'invoice_date', '--reason', 'r', '--key', key);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toMatch(/exactly one of/);
  }, 60_000);
});
