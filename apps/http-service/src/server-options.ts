/**
 * The service's settings and their command-line form (`paxman-http --port 8080 …`), read
 * with `node:util`'s `parseArgs`. Bad arguments throw a `UsageError` with the reason.
 */
import { parseArgs } from 'node:util';

export interface ServerOptions {
  readonly port: number;
  readonly host: string;
  /** The environment variable holding the bearer key every route but the health checks needs; none: no auth. */
  readonly apiKeyEnv?: string;
  /** Largest request body, in bytes. */
  readonly maxBodyBytes: number;
  /** Requests normalizing or replaying at once; the next one gets 503 with Retry-After. */
  readonly concurrency: number;
  /** Time one normalization may take before it is aborted (503). */
  readonly requestTimeoutMs: number;
  /** An inference provider the operator configured (the CLI's options). */
  readonly provider?: { readonly baseUrl: string; readonly model: string; readonly apiKeyEnv?: string; readonly tier: 'local' | 'remote' };
  /** Whether requests may turn local / remote inference on (never more than the operator allows). */
  readonly allowLocalInference: boolean;
  readonly allowRemoteInference: boolean;
  /** Log level of the pino logger (`silent` in tests). */
  readonly logLevel: string;
  /** Server processes sharing the port (node:cluster); 1 runs in this process. */
  readonly workers: number;
  /** Plug-in modules (`--plugin`, repeatable) whose `capabilities` and `adapters` the service's instance loads. */
  readonly plugins?: readonly string[];
  /**
   * The environment variable holding the Ed25519 PEM private key `POST /v1/amendments`
   * signs reviewers' amendments with (the key `paxman sign` uses); none: amendments are
   * not offered (501).
   */
  readonly reviewerKeyEnv?: string;
  /** A `paxman-batch` output folder whose review queue the inspector walks (`GET /v1/review/…`). */
  readonly reviewFolder?: string;
  /** `redis://…`: jobs go to BullMQ and run on `paxman-http worker` processes; none: the in-process queue. */
  readonly queue?: string;
  /** The folder of the job store (inputs, artifacts, results); required with `queue`, a temporary folder without. */
  readonly jobStore?: string;
  /** Jobs run at once in this process: in-process queue default 2, with `queue` default 0 (workers do), a worker default 1. */
  readonly jobWorkers?: number;
  /** The in-process queue's limit: jobs waiting or running; the next gets 503. */
  readonly maxQueuedJobs: number;
  /** Longest run of one job (aborted past it: the job fails with ABORTED). */
  readonly jobTimeoutMs: number;
  /** How long a job stays locked to a worker that stopped answering (BullMQ) before another runs it. */
  readonly lockMs: number;
  /** The environment variable holding the webhook secret (`whsec_<base64>`); none: jobs with a webhook are refused. */
  readonly webhookSecretEnv?: string;
  /** Hosts a webhook may target even when they resolve to loopback, private or link-local addresses. */
  readonly allowWebhookHosts: readonly string[];
  /** Tries per webhook (the first and its retries). */
  readonly webhookAttempts: number;
  /** Delay before a webhook's first retry; doubled for each next one. */
  readonly webhookBackoffMs: number;
  /** How long one webhook try waits for the receiver's answer. */
  readonly webhookTimeoutMs: number;
  /** The service's public base URL: links in webhooks are absolute under it. */
  readonly publicUrl?: string;
}

export class UsageError extends Error {
  override readonly name = 'UsageError';
}

export const DEFAULT_OPTIONS: ServerOptions = Object.freeze({
  port: 8080,
  host: '127.0.0.1',
  maxBodyBytes: 10 * 1024 * 1024,
  concurrency: 8,
  requestTimeoutMs: 30_000,
  allowLocalInference: false,
  allowRemoteInference: false,
  logLevel: 'info',
  workers: 1,
  maxQueuedJobs: 1000,
  jobTimeoutMs: 600_000,
  lockMs: 30_000,
  allowWebhookHosts: [],
  webhookAttempts: 8,
  webhookBackoffMs: 1000,
  webhookTimeoutMs: 10_000,
});

