#!/usr/bin/env node
/** Command: `node tooling/scripts/check-layers.mjs [root]` — exits 1 and lists every layer violation. */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkLayers, readWorkspace } from './src/check-layers.mjs';

const root = resolve(process.argv[2] ?? fileURLToPath(new URL('../..', import.meta.url)));
const problems = checkLayers(readWorkspace(root));
if (problems.length > 0) {
  console.error(`Layer check failed (${problems.length} problem${problems.length === 1 ? '' : 's'}):`);
  for (const problem of problems) console.error(`  - ${problem}`);
  process.exit(1);
}
console.log('Layer check passed: every workspace dependency follows ARCHITECTURE §2.');
