/**
 * The MCP server's settings from its command line (`paxman-mcp --contracts ./contracts
 * --root ./inbox …`). Every folder is resolved to its real path; the tools read and write
 * only inside them.
 */
import { realpathSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';

export interface McpServerOptions {
  /** Folder of contract files: offered as resources, and a contract may be named by its path there. */
  readonly contractsFolder?: string;
  /** Folders documents and artifacts may be read from (the contracts folder and the output folder included). */
  readonly roots: readonly string[];
  /** Where `normalize_document` writes artifacts (none: it does not write). */
  readonly outFolder?: string;
  /** Largest document, in bytes. */
  readonly maxInputBytes: number;
  /** Policy every call starts from (a call may tighten it; inference only as allowed here). */
  readonly policy: Readonly<Record<string, unknown>>;
  readonly provider?: { readonly baseUrl: string; readonly model: string; readonly apiKeyEnv?: string; readonly tier: 'local' | 'remote' };
  /** Streamable HTTP on 127.0.0.1 instead of stdio. */
  readonly http?: { readonly port: number };
  /** Plug-in modules (`--plugin`, repeatable) whose `capabilities` and `adapters` the server's instance loads. */
  readonly plugins?: readonly string[];
}

export class UsageError extends Error {
  override readonly name = 'UsageError';
}

export const USAGE = `Usage: paxman-mcp [options]            (MCP over stdio)
  --contracts <folder>        contract files (JSON/YAML): resources contract://<id>, and usable by path
  --root <folder>             a folder documents may be read from (repeatable)
  --out <folder>              write each artifact there and return its path
  --max-input-mb <n>          largest document (default 10)
  --policy <json>             policy defaults, e.g. '{"confidenceFloor":0.9}'
  --provider openai-compatible --base-url <url> --model <name> [--provider-api-key-env <NAME>] [--tier local|remote]
  --http --port <n>           Streamable HTTP on 127.0.0.1 instead of stdio
  --plugin <module>           load an ES module's \`capabilities\`/\`adapters\` arrays (path or package; repeatable)`;

function folder(path: string, option: string): string {
  let real: string;
  try {
    real = realpathSync(resolve(path));
  } catch {
    throw new UsageError(`${option} ${path}: no such folder`);
  }
  if (!statSync(real).isDirectory()) throw new UsageError(`${option} ${path}: not a folder`);
  return real;
}

export function parseMcpArguments(argv: readonly string[]): McpServerOptions {
  let values: Record<string, string | boolean | string[] | undefined>;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: {
        contracts: { type: 'string' },
        root: { type: 'string', multiple: true },
        out: { type: 'string' },
        'max-input-mb': { type: 'string' },
        policy: { type: 'string' },
        provider: { type: 'string' },
        'base-url': { type: 'string' },
        model: { type: 'string' },
        'provider-api-key-env': { type: 'string' },
        tier: { type: 'string' },
        http: { type: 'boolean' },
        port: { type: 'string' },
        plugin: { type: 'string', multiple: true },
      },
      strict: true,
    }));
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const text = (key: string) => values[key] as string | undefined;
  const contractsFolder = text('contracts') === undefined ? undefined : folder(text('contracts')!, '--contracts');
  const outFolder = text('out') === undefined ? undefined : folder(text('out')!, '--out');
  const roots = [...((values['root'] as string[] | undefined) ?? []).map((root) => folder(root, '--root')), ...(contractsFolder === undefined ? [] : [contractsFolder]), ...(outFolder === undefined ? [] : [outFolder])];
  const megabytes = Number(text('max-input-mb') ?? 10);
  if (!Number.isInteger(megabytes) || megabytes < 1) throw new UsageError(`--max-input-mb must be a positive integer, got ${text('max-input-mb')}`);
  let policy: Record<string, unknown> = {};
  if (text('policy') !== undefined) {
    try {
      policy = JSON.parse(text('policy')!) as Record<string, unknown>;
    } catch {
      throw new UsageError('--policy must be a JSON object');
    }
    if (typeof policy !== 'object' || policy === null || Array.isArray(policy)) throw new UsageError('--policy must be a JSON object');
  }
  let provider: McpServerOptions['provider'];
  if (text('provider') !== undefined) {
    if (text('provider') !== 'openai-compatible') throw new UsageError(`--provider must be openai-compatible, got ${text('provider')}`);
    if (text('base-url') === undefined || text('model') === undefined) throw new UsageError('--provider openai-compatible needs --base-url and --model');
    const tier = text('tier') ?? 'remote';
    if (tier !== 'local' && tier !== 'remote') throw new UsageError(`--tier must be local or remote, got ${tier}`);
    provider = { baseUrl: text('base-url')!, model: text('model')!, tier, ...(text('provider-api-key-env') === undefined ? {} : { apiKeyEnv: text('provider-api-key-env')! }) };
  }
  let http: McpServerOptions['http'];
  if (values['http'] === true) {
    const port = Number(text('port') ?? 0);
    if (!Number.isInteger(port) || port < 0 || port > 65_535) throw new UsageError(`--port must be 0–65535, got ${text('port')}`);
    http = { port };
  }
  return {
    ...(contractsFolder === undefined ? {} : { contractsFolder }),
    roots,
    ...(outFolder === undefined ? {} : { outFolder }),
    maxInputBytes: megabytes * 1024 * 1024,
    policy,
    ...(provider === undefined ? {} : { provider }),
    ...(http === undefined ? {} : { http }),
    ...(values.plugin === undefined ? {} : { plugins: values.plugin as string[] }),
  };
}
