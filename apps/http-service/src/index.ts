/**
 * @paxman/http-service — Paxman over HTTP: `buildServer(options)` gives the Fastify
 * application; `paxman-http` (bin/) starts it from the command line, `paxman-http worker`
 * runs jobs from a BullMQ queue (`startWorker`). `verifyWebhook` is the receiver's side of
 * the jobs' signed webhooks.
 */
export { buildServer, type PaxmanServer } from './server.js';
export { parseServerArguments, DEFAULT_OPTIONS, USAGE, UsageError, type ServerOptions } from './server-options.js';
export { startWorker, type RunningWorker } from './worker.js';
export { verifyWebhook, signWebhook, webhookKey, WebhookVerificationError, type VerifyWebhookOptions, type WebhookHeaders, type WebhookVerificationCode } from './jobs/webhook-signature.js';
export { isNonPublicAddress, webhookTargetPolicy, WebhookUrlError, type WebhookTargetPolicy } from './jobs/webhook-target.js';
export { DEFAULT_WEBHOOK_ATTEMPTS, DEFAULT_WEBHOOK_BACKOFF_MS, type WebhookAttempt } from './jobs/webhook-delivery.js';
export type { JobStatus, JobView, WebhookPayload, JobFailure } from './jobs/job-types.js';
