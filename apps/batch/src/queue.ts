/**
 * Scale-out on BullMQ: the producer enqueues one job per input (job id = sha256 of the input
 * bytes and contract, so a job enqueued twice is one job and a re-delivered one rewrites the
 * same artifact), retried with exponential backoff, failed with its error after N attempts;
 * it waits until every job has finished and prints the same summary. Workers — any number,
 * on any machine that sees the queue and the shared folders — normalize and write the
 * artifacts. Inputs and outputs are paths every worker can reach.
 */
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { type Job, Queue, QueueEvents, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import type { BatchInput } from './inputs.js';
import { type NormalizeTask, type SummaryRow, createNormalizeTask, createWorkerPaxman } from './normalize-task.js';
import { createProgress } from './progress.js';
import { type BatchSummary, summarize } from './summary.js';

export const QUEUE_NAME = 'paxman-batch';

/** A Redis client for a `redis://host:port[/db]` URL, as BullMQ wants it (one per queue, worker or event stream). */
export function connectionOf(url: string): Redis {
  const parsed = new URL(url);
  if (parsed.protocol !== 'redis:') throw new Error(`--queue must be a redis:// URL, got ${url}`);
  return new Redis(url, { maxRetriesPerRequest: null });
}

function jobId(input: BatchInput, contractPath: string): string {
  return createHash('sha256').update(readFileSync(input.path)).update('\u0000').update(readFileSync(contractPath)).update('\u0000').update(input.name).digest('hex');
}

async function sweepTemporaryFiles(folder: string): Promise<void> {
  for (const name of readdirSync(folder)) if (name.startsWith('.') && name.endsWith('.tmp')) await rm(join(folder, name), { force: true });
}

export interface ProducerOptions {
  readonly queueUrl: string;
  readonly inputs: readonly BatchInput[];
  readonly contractPath: string;
  readonly outFolder: string;
  readonly attempts?: number;
  readonly policy?: Record<string, unknown>;
  readonly maxInputBytes: number;
  readonly progressStream?: NodeJS.WriteStream;
}

/** Enqueues every input and waits for all of them; the summary of their results. */
export async function produce(options: ProducerOptions): Promise<BatchSummary> {
  const started = performance.now();
  // A client given to BullMQ stays ours to close.
  const clients = [connectionOf(options.queueUrl), connectionOf(options.queueUrl)];
  const queue = new Queue<NormalizeTask, SummaryRow>(QUEUE_NAME, { connection: clients[0]! });
  const events = new QueueEvents(QUEUE_NAME, { connection: clients[1]! });
  await events.waitUntilReady();
  const progress = createProgress(options.inputs.length, options.progressStream);
  try {
    const jobs = await queue.addBulk(
      options.inputs.map((input) => {
        const contractPath = input.contractPath ?? options.contractPath;
        const data: NormalizeTask = { path: input.path, name: input.name, contractPath, outFolder: options.outFolder, maxInputBytes: options.maxInputBytes, ...(options.policy === undefined ? {} : { policy: options.policy }) };
        return { name: 'normalize', data, opts: { jobId: jobId(input, contractPath), attempts: options.attempts ?? 3, backoff: { type: 'exponential', delay: 500 }, removeOnComplete: false, removeOnFail: false } };
      }),
    );
    const rows = await Promise.all(
      jobs.map(async (job: Job<NormalizeTask, SummaryRow>) => {
        let row: SummaryRow;
        try {
          row = await job.waitUntilFinished(events);
        } catch (error) {
          row = { name: job.data.name, path: job.data.path, status: 'FAILED', resolvedFields: 0, totalFields: 0, confidence: 0, ms: 0, replayHash: null, error: error instanceof Error ? error.message : String(error) };
        }
        progress.tick(row.error !== undefined);
        return row;
      }),
    );
    // A worker killed while writing leaves its temporary file behind; every job is done now.
    await sweepTemporaryFiles(options.outFolder);
    return summarize(rows, (performance.now() - started) / 1000);
  } finally {
    progress.stop();
    await events.close();
    await queue.close();
    for (const client of clients) client.disconnect();
  }
}

export interface WorkerOptions {
  readonly concurrency?: number;
  /** How long a job stays locked to a worker that stopped answering (killed) before another takes it. */
  readonly lockMs?: number;
  /** Plug-in modules the worker's Paxman instance loads (`--plugin`). */
  readonly plugins?: readonly string[];
}

/** Starts a worker on the queue; resolves with a function that stops it (finishing its current job). */
export async function startWorker(queueUrl: string, options: WorkerOptions = {}): Promise<() => Promise<void>> {
  const lockDuration = options.lockMs ?? 30_000;
  const normalizeTask = createNormalizeTask(await createWorkerPaxman(options.plugins ?? []));
  const client = connectionOf(queueUrl);
  const worker = new Worker<NormalizeTask, SummaryRow>(
    QUEUE_NAME,
    async (job) => {
      const row = await normalizeTask(job.data);
      // A failure is retried (with backoff) and, after the last attempt, left in the failed set with its error.
      if (row.error !== undefined) throw new Error(row.error);
      return row;
    },
    { connection: client, concurrency: options.concurrency ?? 1, lockDuration, stalledInterval: Math.max(1000, Math.floor(lockDuration / 2)) },
  );
  await worker.waitUntilReady();
  return async () => {
    await worker.close();
    client.disconnect();
  };
}
