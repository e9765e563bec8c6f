/** Starting the real service on 127.0.0.1 with an ephemeral port, for the tests. */
import { readFileSync } from 'node:fs';
import { buildServer, type PaxmanServer, type ServerOptions } from '../src/index.js';

export interface RunningService {
  readonly url: string;
  readonly server: PaxmanServer;
  post(path: string, body: unknown, headers?: Record<string, string>): Promise<Response>;
}

export async function startService(options: Partial<ServerOptions> = {}, environment: NodeJS.ProcessEnv = {}): Promise<RunningService> {
  const server = await buildServer({ logLevel: 'silent', ...options }, environment);
  const address = await server.app.listen({ port: 0, host: '127.0.0.1' });
  return {
    url: address,
    server,
    post: (path, body, headers = {}) => fetch(`${address}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) }),
  };
}

const examples = new URL('../../../examples/', import.meta.url);
export const demoText = readFileSync(new URL('invoice-northwind.txt', examples), 'utf8');
export const demoContract = JSON.parse(readFileSync(new URL('invoice-contract.json', examples), 'utf8')) as Record<string, unknown>;
export const pdfBytes = readFileSync(new URL('../../../../shared/eval/invoice2data/cases/AmazonWebServices.pdf', import.meta.url));