export const USAGE = `Usage: paxman-http [options]
       paxman-http worker --queue redis://host:port --job-store <folder> [options]   (runs jobs from the queue)
  --port <n>                  port to listen on (default 8080; 0 picks a free one)
  --host <address>            address to bind (default 127.0.0.1)
  --api-key-env <NAME>        require "Authorization: Bearer <key>", the key read from $NAME
  --max-body-mb <n>           largest request body in MB (default 10)
  --concurrency <n>           normalizations at once before 503 + Retry-After (default 8)
  --timeout-ms <n>            time limit of one normalization (default 30000)
  --provider openai-compatible --base-url <url> --model <name> [--provider-api-key-env <NAME>] [--tier local|remote]
                              an inference provider; requests may use it only with --allow-inference
  --allow-inference           let requests turn inference on in their policy
  --log-level <level>         pino level (default info)
  --workers <n>               server processes sharing the port (default 1; one per core for throughput)
  --plugin <module>           load an ES module's \`capabilities\`/\`adapters\` arrays (path or package; repeatable)
  --reviewer-key-env <NAME>   sign review amendments (POST /v1/amendments) with the Ed25519 PEM key in $NAME
  --review-folder <dir>       a paxman-batch output folder: its review queue for the inspector (/inspector/?review=<name>)
Jobs (POST /v1/jobs):
  --queue <redis://host:port> jobs go to BullMQ and run on \`paxman-http worker\` processes (default: in process)
  --job-store <folder>        inputs, artifacts and results of jobs (required with --queue; default a temporary folder)
  --job-workers <n>           jobs run at once here (in-process queue 2; with --queue 0; a worker 1)
  --max-queued-jobs <n>       the in-process queue's limit of waiting or running jobs (default 1000)
  --job-timeout-ms <n>        time limit of one job (default 600000)
  --lock-ms <n>               a killed worker's job is run again after this (default 30000)
  --webhook-secret-env <NAME> sign webhooks with the secret in $NAME (whsec_<base64>); without it, no webhooks
  --allow-webhook-host <host> let webhooks target this host even on a private or loopback address (repeatable)
  --webhook-attempts <n>      tries per webhook (default 8; backoff 1 s, 2 s, 4 s, …)
  --webhook-backoff-ms <n>    delay before the first retry (default 1000)
  --webhook-timeout-ms <n>    time one try waits for an answer (default 10000)
  --public-url <url>          the service's public base URL, for absolute links in webhooks`;

function positiveInteger(value: string | undefined, name: string, fallback: number, allowZero = false): number {
  if (value === undefined) return fallback;
  const number = Number(value);
  if (!Number.isInteger(number) || number < (allowZero ? 0 : 1)) throw new UsageError(`${name} must be a ${allowZero ? 'non-negative' : 'positive'} integer, got ${value}`);
  return number;
}

function environmentName(value: string, name: string): string {
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(value)) throw new UsageError(`${name} must name an environment variable, got ${value}`);
  return value;
}

