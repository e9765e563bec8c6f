/**
 * The inference options of `paxman normalize`: `--provider openai-compatible --base-url
 * <url> --model <name> [--api-key-env <VAR>] [--tier local|remote]`. With them the
 * command normalizes through an instance that has that provider for that tier, and the
 * policy allows the tier (unless `--policy` says otherwise). The API key is read from the
 * named environment variable by the provider at call time, never from the command line.
 * `--price-input`/`--price-output` (USD per million tokens) give the provider its pricing, so
 * `maxTotalCostUsd` books real cost; a remote provider without pricing is never called
 * under a USD cap (its cost is unknown).
 */
import { openAICompatible, type TokenPricing } from '@paxman/inference';
import type { ProviderConfiguration } from 'paxman';
import { UsageError } from './option-files.js';

export interface ProviderCommandOptions {
  readonly provider?: string;
  readonly baseUrl?: string;
  readonly model?: string;
  readonly apiKeyEnv?: string;
  readonly tier?: string;
  readonly priceInput?: string;
  readonly priceOutput?: string;
}

export interface InferenceSetup {
  /** The provider for the chosen tier (`createPaxman({ providers })`). */
  readonly providers: ProviderConfiguration;
  /** Policy keys that allow the chosen tier; the caller's `--policy` wins over them. */
  readonly policyDefaults: Readonly<Record<string, boolean>>;
}

/** The instance and policy defaults for the provider options, or null when none were given. */
export function inferenceSetup(options: ProviderCommandOptions): InferenceSetup | null {
  const given = [options.provider, options.baseUrl, options.model, options.apiKeyEnv, options.tier, options.priceInput, options.priceOutput].some((value) => value !== undefined);
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
  const pricing = pricingOf(options);
  const provider = openAICompatible({ baseUrl: options.baseUrl, model: options.model, ...(options.apiKeyEnv === undefined ? {} : { apiKeyEnv: options.apiKeyEnv }), ...(pricing === undefined ? {} : { pricing }) });
  return {
    providers: tier === 'local' ? { local: provider } : { remote: provider },
    policyDefaults: tier === 'local' ? { allowLocalInference: true } : { allowRemoteInference: true },
  };
}

/** `--price-input`/`--price-output` as the provider's pricing (both or neither). */
function pricingOf(options: ProviderCommandOptions): TokenPricing | undefined {
  if (options.priceInput === undefined && options.priceOutput === undefined) return undefined;
  if (options.priceInput === undefined || options.priceOutput === undefined) throw new UsageError('--price-input and --price-output go together (USD per million tokens)');
  for (const [flag, value] of [['--price-input', options.priceInput], ['--price-output', options.priceOutput]] as const) {
    if (!/^\d+(?:\.\d+)?$/.test(value)) throw new UsageError(`${flag} must be a non-negative decimal (USD per million tokens), got ${value}`);
  }
  return { inputPerMillionTokens: options.priceInput, outputPerMillionTokens: options.priceOutput };
}
