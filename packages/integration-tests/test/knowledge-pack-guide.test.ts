/**
 * The knowledge-pack guide (docs/guides/knowledge-pack.md) as a test: a user's pack for a
 * language no built-in pack covers (Swedish, examples/knowledge/lexicon-sv.json) makes a
 * Swedish invoice resolve — its scalar fields and the rows of its item table under Swedish
 * column headers (the pack's `records` section) — through the API (`createPaxman({ knowledge })`) and the command
 * line (`--knowledge`) — the pack is named in the artifact, and the artifact replays only
 * with the same pack.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '@paxman/cli';
import { captureIo } from './support/capture-io.js';
import { createPaxman, packFingerprint, replay, validateKnowledgePack } from 'paxman';

const root = resolve(import.meta.dirname, '../../..');
const packFile = join(root, 'examples/knowledge/lexicon-sv.json');
const invoiceFile = join(root, 'examples/knowledge/faktura-nordljus.txt');
const contractFile = join(root, 'examples/knowledge/contract.json');
const pack = JSON.parse(readFileSync(packFile, 'utf8')) as unknown;
const invoice = readFileSync(invoiceFile, 'utf8');
const contract = readFileSync(contractFile, 'utf8');
const expected = {
  supplier_name: 'NORDLJUS OPTIK AB',
  invoice_number: 'NL-2026-0311',
  invoice_date: '2026-05-04',
  due_date: '2026-06-03',
  purchase_order: 'PO-4471',
  currency: 'SEK',
  subtotal: { amount: '8300.00', currency: 'SEK' },
  tax_amount: { amount: '2075.00', currency: 'SEK' },
  total_amount: { amount: '10375.00', currency: 'SEK' },
  line_items: [
    { description: 'Akromatisk lins 50 mm', quantity: '10', unit_price: { amount: '640', currency: 'SEK' }, amount: { amount: '6400', currency: 'SEK' } },
    { description: 'Kalibrering (per timme)', quantity: '2', unit_price: { amount: '950', currency: 'SEK' }, amount: { amount: '1900', currency: 'SEK' } },
  ],
};

const io = captureIo;

describe('docs/guides/knowledge-pack.md', () => {
  it('without the Swedish pack the Swedish labels are not read; with it every field resolves, with its evidence', async () => {
    const plain = createPaxman({});
    const without = await plain.normalize(invoice, { contract });
    expect(without.normalizedData.total_amount).toBeUndefined();
    expect(without.normalizedData.invoice_date).toBeUndefined();

    const px = createPaxman({ knowledge: [pack] });
    const artifact = await px.normalize(invoice, { contract });
    expect(artifact.status).toBe('SUCCESS');
    expect(artifact.normalizedData).toEqual(expected);
    const total = artifact.fieldResults.total_amount!;
    const evidence = artifact.evidence.find((record) => total.evidenceIds.includes(record.id))!;
    expect(evidence).toMatchObject({ kind: 'SYNONYM_LABEL', label: 'att betala' });
    expect(invoice.slice(evidence.spans[1]!.start, evidence.spans[1]!.end)).toBe('Att betala');
    expect(artifact.versions.knowledge!['lexicon-sv@0.7.0']).toBe(packFingerprint(validateKnowledgePack(pack)));
    expect(artifact.versions.knowledge!['lexicon-en@1.10.0']).toMatch(/^[0-9a-f]{64}$/);

    // The pack's records section names the item table's Swedish column headers: the rows come from the table, each cell under its header.
    const sourcesOf = (read: typeof artifact) => {
      const records = read.evidence.filter((record) => read.fieldResults.line_items!.evidenceIds.includes(record.id));
      // Each cell names its record set's source; the set's own record names it as `records`.
      return new Set(records.map((record) => { const detail = record.detail as { source?: string; records?: string }; return detail.source ?? detail.records; }));
    };
    expect(sourcesOf(artifact)).toEqual(new Set(['text-table']));
    // Without the pack the same rows are read from their arithmetic alone (quantity × price = amount), with less confidence.
    expect(without.normalizedData.line_items).toEqual(expected.line_items);
    expect(sourcesOf(without)).toEqual(new Set(['item-lines']));
    expect(without.fieldResults.line_items!.confidence).toBeLessThan(artifact.fieldResults.line_items!.confidence);

    // Replay holds with the same pack, and refuses an instance without it.
    await expect(px.replay(artifact, { contract })).resolves.toMatchObject({ replayHash: artifact.replayHash });
    await expect(replay(artifact, { contract, knowledge: [pack] })).resolves.toMatchObject({ replayHash: artifact.replayHash });
    await expect(plain.replay(artifact, { contract })).rejects.toMatchObject({ code: 'VERSION_MISMATCH', message: expect.stringContaining('lexicon-sv@0.7.0 (not loaded)') });
    await expect(createPaxman({ knowledge: [{ ...(pack as object), version: '0.1.1' }] }).replay(artifact, { contract })).rejects.toMatchObject({ code: 'VERSION_MISMATCH' });
  });

  it('paxman normalize --knowledge resolves the invoice, and paxman replay --knowledge verifies it', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'paxman-knowledge-'));
    const normalized = io();
    expect(await main(['normalize', invoiceFile, '--contract', contractFile, '--knowledge', packFile, '--json'], normalized.io)).toBe(0);
    const artifact = JSON.parse(normalized.out()) as { normalizedData: unknown; replayHash: string };
    expect(artifact.normalizedData).toEqual(expected);
    const artifactFile = join(folder, 'artifact.json');
    writeFileSync(artifactFile, normalized.out());
    const verified = io();
    expect(await main(['replay', artifactFile, '--contract', contractFile, '--knowledge', packFile], verified.io)).toBe(0);
    expect(verified.out()).toContain(`verified ${artifact.replayHash}`);
    const missing = io();
    expect(await main(['replay', artifactFile, '--contract', contractFile], missing.io)).toBe(1);
    expect(missing.err()).toContain('lexicon-sv@0.7.0');
  });

  it('an invalid pack is refused with every problem named, by the API and as a usage error on the command line', async () => {
    const broken = { id: 'Lexicon SV', version: '1', description: 'x', lexicon: { language: 'sv', concepts: { total: [''] }, words: { colours: ['red'] } } };
    expect(() => createPaxman({ knowledge: [broken] })).toThrow(expect.objectContaining({ code: 'INVALID_KNOWLEDGE_PACK', message: expect.stringMatching(/id:.*version:.*lexicon\.concepts\.total.*lexicon\.words\.colours/s) }));
    const folder = mkdtempSync(join(tmpdir(), 'paxman-knowledge-'));
    const brokenFile = join(folder, 'broken.json');
    writeFileSync(brokenFile, JSON.stringify(broken));
    const run = io();
    expect(await main(['normalize', invoiceFile, '--contract', contractFile, '--knowledge', brokenFile], run.io)).toBe(2);
    expect(run.err()).toContain('--knowledge');
    const notJson = join(folder, 'not-json.json');
    writeFileSync(notJson, '{ nope');
    const second = io();
    expect(await main(['normalize', invoiceFile, '--contract', contractFile, '--knowledge', notJson], second.io)).toBe(2);
    expect(second.err()).toContain('not valid JSON');
  });
});
