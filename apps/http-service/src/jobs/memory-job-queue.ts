/**
 * The in-process queue (no `--queue`): jobs run in the service's own process, at most
 * `concurrency` at once, and at most `maxQueued` jobs wait or run — the next one is refused
 * with 503 (`JOB_QUEUE_FULL`). Its stated limit: a job still queued or running when the
 * process stops is lost (its request stays in the store; nothing runs it again), and so is
 * a webhook waiting for its next try. Use `--queue redis://…` for jobs that must survive a
 * restart. Webhook tries wait out their backoff outside the run slots, through `sleep` (the
 * tests' own). State of one queue instance.
 */
import { memoryIdempotencyKeys } from './idempotency-keys.js';
import { type JobQueue, JobQueueFullError } from './job-queue.js';
import { type JobContext, failedResult, runJob, tryWebhook } from './run-job.js';
import { backoffMs } from './webhook-delivery.js';

export interface MemoryQueueOptions {
  /** Jobs run at once (0: accept jobs, run none — for a drained or paused service). */
  readonly concurrency: number;
  /** Jobs waiting or running at most. */
  readonly maxQueued: number;
  /** Waits `ms` or until `signal` aborts (default: a timer). */
  readonly sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  /** The clock of the idempotency keys (default `Date.now`). */
  readonly now?: () => number;
}

const timerSleep = (ms: number, signal: AbortSignal): Promise<void> =>
  new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });

export function createMemoryJobQueue(context: JobContext, options: MemoryQueueOptions): JobQueue {
  const pending: string[] = [];
  const running = new Set<string>();
  const work = new Set<Promise<void>>();
  const closing = new AbortController();
  const sleep = options.sleep ?? timerSleep;

  const deliver = async (id: string): Promise<void> => {
    const settings = context.webhooks;
    if (settings === null) return;
    for (let attempt = 1; attempt <= settings.attempts && !closing.signal.aborted; attempt += 1) {
      const outcome = await tryWebhook(context, id, attempt);
      if (outcome === null || outcome.delivered || outcome.permanent === true) return;
      if (attempt < settings.attempts) await sleep(backoffMs(attempt, settings.backoffMs), closing.signal);
    }
  };

  const run = async (id: string): Promise<void> => {
    let result;
    try {
      result = await runJob(context, id);
    } catch (error) {
      result = failedResult(error);
      await context.store.writeResult(id, result);
    }
    running.delete(id);
    pump();
    if (result !== null) await deliver(id);
  };

  const pump = (): void => {
    while (!closing.signal.aborted && running.size < options.concurrency && pending.length > 0) {
      const id = pending.shift()!;
      running.add(id);
      const task = run(id).catch(() => undefined);
      work.add(task);
      void task.finally(() => work.delete(task));
    }
  };

  return {
    kind: 'memory',
    keys: memoryIdempotencyKeys(options.now),
    async submit(message) {
      if (pending.length + running.size >= options.maxQueued) throw new JobQueueFullError(`The in-process queue holds its limit of ${options.maxQueued} jobs; retry shortly.`);
      pending.push(message.id);
      pump();
    },
    async state(id) {
      if (running.has(id)) return { state: 'running' };
      if (pending.includes(id)) return { state: 'queued' };
      return { state: 'unknown' };
    },
    async cancel(id) {
      const index = pending.indexOf(id);
      if (index === -1) return false;
      pending.splice(index, 1);
      return true;
    },
    async close() {
      pending.length = 0;
      // Running jobs finish (bounded by the job time limit); webhook waits end at once, unsent.
      closing.abort(new Error('the service is shutting down'));
      await Promise.all([...work]);
    },
  };
}
