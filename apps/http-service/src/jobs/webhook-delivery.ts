/**
 * Sending one webhook: the job's completion as a signed JSON `POST` (Standard Webhooks
 * headers), through the target policy's checked lookup, with a time limit. Every try comes
 * back as a `WebhookAttempt` (recorded on the job by the caller); a 2xx answer is delivered,
 * anything else — another status, a refused connection, no answer in time — is a failed try
 * the queue retries with exponential backoff (`backoffMs`) up to `DEFAULT_WEBHOOK_ATTEMPTS`.
 */
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { signWebhook } from './webhook-signature.js';
import { type WebhookTargetPolicy, WebhookUrlError } from './webhook-target.js';

/** Tries per webhook before it is given up (the first and 7 retries: 1 s, 2 s, 4 s, … 64 s by default). */
export const DEFAULT_WEBHOOK_ATTEMPTS = 8;
/** The first retry's delay; each next one doubles it. */
export const DEFAULT_WEBHOOK_BACKOFF_MS = 1000;
/** How long one try waits for the receiver's answer. */
export const DEFAULT_WEBHOOK_TIMEOUT_MS = 10_000;

/** One try to deliver a webhook, as recorded on the job. */
export interface WebhookAttempt {
  /** 1 for the first try. */
  readonly attempt: number;
  /** When the try started (ISO 8601). */
  readonly at: string;
  readonly delivered: boolean;
  /** The receiver's HTTP status, when it answered. */
  readonly status?: number;
  /** Why the try failed, when it did. */
  readonly error?: string;
  /** The URL is refused (not public any more): no retry. */
  readonly permanent?: boolean;
  readonly ms: number;
}

/** The delay before retry `attempt + 1` after try `attempt` failed (exponential). */
export function backoffMs(attempt: number, baseMs: number = DEFAULT_WEBHOOK_BACKOFF_MS): number {
  return baseMs * 2 ** (attempt - 1);
}

export interface DeliveryOptions {
  readonly url: string;
  /** The webhook message id (`webhook-id`): the same for every try of one job's webhook. */
  readonly messageId: string;
  readonly body: string;
  readonly secret: string;
  readonly attempt: number;
  readonly policy: WebhookTargetPolicy;
  readonly timeoutMs?: number;
  /** Milliseconds since the epoch (default `Date.now`): the signature's timestamp. */
  readonly now?: () => number;
}

function post(url: URL, headers: Record<string, string>, body: string, policy: WebhookTargetPolicy, timeoutMs: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const request = send(url, { method: 'POST', headers: { ...headers, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)), 'user-agent': 'paxman-webhooks' }, lookup: policy.lookup, timeout: timeoutMs }, (response) => {
      // The answer's body is not read beyond draining it: only the status counts.
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
      response.on('error', reject);
    });
    request.on('timeout', () => request.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    request.on('error', reject);
    request.end(body);
  });
}

/** One try: checks the URL again, signs, posts; never throws (the attempt says what happened). */
export async function deliverWebhook(options: DeliveryOptions): Promise<WebhookAttempt> {
  const now = options.now ?? Date.now;
  const started = now();
  const at = new Date(started).toISOString();
  const record = (fields: { delivered: boolean; status?: number; error?: string; permanent?: boolean }): WebhookAttempt => ({ attempt: options.attempt, at, ...fields, ms: Math.max(0, Math.round(now() - started)) });
  try {
    const url = await options.policy.check(options.url);
    const headers = signWebhook(options.secret, { id: options.messageId, timestampSeconds: Math.floor(started / 1000), body: options.body });
    const status = await post(url, { ...headers }, options.body, options.policy, options.timeoutMs ?? DEFAULT_WEBHOOK_TIMEOUT_MS);
    return status >= 200 && status < 300 ? record({ delivered: true, status }) : record({ delivered: false, status, error: `the receiver answered ${status}` });
  } catch (error) {
    return record({ delivered: false, error: error instanceof Error ? error.message : String(error), ...(error instanceof WebhookUrlError ? { permanent: true } : {}) });
  }
}
