#!/usr/bin/env node
/** Command: `node tooling/scripts/check-module-state.mjs [root]` — exits 1 and lists every module-level state declaration. */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkModuleState } from './src/check-module-state.mjs';

const root = resolve(process.argv[2] ?? fileURLToPath(new URL('../..', import.meta.url)));
const problems = checkModuleState(root);
if (problems.length > 0) {
  console.error(`Module-state check failed (${problems.length} declaration${problems.length === 1 ? '' : 's'}):`);
  for (const problem of problems) console.error(`  - ${problem}`);
  process.exit(1);
}
console.log('Module-state check passed: no package or app keeps mutable state in a module.');
