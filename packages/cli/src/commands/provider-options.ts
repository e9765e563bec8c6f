/**
 * The inference options of `paxman normalize`: `--provider openai-compatible --base-url
 * <url> --model <name> [--api-key-env <VAR>] [--tier local|remote]`. With them the
 * command normalizes through an instance that has that provider for that tier, and the
 * policy allows the tier (unless `--policy` says otherwise). The API key is read from the
 * named environment variable by the provider at call time, never from the command line.
 */
import { openAICompatible } from '@paxman/inference';
import { createPaxman, type Paxman } from 'paxman';
import { UsageError } from './option-files.js';

export interface ProviderCommandOptions {
  readonly provider?: string;
  readonly baseUrl?: string;
  readonly model?: string;
  readonly apiKeyEnv?: string;
  readonly tier?: string;
}

export interface InferenceSetup {
  readonly paxman: Paxman;
  /** Policy keys that allow the chosen tier; the caller's `--policy` wins over them. */
  readonly policyDefaults: Readonly<Record<string, boolean>>;
}

/** The instance and policy defaults for the provider options, or null when none were given. */
export function inferenceSetup(options: ProviderCommandOptions): InferenceSetup | null {
  const given = [options.provider, options.baseUrl, options.model, options.apiKeyEnv, options.tier].some((value) => value !== undefined);
  if (!given) return null;
  if (options.provider !== 'openai-compatible') throw new UsageError(`--provider must be openai-compatible, got ${options.provider ?? 'nothing'}`);
  if (!options.baseUrl) throw new UsageError('--provider openai-compatible needs --base-url <url>');
  if (!options.model) throw new UsageError('--provider openai-compatible needs --model <name>');
  let url: URL;
  try {
    url = new URL(options.baseUrl);
  } catch {
    throw new UsageError(`--base-url is not a URL: ${options.baseUrl}`);
  }
  const loopback = ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
  const tier = options.tier ?? (loopback ? 'local' : 'remote');
  if (tier !== 'local' && tier !== 'remote') throw new UsageError(`--tier must be local or remote, got ${tier}`);
  if (options.apiKeyEnv !== undefined && !/^[A-Za-z_][A-Za-z0-9_]*$/.test(options.apiKeyEnv)) {
    throw new UsageError(`--api-key-env must name an environment variable, got ${options.apiKeyEnv}`);
  }
  const provider = openAICompatible({ baseUrl: options.baseUrl, model: options.model, ...(options.apiKeyEnv === undefined ? {} : { apiKeyEnv: options.apiKeyEnv }) });
  return {
    paxman: createPaxman({ providers: tier === 'local' ? { local: provider } : { remote: provider } }),
    policyDefaults: tier === 'local' ? { allowLocalInference: true } : { allowRemoteInference: true },
  };
}
