/**
 * An OpenAI-compatible chat-completions provider. It serves a local model server
 * (Ollama, llama.cpp server, vLLM on localhost → LOCAL_INFERENCE) and a hosted API
 * (REMOTE_INFERENCE) alike. The API key is read from the environment variable named in
 * the config at call time and is never stored, logged or put in an error message.
 * 429 and 5xx answers are retried with exponential backoff; every request has a timeout.
 *
 * @example
 * const provider = openAICompatible({ baseUrl: 'http://127.0.0.1:11434/v1', model: 'llama3.2' });
 */
import { InferenceProviderError, isPlainObject } from '@paxman/core';
import type { CompletionRequest, CompletionResponse, InferenceProvider, TokenPricing } from '../provider.js';

export interface OpenAICompatibleOptions {
  /** Base URL including the API prefix, e.g. `http://127.0.0.1:11434/v1` or `https://api.openai.com/v1`. */
  readonly baseUrl: string;
  readonly model: string;
  /** Name of the environment variable holding the API key (the key itself is never accepted). */
  readonly apiKeyEnv?: string;
  readonly timeoutMs?: number;
  readonly maxRetries?: number;
  readonly retryBaseDelayMs?: number;
  readonly pricing?: TokenPricing;
  /** Injectable fetch (tests); defaults to the global one. */
  readonly fetch?: typeof fetch;
  /** Injectable sleep for backoff (tests). */
  readonly sleep?: (milliseconds: number, signal?: AbortSignal) => Promise<void>;
}

const RETRYABLE = new Set([408, 409, 425, 429, 500, 502, 503, 504]);

function defaultSleep(milliseconds: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, milliseconds);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason);
    }, { once: true });
  });
}

function redact(text: string, secret: string | undefined): string {
  return secret && secret.length > 0 ? text.split(secret).join('[redacted]') : text;
}

export function openAICompatible(options: OpenAICompatibleOptions): InferenceProvider {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 30_000;
  const maxRetries = options.maxRetries ?? 2;
  const retryBaseDelayMs = options.retryBaseDelayMs ?? 500;
  const sleep = options.sleep ?? defaultSleep;
  const endpoint = `${baseUrl}/chat/completions`;

  async function attempt(request: CompletionRequest, apiKey: string | undefined): Promise<{ status: number; body: unknown; retryAfterMs: number | null }> {
    const fetchImplementation = options.fetch ?? fetch;
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = request.signal ? AbortSignal.any([request.signal, timeout]) : timeout;
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (apiKey) headers.authorization = `Bearer ${apiKey}`;
    const response = await fetchImplementation(endpoint, {
      method: 'POST',
      headers,
      signal,
      body: JSON.stringify({
        model: request.model ?? options.model,
        messages: request.messages,
        max_tokens: request.maxTokens,
        temperature: request.temperature,
      }),
    });
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // keep the text; the status decides what happens
    }
    const retryAfter = Number(response.headers.get('retry-after'));
    return { status: response.status, body, retryAfterMs: Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter * 1000 : null };
  }

  async function complete(request: CompletionRequest): Promise<CompletionResponse> {
    const apiKey = options.apiKeyEnv ? process.env[options.apiKeyEnv] : undefined;
    if (options.apiKeyEnv && !apiKey) {
      throw new InferenceProviderError(`Environment variable ${options.apiKeyEnv} (the API key for ${baseUrl}) is not set.`, {
        context: { provider: 'openai-compatible', apiKeyEnv: options.apiKeyEnv },
      });
    }
    let lastProblem = '';
    for (let attemptNumber = 0; attemptNumber <= maxRetries; attemptNumber += 1) {
      let result;
      try {
        result = await attempt(request, apiKey);
      } catch (error) {
        if (request.signal?.aborted) throw request.signal.reason;
        const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
        lastProblem = timedOut ? `no answer within ${timeoutMs} ms` : redact(error instanceof Error ? error.message : String(error), apiKey);
        if (attemptNumber < maxRetries) {
          await sleep(retryBaseDelayMs * 2 ** attemptNumber, request.signal);
          continue;
        }
        break;
      }
      if (result.status >= 200 && result.status < 300) return parseCompletion(result.body, request.model ?? options.model);
      lastProblem = `HTTP ${result.status}`;
      if (!RETRYABLE.has(result.status) || attemptNumber === maxRetries) {
        throw new InferenceProviderError(`${endpoint} answered ${lastProblem}.`, { context: { provider: 'openai-compatible', status: result.status, attempts: attemptNumber + 1 } });
      }
      await sleep(Math.min(result.retryAfterMs ?? retryBaseDelayMs * 2 ** attemptNumber, 30_000), request.signal);
    }
    throw new InferenceProviderError(`${endpoint} failed after ${maxRetries + 1} attempts: ${lastProblem}.`, {
      context: { provider: 'openai-compatible', attempts: maxRetries + 1 },
    });
  }

  return Object.freeze({ id: 'openai-compatible', defaultModel: options.model, pricing: options.pricing, complete });
}

function parseCompletion(body: unknown, requestedModel: string): CompletionResponse {
  const choice = isPlainObject(body) && Array.isArray(body.choices) ? body.choices[0] : undefined;
  const message = isPlainObject(choice) ? choice.message : undefined;
  const content = isPlainObject(message) ? message.content : undefined;
  if (typeof content !== 'string') {
    throw new InferenceProviderError('The completion response has no choices[0].message.content string.', { context: { provider: 'openai-compatible' } });
  }
  const usage = isPlainObject(body) && isPlainObject(body.usage) ? body.usage : {};
  const tokens = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) && value >= 0 ? Math.round(value) : 0);
  return {
    text: content,
    model: isPlainObject(body) && typeof body.model === 'string' ? body.model : requestedModel,
    usage: { inputTokens: tokens(usage.prompt_tokens), outputTokens: tokens(usage.completion_tokens) },
  };
}
