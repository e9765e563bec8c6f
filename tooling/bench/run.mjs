#!/usr/bin/env node
/**
 * `pnpm bench [--json] [name-filter]`: runs every benchmark suite against the built
 * packages and prints medians and spread (or JSON with `--json`).
 */
import { formatResults } from './src/harness.mjs';
import { profileBenchmarks } from './src/profile.bench.mjs';

const json = process.argv.includes('--json');
const filter = process.argv.slice(2).find((argument) => !argument.startsWith('--'));
const suites = [['profile', profileBenchmarks]];
const results = [];
for (const [name, suite] of suites) {
  if (filter && !name.includes(filter)) continue;
  results.push(...(await suite()));
}
const environment = { node: process.version, platform: `${process.platform}-${process.arch}` };
if (json) console.log(JSON.stringify({ environment, results }, null, 2));
else console.log(`${formatResults(results)}\n\n(${environment.node}, ${environment.platform})`);
