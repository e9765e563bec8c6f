/**
 * Jobs on BullMQ (`--queue redis://…`): the service queues a job (its id as BullMQ's job
 * id, the payload only `{ id }` — the request and input are in the job store) and any
 * number of workers (`paxman-http worker`, or `--job-workers N` inside the service) run
 * them. A worker killed while running a job loses its lock after `lockMs`; another worker
 * runs the job again and, normalization being deterministic, writes the same artifact. A
 * job whose run throws is retried with exponential backoff; after its last try it is a
 * failed job with the reason. A finished job with a webhook queues one delivery on a second
 * queue (same id, so a job run twice queues it once), tried up to the configured count with
 * exponential backoff; every try is recorded on the job. Each client, queue and worker
 * belongs to the returned object.
 */
import { type Job, Queue, UnrecoverableError, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { redisIdempotencyKeys } from './idempotency-keys.js';
import type { JobQueue } from './job-queue.js';
import type { JobMessage } from './job-types.js';
import { type JobContext, failedResult, runJob, tryWebhook } from './run-job.js';

/** The BullMQ queue of normalization jobs. */
export const JOBS_QUEUE = 'paxman-jobs';
/** The BullMQ queue of webhook deliveries. */
export const WEBHOOKS_QUEUE = 'paxman-webhooks';
/** Tries of one job's run (a run that throws: a lost store, an aborted run). */
export const JOB_ATTEMPTS = 3;
/** Finished jobs stay in Redis this long (their data stays in the store). */
const KEEP_SECONDS = 7 * 24 * 60 * 60;

/** A Redis client for a `redis://host:port[/db]` URL, as BullMQ wants it. */
export function redisConnection(url: string): Redis {
  const parsed = new URL(url);
  if (parsed.protocol !== 'redis:' && parsed.protocol !== 'rediss:') throw new Error(`--queue must be a redis:// URL, got ${url}`);
  return new Redis(url, { maxRetriesPerRequest: null });
}

/** The service's side: queues jobs, reads their state, cancels queued ones. */
export function createRedisJobQueue(url: string): JobQueue {
  const client = redisConnection(url);
  const queue = new Queue<JobMessage>(JOBS_QUEUE, { connection: client });
  return {
    kind: 'redis',
    keys: redisIdempotencyKeys(client),
    async submit(message) {
      await queue.add('normalize', message, { jobId: message.id, attempts: JOB_ATTEMPTS, backoff: { type: 'exponential', delay: 1000 }, removeOnComplete: { age: KEEP_SECONDS }, removeOnFail: { age: KEEP_SECONDS } });
    },
    async state(id) {
      const job = await queue.getJob(id);
      if (job === undefined) return { state: 'unknown' };
      const state = await job.getState();
      if (state === 'active') return { state: 'running' };
      if (state === 'waiting' || state === 'delayed' || state === 'prioritized' || state === 'waiting-children') return { state: 'queued' };
      if (state === 'failed') return { state: 'failed', reason: job.failedReason ?? 'the job failed' };
      return { state: 'unknown' };
    },
    async cancel(id) {
      const job = await queue.getJob(id);
      if (job === undefined) return false;
      const state = await job.getState();
      if (state !== 'waiting' && state !== 'delayed' && state !== 'prioritized') return false;
      try {
        // BullMQ refuses to remove a job a worker holds: one that started meanwhile stays.
        await job.remove();
        return true;
      } catch {
        return false;
      }
    },
    async close() {
      await queue.close();
      client.disconnect();
    },
  };
}

export interface JobWorkerOptions {
  /** Jobs this process runs at once. */
  readonly concurrency: number;
  /** How long a job stays locked to a worker that stopped answering before another runs it. */
  readonly lockMs: number;
}

/** Runs jobs and webhook deliveries from the queue until the returned function is called. */
export async function startJobWorkers(url: string, context: JobContext, options: JobWorkerOptions): Promise<() => Promise<void>> {
  const clients = [redisConnection(url), redisConnection(url), redisConnection(url)];
  const webhooks = new Queue<JobMessage>(WEBHOOKS_QUEUE, { connection: clients[2]! });
  const settings = { lockDuration: options.lockMs, stalledInterval: Math.max(500, Math.floor(options.lockMs / 2)), maxStalledCount: 3 };

  const runWorker = new Worker<JobMessage>(
    JOBS_QUEUE,
    async (job: Job<JobMessage>) => {
      const { id } = job.data;
      let result;
      try {
        result = await runJob(context, id);
      } catch (error) {
        // Retried with backoff while tries remain; the last one makes it a failed job.
        if (job.attemptsMade + 1 < (job.opts.attempts ?? 1)) throw error;
        result = failedResult(error);
        await context.store.writeResult(id, result);
      }
      if (result === null) return { cancelled: true };
      const request = await context.store.request(id);
      if (request?.webhook !== undefined && context.webhooks !== null) {
        await webhooks.add('deliver', { id }, { jobId: id, attempts: context.webhooks.attempts, backoff: { type: 'exponential', delay: context.webhooks.backoffMs }, removeOnComplete: { age: KEEP_SECONDS }, removeOnFail: { age: KEEP_SECONDS } });
      }
      return { status: result.status };
    },
    { connection: clients[0]!, concurrency: Math.max(1, options.concurrency), ...settings },
  );

  const deliverWorker = new Worker<JobMessage>(
    WEBHOOKS_QUEUE,
    async (job: Job<JobMessage>) => {
      const outcome = await tryWebhook(context, job.data.id, job.attemptsMade + 1);
      if (outcome === null || outcome.delivered) return;
      if (outcome.permanent === true) throw new UnrecoverableError(outcome.error ?? 'refused');
      throw new Error(outcome.error ?? 'not delivered');
    },
    // Deliveries wait on the network, not the CPU: more of them at once than runs.
    { connection: clients[1]!, concurrency: Math.max(4, options.concurrency * 4), ...settings },
  );

  await Promise.all([runWorker.waitUntilReady(), deliverWorker.waitUntilReady()]);
  return async () => {
    await Promise.all([runWorker.close(), deliverWorker.close()]);
    await webhooks.close();
    for (const client of clients) client.disconnect();
  };
}
