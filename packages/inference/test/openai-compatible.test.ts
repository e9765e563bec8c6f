import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
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
    expect(response).toEqual({ text: '{"absent": true}', model: 'tiny-served', usage: { inputTokens: 120, outputTokens: 12 }, attempts: 1 });
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

describe('openAICompatible provider against hostile servers', () => {
  const closers: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const close of closers.splice(0)) await close();
    delete process.env.PAXMAN_TEST_KEY;
  });

  /** A raw HTTP server (the fake one only speaks JSON). */
  async function serve(handler: Parameters<typeof createServer>[1]): Promise<{ url: string; hits: string[] }> {
    const hits: string[] = [];
    const server = createServer((request, response) => {
      hits.push(request.url ?? '');
      handler!(request, response);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    closers.push(() => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }));
    return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, hits };
  }

  it('stops reading a response larger than maxResponseBytes, with a typed error', async () => {
    const { url } = await serve((_, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      const chunk = 'x'.repeat(64 * 1024);
      let sent = 0;
      const pump = (): void => {
        while (sent < 200 * 1024 * 1024) {
          sent += chunk.length;
          if (!response.write(chunk)) return void response.once('drain', pump);
        }
        response.end();
      };
      pump();
    });
    const provider = openAICompatible({ baseUrl: `${url}/v1`, model: 'm', maxRetries: 0, maxResponseBytes: 1_000_000 });
    const before = process.memoryUsage().rss;
    await expect(provider.complete({ messages, maxTokens: 5, temperature: 0 })).rejects.toThrow(/larger than 1000000 bytes/);
    expect(process.memoryUsage().rss - before).toBeLessThan(100 * 1024 * 1024);
  });

  it('does not follow a redirect to another origin (the prompt never leaves), follows one within the origin', async () => {
    const elsewhere = await serve((_, response) => response.end('{}'));
    const { url } = await serve((request, response) => {
      if (request.url === '/v1/chat/completions') {
        response.writeHead(307, { location: `${elsewhere.url}/steal` });
        return void response.end();
      }
      response.end('{}');
    });
    const provider = openAICompatible({ baseUrl: `${url}/v1`, model: 'm', maxRetries: 0 });
    await expect(provider.complete({ messages, maxTokens: 5, temperature: 0 })).rejects.toThrow(/redirected to another origin/);
    expect(elsewhere.hits).toEqual([]);

    const same = await serve((request, response) => {
      if (request.url === '/v1/chat/completions') {
        response.writeHead(307, { location: '/v2/chat/completions' });
        return void response.end();
      }
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ model: 'm', choices: [{ message: { content: 'moved' } }] }));
    });
    const moved = openAICompatible({ baseUrl: `${same.url}/v1`, model: 'm', maxRetries: 0 });
    expect((await moved.complete({ messages, maxTokens: 5, temperature: 0 })).text).toBe('moved');
    expect(same.hits).toEqual(['/v1/chat/completions', '/v2/chat/completions']);
  });

  it('scrubs an echoed API key from everything it returns', async () => {
    process.env.PAXMAN_TEST_KEY = 'sk-echo-987654321';
    const { url } = await serve((request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ model: `m ${request.headers.authorization}`, choices: [{ message: { content: `your key is ${request.headers.authorization}` } }] }));
    });
    const provider = openAICompatible({ baseUrl: `${url}/v1`, model: 'm', apiKeyEnv: 'PAXMAN_TEST_KEY' });
    const response = await provider.complete({ messages, maxTokens: 5, temperature: 0 });
    expect(JSON.stringify(response)).not.toContain('sk-echo');
    expect(response.text).toBe('your key is Bearer [redacted]');
  });
});
