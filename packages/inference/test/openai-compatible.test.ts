import { afterEach, describe, expect, it } from 'vitest';
import { InferenceProviderError } from '@paxman/core';
import { openAICompatible } from '../src/providers/openai-compatible.js';
import { type FakeServer, startFakeServer } from './fake-openai-server.js';

const noSleep = async () => undefined;
const messages = [{ role: 'user' as const, content: 'hi' }];

describe('openAICompatible provider (real HTTP on 127.0.0.1)', () => {
  let server: FakeServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
    delete process.env.PAXMAN_TEST_KEY;
  });

  it('sends the chat request and returns text, model and usage', async () => {
    server = await startFakeServer(() => ({ content: '{"absent": true}' }));
    const provider = openAICompatible({ baseUrl: server.baseUrl, model: 'tiny' });
    const response = await provider.complete({ messages, maxTokens: 50, temperature: 0 });
    expect(response).toEqual({ text: '{"absent": true}', model: 'tiny-served', usage: { inputTokens: 120, outputTokens: 12 } });
    expect(server.requests[0]!.body).toMatchObject({ model: 'tiny', max_tokens: 50, temperature: 0, messages });
    expect(server.requests[0]!.authorization).toBeUndefined();
  });

  it('reads the API key from the named environment variable and never reveals it', async () => {
    process.env.PAXMAN_TEST_KEY = 'sk-secret-123456';
    server = await startFakeServer(() => ({ status: 401, raw: '{"error": "bad key sk-secret-123456"}' }));
    const provider = openAICompatible({ baseUrl: server.baseUrl, model: 'm', apiKeyEnv: 'PAXMAN_TEST_KEY', sleep: noSleep });
    const error = await provider.complete({ messages, maxTokens: 5, temperature: 0 }).catch((caught: unknown) => caught);
    expect(server.requests[0]!.authorization).toBe('Bearer sk-secret-123456');
    expect(error).toBeInstanceOf(InferenceProviderError);
    expect(JSON.stringify({ message: (error as Error).message, context: (error as InferenceProviderError).context })).not.toContain('sk-secret');
    expect(JSON.stringify(provider)).not.toContain('sk-secret');
  });

  it('fails clearly when the key variable is not set', async () => {
    const provider = openAICompatible({ baseUrl: 'http://127.0.0.1:9/v1', model: 'm', apiKeyEnv: 'PAXMAN_TEST_KEY' });
    await expect(provider.complete({ messages, maxTokens: 5, temperature: 0 })).rejects.toThrow(/PAXMAN_TEST_KEY .* is not set/);
  });

  it('retries 429 and 500 with backoff, then succeeds', async () => {
    server = await startFakeServer((_, index) => (index === 0 ? { status: 429, raw: '{}' } : index === 1 ? { status: 500, raw: 'oops' } : { content: 'ok' }));
    const delays: number[] = [];
    const provider = openAICompatible({ baseUrl: server.baseUrl, model: 'm', retryBaseDelayMs: 10, sleep: async (ms) => void delays.push(ms) });
    expect((await provider.complete({ messages, maxTokens: 5, temperature: 0 })).text).toBe('ok');
    expect(server.requests).toHaveLength(3);
    expect(delays).toEqual([10, 20]);
  });

  it('gives up after the retries with a typed error naming the status', async () => {
    server = await startFakeServer(() => ({ status: 503, raw: '' }));
    const provider = openAICompatible({ baseUrl: server.baseUrl, model: 'm', maxRetries: 2, sleep: noSleep });
    await expect(provider.complete({ messages, maxTokens: 5, temperature: 0 })).rejects.toThrow(/HTTP 503/);
    expect(server.requests).toHaveLength(3);
  });

  it('times out a slow answer', async () => {
    server = await startFakeServer(() => ({ content: 'late', delayMs: 400 }));
    const provider = openAICompatible({ baseUrl: server.baseUrl, model: 'm', timeoutMs: 50, maxRetries: 0 });
    await expect(provider.complete({ messages, maxTokens: 5, temperature: 0 })).rejects.toThrow(/no answer within 50 ms/);
  });

  it('rejects a response without message content', async () => {
    server = await startFakeServer(() => ({ status: 200, raw: '{"choices": []}' }));
    const provider = openAICompatible({ baseUrl: server.baseUrl, model: 'm' });
    await expect(provider.complete({ messages, maxTokens: 5, temperature: 0 })).rejects.toBeInstanceOf(InferenceProviderError);
  });
});
