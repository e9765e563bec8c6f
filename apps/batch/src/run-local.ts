/**
 * A batch on this machine: every input on a pool of worker threads (piscina), `--resume`
 * skipping inputs whose artifact exists and replays clean, progress as it goes, then the
 * summary files.
 */
import { availableParallelism } from 'node:os';
import Piscina from 'piscina';
import { readFileSync } from 'node:fs';
import type { ArtifactStore } from './artifact-store.js';
import type { BatchInput } from './inputs.js';
import { ARTIFACT_SUFFIX, type NormalizeTask, type SummaryRow, createWorkerPaxman } from './normalize-task.js';
import { createProgress } from './progress.js';
import { type BatchSummary, summarize } from './summary.js';

export interface LocalBatchOptions {
  readonly inputs: readonly BatchInput[];
  readonly contractPath: string;
  readonly outFolder: string;
  readonly store: ArtifactStore;
  readonly workers?: number;
  readonly resume?: boolean;
  readonly policy?: Record<string, unknown>;
  readonly maxInputBytes: number;
  readonly progressStream?: NodeJS.WriteStream;
  /** Plug-in modules (absolute paths or package names) every worker loads. */
  readonly plugins?: readonly string[];
}

/** The worker module next to this one (built .js, or .ts when running from source). */
function taskFile(): string {
  const extension = import.meta.url.endsWith('.ts') ? '.ts' : '.js';
  return new URL(`./pool-worker${extension}`, import.meta.url).href;
}

/** Whether an existing artifact replays clean against its contract. */
async function replaysClean(store: ArtifactStore, name: string, contract: string, plugins: readonly string[]): Promise<string | null> {
  try {
    const verified = await (await createWorkerPaxman(plugins)).replay(await store.read(name), { contract });
    return verified.replayHash;
  } catch {
    return null;
  }
}

export async function runLocalBatch(options: LocalBatchOptions): Promise<BatchSummary> {
  const started = performance.now();
  const workers = Math.max(1, options.workers ?? Math.min(availableParallelism(), 4));
  const pool = new Piscina({ filename: taskFile(), minThreads: workers, maxThreads: workers, workerData: { plugins: [...(options.plugins ?? [])] } });
  const progress = createProgress(options.inputs.length, options.progressStream);
  const rows: SummaryRow[] = [];
  try {
    await Promise.all(
      options.inputs.map(async (input) => {
        const contractPath = input.contractPath ?? options.contractPath;
        if (options.resume === true && options.store.has(`${input.name}${ARTIFACT_SUFFIX}`)) {
          const hash = await replaysClean(options.store, `${input.name}${ARTIFACT_SUFFIX}`, readFileSync(contractPath, 'utf8'), options.plugins ?? []);
          if (hash !== null) {
            rows.push({ name: input.name, path: input.path, status: 'SKIPPED', resolvedFields: 0, totalFields: 0, confidence: 0, ms: 0, replayHash: hash });
            progress.tick(false);
            return;
          }
        }
        const task: NormalizeTask = { path: input.path, name: input.name, contractPath, outFolder: options.outFolder, maxInputBytes: options.maxInputBytes, ...(options.policy === undefined ? {} : { policy: options.policy }) };
        const row = (await pool.run(task)) as SummaryRow;
        rows.push(row);
        progress.tick(row.error !== undefined);
      }),
    );
  } finally {
    progress.stop();
    await pool.destroy();
  }
  return summarize(rows, (performance.now() - started) / 1000);
}
