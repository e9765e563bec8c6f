/**
 * The `paxman-batch` command.
 *   paxman-batch <folder | manifest.csv> --contract c.json --out <dir> [--workers N] [--resume] [--report r.html] [--inspector-url <url>]
 *   paxman-batch <…> --queue redis://host:port …      (producer: enqueue on BullMQ and wait)
 *   paxman-batch worker --queue redis://host:port [--concurrency N] [--lock-ms N]
 * Exit code: 0 every document done (resolved or acceptably unresolved), 1 some failed, 2 usage.
 */
import { existsSync, statSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { loadPlugins } from 'paxman';
import { folderStore } from './artifact-store.js';
import { BatchUsageError, listInputs } from './inputs.js';
import { produce, startWorker } from './queue.js';
import { runLocalBatch } from './run-local.js';
import { type BatchSummary, writeSummary } from './summary.js';

export const USAGE = `Usage:
  paxman-batch <folder | manifest.csv> --contract <file> --out <dir> [--workers N] [--resume] [--report <file.html>]
               [--queue redis://host:port] [--attempts N] [--policy <json>] [--max-input-mb N] [--plugin <module>]...
               [--inspector-url http://host:port/inspector/]
  paxman-batch worker --queue redis://host:port [--concurrency N] [--lock-ms N] [--plugin <module>]...
--plugin loads an ES module exporting \`capabilities\` and/or \`adapters\` arrays into every worker (repeatable).
--inspector-url links each document needing review in the report to the inspector (?review=<name>); the service
  serves the batch with --review-folder <out>.
A manifest is a CSV with a "path" column and an optional "contract" column (paths relative to it).`;

function fail(message: string): never {
  throw new BatchUsageError(message);
}

function positive(value: string | undefined, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1) fail(`${name} must be a positive integer, got ${value}`);
  return number;
}

/** `--plugin` values: paths made absolute (workers resolve them from elsewhere), package names as given. */
function pluginPaths(values: readonly string[] | undefined): string[] {
  return (values ?? []).map((value) => (value.startsWith('.') || value.startsWith('/') || existsSync(value) ? resolve(value) : value));
}

async function runWorkerCommand(argv: string[]): Promise<number> {
  const { values } = parseArgs({ args: argv, options: { queue: { type: 'string' }, concurrency: { type: 'string' }, 'lock-ms': { type: 'string' }, contract: { type: 'string' }, out: { type: 'string' }, plugin: { type: 'string', multiple: true } }, strict: true });
  if (values.queue === undefined) fail('worker needs --queue redis://host:port');
  const stop = await startWorker(values.queue, { concurrency: positive(values.concurrency, '--concurrency', 1), lockMs: positive(values['lock-ms'], '--lock-ms', 30_000), plugins: pluginPaths(values.plugin) });
  process.stderr.write(`paxman-batch worker: consuming ${values.queue}\n`);
  const shutdown = () => void stop().then(() => process.exit(0));
  process.once('SIGTERM', shutdown);
  process.once('SIGINT', shutdown);
  return 0;
}

function report(summary: BatchSummary, out: string): void {
  const statuses = Object.entries(summary.statuses).map(([status, count]) => `${status} ${count}`).join(', ');
  process.stdout.write(`${summary.documents} documents in ${summary.seconds} s (${summary.documentsPerSecond}/s): ${statuses}; ${summary.resolvedFields}/${summary.totalFields} fields resolved; ${summary.failed} failed. Artifacts and summary in ${out}\n`);
}

/** `--inspector-url`: an absolute http(s) URL of the inspector page the report links each document needing review to. */
function inspectorUrl(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  try {
    const url = new URL(value);
    if (url.protocol === 'http:' || url.protocol === 'https:') return url.href;
  } catch {
    // reported below
  }
  return fail(`--inspector-url must be an http(s) URL, got ${value}`);
}

async function runBatchCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      contract: { type: 'string' },
      out: { type: 'string' },
      workers: { type: 'string' },
      resume: { type: 'boolean' },
      report: { type: 'string' },
      queue: { type: 'string' },
      attempts: { type: 'string' },
      policy: { type: 'string' },
      'max-input-mb': { type: 'string' },
      plugin: { type: 'string', multiple: true },
      'inspector-url': { type: 'string' },
    },
    strict: true,
  });
  if (positionals.length !== 1) fail('give one input folder or CSV manifest');
  if (values.contract === undefined) fail('--contract <file> is required');
  if (values.out === undefined) fail('--out <dir> is required');
  const contractPath = resolve(values.contract);
  if (!existsSync(contractPath) || !statSync(contractPath).isFile()) fail(`--contract ${values.contract}: no such file`);
  let policy: Record<string, unknown> | undefined;
  if (values.policy !== undefined) {
    try {
      policy = JSON.parse(values.policy) as Record<string, unknown>;
    } catch {
      fail('--policy must be JSON');
    }
  }
  const plugins = pluginPaths(values.plugin);
  // Load the plug-ins once here, so one that does not load is a usage error, not a failure in every worker.
  await loadPlugins(plugins).catch((error: unknown) => fail(error instanceof Error ? error.message : String(error)));
  const inputs = listInputs(positionals[0]!);
  const outFolder = resolve(values.out);
  const store = folderStore(outFolder);
  const maxInputBytes = positive(values['max-input-mb'], '--max-input-mb', 50) * 1024 * 1024;
  const common = { inputs, contractPath, outFolder, maxInputBytes, ...(policy === undefined ? {} : { policy }) };
  const summary =
    values.queue === undefined
      ? await runLocalBatch({ ...common, store, workers: positive(values.workers, '--workers', 2), resume: values.resume === true, plugins })
      : await produce({ ...common, queueUrl: values.queue, attempts: positive(values.attempts, '--attempts', 3) });
  await writeSummary(store, summary, values.report === undefined ? undefined : resolve(values.report), async (path, html) => {
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, html);
  }, inspectorUrl(values['inspector-url']));
  report(summary, outFolder);
  return summary.failed === 0 ? 0 : 1;
}

export async function main(argv: readonly string[]): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  try {
    return argv[0] === 'worker' ? await runWorkerCommand(argv.slice(1)) : await runBatchCommand([...argv]);
  } catch (error) {
    if (error instanceof BatchUsageError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      process.stderr.write(`paxman-batch: ${(error as Error).message}\n${USAGE}\n`);
      return 2;
    }
    throw error;
  }
}

const invokedDirectly = process.argv[1] !== undefined && import.meta.url.endsWith(process.argv[1].replace(/\\/g, '/').split('/').pop()!);
if (invokedDirectly) {
  const code = await main(process.argv.slice(2));
  if (code !== 0) process.exitCode = code;
}
