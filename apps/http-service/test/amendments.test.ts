/**
 * `POST /v1/amendments` over real HTTP: a correction signed with the service's reviewer
 * key, a second amendment chained to it, the chain verified by `replay`, a changed byte
 * refused with `AMENDMENT_INVALID`, and 501 when the service has no reviewer key.
 */
import { generateKeyPairSync } from 'node:crypto';
import { replay } from 'paxman';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningService, demoContract, demoText, startService } from './support.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- response bodies are checked field by field
const json = (response: Response): Promise<any> => response.json();

describe('POST /v1/amendments', () => {
  let service: RunningService;
  let unsigned: RunningService;
  beforeAll(async () => {
    const key = generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    service = await startService({ reviewerKeyEnv: 'REVIEWER_KEY' }, { REVIEWER_KEY: key });
    unsigned = await startService();
  });
  afterAll(async () => {
    await service.server.shutdown();
    await unsigned.server.shutdown();
  });

  it('signs a correction, chains the next one, and the chain replays; a changed byte does not', async () => {
    const artifact = await (await service.post('/v1/normalize', { input: { text: demoText }, contract: demoContract })).text();
    const first = await service.post('/v1/amendments', { artifact, contract: demoContract, decision: { fieldPath: 'total_amount', action: 'CORRECT', value: '10.50 EUR', reason: 'as printed', reviewerName: 'Ada', box: { page: 1, x: 1, y: 2, width: 3, height: 4 } } });
    expect(first.status).toBe(200);
    const answer = await json(first);
    expect(answer.amendment).toMatchObject({ sequence: 1, fieldPath: 'total_amount', action: 'CORRECT', after: { amount: '10.5', currency: 'EUR' }, reviewer: { name: 'Ada' }, box: { page: 1 } });
    expect(answer.review.data.total_amount).toEqual({ amount: '10.5', currency: 'EUR' });
    expect(answer.review.amendedFields.total_amount.reviewerKeyId).toBe(answer.amendment.reviewer.keyId);

    const second = await json(await service.post('/v1/amendments', { artifact, contract: demoContract, amendments: answer.amendments, decision: { fieldPath: 'purchase_order', action: 'CLEAR', reason: 'not on the page' } }));
    expect(second.amendments).toHaveLength(2);
    expect(second.amendment.previous).toMatch(/^[0-9a-f]{64}$/);
    const replayed = await replay(artifact, { contract: demoContract, amendments: second.amendments });
    expect(replayed.review?.amendedFields['purchase_order']?.action).toBe('CLEAR');
    const overHttp = await json(await service.post('/v1/replay', { artifact, contract: demoContract, amendments: second.amendments }));
    expect(overHttp.review.amendedFields.total_amount.reviewerName).toBe('Ada');

    const tampered = JSON.parse(JSON.stringify(second.amendments).replace('"as printed"', '"as printeD"'));
    const refused = await service.post('/v1/amendments', { artifact, contract: demoContract, amendments: tampered, decision: { fieldPath: 'invoice_number', action: 'CONFIRM', reason: 'ok' } });
    expect(refused.status).toBe(422);
    expect((await json(refused)).code).toBe('AMENDMENT_INVALID');

    const badValue = await service.post('/v1/amendments', { artifact, contract: demoContract, decision: { fieldPath: 'invoice_date', action: 'CORRECT', value: 'soon', reason: 'r' } });
    expect(badValue.status).toBe(422);
    expect((await json(badValue)).code).toBe('AMENDMENT_INVALID');
  }, 60_000);

  it('answers 501 when the service has no reviewer key', async () => {
    const artifact = await (await unsigned.post('/v1/normalize', { input: { text: demoText }, contract: demoContract })).text();
    const response = await unsigned.post('/v1/amendments', { artifact, contract: demoContract, decision: { fieldPath: 'total_amount', action: 'CONFIRM', reason: 'ok' } });
    expect(response.status).toBe(501);
    expect((await json(response)).code).toBe('AMENDMENTS_NOT_CONFIGURED');
  });
});
