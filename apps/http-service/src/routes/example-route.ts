/**
 * `GET /v1/examples/demo`: the demo invoice and its contract (the repository's `examples/`),
 * for the inspector's `?example=demo`; `GET /v1/examples/pdf` and `/v1/examples/receipt`:
 * a two-page PDF invoice and a receipt photo (`examples/pages/`), as base64, with the same
 * contract, for the inspector's page view (`?example=pdf`, `?example=receipt`).
 */
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

/** The page-view examples: name → file under `examples/pages/` and its media type. */
const PAGE_EXAMPLES: Readonly<Record<string, { readonly file: string; readonly contentType: string }>> = {
  pdf: { file: 'pages/northwind-invoice.pdf', contentType: 'application/pdf' },
  receipt: { file: 'pages/receipt-photo.png', contentType: 'image/png' },
};

export function registerExampleRoute(app: FastifyInstance): void {
  const EXAMPLES = examplesFolder();
  const notFound = { title: 'No examples', status: 404, detail: 'The examples folder is not next to this service.', code: 'NOT_FOUND' };
  app.get('/v1/examples/demo', { schema: { summary: 'The demo invoice and its contract' } }, async (_request, reply) => {
    if (EXAMPLES === null) return reply.code(404).type('application/problem+json').send(notFound);
    const [text, contract] = await Promise.all([readFile(new URL('invoice-northwind.txt', EXAMPLES), 'utf8'), readFile(new URL('invoice-contract.json', EXAMPLES), 'utf8')]);
    return reply.send({ name: 'invoice-northwind.txt', text, contract: JSON.parse(contract) as unknown });
  });
  app.get('/v1/examples/:name', { schema: { summary: 'A page-view example (pdf, receipt): the file as base64 and the demo contract' } }, async (request, reply) => {
    const example = PAGE_EXAMPLES[(request.params as { name: string }).name];
    if (EXAMPLES === null || example === undefined) return reply.code(404).type('application/problem+json').send({ ...notFound, detail: 'Examples: demo, pdf, receipt.' });
    const [bytes, contract] = await Promise.all([readFile(new URL(example.file, EXAMPLES)), readFile(new URL('invoice-contract.json', EXAMPLES), 'utf8')]);
    return reply.send({ name: example.file.split('/').pop(), contentType: example.contentType, base64: bytes.toString('base64'), contract: JSON.parse(contract) as unknown });
  });
}
