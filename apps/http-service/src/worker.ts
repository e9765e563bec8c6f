/**
 * `paxman-http worker`: a process that runs jobs from the BullMQ queue (`--queue`, with
 * the same `--job-store` folder as the service) and sends their webhooks — as many as you
 * like, on any machine that reaches both. It takes the service's options (plug-ins, model
 * provider, webhook secret and allowed hosts, limits); `--job-workers` is how many jobs it
 * runs at once (default 1). SIGTERM/SIGINT finish the jobs in hand, then exit.
 */
import type { Paxman } from 'paxman';
import { jobContext } from './jobs/job-service.js';
import { startJobWorkers } from './jobs/redis-job-queue.js';
import { paxmanFor } from './server.js';
import { type ServerOptions, UsageError } from './server-options.js';

export interface RunningWorker {
  readonly paxman: Paxman;
  /** Finishes the jobs in hand and releases the worker's connections and instance. */
  stop(): Promise<void>;
}

/** Starts a job worker with `options` (they must name a queue and a job store). */
export async function startWorker(options: ServerOptions, environment: NodeJS.ProcessEnv = process.env): Promise<RunningWorker> {
  if (options.queue === undefined) throw new UsageError('worker needs --queue redis://host:port (and --job-store <folder>)');
  const paxman = await paxmanFor(options);
  const context = jobContext(options, paxman, environment);
  const stop = await startJobWorkers(options.queue, context, { concurrency: options.jobWorkers ?? 1, lockMs: options.lockMs });
  return {
    paxman,
    async stop() {
      await stop();
      await paxman.close();
    },
  };
}
