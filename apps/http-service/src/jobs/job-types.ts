/**
 * What a job is: the request it was accepted with, its result once run, its status as the
 * routes report it, and the small message the queue carries (an id and the webhook URL —
 * inputs, contracts and artifacts stay in the job store, never in the queue's payload).
 */
import type { WebhookAttempt } from './webhook-delivery.js';

/** `queued` → `running` → `done` | `failed`; `cancelled` by `DELETE` while queued. */
export type JobStatus = 'queued' | 'running' | 'done' | 'failed' | 'cancelled';

/** A job as accepted: everything a worker needs but the input's bytes (stored beside it). */
export interface JobRequest {
  readonly id: string;
  readonly createdAt: string;
  readonly contract: unknown;
  readonly schemaName?: string;
  readonly policy: Record<string, unknown>;
  /** The input was text (read back as a string) or bytes (a PDF, an e-mail, …). */
  readonly inputKind: 'text' | 'bytes';
  readonly webhook?: { readonly url: string };
}

/** Why a job failed: a typed code, a sentence and, for a contract, every problem. */
export interface JobFailure {
  readonly code: string;
  readonly detail: string;
  readonly problems?: readonly { readonly code: string; readonly path: string; readonly message: string }[];
}

/** A job's outcome, written once its run is over. */
export interface JobResult {
  readonly status: 'done' | 'failed';
  readonly finishedAt: string;
  /** The artifact's status (`SUCCESS`, `PARTIAL_SUCCESS`, …) when done. */
  readonly artifactStatus?: string;
  readonly replayHash?: string;
  readonly error?: JobFailure;
}

/** What the queue carries for one job. */
export interface JobMessage {
  readonly id: string;
}

/** What a webhook sends: the job's outcome and where its artifact is. */
export interface WebhookPayload {
  readonly type: 'job.done' | 'job.failed';
  readonly id: string;
  readonly status: 'done' | 'failed';
  readonly artifactStatus?: string;
  readonly replayHash?: string;
  readonly error?: JobFailure;
  readonly links: { readonly job: string; readonly artifact?: string };
}

/** A job as `GET /v1/jobs/:id` answers (the artifact added by the route when done). */
export interface JobView {
  readonly id: string;
  readonly status: JobStatus;
  readonly createdAt: string;
  readonly finishedAt?: string;
  readonly artifactStatus?: string;
  readonly replayHash?: string;
  readonly error?: JobFailure;
  readonly webhook?: { readonly url: string; readonly delivered: boolean; readonly attempts: readonly WebhookAttempt[] };
  readonly links: { readonly self: string; readonly artifact?: string };
}
