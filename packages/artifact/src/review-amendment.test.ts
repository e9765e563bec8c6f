/**
 * Review amendments: signed, chained, checked against the contract; a changed byte, a
 * re-ordered or dropped amendment, a value the field does not allow and an amendment of
 * another artifact each fail with an `AmendmentError` saying why.
 */
import { generateKeyPairSync } from 'node:crypto';
import { AmendmentError, PaxmanError } from '@paxman/core';
import { describe, expect, it } from 'vitest';
import { parseAmendments, reviewArtifact, verifyAmendments } from './amendment-chain.js';
import { serializeArtifact } from './parse-artifact.js';
import { createAmendment, type ReviewAmendment } from './review-amendment.js';
import { publicKeyId } from './signing.js';
import { contract, sampleArtifact } from './__fixtures__/sample-run.js';

const reviewerKey = () => generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();

/** The `AmendmentError` `body` throws (fails the test when it throws nothing or something else). */
function amendmentErrorOf(body: () => unknown): AmendmentError {
  try {
    body();
  } catch (error) {
    expect(PaxmanError.isInstance(error)).toBe(true);
    expect((error as PaxmanError).code).toBe('AMENDMENT_INVALID');
    return error as AmendmentError;
  }
  throw new Error('expected an AmendmentError');
}

describe('review amendments', () => {
  const artifact = sampleArtifact();
  const key = reviewerKey();
  const now = new Date('2026-11-26T10:00:00.000Z');
  const correct = createAmendment(artifact, [], { fieldPath: 'total_amount', action: 'CORRECT', value: '818.88 USD', reason: 'the printed total is 818.88', reviewerName: 'Ada', box: { page: 1, x: 10, y: 20, width: 30, height: 8 } }, { contract, key, now });
  const chain: ReviewAmendment[] = [correct];
  chain.push(createAmendment(artifact, chain, { fieldPath: 'purchase_order', action: 'CORRECT', value: 'PO-77', reason: 'on the cover letter' }, { contract, key, now }));
  chain.push(createAmendment(artifact, chain, { fieldPath: 'invoice_date', action: 'CLEAR', reason: 'not the invoice date' }, { contract, key, now }));

  it('records the value before and after in the field encoding, the reviewer, the time and the box, chained', () => {
    expect(correct).toMatchObject({ replayHash: artifact.replayHash, sequence: 1, previous: null, before: { amount: '811.88', currency: 'USD' }, after: { amount: '818.88', currency: 'USD' }, amendedAt: '2026-11-26T10:00:00.000Z', box: { page: 1 } });
    expect(correct.reviewer).toMatchObject({ keyId: publicKeyId(key), name: 'Ada' });
    expect(chain[1]!.previous).toMatch(/^[0-9a-f]{64}$/);
    expect(chain[2]).toMatchObject({ sequence: 3, before: '2026-01-15', after: null });
  });

  it('gives the amended data with every amended field marked, and leaves the artifact as it was', () => {
    const before = serializeArtifact(artifact);
    const review = reviewArtifact(artifact, chain, { contract });
    expect(review.data['total_amount']).toEqual({ amount: '818.88', currency: 'USD' });
    expect(review.data['purchase_order']).toBe('PO-77');
    expect(review.data['invoice_date']).toBeUndefined();
    expect(review.data['currency_code']).toBe('USD');
    expect(Object.keys(review.amendedFields).sort()).toEqual(['invoice_date', 'purchase_order', 'total_amount']);
    expect(review.amendedFields['total_amount']).toMatchObject({ action: 'CORRECT', original: { amount: '811.88', currency: 'USD' }, reviewerKeyId: publicKeyId(key), reviewerName: 'Ada', sequence: 1 });
    expect(serializeArtifact(artifact)).toBe(before);
  });

  it('survives JSON and parses back', () => {
    const parsed = parseAmendments(JSON.stringify(chain));
    expect(() => verifyAmendments(artifact, parsed, { contract })).not.toThrow();
  });

  it('fails on one changed byte of an amendment (its signature)', () => {
    const text = JSON.stringify(chain);
    const tampered = text.replace('818.88', '819.88');
    expect(tampered).not.toBe(text);
    expect(amendmentErrorOf(() => verifyAmendments(artifact, parseAmendments(tampered), { contract })).context).toMatchObject({ index: 0, reason: 'signature' });
    const renamed = text.replace('"Ada"', '"Eve"');
    expect(amendmentErrorOf(() => verifyAmendments(artifact, parseAmendments(renamed), { contract })).context).toMatchObject({ index: 0, reason: 'signature' });
  });

  it('fails on a re-ordered or dropped amendment', () => {
    expect(amendmentErrorOf(() => verifyAmendments(artifact, [chain[1]!, chain[0]!, chain[2]!], { contract })).context).toMatchObject({ index: 0, reason: 'order' });
    expect(amendmentErrorOf(() => verifyAmendments(artifact, [chain[0]!, chain[2]!], { contract })).context).toMatchObject({ index: 1, reason: 'order' });
    // Re-signed by the attacker with its place fixed: the link to the one before still fails.
    const moved = createAmendment(artifact, [chain[0]!], { fieldPath: 'invoice_date', action: 'CLEAR', reason: 'x' }, { contract, key: reviewerKey(), now });
    expect(amendmentErrorOf(() => verifyAmendments(artifact, [chain[1]!, moved], { contract })).context).toMatchObject({ index: 0, reason: 'order' });
  });

  it('fails on an amendment of another artifact, an unaccepted reviewer, a value the field does not allow', () => {
    const other = { ...artifact, replayHash: 'f'.repeat(64) };
    expect(amendmentErrorOf(() => verifyAmendments(other, chain, { contract })).context).toMatchObject({ index: 0, reason: 'artifact' });
    expect(amendmentErrorOf(() => verifyAmendments(artifact, chain, { contract, reviewerKeyIds: ['0000000000000000'] })).context).toMatchObject({ reason: 'reviewer' });
    expect(() => createAmendment(artifact, [], { fieldPath: 'invoice_date', action: 'CORRECT', value: 'next tuesday', reason: 'r' }, { contract, key })).toThrow(AmendmentError);
    expect(() => createAmendment(artifact, [], { fieldPath: 'currency_code', action: 'CORRECT', value: 'EUR', reason: 'r' }, { contract, key })).toThrow(/not a ENUM|ENUM/);
    expect(() => createAmendment(artifact, [], { fieldPath: 'nope', action: 'CLEAR', reason: 'r' }, { contract, key })).toThrow(/no field/);
    expect(() => createAmendment(artifact, [], { fieldPath: 'purchase_order', action: 'CONFIRM', reason: 'r' }, { contract, key })).toThrow(/no value to confirm/);
    expect(() => createAmendment(artifact, [], { fieldPath: 'total_amount', action: 'CONFIRM', reason: ' ' }, { contract, key })).toThrow(/reason/);
  });

  it('refuses malformed chains with the typed error', () => {
    expect(amendmentErrorOf(() => parseAmendments('{')).context).toMatchObject({ reason: 'format' });
    expect(amendmentErrorOf(() => parseAmendments('{}')).context).toMatchObject({ reason: 'format' });
    expect(amendmentErrorOf(() => parseAmendments(JSON.stringify([{ ...chain[0], extra: 1 }]))).context).toMatchObject({ index: 0, reason: 'format' });
  });
});
