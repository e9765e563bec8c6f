/**
 * Times explicit_evidence + pattern_extraction for every field of the procurement contract
 * on the 100 KB bench input (document build excluded, a fresh Document each round so the
 * per-Document index is rebuilt). Prints wall and CPU time per round (CPU time is steadier on a busy machine).
 * Run: `npx tsx packages/capabilities/bench/field-capabilities-100kb.ts`.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { evalContract, SHARED } from '../src/capabilities/__fixtures__/run-capability.js';
import { createDefaultCapabilities } from '../src/default-capabilities.js';
import { buildDocument } from '@paxman/document';

const contract = evalContract('bench-procurement');
const bytes = new Uint8Array(readFileSync(resolve(SHARED, 'eval/bench-procurement/cases/input-100kb.txt')));
const capabilities = createDefaultCapabilities().slice(0, 2);
const configs = capabilities.map((capability) => contract.fields.map((field) => [field, capability.configure!(field, contract)] as const));
for (let round = 0; round < 8; round += 1) {
  const document = await buildDocument(bytes);
  const started = performance.now();
  const cpu = process.cpuUsage();
  let steps = 0;
  capabilities.forEach((capability, index) => {
    for (const [field, configuration] of configs[index]!) {
      if ('skip' in configuration) continue;
      steps += 1;
      void capability.invoke({ field, contract, config: configuration.config, document, resolved: new Map(), tables: {} });
    }
  });
  const used = process.cpuUsage(cpu);
  console.log(`round ${round}: ${steps} steps in ${(performance.now() - started).toFixed(1)} ms wall, ${((used.user + used.system) / 1000).toFixed(1)} ms CPU`);
}
