/**
 * Jobs on the in-process queue, over real HTTP on 127.0.0.1: accepted with 202, followed to
 * `done` with the artifact, idempotency keys, cancellation, the queue's limit, failed jobs,
 * signed webhooks retried until delivered (each try recorded on the job), webhook URLs to
 * private addresses refused, and the OpenAPI document. Waits are bounded by generous
 * deadlines, never by how fast the machine is.
 */
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import { memoryIdempotencyKeys, IDEMPOTENCY_TTL_MS } from '../src/jobs/idempotency-keys.js';
import { UsageError, parseServerArguments, verifyWebhook } from '../src/index.js';
import { type RunningService, demoContract, demoText, startService } from './support.js';
import { startReceiver } from './webhook-receiver.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- response bodies are checked field by field
const json = (response: Response): Promise<any> => response.json();
const secret = `whsec_${randomBytes(32).toString('base64')}`;
const environment = { PAXMAN_WEBHOOK_SECRET: secret };

/** Polls until `check` holds; a deadline only so a broken run stops by itself. */
async function until<T>(read: () => Promise<T>, check: (value: T) => boolean, what: string, deadlineMs = 60_000): Promise<T> {
  const deadline = Date.now() + deadlineMs;
  for (;;) {
    const value = await read();
    if (check(value)) return value;
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}: ${JSON.stringify(value).slice(0, 500)}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const services: RunningService[] = [];
async function service(options: Parameters<typeof startService>[0] = {}): Promise<RunningService> {
  const started = await startService(options, environment);
  services.push(started);
  return started;
}
// Shutting down lets running jobs finish: on a busy machine that takes a while, so the services stop side by side,
// under a deadline that only stops a broken run.
afterAll(async () => {
  await Promise.all(services.map((started) => started.server.shutdown()));
}, 180_000);

const jobOf = (running: RunningService, id: string) => async () => json(await fetch(`${running.url}/v1/jobs/${id}`));

describe('jobs on the in-process queue', () => {
  it('accepts a job with 202 and a link, runs it, and reports it done with its artifact, which replays clean', async () => {
    const running = await service();
    const accepted = await running.post('/v1/jobs', { input: { text: demoText }, contract: demoContract });
    expect(accepted.status).toBe(202);
    const body = await json(accepted);
    expect(body).toMatchObject({ id: expect.stringMatching(/^job_[0-9a-f]{32}$/), status: 'queued', links: { self: `/v1/jobs/${body.id}` } });
    expect(accepted.headers.get('location')).toBe(`/v1/jobs/${body.id}`);
    const done = await until(jobOf(running, body.id), (job) => job.status === 'done', 'the job to be done');
    expect(done).toMatchObject({ id: body.id, artifactStatus: 'SUCCESS', replayHash: expect.stringMatching(/^[0-9a-f]{64}$/), links: { artifact: `/v1/jobs/${body.id}/artifact` } });
    expect(done.artifact.normalizedData.total_amount).toEqual({ amount: '1720.74', currency: 'EUR' });
    const artifact = await (await fetch(`${running.url}/v1/jobs/${body.id}/artifact`)).text();
    const replay = await json(await running.post('/v1/replay', { artifact, contract: demoContract }));
    expect(replay).toEqual({ ok: true, replayHash: done.replayHash, status: 'SUCCESS' });
    expect((await fetch(`${running.url}/v1/jobs/job_${'0'.repeat(32)}`)).status).toBe(404);
    expect((await fetch(`${running.url}/v1/jobs/../../etc`)).status).toBe(404);
  });

  it('returns the same job for the same Idempotency-Key, and 422 for the key with another body', async () => {
    const running = await service({ jobWorkers: 0 });
    const request = { input: { text: demoText }, contract: demoContract };
    const first = await json(await running.post('/v1/jobs', request, { 'idempotency-key': 'order-17' }));
    const again = await running.post('/v1/jobs', request, { 'idempotency-key': 'order-17' });
    expect(again.status).toBe(202);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect((await json(again)).id).toBe(first.id);
    const other = await running.post('/v1/jobs', { ...request, input: { text: `${demoText}\n` } }, { 'idempotency-key': 'order-17' });
    expect(other.status).toBe(422);
    expect((await json(other)).code).toBe('IDEMPOTENCY_KEY_REUSED');
    const fresh = await json(await running.post('/v1/jobs', request, { 'idempotency-key': 'order-18' }));
    expect(fresh.id).not.toBe(first.id);
  });

  it('keeps a key for 24 hours by its clock, then lets it name a new job', async () => {
    let now = 1_000_000;
    const keys = memoryIdempotencyKeys(() => now);
    expect(await keys.claim('k', { id: 'job_a', fingerprint: 'f' })).toBeNull();
    now += IDEMPOTENCY_TTL_MS - 1;
    expect(await keys.claim('k', { id: 'job_b', fingerprint: 'f' })).toEqual({ id: 'job_a', fingerprint: 'f' });
    now += 1;
    expect(await keys.claim('k', { id: 'job_b', fingerprint: 'f' })).toBeNull();
  });

  it('cancels a queued job, not a finished one; refuses jobs past the queue limit with 503', async () => {
    const idle = await service({ jobWorkers: 0, maxQueuedJobs: 2 });
    const request = { input: { text: demoText }, contract: demoContract };
    const queued = await json(await idle.post('/v1/jobs', request));
    await idle.post('/v1/jobs', request);
    const full = await idle.post('/v1/jobs', request);
    expect(full.status).toBe(503);
    expect(full.headers.get('retry-after')).toBe('1');
    expect((await json(full)).code).toBe('JOB_QUEUE_FULL');
    const cancelled = await fetch(`${idle.url}/v1/jobs/${queued.id}`, { method: 'DELETE' });
    expect(cancelled.status).toBe(200);
    expect((await json(cancelled)).status).toBe('cancelled');
    expect((await json(await fetch(`${idle.url}/v1/jobs/${queued.id}`))).status).toBe('cancelled');
    expect((await idle.post('/v1/jobs', request)).status).toBe(202);

    const busy = await service();
    const finished = await json(await busy.post('/v1/jobs', request));
    await until(jobOf(busy, finished.id), (job) => job.status === 'done', 'the job to be done');
    const refused = await fetch(`${busy.url}/v1/jobs/${finished.id}`, { method: 'DELETE' });
    expect(refused.status).toBe(409);
    expect((await json(refused)).code).toBe('JOB_NOT_CANCELLABLE');
    expect((await fetch(`${busy.url}/v1/jobs/${finished.id}/artifact`)).status).toBe(200);
  });

  it('reports a job whose contract cannot be used as failed, with every problem', async () => {
    const running = await service();
    const accepted = await json(await running.post('/v1/jobs', { input: { text: demoText }, contract: { id: 'bad', fields: [{ name: 'x', type: 'NOT_A_TYPE' }] } }));
    const failed = await until(jobOf(running, accepted.id), (job) => job.status === 'failed', 'the job to fail');
    expect(failed.error.code).toBe('INVALID_CONTRACT');
    expect(failed.error.problems.length).toBeGreaterThan(0);
    expect((await fetch(`${running.url}/v1/jobs/${accepted.id}/artifact`)).status).toBe(409);
  });
});

describe('webhooks', () => {
  it('retries a webhook its receiver failed, records each try on the job, and signs it so verifyWebhook accepts it', async () => {
    const receiver = await startReceiver((_delivery, index) => (index === 0 ? 500 : 204));
    try {
      const running = await service({ webhookSecretEnv: 'PAXMAN_WEBHOOK_SECRET', allowWebhookHosts: ['127.0.0.1'], webhookBackoffMs: 10, publicUrl: 'https://paxman.example.com' });
      const accepted = await json(await running.post('/v1/jobs', { input: { text: demoText }, contract: demoContract, webhook: { url: receiver.url } }));
      const job = await until(jobOf(running, accepted.id), (view) => view.webhook?.delivered === true, 'the webhook to be delivered');
      expect(job.webhook.attempts).toMatchObject([
        { attempt: 1, delivered: false, status: 500, error: 'the receiver answered 500' },
        { attempt: 2, delivered: true, status: 204 },
      ]);
      expect(receiver.deliveries).toHaveLength(2);
      const [first, second] = receiver.deliveries;
      expect(first!.headers['webhook-id']).toBe(`msg_${accepted.id}`);
      expect(second!.headers['webhook-id']).toBe(`msg_${accepted.id}`);
      expect(verifyWebhook(secret, second!.headers as Record<string, string>, second!.body)).toBe(`msg_${accepted.id}`);
      expect(JSON.parse(second!.body)).toEqual({ type: 'job.done', id: accepted.id, status: 'done', artifactStatus: 'SUCCESS', replayHash: job.replayHash, links: { job: `https://paxman.example.com/v1/jobs/${accepted.id}`, artifact: `https://paxman.example.com/v1/jobs/${accepted.id}/artifact` } });
      expect(() => verifyWebhook(secret, second!.headers as Record<string, string>, second!.body.replace('SUCCESS', 'FAILURE'))).toThrow(/signature/);
    } finally {
      await receiver.close();
    }
  });

  it('gives a receiver that never answers up after the set number of tries, each recorded as timed out', async () => {
    const silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const port = (silent.address() as { port: number }).port;
    try {
      const running = await service({ webhookSecretEnv: 'PAXMAN_WEBHOOK_SECRET', allowWebhookHosts: ['127.0.0.1'], webhookBackoffMs: 10, webhookAttempts: 2, webhookTimeoutMs: 200 });
      const accepted = await json(await running.post('/v1/jobs', { input: { text: demoText }, contract: demoContract, webhook: { url: `http://127.0.0.1:${port}/` } }));
      const job = await until(jobOf(running, accepted.id), (view) => view.webhook?.attempts.length === 2, 'two webhook tries');
      expect(job.status).toBe('done');
      expect(job.webhook.delivered).toBe(false);
      for (const attempt of job.webhook.attempts) expect(attempt.error).toMatch(/no answer within 200 ms/);
    } finally {
      silent.closeAllConnections();
      silent.close();
    }
  });

  it('refuses a webhook URL to a private or loopback address unless its host is allowed, and any webhook without a secret', async () => {
    const strict = await service({ webhookSecretEnv: 'PAXMAN_WEBHOOK_SECRET' });
    for (const url of ['http://127.0.0.1:9/hook', 'http://localhost/hook', 'http://10.0.0.8/hook', 'http://169.254.169.254/latest', 'http://[::1]/hook', 'file:///etc/passwd']) {
      const refused = await strict.post('/v1/jobs', { input: { text: demoText }, contract: demoContract, webhook: { url } });
      expect(refused.status, url).toBe(400);
      expect((await json(refused)).code, url).toBe('WEBHOOK_URL_REFUSED');
    }
    const unsigned = await service();
    const refused = await unsigned.post('/v1/jobs', { input: { text: demoText }, contract: demoContract, webhook: { url: 'https://hooks.example.com/x' } });
    expect(refused.status).toBe(400);
    expect((await json(refused)).code).toBe('WEBHOOKS_NOT_CONFIGURED');
    await expect(startService({ webhookSecretEnv: 'NOT_SET' }, {})).rejects.toThrow(/NOT_SET/);
    await expect(startService({ webhookSecretEnv: 'BAD' }, { BAD: 'secret' })).rejects.toThrow(/whsec_/);
  });
});

describe('the job routes in the OpenAPI document and on the command line', () => {
  it('describes POST/GET/DELETE /v1/jobs and the webhook (OpenAPI 3.1 webhooks)', async () => {
    const running = await service();
    const document = await json(await fetch(`${running.url}/openapi.json`));
    expect(Object.keys(document.paths['/v1/jobs'])).toEqual(['post']);
    expect(Object.keys(document.paths['/v1/jobs/{id}']).sort()).toEqual(['delete', 'get']);
    expect(document.paths['/v1/jobs/{id}/artifact'].get).toBeDefined();
    expect(document.webhooks.jobFinished.post.requestBody.content['application/json'].schema.required).toEqual(['type', 'id', 'status', 'links']);
  });

  it('reads the job options and refuses a queue without a job store', () => {
    const options = parseServerArguments(['--queue', 'redis://127.0.0.1:6379', '--job-store', '/srv/jobs', '--job-workers', '0', '--webhook-secret-env', 'HOOKS', '--allow-webhook-host', '127.0.0.1', '--allow-webhook-host', 'hooks.internal', '--webhook-attempts', '5']);
    expect(options).toMatchObject({ queue: 'redis://127.0.0.1:6379', jobStore: '/srv/jobs', jobWorkers: 0, webhookSecretEnv: 'HOOKS', allowWebhookHosts: ['127.0.0.1', 'hooks.internal'], webhookAttempts: 5, webhookBackoffMs: 1000 });
    expect(() => parseServerArguments(['--queue', 'redis://127.0.0.1:6379'])).toThrow(UsageError);
    expect(() => parseServerArguments(['--queue', 'http://x', '--job-store', '/srv'])).toThrow(/redis:\/\//);
  });
});
