/**
 * A fake OpenAI-compatible server on 127.0.0.1 for tests: real HTTP, scripted answers.
 * Each request is recorded (with its Authorization header) and answered by the handler.
 */
import { type IncomingMessage, type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  readonly body: { model: string; messages: { role: string; content: string }[]; max_tokens: number; temperature: number };
  readonly authorization: string | undefined;
}

export type FakeReply =
  | { readonly status?: number; readonly content: string; readonly delayMs?: number; readonly headers?: Record<string, string> }
  | { readonly status: number; readonly raw: string; readonly headers?: Record<string, string> };

export interface FakeServer {
  readonly baseUrl: string;
  readonly requests: RecordedRequest[];
  close(): Promise<void>;
}

async function readBody(request: IncomingMessage): Promise<string> {
  let text = '';
  for await (const chunk of request) text += chunk;
  return text;
}

export async function startFakeServer(handler: (request: RecordedRequest, index: number) => FakeReply): Promise<FakeServer> {
  const requests: RecordedRequest[] = [];
  const server: Server = createServer(async (request, response) => {
    const recorded: RecordedRequest = { body: JSON.parse(await readBody(request)), authorization: request.headers.authorization };
    requests.push(recorded);
    const reply = handler(recorded, requests.length - 1);
    if ('content' in reply && reply.delayMs) await new Promise((resolve) => setTimeout(resolve, reply.delayMs));
    response.writeHead(reply.status ?? 200, { 'content-type': 'application/json', ...(reply.headers ?? {}) });
    if ('raw' in reply) {
      response.end(reply.raw);
      return;
    }
    response.end(
      JSON.stringify({
        id: 'chatcmpl-test',
        model: `${recorded.body.model}-served`,
        choices: [{ index: 0, message: { role: 'assistant', content: reply.content }, finish_reason: 'stop' }],
        usage: { prompt_tokens: 120, completion_tokens: 12 },
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}
