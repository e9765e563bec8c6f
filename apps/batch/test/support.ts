/** Running `paxman-batch` from source as a child process, and making test corpora. */
import { type ChildProcess, spawn } from 'node:child_process';
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const CLI = fileURLToPath(new URL('../src/cli.ts', import.meta.url));
export const EXAMPLES = fileURLToPath(new URL('../../../examples/', import.meta.url));

export function batchProcess(args: readonly string[]): ChildProcess {
  return spawn(process.execPath, ['--conditions=@paxman/source', '--import', 'tsx', CLI, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
}

/** Runs the command to its end: exit code and output. */
export function runBatch(args: readonly string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = batchProcess(args);
    let stdout = '';
    let stderr = '';
    child.stdout!.on('data', (chunk) => (stdout += chunk));
    child.stderr!.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
  });
}

/** `count` invoices (the demo invoice with a different number and total each), plus the demo contract. */
export function makeCorpus(folder: string, count: number): { inputs: string; contract: string } {
  const inputs = join(folder, 'inbox');
  mkdirSync(join(inputs, 'nested'), { recursive: true });
  for (let index = 0; index < count; index += 1) {
    const text = `ACME SUPPLIES LTD\nInvoice No: INV-${1000 + index}\nInvoice Date: 2026-03-${String((index % 28) + 1).padStart(2, '0')}\nTotal Due: EUR ${100 + index}.50\n`;
    writeFileSync(join(inputs, index % 10 === 0 ? 'nested' : '.', `invoice-${String(index).padStart(4, '0')}.txt`), text);
  }
  const contract = join(folder, 'contract.json');
  copyFileSync(join(EXAMPLES, 'invoice-contract.json'), contract);
  return { inputs, contract };
}
