/** Benchmarks `makeProfile` throughput on 100 KB and 10 MB text inputs (issue 3). */
import { makeProfile } from 'paxman';
import { measure } from './harness.mjs';

function textOfSize(bytes) {
  const line = 'Invoice INV-2026-0042   Qty 3   Unit price 1,234.50 EUR   Total 3,703.50 EUR\n';
  return new TextEncoder().encode(line.repeat(Math.ceil(bytes / line.length)).slice(0, bytes));
}

export async function profileBenchmarks() {
  const small = textOfSize(100 * 1024);
  const large = textOfSize(10 * 1024 * 1024);
  return [
    await measure('makeProfile 100 KB text', () => makeProfile(small), { bytes: small.length, minIterations: 200 }),
    await measure('makeProfile 10 MB text', () => makeProfile(large), { bytes: large.length, minIterations: 10, warmup: 2, minTimeMs: 1000 }),
  ];
}
