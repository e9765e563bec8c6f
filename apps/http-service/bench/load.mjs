#!/usr/bin/env node
/**
 * `pnpm --filter @paxman/http-service bench [seconds] [connections] [workers]`: starts the
 * built `paxman-http` on 127.0.0.1 (with `--workers`, default 2), drives
 * `POST /v1/normalize` with the demo invoice and its contract through autocannon for a
 * bounded time, and prints requests/s, p50/p99 latency and the error count. Loopback only.
 * Needs `pnpm build`.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import autocannon from 'autocannon';

const seconds = Number(process.argv[2] ?? 10);
const connections = Number(process.argv[3] ?? 8);
const workers = Number(process.argv[4] ?? 2);
const examples = new URL('../../../examples/', import.meta.url);
const body = JSON.stringify({ input: { text: readFileSync(new URL('invoice-northwind.txt', examples), 'utf8') }, contract: JSON.parse(readFileSync(new URL('invoice-contract.json', examples), 'utf8')) });

const port = await new Promise((resolve) => {
  const probe = createServer().listen(0, '127.0.0.1', () => {
    const { port: free } = probe.address();
    probe.close(() => resolve(free));
  });
});
const server = spawn(process.execPath, [new URL('../bin/paxman-http.js', import.meta.url).pathname, '--port', String(port), '--workers', String(workers), '--concurrency', String(connections), '--log-level', 'warn'], { stdio: 'inherit' });
const url = `http://127.0.0.1:${port}`;
for (let attempt = 0; ; attempt += 1) {
  try {
    if ((await fetch(`${url}/readyz`)).ok) break;
  } catch {
    if (attempt > 200) throw new Error('the service did not start');
  }
  await new Promise((resolve) => setTimeout(resolve, 50));
}
// Warm up every process, then measure.
await autocannon({ url: `${url}/v1/normalize`, method: 'POST', headers: { 'content-type': 'application/json' }, body, connections, duration: 2 });
const result = await autocannon({ url: `${url}/v1/normalize`, method: 'POST', headers: { 'content-type': 'application/json' }, body, connections, duration: seconds });
server.kill('SIGTERM');
const errors = result.errors + result.timeouts + (result.non2xx ?? 0);
console.log(JSON.stringify({ seconds, connections, workers, requestsPerSecond: result.requests.average, latencyP50Ms: result.latency.p50, latencyP99Ms: result.latency.p99, requests: result.requests.total, errors }, null, 2));
process.exitCode = errors === 0 ? 0 : 1;
