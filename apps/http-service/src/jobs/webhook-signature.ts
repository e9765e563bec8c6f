/**
 * Standard Webhooks signatures (https://www.standardwebhooks.com): a message is signed with
 * HMAC-SHA256 over `"<webhook-id>.<webhook-timestamp>.<body>"` under the secret's key
 * (`whsec_<base64>`), sent as `webhook-signature: v1,<base64>`. `verifyWebhook` is the
 * receiver's side, exported for clients: it checks the signature in constant time and that
 * the timestamp is within a tolerance of the receiver's clock (replays of old messages are
 * refused). Only `node:crypto`; the file can be copied into a client as it is.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** The headers of a signed message (a type, not an interface: it passes as a header record). */
export type WebhookHeaders = {
  readonly 'webhook-id': string;
  readonly 'webhook-timestamp': string;
  readonly 'webhook-signature': string;
};

/** Why a webhook was not verified (`WebhookVerificationError.code`). */
export type WebhookVerificationCode = 'WEBHOOK_MISSING_HEADERS' | 'WEBHOOK_BAD_TIMESTAMP' | 'WEBHOOK_TIMESTAMP_OUT_OF_TOLERANCE' | 'WEBHOOK_BAD_SIGNATURE' | 'WEBHOOK_BAD_SECRET';

/** A webhook that is not what its signature says (or whose secret is malformed). */
export class WebhookVerificationError extends Error {
  override readonly name = 'WebhookVerificationError';
  constructor(
    readonly code: WebhookVerificationCode,
    message: string,
  ) {
    super(message);
  }
}

const SECRET_PREFIX = 'whsec_';
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/** The key bytes of a `whsec_<base64>` secret; throws `WEBHOOK_BAD_SECRET` when it is not one. */
export function webhookKey(secret: string): Buffer {
  const encoded = secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : '';
  const key = BASE64.test(encoded) ? Buffer.from(encoded, 'base64') : Buffer.alloc(0);
  if (key.length < 16) throw new WebhookVerificationError('WEBHOOK_BAD_SECRET', 'A webhook secret is "whsec_" followed by at least 16 bytes in base64.');
  return key;
}

function signature(key: Buffer, id: string, timestamp: string, body: string | Uint8Array): Buffer {
  return createHmac('sha256', key).update(`${id}.${timestamp}.`).update(body).digest();
}

/**
 * The headers that sign `body` as message `id` at `timestampSeconds` (Unix seconds).
 *
 * @example
 * const headers = signWebhook(process.env.PAXMAN_WEBHOOK_SECRET!, { id: 'msg_job_1', timestampSeconds: Math.floor(Date.now() / 1000), body });
 */
export function signWebhook(secret: string, message: { readonly id: string; readonly timestampSeconds: number; readonly body: string }): WebhookHeaders {
  const timestamp = String(Math.floor(message.timestampSeconds));
  return { 'webhook-id': message.id, 'webhook-timestamp': timestamp, 'webhook-signature': `v1,${signature(webhookKey(secret), message.id, timestamp, message.body).toString('base64')}` };
}

/** Options of `verifyWebhook`. */
export interface VerifyWebhookOptions {
  /** How far the message's timestamp may be from now, in seconds (default 300). */
  readonly toleranceSeconds?: number;
  /** The receiver's clock in milliseconds (default `Date.now`); tests inject theirs. */
  readonly now?: () => number;
}

function header(headers: Readonly<Record<string, string | readonly string[] | undefined>>, name: string): string | undefined {
  const value = headers[name] ?? Object.entries(headers).find(([key]) => key.toLowerCase() === name)?.[1];
  return Array.isArray(value) ? value[0] : (value as string | undefined);
}

/**
 * Verifies a webhook the way a receiver must: with the raw body exactly as received (not
 * re-serialized JSON), the three `webhook-*` headers and the shared secret. Returns the
 * message id (to drop a message already handled: a webhook arrives at least once) or
 * throws a `WebhookVerificationError` naming why not.
 *
 * @example
 * // In an HTTP handler, `raw` the body's text:
 * const messageId = verifyWebhook(process.env.PAXMAN_WEBHOOK_SECRET!, request.headers, raw);
 */
export function verifyWebhook(secret: string, headers: Readonly<Record<string, string | readonly string[] | undefined>>, body: string | Uint8Array, options: VerifyWebhookOptions = {}): string {
  const key = webhookKey(secret);
  const id = header(headers, 'webhook-id');
  const timestamp = header(headers, 'webhook-timestamp');
  const signatures = header(headers, 'webhook-signature');
  if (id === undefined || timestamp === undefined || signatures === undefined) throw new WebhookVerificationError('WEBHOOK_MISSING_HEADERS', 'The webhook-id, webhook-timestamp and webhook-signature headers are all required.');
  if (!/^\d{1,12}$/.test(timestamp)) throw new WebhookVerificationError('WEBHOOK_BAD_TIMESTAMP', `webhook-timestamp is not Unix seconds: ${timestamp}`);
  const tolerance = options.toleranceSeconds ?? 300;
  const nowSeconds = Math.floor((options.now ?? Date.now)() / 1000);
  if (Math.abs(nowSeconds - Number(timestamp)) > tolerance) throw new WebhookVerificationError('WEBHOOK_TIMESTAMP_OUT_OF_TOLERANCE', `The message is ${nowSeconds - Number(timestamp)} s from now, outside the tolerance of ${tolerance} s.`);
  const expected = signature(key, id, timestamp, body);
  // Several signatures may be sent (space-separated) while a secret is rotated; one must match.
  for (const candidate of signatures.split(' ')) {
    const [version, encoded] = candidate.split(',', 2);
    if (version !== 'v1' || encoded === undefined) continue;
    const given = Buffer.from(encoded, 'base64');
    if (given.length === expected.length && timingSafeEqual(given, expected)) return id;
  }
  throw new WebhookVerificationError('WEBHOOK_BAD_SIGNATURE', 'No v1 signature matches the body under this secret.');
}
