/**
 * The jobs of one service (or worker) process: the job store, the queue (in process, or
 * BullMQ with `--queue`), the workers this process runs, the webhook settings, and how a
 * job is reported (`view`). Built from the server options; everything it holds belongs to
 * the returned object and is released by `close()`.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Paxman } from 'paxman';
import type { ServerOptions } from '../server-options.js';
import type { JobQueue } from './job-queue.js';
import { type JobStore, folderJobStore } from './job-store.js';
import type { JobView } from './job-types.js';
import { createMemoryJobQueue } from './memory-job-queue.js';
import { createRedisJobQueue, startJobWorkers } from './redis-job-queue.js';
import { type JobContext, type WebhookSettings, jobLinks } from './run-job.js';
import { webhookKey } from './webhook-signature.js';
import { webhookTargetPolicy } from './webhook-target.js';

export interface JobService {
  readonly context: JobContext;
  readonly queue: JobQueue;
  /** The job as `GET /v1/jobs/:id` reports it (without the artifact); null when there is none. */
  view(id: string): Promise<JobView | null>;
  close(): Promise<void>;
}

/** The webhook settings of the options; null without `--webhook-secret-env`. Throws when the secret is missing or malformed. */
export function webhookSettings(options: ServerOptions, environment: NodeJS.ProcessEnv): WebhookSettings | null {
  if (options.webhookSecretEnv === undefined) return null;
  const secret = environment[options.webhookSecretEnv];
  if (secret === undefined || secret === '') throw new Error(`--webhook-secret-env ${options.webhookSecretEnv}: the environment variable is not set.`);
  try {
    webhookKey(secret);
  } catch (error) {
    throw new Error(`--webhook-secret-env ${options.webhookSecretEnv}: ${(error as Error).message}`);
  }
  return { secret, policy: webhookTargetPolicy({ allowHosts: options.allowWebhookHosts }), attempts: options.webhookAttempts, backoffMs: options.webhookBackoffMs, timeoutMs: options.webhookTimeoutMs };
}

function storeOf(options: ServerOptions): JobStore {
  if (options.jobStore !== undefined) return folderJobStore(options.jobStore);
  if (options.queue !== undefined) throw new Error('--queue needs --job-store <folder>: a folder the service and every worker can reach.');
  return folderJobStore(mkdtempSync(join(tmpdir(), 'paxman-jobs-')));
}

/** The context a worker or the service runs jobs with. */
export function jobContext(options: ServerOptions, paxman: Paxman, environment: NodeJS.ProcessEnv): JobContext {
  return { paxman, store: storeOf(options), maxInputBytes: options.maxBodyBytes, timeoutMs: options.jobTimeoutMs, webhooks: webhookSettings(options, environment), ...(options.publicUrl === undefined ? {} : { publicUrl: options.publicUrl }) };
}

export async function createJobService(options: ServerOptions, paxman: Paxman, environment: NodeJS.ProcessEnv): Promise<JobService> {
  const context = jobContext(options, paxman, environment);
  let queue: JobQueue;
  let stopWorkers = async (): Promise<void> => undefined;
  if (options.queue === undefined) {
    queue = createMemoryJobQueue(context, { concurrency: options.jobWorkers ?? 2, maxQueued: options.maxQueuedJobs });
  } else {
    queue = createRedisJobQueue(options.queue);
    if ((options.jobWorkers ?? 0) > 0) stopWorkers = await startJobWorkers(options.queue, context, { concurrency: options.jobWorkers!, lockMs: options.lockMs });
  }

  const view = async (id: string): Promise<JobView | null> => {
    const request = await context.store.request(id);
    if (request === null) return null;
    const links = jobLinks(id, undefined);
    const result = await context.store.result(id);
    let status: JobView['status'];
    let error = result?.error;
    if (result !== null) status = result.status;
    else if (await context.store.isCancelled(id)) status = 'cancelled';
    else {
      const state = await queue.state(id);
      status = state.state === 'running' ? 'running' : state.state === 'failed' ? 'failed' : 'queued';
      if (state.state === 'failed') error = { code: 'JOB_FAILED', detail: state.reason };
    }
    const attempts = request.webhook === undefined ? [] : await context.store.webhookAttempts(id);
    return {
      id,
      status,
      createdAt: request.createdAt,
      ...(result === null ? {} : { finishedAt: result.finishedAt }),
      ...(result?.artifactStatus === undefined ? {} : { artifactStatus: result.artifactStatus }),
      ...(result?.replayHash === undefined ? {} : { replayHash: result.replayHash }),
      ...(error === undefined ? {} : { error }),
      ...(request.webhook === undefined ? {} : { webhook: { url: request.webhook.url, delivered: attempts.some((attempt) => attempt.delivered), attempts } }),
      links: status === 'done' ? { self: links.job, artifact: links.artifact } : { self: links.job },
    };
  };

  return {
    context,
    queue,
    view,
    async close() {
      await stopWorkers();
      await queue.close();
    },
  };
}