/** The options of a command line. */
export function parseServerArguments(argv: readonly string[]): ServerOptions {
  let values: Record<string, string | boolean | string[] | undefined>;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: {
        port: { type: 'string' },
        host: { type: 'string' },
        'api-key-env': { type: 'string' },
        'max-body-mb': { type: 'string' },
        concurrency: { type: 'string' },
        'timeout-ms': { type: 'string' },
        provider: { type: 'string' },
        'base-url': { type: 'string' },
        model: { type: 'string' },
        'provider-api-key-env': { type: 'string' },
        tier: { type: 'string' },
        'allow-inference': { type: 'boolean' },
        'log-level': { type: 'string' },
        workers: { type: 'string' },
        plugin: { type: 'string', multiple: true },
        'reviewer-key-env': { type: 'string' },
        'review-folder': { type: 'string' },
        queue: { type: 'string' },
        'job-store': { type: 'string' },
        'job-workers': { type: 'string' },
        'max-queued-jobs': { type: 'string' },
        'job-timeout-ms': { type: 'string' },
        'lock-ms': { type: 'string' },
        'webhook-secret-env': { type: 'string' },
        'allow-webhook-host': { type: 'string', multiple: true },
        'webhook-attempts': { type: 'string' },
        'webhook-backoff-ms': { type: 'string' },
        'webhook-timeout-ms': { type: 'string' },
        'public-url': { type: 'string' },
      },
      strict: true,
    }));
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const string = (key: string): string | undefined => values[key] as string | undefined;
  const port = positiveInteger(string('port'), '--port', DEFAULT_OPTIONS.port, true);
  if (port > 65_535) throw new UsageError(`--port must be at most 65535, got ${port}`);
  let provider: ServerOptions['provider'];
  if (string('provider') !== undefined || string('base-url') !== undefined || string('model') !== undefined) {
    if (string('provider') !== 'openai-compatible') throw new UsageError(`--provider must be openai-compatible, got ${string('provider') ?? 'nothing'}`);
    const baseUrl = string('base-url');
    const model = string('model');
    if (baseUrl === undefined) throw new UsageError('--provider openai-compatible needs --base-url <url>');
    if (model === undefined) throw new UsageError('--provider openai-compatible needs --model <name>');
    let url: URL;
    try {
      url = new URL(baseUrl);
    } catch {
      throw new UsageError(`--base-url is not a URL: ${baseUrl}`);
    }
    const tier = string('tier') ?? (['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname) ? 'local' : 'remote');
    if (tier !== 'local' && tier !== 'remote') throw new UsageError(`--tier must be local or remote, got ${tier}`);
    const keyEnv = string('provider-api-key-env');
    provider = { baseUrl, model, tier, ...(keyEnv === undefined ? {} : { apiKeyEnv: environmentName(keyEnv, '--provider-api-key-env') }) };
  }
  const allowInference = values['allow-inference'] === true;
  if (allowInference && provider === undefined) throw new UsageError('--allow-inference needs a provider (--provider openai-compatible …)');
  const apiKeyEnv = string('api-key-env');
  const reviewerKeyEnv = string('reviewer-key-env');
  const queue = string('queue');
  if (queue !== undefined && !/^rediss?:\/\/./.test(queue)) throw new UsageError(`--queue must be a redis:// URL, got ${queue}`);
  const jobStore = string('job-store');
  if (queue !== undefined && jobStore === undefined) throw new UsageError('--queue needs --job-store <folder>, a folder the service and every worker can reach');
  const jobWorkers = string('job-workers');
  const webhookSecretEnv = string('webhook-secret-env');
  const publicUrl = string('public-url');
  if (publicUrl !== undefined && !/^https?:\/\/./.test(publicUrl)) throw new UsageError(`--public-url must be an http(s) URL, got ${publicUrl}`);
  return {
    port,
    host: string('host') ?? DEFAULT_OPTIONS.host,
    ...(apiKeyEnv === undefined ? {} : { apiKeyEnv: environmentName(apiKeyEnv, '--api-key-env') }),
    maxBodyBytes: positiveInteger(string('max-body-mb'), '--max-body-mb', 10) * 1024 * 1024,
    concurrency: positiveInteger(string('concurrency'), '--concurrency', DEFAULT_OPTIONS.concurrency),
    requestTimeoutMs: positiveInteger(string('timeout-ms'), '--timeout-ms', DEFAULT_OPTIONS.requestTimeoutMs),
    ...(provider === undefined ? {} : { provider }),
    allowLocalInference: allowInference && provider?.tier === 'local',
    allowRemoteInference: allowInference && provider?.tier === 'remote',
    logLevel: string('log-level') ?? DEFAULT_OPTIONS.logLevel,
    workers: positiveInteger(string('workers'), '--workers', DEFAULT_OPTIONS.workers),
    ...(values.plugin === undefined ? {} : { plugins: values.plugin as string[] }),
    ...(reviewerKeyEnv === undefined ? {} : { reviewerKeyEnv: environmentName(reviewerKeyEnv, '--reviewer-key-env') }),
    ...(string('review-folder') === undefined ? {} : { reviewFolder: string('review-folder')! }),
    ...(queue === undefined ? {} : { queue }),
    ...(jobStore === undefined ? {} : { jobStore }),
    ...(jobWorkers === undefined ? {} : { jobWorkers: positiveInteger(jobWorkers, '--job-workers', 0, true) }),
    maxQueuedJobs: positiveInteger(string('max-queued-jobs'), '--max-queued-jobs', DEFAULT_OPTIONS.maxQueuedJobs),
    jobTimeoutMs: positiveInteger(string('job-timeout-ms'), '--job-timeout-ms', DEFAULT_OPTIONS.jobTimeoutMs),
    lockMs: positiveInteger(string('lock-ms'), '--lock-ms', DEFAULT_OPTIONS.lockMs),
    ...(webhookSecretEnv === undefined ? {} : { webhookSecretEnv: environmentName(webhookSecretEnv, '--webhook-secret-env') }),
    allowWebhookHosts: (values['allow-webhook-host'] as string[] | undefined) ?? [],
    webhookAttempts: positiveInteger(string('webhook-attempts'), '--webhook-attempts', DEFAULT_OPTIONS.webhookAttempts),
    webhookBackoffMs: positiveInteger(string('webhook-backoff-ms'), '--webhook-backoff-ms', DEFAULT_OPTIONS.webhookBackoffMs),
    webhookTimeoutMs: positiveInteger(string('webhook-timeout-ms'), '--webhook-timeout-ms', DEFAULT_OPTIONS.webhookTimeoutMs),
    ...(publicUrl === undefined ? {} : { publicUrl }),
  };
}
