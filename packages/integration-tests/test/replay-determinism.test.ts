/**
 * Same input + contract + policy → same replay hash in two separate processes (the
 * facade read from source through the `@paxman/source` condition, as in CI before or
 * after `pnpm build`), and a different id each time.
 */
import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { evalRoot } from './support/eval-corpus.js';

const run = promisify(execFile);
const repositoryRoot = resolve(import.meta.dirname, '../../..');
const script = resolve(import.meta.dirname, 'support/normalize-once.mts');

async function normalizeInChildProcess(inputPath: string, contractPath: string, policy?: object): Promise<{ replayHash: string; id: string; status: string }> {
  const args = ['--conditions=@paxman/source', '--import', 'tsx', script, inputPath, contractPath, ...(policy === undefined ? [] : [JSON.stringify(policy)])];
  const { stdout } = await run(process.execPath, args, { cwd: repositoryRoot, timeout: 60_000 });
  return JSON.parse(stdout.trim()) as { replayHash: string; id: string; status: string };
}

describe('replay hash across processes', () => {
  it.each([
    ['synthetic-invoices', 'invoice_plain.txt'],
    ['synthetic-invoices', 'invoice_csv_row1.csv'],
    ['invoice2data', 'AmazonWebServices.pdf'],
  ])('%s/%s gives the same hash in two processes', async (corpus, file) => {
    const inputPath = resolve(evalRoot, corpus, 'cases', file);
    const contractPath = resolve(evalRoot, corpus, 'contract.json');
    const [first, second] = await Promise.all([normalizeInChildProcess(inputPath, contractPath), normalizeInChildProcess(inputPath, contractPath)]);
    expect(first.replayHash).toMatch(/^[0-9a-f]{64}$/);
    expect(second.replayHash).toBe(first.replayHash);
    expect(second.id).not.toBe(first.id);
  }, 120_000);

  it('changes the hash when the effective policy changes', async () => {
    const inputPath = resolve(evalRoot, 'synthetic-invoices/cases/invoice_plain.txt');
    const contractPath = resolve(evalRoot, 'synthetic-invoices/contract.json');
    const [base, stricter] = await Promise.all([normalizeInChildProcess(inputPath, contractPath), normalizeInChildProcess(inputPath, contractPath, { earlyStop: false })]);
    expect(stricter.replayHash).not.toBe(base.replayHash);
  }, 120_000);
});
