/** @paxman/batch — batch normalization on worker threads or over a BullMQ queue (`paxman-batch`). */
export { listInputs, BatchUsageError, type BatchInput } from './inputs.js';
export { folderStore, type ArtifactStore } from './artifact-store.js';
export { runLocalBatch, type LocalBatchOptions } from './run-local.js';
export { produce, startWorker, connectionOf, QUEUE_NAME, type ProducerOptions } from './queue.js';
export { summarize, summaryCsv, summaryHtml, type BatchSummary } from './summary.js';
export type { NormalizeTask, SummaryRow } from './normalize-task.js';
export { main, USAGE } from './cli.js';
