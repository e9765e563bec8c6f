/**
 * Where a job's data lives: a folder per job under the store's root (a folder every worker
 * can reach; an object store would be another implementation of `JobStore`). It holds the
 * request, the input's bytes, the artifact, the result, a cancellation mark and the webhook
 * tries (one JSON line each). Whole files are written atomically — a temporary file, then a
 * rename — so a worker killed mid-write never leaves half a file under its final name, and
 * a job run twice (its worker died) rewrites the same artifact.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { appendFile, mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { JobRequest, JobResult } from './job-types.js';
import type { WebhookAttempt } from './webhook-delivery.js';

export interface JobStore {
  /** Where the store is (for messages). */
  readonly root: string;
  /** Saves a new job's request and input (before it is queued). */
  create(request: JobRequest, input: Uint8Array): Promise<void>;
  request(id: string): Promise<JobRequest | null>;
  input(id: string): Promise<Uint8Array>;
  writeArtifact(id: string, text: string): Promise<void>;
  /** The artifact's JSON text, or null when there is none (yet). */
  artifact(id: string): Promise<string | null>;
  writeResult(id: string, result: JobResult): Promise<void>;
  result(id: string): Promise<JobResult | null>;
  markCancelled(id: string): Promise<void>;
  isCancelled(id: string): Promise<boolean>;
  recordWebhookAttempt(id: string, attempt: WebhookAttempt): Promise<void>;
  webhookAttempts(id: string): Promise<WebhookAttempt[]>;
  /** Removes a job's folder (a request that could not be queued). */
  remove(id: string): Promise<void>;
}

const JOB_ID = /^job_[0-9a-f]{32}$/;

/** A new job id: `job_` and 32 hex digits (random, so ids say nothing about inputs). */
export function newJobId(): string {
  return `job_${randomUUID().replace(/-/g, '')}`;
}

/** Whether `id` has the form of a job id (anything else is never a path in the store). */
export function isJobId(id: string): boolean {
  return JOB_ID.test(id);
}

async function readOrNull(path: string): Promise<Buffer | null> {
  try {
    return await readFile(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/** A store in `root` (created when missing). */
export function folderJobStore(root: string): JobStore {
  mkdirSync(root, { recursive: true });
  const folder = (id: string): string => {
    if (!isJobId(id)) throw new Error(`not a job id: ${id}`);
    return join(root, id);
  };
  const writeAtomically = async (path: string, data: string | Uint8Array): Promise<void> => {
    const temporary = `${path}.${randomUUID()}.tmp`;
    try {
      await writeFile(temporary, data, { flag: 'wx' });
      await rename(temporary, path);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  };
  const readJson = async <T>(path: string): Promise<T | null> => {
    const data = await readOrNull(path);
    return data === null ? null : (JSON.parse(data.toString('utf8')) as T);
  };

  return {
    root,
    async create(request, input) {
      await mkdir(folder(request.id), { recursive: true });
      await writeAtomically(join(folder(request.id), 'input'), input);
      // The request last: a job whose request exists has its input.
      await writeAtomically(join(folder(request.id), 'request.json'), JSON.stringify(request));
    },
    request: (id) => (isJobId(id) ? readJson<JobRequest>(join(folder(id), 'request.json')) : Promise.resolve(null)),
    input: async (id) => new Uint8Array(await readFile(join(folder(id), 'input'))),
    writeArtifact: (id, text) => writeAtomically(join(folder(id), 'artifact.json'), text),
    artifact: async (id) => (await readOrNull(join(folder(id), 'artifact.json')))?.toString('utf8') ?? null,
    writeResult: (id, result) => writeAtomically(join(folder(id), 'result.json'), JSON.stringify(result)),
    result: (id) => readJson<JobResult>(join(folder(id), 'result.json')),
    markCancelled: (id) => writeAtomically(join(folder(id), 'cancelled'), new Date().toISOString()),
    async isCancelled(id) {
      try {
        await stat(join(folder(id), 'cancelled'));
        return true;
      } catch {
        return false;
      }
    },
    // One short line appended with O_APPEND: tries of one webhook never interleave inside a line.
    recordWebhookAttempt: (id, attempt) => appendFile(join(folder(id), 'webhook.jsonl'), `${JSON.stringify(attempt)}\n`),
    async webhookAttempts(id) {
      const data = await readOrNull(join(folder(id), 'webhook.jsonl'));
      if (data === null) return [];
      return data
        .toString('utf8')
        .split('\n')
        .filter((line) => line.trim() !== '')
        .map((line) => JSON.parse(line) as WebhookAttempt);
    },
    remove: (id) => rm(folder(id), { recursive: true, force: true }),
  };
}
