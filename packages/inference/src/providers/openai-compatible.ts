/**
 * An OpenAI-compatible chat-completions provider. It serves a local model server
 * (Ollama, llama.cpp server, vLLM on localhost → LOCAL_INFERENCE) and a hosted API
 * (REMOTE_INFERENCE) alike. The API key is read from the environment variable named in
 * the config at call time and is never stored, logged or put in an error message — and a
 * server that echoes it gets it scrubbed from the text it returns. 429 and 5xx answers are
 * retried with exponential backoff, within the request's `maxAttempts`; every request has
 * a timeout; a response body is read up to `maxResponseBytes`; a redirect is followed only
 * within the same origin (the prompt carries document text: it never goes elsewhere).
 *
 * @example
 * const provider = openAICompatible({ baseUrl: 'http://127.0.0.1:11434/v1', model: 'llama3.2' });
 */
import { InferenceProviderError, isPlainObject, type JsonValue } from '@paxman/core';
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
  /** The largest response body read, in bytes (default 1 MB); a larger one fails the request. */
  readonly maxResponseBytes?: number;
  readonly pricing?: TokenPricing;
  /** Injectable fetch (tests); defaults to the global one. */
  readonly fetch?: typeof fetch;
  /** Injectable sleep for backoff (tests). */
  readonly sleep?: (milliseconds: number, signal?: AbortSignal) => Promise<void>;
}

const RETRYABLE = new Set([408, 409, 425, 429, 500, 502, 503, 504]);
const MAX_SAME_ORIGIN_REDIRECTS = 3;
const DEFAULT_MAX_RESPONSE_BYTES = 1_000_000;

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

/** One HTTP exchange's outcome: a status and the body, or a problem that ends the completion at once. */
interface Exchange {
  readonly status: number;
  readonly body: unknown;
  readonly retryAfterMs: number | null;
}

export function openAICompatible(options: OpenAICompatibleOptions): InferenceProvider {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 30_000;
  const maxRetries = options.maxRetries ?? 2;
  const retryBaseDelayMs = options.retryBaseDelayMs ?? 500;
  const maxResponseBytes = options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
  const sleep = options.sleep ?? defaultSleep;
  const endpoint = `${baseUrl}/chat/completions`;

  function fail(message: string, context: Record<string, JsonValue>): never {
    throw new InferenceProviderError(message, { context: { provider: 'openai-compatible', ...context } });
  }

  /** One request (following same-origin redirects), its body read within the byte cap. */
  async function exchange(request: CompletionRequest, apiKey: string | undefined, attempts: number): Promise<Exchange> {
    const fetchImplementation = options.fetch ?? fetch;
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = request.signal ? AbortSignal.any([request.signal, timeout]) : timeout;
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (apiKey) headers.authorization = `Bearer ${apiKey}`;
    const body = JSON.stringify({ model: request.model ?? options.model, messages: request.messages, max_tokens: request.maxTokens, temperature: request.temperature });
    let url = endpoint;
    for (let hop = 0; ; hop += 1) {
      const response = await fetchImplementation(url, { method: 'POST', headers, signal, body, redirect: 'manual' });
      const location = response.status >= 300 && response.status < 400 ? response.headers.get('location') : null;
      if (location === null) {
        const text = redact(await readCapped(response, maxResponseBytes, () => fail(`${endpoint} sent a response larger than ${maxResponseBytes} bytes (maxResponseBytes); it was not read.`, { maxResponseBytes, attempts })), apiKey);
        let parsed: unknown = text;
        try {
          parsed = JSON.parse(text);
        } catch {
          // keep the text; the status decides what happens
        }
        const retryAfter = Number(response.headers.get('retry-after'));
        return { status: response.status, body: parsed, retryAfterMs: Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter * 1000 : null };
      }
      await response.body?.cancel();
      const target = new URL(location, url);
      if (target.origin !== new URL(endpoint).origin) {
        fail(`${endpoint} redirected to another origin (${target.origin}); not followed: the request carries document text and credentials.`, { status: response.status, redirectOrigin: target.origin, attempts });
      }
      if (hop >= MAX_SAME_ORIGIN_REDIRECTS) fail(`${endpoint} redirected more than ${MAX_SAME_ORIGIN_REDIRECTS} times.`, { status: response.status, attempts });
      url = target.href;
    }
  }

  async function complete(request: CompletionRequest): Promise<CompletionResponse> {
    const apiKey = options.apiKeyEnv ? process.env[options.apiKeyEnv] : undefined;
    if (options.apiKeyEnv && !apiKey) fail(`Environment variable ${options.apiKeyEnv} (the API key for ${baseUrl}) is not set.`, { apiKeyEnv: options.apiKeyEnv, attempts: 0 });
    const maxAttempts = Math.max(1, Math.min(maxRetries + 1, request.maxAttempts ?? maxRetries + 1));
    let lastProblem = '';
    for (let attempts = 1; attempts <= maxAttempts; attempts += 1) {
      let result: Exchange;
      try {
        result = await exchange(request, apiKey, attempts);
      } catch (error) {
        if (request.signal?.aborted) throw request.signal.reason;
        if (error instanceof InferenceProviderError) throw error;
        const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
        lastProblem = timedOut ? `no answer within ${timeoutMs} ms` : redact(error instanceof Error ? error.message : String(error), apiKey);
        if (attempts < maxAttempts) await sleep(retryBaseDelayMs * 2 ** (attempts - 1), request.signal);
        continue;
      }
      if (result.status >= 200 && result.status < 300) return { ...parseCompletion(result.body, request.model ?? options.model), attempts };
      lastProblem = `HTTP ${result.status}`;
      if (!RETRYABLE.has(result.status) || attempts === maxAttempts) fail(`${endpoint} answered ${lastProblem}.`, { status: result.status, attempts });
      await sleep(Math.min(result.retryAfterMs ?? retryBaseDelayMs * 2 ** (attempts - 1), 30_000), request.signal);
    }
    return fail(`${endpoint} failed after ${maxAttempts} attempt(s): ${lastProblem}.`, { attempts: maxAttempts });
  }

  return Object.freeze({ id: 'openai-compatible', defaultModel: options.model, pricing: options.pricing, complete });
}

/** The body as text, or `onTooLarge()` once more than `limit` bytes arrive (the rest is never read). */
async function readCapped(response: Response, limit: number, onTooLarge: () => never): Promise<string> {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > limit) {
    await response.body?.cancel();
    onTooLarge();
  }
  if (response.body === null) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    received += value.byteLength;
    if (received > limit) {
      await reader.cancel();
      onTooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function parseCompletion(body: unknown, requestedModel: string): Omit<CompletionResponse, 'attempts'> {
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
