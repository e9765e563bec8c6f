/** `GET /v1/examples/demo`: the demo invoice and its contract (the repository's `examples/`), for the inspector's `?example=demo`. */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';

/** The repository's examples folder, found upward from this module (source or built). */
function examplesFolder(): URL | null {
  for (let up = '../'; up.length <= 18; up += '../') {
    const folder = new URL(`${up}examples/`, import.meta.url);
    if (existsSync(new URL('invoice-contract.json', folder))) return folder;
  }
  return null;
}

export function registerExampleRoute(app: FastifyInstance): void {
  const EXAMPLES = examplesFolder();
  app.get('/v1/examples/demo', { schema: { summary: 'The demo invoice and its contract' } }, async (_request, reply) => {
    if (EXAMPLES === null) return reply.code(404).type('application/problem+json').send({ title: 'No examples', status: 404, detail: 'The examples folder is not next to this service.', code: 'NOT_FOUND' });
    const [text, contract] = await Promise.all([readFile(new URL('invoice-northwind.txt', EXAMPLES), 'utf8'), readFile(new URL('invoice-contract.json', EXAMPLES), 'utf8')]);
    return reply.send({ name: 'invoice-northwind.txt', text, contract: JSON.parse(contract) as unknown });
  });
}
