/**
 * Normalizations that outlive a tool call, for long documents (a scanned contract read by
 * OCR): `start_normalization` starts one and answers at once with its id;
 * `get_normalization` answers with its status and, once done, the result. Jobs run in this
 * process, at most `MAX_RUNNING` at once (the rest wait), and at most `MAX_KEPT` are kept —
 * the oldest finished one is forgotten first; a job still running when the process stops is
 * lost. One registry per server process (the Streamable HTTP transport makes a server per
 * request, so the registry is made once, in `main`, and shared).
 */
import { randomUUID } from 'node:crypto';

/** At most this many normalizations run at once. */
export const MAX_RUNNING = 2;
/** At most this many jobs are remembered (queued, running or finished). */
export const MAX_KEPT = 1000;

export type NormalizationStatus = 'queued' | 'running' | 'done' | 'failed';

export interface NormalizationJob<T> {
  readonly id: string;
  readonly status: NormalizationStatus;
  readonly createdAt: string;
  readonly result?: T;
  readonly error?: string;
}

export interface NormalizationJobs<T> {
  /** Starts `work`; the job's id. A `ToolInputError`-like error when the registry is full of unfinished jobs. */
  start(work: () => Promise<T>): string;
  get(id: string): NormalizationJob<T> | undefined;
}

interface Entry<T> {
  id: string;
  status: NormalizationStatus;
  createdAt: string;
  result?: T;
  error?: string;
  work?: () => Promise<T>;
}

/** A registry of jobs; `describeError` turns a failure into the sentence the job reports. */
export function createNormalizationJobs<T>(describeError: (error: unknown) => string): NormalizationJobs<T> {
  const entries = new Map<string, Entry<T>>();
  const waiting: Entry<T>[] = [];
  let running = 0;

  const pump = (): void => {
    while (running < MAX_RUNNING && waiting.length > 0) {
      const entry = waiting.shift()!;
      const work = entry.work!;
      delete entry.work;
      entry.status = 'running';
      running += 1;
      work().then(
        (result) => {
          entry.status = 'done';
          entry.result = result;
        },
        (error: unknown) => {
          entry.status = 'failed';
          entry.error = describeError(error);
        },
      ).finally(() => {
        running -= 1;
        pump();
      });
    }
  };

  return {
    start(work) {
      if (entries.size >= MAX_KEPT) {
        const oldestFinished = [...entries.values()].find((entry) => entry.status === 'done' || entry.status === 'failed');
        if (oldestFinished === undefined) throw new Error(`${MAX_KEPT} normalizations are queued or running; try again later.`);
        entries.delete(oldestFinished.id);
      }
      const entry: Entry<T> = { id: `norm_${randomUUID().replace(/-/g, '')}`, status: 'queued', createdAt: new Date().toISOString(), work };
      entries.set(entry.id, entry);
      waiting.push(entry);
      pump();
      return entry.id;
    },
    get(id) {
      const entry = entries.get(id);
      if (entry === undefined) return undefined;
      return { id: entry.id, status: entry.status, createdAt: entry.createdAt, ...(entry.result === undefined ? {} : { result: entry.result }), ...(entry.error === undefined ? {} : { error: entry.error }) };
    },
  };
}
