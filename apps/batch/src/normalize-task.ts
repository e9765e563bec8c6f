/**
 * One document, start to finish, as a worker runs it (a piscina worker thread or a queue
 * worker process): read it, normalize it with the worker's Paxman instance (one per
 * worker, with the batch's plug-ins, so a batch prepares each contract once per worker),
 * write its artifact atomically, and return the summary row. A failure is returned as a
 * row, never thrown.
 */
import { readFileSync, statSync } from 'node:fs';
import { type Paxman, type ReviewReason, createPaxman, fieldsForReview, loadPlugins } from 'paxman';
import { folderStore } from './artifact-store.js';

export interface NormalizeTask {
  readonly path: string;
  readonly name: string;
  readonly contractPath: string;
  readonly outFolder: string;
  readonly policy?: Record<string, unknown>;
  readonly maxInputBytes: number;
}

export interface SummaryRow {
  readonly name: string;
  readonly path: string;
  readonly status: string;
  readonly resolvedFields: number;
  readonly totalFields: number;
  /** Mean confidence of the resolved fields (0 when none). */
  readonly confidence: number;
  readonly ms: number;
  readonly replayHash: string | null;
  readonly error?: string;
  /** The fields that need a person (`fieldsForReview`), in the contract's order; absent when none. */
  readonly review?: readonly { readonly fieldPath: string; readonly reason: ReviewReason }[];
  /** With `review`: the contract the document was normalized with (for the reviewer's amendments). */
  readonly contract?: string;
}

export const ARTIFACT_SUFFIX = '.artifact.json';

/** A worker's instance: the built-in capabilities and adapters plus the plug-ins' (`--plugin`). */
export async function createWorkerPaxman(plugins: readonly string[] = []): Promise<Paxman> {
  return createPaxman(plugins.length === 0 ? {} : await loadPlugins(plugins));
}

/** The task function of a worker that owns `instance`. */
export function createNormalizeTask(instance: Paxman): (task: NormalizeTask) => Promise<SummaryRow> {
  return (task) => normalizeWith(instance, task);
}

async function normalizeWith(instance: Paxman, task: NormalizeTask): Promise<SummaryRow> {
  const started = performance.now();
  const row = (fields: Omit<SummaryRow, 'name' | 'path' | 'ms'>): SummaryRow => ({ name: task.name, path: task.path, ms: Math.round(performance.now() - started), ...fields });
  try {
    const info = statSync(task.path);
    // A FIFO blocks and a device like /dev/zero never ends: only regular files are read.
    if (!info.isFile()) return row({ status: 'FAILED', resolvedFields: 0, totalFields: 0, confidence: 0, replayHash: null, error: 'not a regular file (a FIFO, socket or device)' });
    const size = info.size;
    if (size > task.maxInputBytes) return row({ status: 'FAILED', resolvedFields: 0, totalFields: 0, confidence: 0, replayHash: null, error: `${size} bytes, over the limit of ${task.maxInputBytes}` });
    const artifact = await instance.normalize(new Uint8Array(readFileSync(task.path)), { contract: readFileSync(task.contractPath, 'utf8'), ...(task.policy === undefined ? {} : { policy: task.policy }) });
    await folderStore(task.outFolder).write(`${task.name}${ARTIFACT_SUFFIX}`, `${JSON.stringify(artifact, null, 2)}\n`);
    const results = Object.values(artifact.fieldResults);
    const resolved = results.filter((result) => result.status === 'SUCCESS' || result.status === 'PARTIAL_SUCCESS');
    const review = fieldsForReview(artifact).map(({ fieldPath, reason }) => ({ fieldPath, reason }));
    return row({
      status: artifact.status,
      resolvedFields: resolved.length,
      totalFields: results.length,
      confidence: resolved.length === 0 ? 0 : Number((resolved.reduce((sum, result) => sum + result.confidence, 0) / resolved.length).toFixed(3)),
      replayHash: artifact.replayHash,
      ...(review.length === 0 ? {} : { review, contract: task.contractPath }),
    });
  } catch (error) {
    return row({ status: 'FAILED', resolvedFields: 0, totalFields: 0, confidence: 0, replayHash: null, error: error instanceof Error ? error.message : String(error) });
  }
}
