/**
 * Scale-out end to end: a real `redis-server` (Debian's package, started here on a free
 * port with a temporary directory), a producer and three worker processes over 300
 * documents; one worker is killed (SIGKILL) in the middle. Every document must end with
 * exactly one valid artifact, the summary must count them all, and the queue must hold no
 * waiting, active or failed job. Without `redis-server` the suite is skipped and says why.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Queue } from 'bullmq';
import { createPaxman } from 'paxman';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUEUE_NAME, connectionOf } from '../src/queue.js';
import { batchProcess, makeCorpus, runBatch } from './support.js';

const REDIS = ['/usr/bin/redis-server', '/usr/local/bin/redis-server'].find((path) => existsSync(path)) ?? (() => {
  try {
    return execFileSync('which', ['redis-server'], { encoding: 'utf8' }).trim() || undefined;
  } catch {
    return undefined;
  }
})();
if (REDIS === undefined) console.warn('queue end-to-end test SKIPPED: redis-server is not installed (apt-get install -y redis-server).');

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address !== null ? address.port : 0));
    });
  });
}

async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe.skipIf(REDIS === undefined)('paxman-batch over a BullMQ queue', () => {
  let folder: string;
  let redis: ChildProcess;
  let url: string;
  const workers: ChildProcess[] = [];

  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), 'paxman-queue-'));
    const port = await freePort();
    redis = spawn(REDIS!, ['--port', String(port), '--bind', '127.0.0.1', '--dir', folder, '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    url = `redis://127.0.0.1:${port}`;
    await waitFor(async () => {
      const client = connectionOf(url);
      client.on('error', () => undefined);
      try {
        return (await client.ping()) === 'PONG';
      } catch {
        return false;
      } finally {
        client.disconnect();
      }
    }, 15_000);
  }, 30_000);

  afterAll(async () => {
    for (const worker of workers) worker.kill('SIGKILL');
    redis?.kill('SIGTERM');
    rmSync(folder, { recursive: true, force: true });
  });

  it('300 documents, 3 workers, one killed mid-way: one valid artifact each, none lost, none left queued', async () => {
    const corpus = makeCorpus(folder, 300);
    const out = join(folder, 'out');
    for (let index = 0; index < 3; index += 1) workers.push(batchProcess(['worker', '--queue', url, '--lock-ms', '3000']));
    const producer = runBatch([corpus.inputs, '--contract', corpus.contract, '--out', out, '--queue', url, '--attempts', '5']);
    // Kill one worker once the batch is well under way.
    await waitFor(() => existsSync(out) && readdirSync(out).filter((name) => name.endsWith('.artifact.json')).length >= 40, 60_000);
    workers[0]!.kill('SIGKILL');
    const result = await producer;
    expect(result.code, result.stderr).toBe(0);

    const artifacts = readdirSync(out).filter((name) => name.endsWith('.artifact.json'));
    expect(artifacts).toHaveLength(300);
    expect(readdirSync(out).filter((name) => name.endsWith('.tmp'))).toEqual([]);
    const contract = readFileSync(corpus.contract, 'utf8');
    const px = createPaxman();
    const hashes = new Set<string>();
    for (const name of artifacts) {
      const verified = await px.replay(readFileSync(join(out, name), 'utf8'), { contract });
      hashes.add(verified.replayHash);
    }
    expect(hashes.size).toBe(300);
    const summary = JSON.parse(readFileSync(join(out, 'summary.json'), 'utf8'));
    expect(summary.documents).toBe(300);
    expect(summary.failed).toBe(0);
    expect(summary.rows.map((row: { name: string }) => row.name).sort()).toEqual(artifacts.map((name) => name.replace(/\.artifact\.json$/, '')).sort());
    const client = connectionOf(url);
    const queue = new Queue(QUEUE_NAME, { connection: client });
    const counts = await queue.getJobCounts('waiting', 'active', 'delayed', 'failed', 'completed');
    await queue.close();
    client.disconnect();
    expect(counts).toMatchObject({ waiting: 0, active: 0, delayed: 0, failed: 0, completed: 300 });
    console.log(`queue end-to-end: 300 documents, 3 workers, 1 killed (SIGKILL), ${summary.seconds} s, duplicates 0, lost 0`);
  }, 180_000);
});
