/**
 * Running one job and sending one try of its webhook — the work both queues share (the
 * in-process queue and the BullMQ workers). A run reads the request and input from the job
 * store, normalizes, writes the artifact and then the result; running it again (its worker
 * was killed) rewrites the same artifact, since a normalization is deterministic. A
 * contract that cannot be used or an input over the limit is a failed job with the reason,
 * not an error to retry.
 */
import { type Paxman, type PolicyInput, Status, serializeArtifact } from 'paxman';
import { contractProblems } from '../normalize-request.js';
import type { JobResult, WebhookPayload } from './job-types.js';
import type { JobStore } from './job-store.js';
import { type WebhookAttempt, deliverWebhook } from './webhook-delivery.js';
import type { WebhookTargetPolicy } from './webhook-target.js';

/** How webhooks are signed, checked, timed and retried. */
export interface WebhookSettings {
  /** `whsec_<base64>`, from the environment variable `--webhook-secret-env` names. */
  readonly secret: string;
  readonly policy: WebhookTargetPolicy;
  /** Tries per webhook. */
  readonly attempts: number;
  /** Delay before the first retry; doubled for each next one. */
  readonly backoffMs: number;
  /** How long one try waits for an answer. */
  readonly timeoutMs: number;
}

/** What running jobs needs; one per service or worker process. */
export interface JobContext {
  readonly paxman: Paxman;
  readonly store: JobStore;
  readonly maxInputBytes: number;
  /** Longest run of one job; past it the run is aborted and the job fails with `ABORTED`. */
  readonly timeoutMs: number;
  /** Links in webhooks are absolute under it (`--public-url`); relative without it. */
  readonly publicUrl?: string;
  /** Null: webhooks are not configured (jobs with a webhook are refused when accepted). */
  readonly webhooks: WebhookSettings | null;
}

/** The links of a job, absolute when the service's public URL is known. */
export function jobLinks(id: string, publicUrl: string | undefined): { job: string; artifact: string } {
  const base = publicUrl === undefined ? '' : publicUrl.replace(/\/+$/, '');
  return { job: `${base}/v1/jobs/${id}`, artifact: `${base}/v1/jobs/${id}/artifact` };
}

/** Runs job `id`; null when it was cancelled before it started. Throws only on an error worth a retry. */
export async function runJob(context: JobContext, id: string, signal?: AbortSignal): Promise<JobResult | null> {
  if (await context.store.isCancelled(id)) return null;
  const request = await context.store.request(id);
  if (request === null) throw new Error(`job ${id} has no request in the store ${context.store.root}`);
  const bytes = await context.store.input(id);
  const input = request.inputKind === 'text' ? new TextDecoder().decode(bytes) : bytes;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new Error(`the job took longer than ${context.timeoutMs} ms`)), context.timeoutMs);
  const onAbort = (): void => controller.abort(signal?.reason);
  signal?.addEventListener('abort', onAbort, { once: true });
  let result: JobResult;
  try {
    const artifact = await context.paxman.normalize(input, {
      contract: request.contract,
      ...(request.schemaName === undefined ? {} : { schemaName: request.schemaName }),
      policy: request.policy as PolicyInput,
      budget: { maxInputBytes: context.maxInputBytes },
      signal: controller.signal,
    });
    const finishedAt = new Date().toISOString();
    if (artifact.status === Status.INVALID_CONTRACT) {
      result = { status: 'failed', finishedAt, error: { code: 'INVALID_CONTRACT', detail: 'The contract cannot be used; every problem is listed with its path.', problems: contractProblems(artifact) } };
    } else if (artifact.status === Status.INPUT_TOO_LARGE) {
      result = { status: 'failed', finishedAt, error: { code: 'INPUT_TOO_LARGE', detail: `The input is over the limit of ${context.maxInputBytes} bytes.` } };
    } else {
      await context.store.writeArtifact(id, serializeArtifact(artifact));
      result = { status: 'done', finishedAt, artifactStatus: artifact.status, replayHash: artifact.replayHash };
    }
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
  }
  await context.store.writeResult(id, result);
  return result;
}

/** The failed result of a job whose last try threw (written by the queue). */
export function failedResult(error: unknown): JobResult {
  const code = typeof (error as { code?: unknown })?.code === 'string' ? (error as { code: string }).code : 'JOB_FAILED';
  return { status: 'failed', finishedAt: new Date().toISOString(), error: { code, detail: error instanceof Error ? error.message : String(error) } };
}

/** The webhook's body for a finished job. */
export function webhookPayload(id: string, result: JobResult, publicUrl: string | undefined): WebhookPayload {
  const links = jobLinks(id, publicUrl);
  return {
    type: result.status === 'done' ? 'job.done' : 'job.failed',
    id,
    status: result.status,
    ...(result.artifactStatus === undefined ? {} : { artifactStatus: result.artifactStatus }),
    ...(result.replayHash === undefined ? {} : { replayHash: result.replayHash }),
    ...(result.error === undefined ? {} : { error: result.error }),
    links: result.status === 'done' ? links : { job: links.job },
  };
}

/**
 * Try number `attempt` of job `id`'s webhook, recorded on the job. Null when the job has no
 * webhook (or none is configured); otherwise the attempt, which says whether to retry.
 */
export async function tryWebhook(context: JobContext, id: string, attempt: number): Promise<WebhookAttempt | null> {
  const request = await context.store.request(id);
  const result = await context.store.result(id);
  if (request?.webhook === undefined || result === null || context.webhooks === null) return null;
  const outcome = await deliverWebhook({
    url: request.webhook.url,
    messageId: `msg_${id}`,
    body: JSON.stringify(webhookPayload(id, result, context.publicUrl)),
    secret: context.webhooks.secret,
    attempt,
    policy: context.webhooks.policy,
    timeoutMs: context.webhooks.timeoutMs,
  });
  await context.store.recordWebhookAttempt(id, outcome);
  return outcome;
}
