/**
 * PDFs with a text layer through the real pipeline: every evidence record read from the
 * `pdf-text` layer carries page boxes (PDF points, inside its page), the artifact replays,
 * and the artifact of a text input carries no boxes at all.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { computeReplayHash } from '@paxman/artifact';
import { afterAll, describe, expect, it } from 'vitest';
import { createPaxman } from './create-paxman.js';

const root = resolve(import.meta.dirname, '../../..');
const contract = JSON.parse(readFileSync(resolve(root, 'examples/invoice-contract.json'), 'utf8')) as Record<string, unknown>;
const invoices = resolve(root, '../shared/eval/invoice2data/cases');

const px = createPaxman();
afterAll(() => px.close());

describe('page boxes on the evidence of a PDF', { timeout: 60_000 }, () => {
  it.each(['AmazonWebServices', 'AzureInterior', 'oyo'])('%s: every evidence record of the text layer has boxes, and the artifact replays', async (name) => {
    const artifact = await px.normalize(new Uint8Array(readFileSync(resolve(invoices, `${name}.pdf`))), { contract });
    const fromText = artifact.evidence.filter((record) => record.spans.some((span) => span.layer === 'pdf-text' && span.end > span.start));
    expect(fromText.length).toBeGreaterThan(0);
    for (const record of fromText) {
      expect(record.boxes?.length, record.id).toBeGreaterThan(0);
      for (const box of record.boxes!) {
        expect(box.page).toBeGreaterThanOrEqual(1);
        expect(box.width).toBeGreaterThan(0);
        expect(box.height).toBeGreaterThan(0);
      }
    }
    expect(computeReplayHash(artifact)).toBe(artifact.replayHash);
    await expect(px.replay(JSON.parse(JSON.stringify(artifact)), { contract })).resolves.toBeDefined();
  });

  it('leaves the artifact of a text input without boxes', async () => {
    const text = readFileSync(resolve(root, 'examples/invoice-northwind.txt'));
    const artifact = await px.normalize(new Uint8Array(text), { contract });
    expect(artifact.evidence.length).toBeGreaterThan(0);
    expect(artifact.evidence.some((record) => record.boxes !== undefined)).toBe(false);
  });
});
