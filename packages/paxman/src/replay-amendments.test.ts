/**
 * Review amendments through the facade: `amend` replays and appends a signed amendment,
 * `replay` with the chain returns the amended data with the amended fields marked, and a
 * changed byte or a re-ordered chain fails with `AmendmentError`; the artifact's replay
 * hash never moves.
 */
import { generateKeyPairSync } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { AmendmentError, publicKeyId, serializeArtifact } from './index.js';
import { afterAll, describe, expect, it } from 'vitest';
import { createPaxman } from './create-paxman.js';

const root = resolve(import.meta.dirname, '../../..');
const contract = readFileSync(resolve(root, 'examples/invoice-contract.json'), 'utf8');
const px = createPaxman();
afterAll(() => px.close());

describe('amend and replay with amendments', () => {
  const key = generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();

  it('corrects a field, replays with the amended value and the reviewer, and refuses tampering', async () => {
    const artifact = await px.normalize(readFileSync(resolve(root, 'examples/invoice-northwind.txt'), 'utf8'), { contract });
    const json = serializeArtifact(artifact);
    let chain = await px.amend(json, { contract, key, decision: { fieldPath: 'total_amount', action: 'CORRECT', value: { amount: '12.34', currency: 'EUR' }, reason: 'test correction', reviewerName: 'Reviewer' } });
    chain = await px.amend(json, { contract, key, amendments: chain, decision: { fieldPath: 'invoice_number', action: 'CONFIRM', reason: 'matches the page' } });
    const replayed = await px.replay(json, { contract, amendments: JSON.stringify(chain) });
    expect(replayed.replayHash).toBe(artifact.replayHash);
    expect(replayed.review?.data['total_amount']).toEqual({ amount: '12.34', currency: 'EUR' });
    expect(replayed.review?.data['invoice_number']).toEqual(artifact.normalizedData['invoice_number']);
    expect(replayed.review?.amendedFields['total_amount']).toMatchObject({ action: 'CORRECT', reviewerKeyId: publicKeyId(key), reviewerName: 'Reviewer' });
    expect(replayed.review?.amendedFields['invoice_number']?.action).toBe('CONFIRM');
    // The review is beside the artifact, not in it.
    expect(serializeArtifact(replayed)).toBe(json);

    const tampered = JSON.stringify(chain).replace('"12.34"', '"12.35"');
    await expect(px.replay(json, { contract, amendments: tampered })).rejects.toBeInstanceOf(AmendmentError);
    await expect(px.replay(json, { contract, amendments: [chain[1], chain[0]] })).rejects.toMatchObject({ code: 'AMENDMENT_INVALID', context: { reason: 'order' } });
    await expect(px.amend(json, { contract, key, decision: { fieldPath: 'total_amount', action: 'CORRECT', value: '-5 EUR', reason: 'negative' } })).rejects.toMatchObject({ code: 'AMENDMENT_INVALID', context: { reason: 'value' } });
  }, 60_000);
});
