/**
 * The custom-capability guide (docs/guides/custom-capability.md) as a test: its plug-in
 * (examples/plugins/vat-id.mjs) plans, runs, shows its evidence and resolves an unlabelled,
 * checksum-backed VAT id at the default floor; the artifact replays through `paxman
 * replay --plugin` and the top-level `replay({ capabilities })`, and fails without them.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '@paxman/cli';
import { captureIo } from './support/capture-io.js';
import { createPaxman, loadPlugins, replay } from 'paxman';

const root = resolve(import.meta.dirname, '../../..');
const plugin = join(root, 'examples/plugins/vat-id.mjs');
const folder = mkdtempSync(join(tmpdir(), 'paxman-guide-'));
const contract = { id: 'supplier', fields: [{ name: 'supplier_vat_id', type: 'STRING', required: true, description: 'The supplier VAT id.' }] };
const contractFile = join(folder, 'contract.json');
writeFileSync(contractFile, JSON.stringify(contract));
/** The id is printed without a label, in a footer, among other numbers — one of them a DE number whose check digit fails. */
const invoice = 'Northwind Optics GmbH\nInvoice 2026-0147\nTotal: EUR 1,720.74\n\nNorthwind Optics GmbH · Lindenstrasse 42 · 10969 Berlin · DE811907432 · HRB 18822 · ref DE811907431\n';
const invoiceFile = join(folder, 'invoice.txt');
writeFileSync(invoiceFile, invoice);

const io = captureIo;

describe('docs/guides/custom-capability.md', () => {
  it('the plug-in resolves a checksum-backed VAT id at the default floor, with its evidence', async () => {
    const { capabilities } = await loadPlugins([plugin]);
    const px = createPaxman({ capabilities });
    const artifact = await px.normalize(invoice, { contract });
    const result = artifact.fieldResults.supplier_vat_id!;
    expect(result).toMatchObject({ status: 'SUCCESS', value: 'DE811907432', band: 'HIGH' });
    expect(artifact.plan!.fieldPlans[0]!.steps.map((step) => step.capability)).toContain('vat_id_de@1.0.0');
    const evidence = artifact.evidence.find((record) => result.evidenceIds.includes(record.id))!;
    expect(evidence).toMatchObject({ kind: 'RECOGNIZER', capability: 'vat_id_de@1.0.0', grounds: [{ kind: 'recognizer', recognizer: 'VAT_ID', unique: true, backing: 'checksum' }] });
    expect(invoice.slice(evidence.spans[0]!.start, evidence.spans[0]!.end)).toBe('DE811907432');
    const withoutBacking = createPaxman({ capabilities: capabilities.map((capability) => ({ ...capability, invoke: async (context: Parameters<typeof capability.invoke>[0]) => {
      const found = await capability.invoke(context);
      return { ...found, evidence: found.evidence.map((record) => ({ ...record, grounds: (record.grounds ?? []).map((grounds) => (grounds.kind === 'recognizer' ? { kind: grounds.kind, recognizer: grounds.recognizer, unique: grounds.unique } : grounds)) })) };
    } })) });
    expect((await withoutBacking.normalize(invoice, { contract })).fieldResults.supplier_vat_id!.status).not.toBe('SUCCESS');
    await px.close();
  });

  it('normalizes with paxman normalize --plugin and replays with paxman replay --plugin', async () => {
    const normalized = io();
    expect(await main(['normalize', invoiceFile, '--contract', contractFile, '--plugin', plugin, '--json'], normalized.io)).toBe(0);
    const artifactFile = join(folder, 'invoice.artifact.json');
    writeFileSync(artifactFile, normalized.out());
    expect(JSON.parse(normalized.out()).normalizedData).toEqual({ supplier_vat_id: 'DE811907432' });

    const verified = io();
    expect(await main(['replay', artifactFile, '--contract', contractFile, '--plugin', plugin], verified.io)).toBe(0);
    expect(verified.out()).toMatch(/^verified [0-9a-f]{64}/);

    const missing = io();
    expect(await main(['replay', artifactFile, '--contract', contractFile], missing.io)).toBe(1);
    expect(missing.err()).toMatch(/CAPABILITY_NOT_FOUND/);

    await expect(replay(readFileSync(artifactFile, 'utf8'), { contract })).rejects.toMatchObject({ code: 'CAPABILITY_NOT_FOUND' });
    const { capabilities } = await loadPlugins([plugin]);
    expect((await replay(readFileSync(artifactFile, 'utf8'), { contract, capabilities })).replayHash).toBe(JSON.parse(normalized.out()).replayHash);
  });

  it('a plug-in that is missing or exports nothing usable is a usage error naming it', async () => {
    const empty = join(folder, 'empty.mjs');
    writeFileSync(empty, 'export const nothing = 1;\n');
    for (const [specifier, message] of [[join(folder, 'nope.mjs'), /could not be loaded|not found/], [empty, /exports neither/], ['no-such-package-xyz', /not found/]] as const) {
      const run = io();
      expect(await main(['normalize', invoiceFile, '--contract', contractFile, '--plugin', specifier], run.io)).toBe(2);
      expect(run.err()).toMatch(message);
    }
  });
});
