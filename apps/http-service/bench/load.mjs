#!/usr/bin/env node
/**
 * `pnpm --filter @paxman/http-service bench [seconds] [connections]`: starts the built
 * service on 127.0.0.1 (ephemeral port), drives `POST /v1/normalize` with the demo invoice
 * and its contract through autocannon for a bounded time, and prints requests/s, p50/p99
 * latency and the error count. Loopback only. Needs `pnpm build`.
 */
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { buildServer } from '../dist/index.js';

const seconds = Number(process.argv[2] ?? 10);
const connections = Number(process.argv[3] ?? 8);
const examples = new URL('../../../examples/', import.meta.url);
const body = JSON.stringify({ input: { text: readFileSync(new URL('invoice-northwind.txt', examples), 'utf8') }, contract: JSON.parse(readFileSync(new URL('invoice-contract.json', examples), 'utf8')) });

const server = await buildServer({ logLevel: 'silent', concurrency: connections });
const url = await server.app.listen({ port: 0, host: '127.0.0.1' });
const result = await autocannon({ url: `${url}/v1/normalize`, method: 'POST', headers: { 'content-type': 'application/json' }, body, connections, duration: seconds });
await server.shutdown();
const errors = result.errors + result.timeouts + (result.non2xx ?? 0);
console.log(JSON.stringify({ seconds, connections, requestsPerSecond: result.requests.average, latencyP50Ms: result.latency.p50, latencyP99Ms: result.latency.p99, requests: result.requests.total, errors }, null, 2));
process.exitCode = errors === 0 ? 0 : 1;
