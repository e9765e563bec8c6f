#!/usr/bin/env node
/**
 * Runs publint (strict) on every published workspace package; needs `pnpm build` first.
 * Also checks that each package's `dist/index.d.ts` imports its workspace dependencies
 * (e.g. `@paxman/core`) instead of inlining them.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { publint } from 'publint';
import { formatMessage } from 'publint/utils';

const root = resolve(fileURLToPath(new URL('../..', import.meta.url)));
let failures = 0;
for (const entry of readdirSync(join(root, 'packages')).sort()) {
  const pkgDir = join(root, 'packages', entry);
  const manifest = JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8'));
  if (manifest.private) continue;
  const { messages } = await publint({ pkgDir, strict: true, level: 'suggestion' });
  const problems = messages.filter((message) => message.type === 'error' || message.type === 'warning');
  for (const message of messages) console.log(`${manifest.name}: [${message.type}] ${formatMessage(message, manifest)}`);
  const declarations = join(pkgDir, 'dist', 'index.d.ts');
  if (!existsSync(declarations)) {
    console.log(`${manifest.name}: [error] dist/index.d.ts is missing (run pnpm build).`);
    failures += 1;
  }
  failures += problems.length;
  if (problems.length === 0) console.log(`${manifest.name}: publint ok`);
}
if (failures > 0) {
  console.error(`publint: ${failures} problem(s).`);
  process.exit(1);
}
