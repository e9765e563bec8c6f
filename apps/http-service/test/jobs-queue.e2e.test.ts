/**
 * Jobs over BullMQ end to end: a real `redis-server` (Debian's package, started here on a
 * free port with a temporary directory), the service and two `paxman-http worker`
 * processes (from source), and a webhook receiver on 127.0.0.1 that fails its first answer
 * to every job. 500 jobs are posted, 20 % of them again under an Idempotency-Key already
 * used; one worker is SIGKILLed mid-run. Every distinct job must end `done`, its artifact
 * must replay clean and be its own document's, its webhook must arrive at least once with
 * a valid signature, and no job may be lost or run twice to a different result. Prints
 * jobs/s and the p99 time from post to webhook. Every wait has a deadline, so a broken run
 * stops by itself; none is an assertion about speed. Without `redis-server` the suite is
 * skipped and says why.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Queue } from 'bullmq';
import { createPaxman } from 'paxman';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOBS_QUEUE, redisConnection } from '../src/jobs/redis-job-queue.js';
import { verifyWebhook } from '../src/index.js';
import { demoContract, demoText, startService } from './support.js';
import { type WebhookReceiver, startReceiver } from './webhook-receiver.js';

const REDIS = ['/usr/bin/redis-server', '/usr/local/bin/redis-server'].find((path) => existsSync(path)) ?? (() => {
  try {
    return execFileSync('which', ['redis-server'], { encoding: 'utf8' }).trim() || undefined;
  } catch {
    return undefined;
  }
})();
if (REDIS === undefined) console.warn('jobs-over-a-queue end-to-end test SKIPPED: redis-server is not installed (apt-get install -y redis-server).');

const ENTRY = fileURLToPath(new URL('./cli-entry.ts', import.meta.url));
const DISTINCT = 400;
const DUPLICATES = 100;
const secret = `whsec_${randomBytes(32).toString('base64')}`;

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address !== null ? address.port : 0));
    });
  });
}

/** Polls `check` until it holds; the deadline only stops a broken run. */
async function waitFor(check: () => boolean | Promise<boolean>, what: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function paxmanHttp(args: readonly string[], log: string[]): ChildProcess {
  const child = spawn(process.execPath, ['--conditions=@paxman/source', '--import', 'tsx', ENTRY, ...args], { stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, PAXMAN_WEBHOOK_SECRET: secret } });
  child.stderr!.on('data', (chunk: Buffer) => log.push(chunk.toString('utf8')));
  return child;
}

function invoice(index: number): string {
  return `ACME SUPPLIES LTD\nInvoice No: INV-${10_000 + index}\nInvoice Date: 2026-03-${String((index % 28) + 1).padStart(2, '0')}\nTotal Due: EUR ${100 + index}.50\n`;
}

function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

