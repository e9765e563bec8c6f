/**
 * The service end to end over real HTTP on 127.0.0.1: every route, every error status,
 * auth on and off, a PDF upload (base64 and multipart), limits.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningService, demoContract, demoText, pdfBytes, startService } from './support.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- response bodies are checked field by field
const json = (response: Response): Promise<any> => response.json();

describe('the service', () => {
  let service: RunningService;
  beforeAll(async () => {
    service = await startService({ maxBodyBytes: 2 * 1024 * 1024 });
  });
  afterAll(async () => service.server.shutdown());

  it('answers its health checks', async () => {
    expect(await json(await fetch(`${service.url}/healthz`))).toEqual({ ok: true });
    const ready = await fetch(`${service.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await json(ready)).toMatchObject({ ready: true, active: 0 });
  });

  it('normalizes text against a contract object and returns the artifact', async () => {
    const response = await service.post('/v1/normalize', { input: { text: demoText }, contract: demoContract });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/application\/json/);
    const artifact = await json(response);
    expect(artifact.status).toBe('SUCCESS');
    expect(artifact.normalizedData.total_amount).toEqual({ amount: '1720.74', currency: 'EUR' });
    expect(artifact.replayHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('reads a PDF sent as base64 and as a multipart upload, with the contract as text', async () => {
    const contract = JSON.stringify({ id: 'pdf', fields: [{ name: 'total_amount', type: 'MONEY', required: true }, { name: 'invoice_number', type: 'STRING', required: false }] });
    const viaJson = await service.post('/v1/normalize', { input: { base64: pdfBytes.toString('base64'), filename: 'aws.pdf' }, contract });
    expect(viaJson.status).toBe(200);
    const jsonArtifact = await json(viaJson);
    expect(jsonArtifact.input.inputType).toBe('pdf_text');
    const form = new FormData();
    form.append('file', new Blob([pdfBytes], { type: 'application/pdf' }), 'aws.pdf');
    form.append('contract', contract);
    const viaForm = await fetch(`${service.url}/v1/normalize`, { method: 'POST', body: form });
    expect(viaForm.status, await viaForm.clone().text()).toBe(200);
    const formArtifact = await json(viaForm);
    expect(formArtifact.replayHash).toBe(jsonArtifact.replayHash);
  });

  it('answers 422 with every contract problem and its path', async () => {
    const response = await service.post('/v1/normalize', { input: { text: demoText }, contract: { id: 'bad', fields: [{ name: 'total', type: 'NOPE', required: true }, { type: 'STRING' }] } });
    expect(response.status).toBe(422);
    expect(response.headers.get('content-type')).toMatch(/application\/problem\+json/);
    const problem = await json(response);
    expect(problem).toMatchObject({ status: 422, code: 'INVALID_CONTRACT', title: 'Invalid contract' });
    expect(problem.problems.length).toBeGreaterThanOrEqual(2);
    expect(problem.problems.every((entry: { path: string; code: string }) => typeof entry.path === 'string' && entry.code.length > 0)).toBe(true);
    expect(problem.problems.map((entry: { path: string }) => entry.path).join(' ')).toMatch(/fields\[0\]|fields\[1\]/);
  });

  it('answers 400 for a malformed request, bad base64, a bad policy and a form without a file', async () => {
    const missing = await service.post('/v1/normalize', { contract: demoContract });
    expect(missing.status).toBe(400);
    expect((await json(missing)).code).toBe('INVALID_REQUEST');
    const notJson = await fetch(`${service.url}/v1/normalize`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"input":' });
    expect(notJson.status).toBe(400);
    const badBase64 = await service.post('/v1/normalize', { input: { base64: '***not base64***' }, contract: demoContract });
    expect(badBase64.status).toBe(400);
    const badPolicy = await service.post('/v1/normalize', { input: { text: demoText }, contract: demoContract, policy: { confidenceFloor: 7 } });
    expect(badPolicy.status).toBe(400);
    expect((await json(badPolicy)).code).toMatch(/^INVALID_/);
    const form = new FormData();
    form.append('contract', JSON.stringify(demoContract));
    const noFile = await fetch(`${service.url}/v1/normalize`, { method: 'POST', body: form });
    expect(noFile.status).toBe(400);
  });

  it('answers 413 for a body over the limit', async () => {
    const response = await service.post('/v1/normalize', { input: { text: 'x'.repeat(3 * 1024 * 1024) }, contract: demoContract });
    expect(response.status).toBe(413);
    expect((await json(response)).code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('replays an artifact: verified, tampered, other contract', async () => {
    const artifactText = await (await service.post('/v1/normalize', { input: { text: demoText }, contract: demoContract })).text();
    const verified = await service.post('/v1/replay', { artifact: artifactText, contract: demoContract });
    expect(verified.status).toBe(200);
    expect(await json(verified)).toMatchObject({ ok: true, status: 'SUCCESS', replayHash: JSON.parse(artifactText).replayHash });
    const tampered = JSON.parse(artifactText);
    tampered.normalizedData.total_amount.amount = '1.00';
    const rejected = await service.post('/v1/replay', { artifact: tampered, contract: demoContract });
    expect(rejected.status).toBe(422);
    expect((await json(rejected)).code).toBe('HASH_MISMATCH');
    const otherContract = await service.post('/v1/replay', { artifact: artifactText, contract: { id: 'other', fields: [{ name: 'x', type: 'STRING', required: true }] } });
    expect(otherContract.status).toBe(422);
    expect((await json(otherContract)).code).toBe('CONTRACT_MISMATCH');
    const notArtifact = await service.post('/v1/replay', { artifact: '{"nope":1}', contract: demoContract });
    expect(notArtifact.status).toBe(422);
    expect((await json(notArtifact)).code).toBe('INVALID_ARTIFACT');
  });

  it('validates contracts: the canonical summary, or every problem', async () => {
    const ok = await service.post('/v1/contracts/validate', { contract: demoContract });
    expect(ok.status).toBe(200);
    const summary = await json(ok);
    expect(summary).toMatchObject({ id: demoContract['id'] });
    expect(summary.fingerprint).toMatch(/^[0-9a-f]{64}$/);
    expect(summary.fields.length).toBeGreaterThan(0);
    const yaml = await service.post('/v1/contracts/validate', { contract: 'id: y\nfields:\n  - name: total\n    type: MONEY\n    required: true\n' });
    expect(yaml.status).toBe(200);
    const bad = await service.post('/v1/contracts/validate', { contract: { id: 'bad', fields: [] } });
    expect(bad.status).toBe(422);
    expect((await json(bad)).problems.length).toBeGreaterThan(0);
  });

  it('publishes an OpenAPI 3.1 document of its routes and a docs page', async () => {
    const document = await json(await fetch(`${service.url}/openapi.json`));
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(['/v1/normalize', '/v1/replay', '/v1/contracts/validate', '/healthz', '/readyz']));
    expect(document.paths['/v1/normalize'].post.requestBody.content['application/json'].schema.required).toEqual(['input', 'contract']);
    expect((await fetch(`${service.url}/docs`)).status).toBe(200);
    expect((await fetch(`${service.url}/inspector/`)).status).toBe(200);
  });
});

describe('the service with an API key', () => {
  let service: RunningService;
  beforeAll(async () => {
    service = await startService({ apiKeyEnv: 'PAXMAN_TEST_KEY' }, { PAXMAN_TEST_KEY: 'sekret-123' });
  });
  afterAll(async () => service.server.shutdown());

  it('needs the bearer key on every route but the health checks', async () => {
    expect((await fetch(`${service.url}/healthz`)).status).toBe(200);
    const none = await service.post('/v1/contracts/validate', { contract: demoContract });
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toBe('Bearer');
    expect((await service.post('/v1/contracts/validate', { contract: demoContract }, { authorization: 'Bearer wrong' })).status).toBe(401);
    expect((await service.post('/v1/contracts/validate', { contract: demoContract }, { authorization: 'Bearer sekret-123' })).status).toBe(200);
    expect((await fetch(`${service.url}/openapi.json`)).status).toBe(401);
  });

  it('refuses to start when the key variable is not set', async () => {
    await expect(startService({ apiKeyEnv: 'PAXMAN_MISSING_KEY' }, {})).rejects.toThrow(/PAXMAN_MISSING_KEY/);
  });
});

describe('limits under load', () => {
  it('stops a run past its time limit with 503 and Retry-After', async () => {
    const service = await startService({ requestTimeoutMs: 1 });
    try {
      const response = await service.post('/v1/normalize', { input: { text: `${demoText}\n`.repeat(400) }, contract: demoContract });
      expect(response.status).toBe(503);
      expect(response.headers.get('retry-after')).toBe('1');
      expect((await json(response)).code).toBe('ABORTED');
    } finally {
      await service.server.shutdown();
    }
  });

  it('answers 503 + Retry-After when every slot is taken, and finishes in-flight requests on shutdown', async () => {
    const service = await startService({ concurrency: 1 });
    const first = service.post('/v1/normalize', { input: { text: `${demoText}\n`.repeat(300) }, contract: demoContract });
    // Wait until the first request holds the only slot (readiness reports it).
    for (let attempt = 0; attempt < 500; attempt += 1) {
      const ready = await fetch(`${service.url}/readyz`);
      const state = (await json(ready)) as { active: number };
      if (state.active === 1) break;
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    const busy = await service.post('/v1/normalize', { input: { text: demoText }, contract: demoContract });
    expect(busy.status).toBe(503);
    expect(busy.headers.get('retry-after')).toBe('1');
    expect((await json(busy)).code).toBe('SERVICE_BUSY');
    const closing = service.server.shutdown();
    const finished = await first;
    expect(finished.status).toBe(200);
    expect((await json(finished)).status).toBe('SUCCESS');
    await closing;
  });
});

describe('the service with a plug-in (--plugin)', () => {
  it('loads the plug-in capability and resolves with it; a plug-in that does not load stops the start', async () => {
    const plugin = new URL('../../../examples/plugins/vat-id.mjs', import.meta.url).pathname;
    const service = await startService({ plugins: [plugin] });
    try {
      const contract = { id: 'vat', fields: [{ name: 'supplier_vat_id', type: 'STRING', required: true }] };
      const response = await service.post('/v1/normalize', { input: { text: 'Northwind Optics GmbH · Berlin · DE811907432 · HRB 18822' }, contract });
      const artifact = await json(response);
      expect(artifact.normalizedData).toEqual({ supplier_vat_id: 'DE811907432' });
    } finally {
      await service.server.shutdown();
    }
    await expect(startService({ plugins: ['./no-such-plugin.mjs'] })).rejects.toThrow(/Plug-in .*no-such-plugin/);
  });
});
