/**
 * `paxman-batch` on worker threads, as a child process from source: every input gets an
 * artifact (folders recursed), summary.json/.csv and the HTML report are written, a second
 * run with --resume replays and skips everything, a manifest works, usage errors exit 2.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { summarize, summaryCsv } from '../src/summary.js';
import { listInputs } from '../src/inputs.js';
import { makeCorpus, runBatch } from './support.js';

describe('paxman-batch on worker threads', () => {
  let folder: string;
  let corpus: { inputs: string; contract: string };
  beforeAll(() => {
    folder = mkdtempSync(join(tmpdir(), 'paxman-batch-'));
    corpus = makeCorpus(folder, 24);
  });
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('normalizes every document on 2 workers and writes artifacts, the summary and the report', async () => {
    const out = join(folder, 'out');
    const report = join(folder, 'report.html');
    const result = await runBatch([corpus.inputs, '--contract', corpus.contract, '--out', out, '--workers', '2', '--report', report]);
    expect(result.stderr).toMatch(/normalized 24\/24/);
    expect(result.code).toBe(0);
    const artifacts = readdirSync(out).filter((name) => name.endsWith('.artifact.json'));
    expect(artifacts).toHaveLength(24);
    expect(artifacts).toContain('nested__invoice-0000.txt.artifact.json');
    expect(readdirSync(out).filter((name) => name.endsWith('.tmp'))).toEqual([]);
    const summary = JSON.parse(readFileSync(join(out, 'summary.json'), 'utf8'));
    expect(summary.documents).toBe(24);
    expect(summary.failed).toBe(0);
    const artifact = JSON.parse(readFileSync(join(out, 'invoice-0001.txt.artifact.json'), 'utf8'));
    expect(artifact.normalizedData.total_amount).toEqual({ amount: '101.50', currency: 'EUR' });
    expect(readFileSync(join(out, 'summary.csv'), 'utf8').split('\n')[0]).toBe('name,path,status,resolved_fields,total_fields,confidence,ms,replay_hash,error');
    const html = readFileSync(report, 'utf8');
    expect(html).toMatch(/<svg/);
    expect(html).toMatch(/24 documents/);
    expect(result.stdout).toMatch(/24 documents/);

    const again = await runBatch([corpus.inputs, '--contract', corpus.contract, '--out', out, '--resume']);
    expect(again.code).toBe(0);
    expect(JSON.parse(readFileSync(join(out, 'summary.json'), 'utf8')).statuses).toEqual({ SKIPPED: 24 });
  }, 120_000);

  it('reads a CSV manifest with a per-row contract, and re-normalizes an artifact that no longer replays', async () => {
    const out = join(folder, 'out-manifest');
    const manifest = join(folder, 'manifest.csv');
    writeFileSync(manifest, `path,contract\ninbox/invoice-0001.txt,\ninbox/invoice-0002.txt,contract.json\n`);
    expect(listInputs(manifest).map((input) => input.name)).toEqual(['inbox__invoice-0001.txt', 'inbox__invoice-0002.txt']);
    expect((await runBatch([manifest, '--contract', corpus.contract, '--out', out])).code).toBe(0);
    const path = join(out, 'inbox__invoice-0001.txt.artifact.json');
    const tampered = JSON.parse(readFileSync(path, 'utf8'));
    tampered.status = 'UNRESOLVED';
    writeFileSync(path, JSON.stringify(tampered));
    expect((await runBatch([manifest, '--contract', corpus.contract, '--out', out, '--resume'])).code).toBe(0);
    expect(JSON.parse(readFileSync(join(out, 'summary.json'), 'utf8')).statuses).toEqual({ SKIPPED: 1, SUCCESS: 1 });
    expect(JSON.parse(readFileSync(path, 'utf8')).status).toBe('SUCCESS');
  }, 120_000);

  it('exits 2 on usage errors and 1 when a document fails', async () => {
    expect((await runBatch([corpus.inputs, '--out', join(folder, 'x')])).code).toBe(2);
    expect((await runBatch([join(folder, 'missing'), '--contract', corpus.contract, '--out', join(folder, 'x')])).code).toBe(2);
    expect((await runBatch([corpus.inputs, '--contract', corpus.contract, '--out', join(folder, 'x'), '--workers', 'many'])).code).toBe(2);
    const broken = join(folder, 'broken.json');
    writeFileSync(broken, '{"id":"b","fields":[]}');
    const failed = await runBatch([corpus.inputs, '--contract', broken, '--out', join(folder, 'out-broken')]);
    expect(failed.code).toBe(1);
    expect(existsSync(join(folder, 'out-broken', 'summary.json'))).toBe(true);
  }, 120_000);
});

describe('summary', () => {
  it('counts statuses and quotes CSV cells', () => {
    const summary = summarize(
      [
        { name: 'b', path: '/b', status: 'SUCCESS', resolvedFields: 2, totalFields: 2, confidence: 0.9, ms: 3, replayHash: 'h' },
        { name: 'a,"x"', path: '/a', status: 'FAILED', resolvedFields: 0, totalFields: 0, confidence: 0, ms: 1, replayHash: null, error: 'bad\ninput' },
      ],
      2,
    );
    expect(summary).toMatchObject({ documents: 2, failed: 1, statuses: { SUCCESS: 1, FAILED: 1 }, documentsPerSecond: 1 });
    expect(summaryCsv(summary).split('\n')[1]).toBe('"a,""x""",/a,FAILED,0,0,0,1,,"bad');
  });
});

describe('paxman-batch --plugin', () => {
  it('loads the plug-in into every worker thread', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'paxman-batch-plugin-'));
    const inbox = join(folder, 'inbox');
    const { mkdirSync } = await import('node:fs');
    mkdirSync(inbox);
    for (const index of [1, 2, 3]) writeFileSync(join(inbox, `doc-${index}.txt`), `Northwind Optics GmbH · Berlin · DE811907432 · order ${index}\n`);
    const contract = join(folder, 'contract.json');
    writeFileSync(contract, JSON.stringify({ id: 'vat', fields: [{ name: 'supplier_vat_id', type: 'STRING', required: true }] }));
    const out = join(folder, 'out');
    // A self-contained plug-in (the guide's example imports 'paxman', which from source needs tsx in every worker thread).
    const plugin = join(folder, 'order-number.mjs');
    writeFileSync(
      plugin,
      `export const capabilities = [{
        spec: { id: 'order_number', version: '1.0.0', tier: 2, acceptsTypes: ['STRING'], costHint: { ms: 1, usd: '0', tokens: 0 }, deterministic: true, specificationVersion: 'v1' },
        configure: (field) => (field.name === 'order' ? { config: {} } : { skip: 'not the order' }),
        invoke(context) {
          const text = context.document.layers[context.document.primaryLayer].text;
          const match = /order (\\d+)/.exec(text);
          if (!match) return { candidates: [], evidence: [], diagnostics: [] };
          const evidence = { id: 'ev_order_' + match[1], capability: 'order_number@1.0.0', fieldPath: context.field.path, kind: 'RECOGNIZER', spans: [{ start: match.index + 6, end: match.index + match[0].length, layer: context.document.primaryLayer }], grounds: [{ kind: 'recognizer', recognizer: 'ORDER_NUMBER', unique: true, backing: 'validator' }] };
          return { candidates: [{ fieldPath: context.field.path, value: match[1], raw: match[1], capability: 'order_number@1.0.0', tier: 2, evidenceIds: [evidence.id] }], evidence: [evidence], diagnostics: [] };
        },
      }];\n`,
    );
    writeFileSync(contract, JSON.stringify({ id: 'order', fields: [{ name: 'order', type: 'STRING', required: true }] }));
    const result = await runBatch([inbox, '--contract', contract, '--out', out, '--workers', '2', '--plugin', plugin]);
    expect(result.stderr).not.toMatch(/Error|Plug-in/);
    expect(result.code).toBe(0);
    for (const index of [1, 2, 3]) expect(JSON.parse(readFileSync(join(out, `doc-${index}.txt.artifact.json`), 'utf8')).normalizedData).toEqual({ order: String(index) });
    const broken = await runBatch([inbox, '--contract', contract, '--out', join(folder, 'out2'), '--plugin', join(folder, 'missing.mjs')]);
    expect(broken.code).toBe(2);
    expect(broken.stderr).toMatch(/Plug-in .*missing\.mjs/);
    rmSync(folder, { recursive: true, force: true });
  }, 120_000);
});
