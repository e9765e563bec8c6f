/**
 * The queue the job routes use, with two implementations behind it: in process
 * (`memory-job-queue.ts`: bounded, lost on restart) and BullMQ on Redis
 * (`redis-job-queue.ts`: shared by every service and worker process, survives them).
 */
import type { IdempotencyKeys } from './idempotency-keys.js';
import type { JobMessage } from './job-types.js';

/** Where a job is in the queue (its result, once written, is in the job store). */
export type QueueState = { readonly state: 'queued' | 'running' | 'unknown' } | { readonly state: 'failed'; readonly reason: string };

export interface JobQueue {
  readonly kind: 'memory' | 'redis';
  /** Queues a job whose request is in the store; a `JobQueueFullError` when the queue is at its limit. */
  submit(message: JobMessage): Promise<void>;
  state(id: string): Promise<QueueState>;
  /** Takes a job out before it starts; false when it is running, finished or unknown. */
  cancel(id: string): Promise<boolean>;
  readonly keys: IdempotencyKeys;
  /** Stops taking jobs and lets running ones finish. */
  close(): Promise<void>;
}

/** The in-process queue is at its stated limit (503 with Retry-After). */
export class JobQueueFullError extends Error {
  override readonly name = 'JobQueueFullError';
  readonly code = 'JOB_QUEUE_FULL';
}
