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
});

export const USAGE = `Usage: paxman-http [options]
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
  --review-folder <dir>       a paxman-batch output folder: its review queue for the inspector (/inspector/?review=<name>)`;

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
  };
}
