/**
 * The batch app (`@paxman/batch`, built) on the bench corpus — the small documents of the
 * shared corpora, copied to a temporary folder — with 1 worker thread and with 2, and the
 * ratio (target: 2 workers ≥ 1.7× one). Each run writes every artifact and the summary,
 * as `paxman-batch` does.
 */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { folderStore, listInputs, runLocalBatch } from '@paxman/batch';
import { batchDocuments } from './process.bench.mjs';

export async function batchAppBenchmarks(total = 400) {
  const folder = mkdtempSync(join(process.env['PAXMAN_BENCH_TMP'] ?? tmpdir(), 'paxman-batch-bench-'));
  try {
    // One contract per run: the corpus with the most small documents, its documents repeated.
    const byContract = new Map();
    for (const document of batchDocuments()) byContract.set(document.contract, [...(byContract.get(document.contract) ?? []), document]);
    const documents = [...byContract.values()].sort((left, right) => right.length - left.length)[0];
    const contract = documents[0].contract;
    const inputs = join(folder, 'inputs');
    mkdirSync(inputs);
    let count = 0;
    for (let copy = 0; count < total; copy += 1) {
      for (const document of documents) {
        if (count >= total) break;
        writeFileSync(join(inputs, `doc-${String(count).padStart(5, '0')}.txt`), `${document.input}\n${' '.repeat(copy)}\n`);
        count += 1;
      }
    }
    const contractPath = join(folder, 'contract.json');
    writeFileSync(contractPath, JSON.stringify(contract));
    const results = [];
    const rates = {};
    for (const workers of [1, 2]) {
      const out = join(folder, `out-${workers}`);
      const summary = await runLocalBatch({ inputs: listInputs(inputs), contractPath, outFolder: out, store: folderStore(out), workers, maxInputBytes: 50 * 1024 * 1024, progressStream: { isTTY: false, write: () => true } });
      rates[workers] = summary.documentsPerSecond;
      results.push({ name: `paxman-batch, ${workers} worker${workers === 1 ? '' : 's'}`, iterations: summary.documents, medianMs: (summary.seconds * 1000) / summary.documents, p10Ms: Number.NaN, p90Ms: Number.NaN, note: `${summary.documentsPerSecond} documents/s, artifacts written` });
    }
    results[1].note += `; ${(rates[2] / rates[1]).toFixed(2)}× one worker`;
    return results;
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
