/**
 * The review queue of a batch, for the inspector (`--review-folder <dir>`: a `paxman-batch`
 * output folder). `GET /v1/review/queue` answers its `review-queue.json` — the documents
 * with fields that need a person, in order; `GET /v1/review/items/:name` one of them: its
 * artifact, its input (base64) and its contract, so the inspector shows it
 * (`/inspector/?review=<name>`) and a reviewer can amend it, with the amendments saved so
 * far; `PUT /v1/review/items/:name/amendments` keeps a chain beside the artifact
 * (`<name>.artifact.amendments.json`, as `paxman amend` names it) once it replays with the artifact.
 * Only documents listed in the queue are served. 404 when the service has no review folder
 * or the name is not queued.
 */
import { readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Paxman } from 'paxman';
import { ProblemError } from '../problem.js';
import type { RunService } from '../run-service.js';

interface QueueEntry {
  readonly name: string;
  readonly path: string;
  readonly artifact: string;
  readonly contract?: string;
  readonly fields: readonly { readonly fieldPath: string; readonly reason: string }[];
}

function notFound(detail: string): ProblemError {
  return new ProblemError({ status: 404, title: 'Not found', detail, code: 'NOT_FOUND' });
}

/** Registers the routes over `folder` (a batch's output folder), or answers 404 when null. */
export function registerReviewRoute(app: FastifyInstance, paxman: Paxman, service: RunService, folder: string | null): void {
  const queue = async (): Promise<QueueEntry[]> => {
    if (folder === null) throw notFound('This service has no review queue: start it with --review-folder <batch output folder>.');
    try {
      return JSON.parse(await readFile(join(folder, 'review-queue.json'), 'utf8')) as QueueEntry[];
    } catch {
      throw notFound(`No review-queue.json in ${folder}: run paxman-batch with --out there first.`);
    }
  };
  app.get('/v1/review/queue', { schema: { summary: "The batch's review queue: documents with fields that need a person, in order" } }, async () => ({ queue: await queue() }));
  app.get('/v1/review/items/:name', { schema: { summary: 'One document of the review queue: its artifact, input (base64) and contract' } }, async (request) => {
    const name = (request.params as { name: string }).name;
    const entries = await queue();
    const index = entries.findIndex((entry) => entry.name === name);
    if (index === -1) throw notFound(`${name} is not in the review queue.`);
    const entry = entries[index]!;
    const [artifact, input, contract, amendments] = await Promise.all([
      readFile(join(folder!, entry.artifact), 'utf8'),
      readFile(entry.path).catch(() => null),
      entry.contract === undefined ? Promise.resolve(null) : readFile(entry.contract, 'utf8').catch(() => null),
      readFile(join(folder!, amendmentsFile(entry)), 'utf8').catch(() => null),
    ]);
    return {
      name: entry.name,
      fields: entry.fields,
      artifact: JSON.parse(artifact) as unknown,
      ...(input === null ? {} : { base64: input.toString('base64') }),
      ...(contract === null ? {} : { contract }),
      amendments: amendments === null ? [] : (JSON.parse(amendments) as unknown),
      position: index + 1,
      total: entries.length,
      ...(entries[index + 1] === undefined ? {} : { next: entries[index + 1]!.name }),
    };
  });
  app.put('/v1/review/items/:name/amendments', { schema: { summary: "Keep a document's chain of amendments beside its artifact (it must replay)", body: { type: 'object', required: ['amendments'], properties: { amendments: { type: 'array', items: { type: 'object' } } } } } }, async (request) => {
    const name = (request.params as { name: string }).name;
    const entry = (await queue()).find((candidate) => candidate.name === name);
    if (entry === undefined) throw notFound(`${name} is not in the review queue.`);
    if (entry.contract === undefined) throw notFound(`The queue does not say which contract ${name} was normalized with.`);
    const { amendments } = request.body as { amendments: unknown[] };
    const [artifact, contract] = await Promise.all([readFile(join(folder!, entry.artifact), 'utf8'), readFile(entry.contract, 'utf8')]);
    const verified = await service.limited(() => paxman.replay(artifact, { contract, amendments }));
    const target = join(folder!, amendmentsFile(entry));
    const temporary = `${target}.${process.pid}.tmp`;
    await writeFile(temporary, `${JSON.stringify(amendments, null, 2)}\n`, { flag: 'w' });
    await rename(temporary, target);
    return { ok: true, file: amendmentsFile(entry), amendedFields: Object.keys(verified.review?.amendedFields ?? {}) };
  });
}

/** Beside the artifact, named as `paxman amend` names it: `<name>.artifact.json` → `<name>.artifact.amendments.json`. */
function amendmentsFile(entry: QueueEntry): string {
  return `${entry.artifact.replace(/\.json$/, '')}.amendments.json`;
}
