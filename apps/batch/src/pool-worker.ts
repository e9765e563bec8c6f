/**
 * The piscina worker thread's module: the thread owns one Paxman instance, made from the
 * plug-ins the pool was created with (`workerData.plugins`), and runs every task it is
 * given with it. (A worker thread is the instance's owner here: its module scope is the
 * thread's own.)
 */
import Piscina from 'piscina';
import { type NormalizeTask, type SummaryRow, createNormalizeTask, createWorkerPaxman } from './normalize-task.js';

const task = createWorkerPaxman((Piscina.workerData as { plugins?: string[] } | undefined)?.plugins ?? []).then(createNormalizeTask);

export default async function runTask(input: NormalizeTask): Promise<SummaryRow> {
  return (await task)(input);
}