describe.skipIf(REDIS === undefined)('jobs over a BullMQ queue, with webhooks', () => {
  let folder: string;
  let redis: ChildProcess;
  let url: string;
  let base: string;
  let receiver: WebhookReceiver;
  const children: ChildProcess[] = [];
  const logs: string[] = [];

  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), 'paxman-jobs-e2e-'));
    const redisPort = await freePort();
    redis = spawn(REDIS!, ['--port', String(redisPort), '--bind', '127.0.0.1', '--dir', folder, '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    url = `redis://127.0.0.1:${redisPort}`;
    await waitFor(async () => {
      const client = redisConnection(url);
      client.on('error', () => undefined);
      try {
        return (await client.ping()) === 'PONG';
      } catch {
        return false;
      } finally {
        client.disconnect();
      }
    }, 'redis-server', 30_000);
    // The first answer to each job's webhook is a 500: every job needs a retry.
    const answered = new Set<string>();
    receiver = await startReceiver((delivery) => {
      const id = String(delivery.headers['webhook-id']);
      if (answered.has(id)) return 204;
      answered.add(id);
      return 500;
    });
  }, 60_000);

  afterAll(async () => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
    redis?.kill('SIGTERM');
    await receiver?.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it('500 posts (20 % repeated keys), 2 workers, one SIGKILLed: every job done once, replays clean, webhook signed and delivered', async () => {
    const store = join(folder, 'store');
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    const common = ['--queue', url, '--job-store', store, '--webhook-secret-env', 'PAXMAN_WEBHOOK_SECRET', '--allow-webhook-host', '127.0.0.1', '--log-level', 'warn'];
    children.push(paxmanHttp(['--port', String(port), ...common, '--job-workers', '0'], logs));
    for (let index = 0; index < 2; index += 1) children.push(paxmanHttp(['worker', ...common, '--job-workers', '2', '--lock-ms', '3000', '--webhook-backoff-ms', '200'], logs));
    const [, victim] = children;
    await waitFor(async () => (await fetch(`${base}/healthz`).catch(() => null))?.ok === true, `the service (log: ${logs.join('')})`, 60_000);

    // 400 distinct documents, then 100 repeats of earlier keys (same body), interleaved.
    const posts = Array.from({ length: DISTINCT }, (_, index) => index);
    for (let index = 0; index < DUPLICATES; index += 1) posts.splice(5 * index + 4, 0, (index * 37) % DISTINCT);
    const idOfKey = new Map<number, string>();
    const postedAt = new Map<string, number>();
    const seenIds: string[] = [];
    const started = performance.now();
    let next = 0;
    let killed = false;
    const firstDelivered = () => new Set(receiver.deliveries.map((delivery) => delivery.headers['webhook-id'])).size;
    const poster = async (): Promise<void> => {
      while (next < posts.length) {
        const document = posts[next++]!;
        const sent = performance.now();
        const response = await fetch(`${base}/v1/jobs`, { method: 'POST', headers: { 'content-type': 'application/json', 'idempotency-key': `doc-${document}` }, body: JSON.stringify({ input: { text: invoice(document) }, contract: demoContract, webhook: { url: receiver.url } }) });
        expect(response.status).toBe(202);
        const { id } = (await response.json()) as { id: string };
        seenIds.push(id);
        const known = idOfKey.get(document);
        if (known === undefined) {
          idOfKey.set(document, id);
          postedAt.set(id, sent);
        } else expect(id).toBe(known);
        // One worker dies once a quarter of the jobs have sent their webhook.
        if (!killed && firstDelivered() >= DISTINCT / 4) {
          killed = true;
          victim!.kill('SIGKILL');
        }
      }
    };
    await Promise.all(Array.from({ length: 8 }, poster));
    expect(seenIds).toHaveLength(DISTINCT + DUPLICATES);
    expect(new Set(seenIds).size).toBe(DISTINCT);
    if (!killed) {
      await waitFor(() => firstDelivered() >= DISTINCT / 4, 'a quarter of the webhooks', 120_000);
      killed = true;
      victim!.kill('SIGKILL');
    }

    // Every job's webhook delivered (answered 2xx) at least once, with a valid signature.
    const ids = [...idOfKey.values()];
    const deliveredAt = new Map<string, number>();
    const bodies = new Map<string, Set<string>>();
    let checked = 0;
    const readDeliveries = (): void => {
      for (; checked < receiver.deliveries.length; checked += 1) {
        const delivery = receiver.deliveries[checked]!;
        const messageId = verifyWebhook(secret, delivery.headers as Record<string, string>, delivery.body);
        const body = JSON.parse(delivery.body) as { id: string; status: string; replayHash: string };
        expect(messageId).toBe(`msg_${body.id}`);
        if (!bodies.has(body.id)) bodies.set(body.id, new Set());
        bodies.get(body.id)!.add(`${body.status} ${body.replayHash}`);
        if (delivery.status < 300 && !deliveredAt.has(body.id)) deliveredAt.set(body.id, delivery.receivedAt);
      }
    };
    await waitFor(() => (readDeliveries(), ids.every((id) => deliveredAt.has(id))), `every webhook (${deliveredAt.size}/${ids.length}; log: ${logs.join('').slice(-2000)})`, 240_000);
    const seconds = (Math.max(...deliveredAt.values()) - started) / 1000;

    // Done, the artifact its own document's, replaying clean, and one result per job.
    const paxman = createPaxman();
    let unrecorded = 0;
    for (const [document, id] of idOfKey) {
      const job = (await (await fetch(`${base}/v1/jobs/${id}`)).json()) as { status: string; replayHash: string; webhook: { delivered: boolean; attempts: unknown[] }; artifact: { normalizedData: { invoice_number?: unknown } } };
      expect(job.status, id).toBe('done');
      expect(job.webhook.delivered).toBe(true);
      // Each try is recorded on the job, but a try the killed worker made before it could record it is not.
      expect(job.webhook.attempts.length).toBeGreaterThanOrEqual(1);
      if (job.webhook.attempts.length < receiver.deliveries.filter((delivery) => delivery.headers['webhook-id'] === `msg_${id}`).length) unrecorded += 1;
      expect(bodies.get(id)).toEqual(new Set([`done ${job.replayHash}`]));
      expect(JSON.stringify(job.artifact.normalizedData)).toContain(`INV-${10_000 + document}`);
      const artifact = await (await fetch(`${base}/v1/jobs/${id}/artifact`)).text();
      expect((await paxman.replay(artifact, { contract: demoContract })).replayHash).toBe(job.replayHash);
    }
    await paxman.close();
    const client = redisConnection(url);
    const queue = new Queue(JOBS_QUEUE, { connection: client });
    const counts = await queue.getJobCounts('waiting', 'active', 'delayed', 'failed', 'completed');
    await queue.close();
    client.disconnect();
    expect(counts).toMatchObject({ waiting: 0, active: 0, delayed: 0, failed: 0, completed: DISTINCT });

    const latencies = ids.map((id) => deliveredAt.get(id)! - postedAt.get(id)!);
    console.log(
      `jobs over a queue: ${DISTINCT + DUPLICATES} posts, ${DISTINCT} jobs, 2 workers (1 SIGKILLed), ${receiver.deliveries.length} webhook deliveries; ` +
        `${(DISTINCT / seconds).toFixed(1)} jobs/s; post → delivered webhook p50 ${percentile(latencies, 50).toFixed(0)} ms, p99 ${percentile(latencies, 99).toFixed(0)} ms (each includes one failed try and a ≥ 200 ms backoff); lost 0, differing results 0; jobs with a try made by the killed worker and not recorded: ${unrecorded}`,
    );
  }, 420_000);

  it('on the queue without workers: a job stays queued, is cancelled, and its key still names it (Redis database 1)', async () => {
    const running = await startService({ queue: `${url}/1`, jobStore: join(folder, 'store-1'), jobWorkers: 0 });
    try {
      const request = { input: { text: demoText }, contract: demoContract };
      const accepted = (await (await running.post('/v1/jobs', request, { 'idempotency-key': 'k-1' })).json()) as { id: string };
      expect(((await (await fetch(`${running.url}/v1/jobs/${accepted.id}`)).json()) as { status: string }).status).toBe('queued');
      const again = await running.post('/v1/jobs', request, { 'idempotency-key': 'k-1' });
      expect(((await again.json()) as { id: string }).id).toBe(accepted.id);
      expect((await running.post('/v1/jobs', { ...request, policy: { confidenceFloor: 0.9 } }, { 'idempotency-key': 'k-1' })).status).toBe(422);
      const cancelled = await fetch(`${running.url}/v1/jobs/${accepted.id}`, { method: 'DELETE' });
      expect(cancelled.status).toBe(200);
      expect(((await (await fetch(`${running.url}/v1/jobs/${accepted.id}`)).json()) as { status: string }).status).toBe('cancelled');
      const client = redisConnection(`${url}/1`);
      const queue = new Queue(JOBS_QUEUE, { connection: client });
      expect(await queue.getJobCounts('waiting', 'active')).toEqual({ waiting: 0, active: 0 });
      await queue.close();
      client.disconnect();
    } finally {
      await running.server.shutdown();
    }
  }, 60_000);
});
