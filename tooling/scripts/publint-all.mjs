#!/usr/bin/env node
/**
 * Checks every published workspace package as it would be published; needs `pnpm build`.
 * - publint (strict) on the package folder;
 * - `dist/index.d.ts` exists;
 * - Are the Types Wrong (`attw --profile esm-only`) on the tarball `pnpm pack` writes, so
 *   the types resolve under node16/nodenext and bundlers exactly as users get them.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { publint } from 'publint';
import { formatMessage } from 'publint/utils';

const root = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const tarballs = mkdtempSync(join(tmpdir(), 'paxman-attw-'));
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
  failures += areTheTypesWrong(pkgDir, manifest.name);
}
rmSync(tarballs, { recursive: true, force: true });
if (failures > 0) {
  console.error(`package checks: ${failures} problem(s).`);
  process.exit(1);
}

/** Packs the package and runs attw on the tarball; returns the number of failures (0 or 1). */
function areTheTypesWrong(pkgDir, name) {
  const before = new Set(readdirSync(tarballs));
  execFileSync('pnpm', ['pack', '--pack-destination', tarballs], { cwd: pkgDir, stdio: 'pipe' });
  const tarball = readdirSync(tarballs).find((file) => !before.has(file));
  try {
    execFileSync(join(root, 'node_modules', '.bin', 'attw'), [join(tarballs, tarball), '--profile', 'esm-only', '--format', 'ascii', '--no-summary'], { stdio: 'pipe', encoding: 'utf8' });
    console.log(`${name}: attw ok`);
    return 0;
  } catch (error) {
    console.log(`${name}: [error] attw --profile esm-only:\n${error.stdout ?? ''}${error.stderr ?? ''}`);
    return 1;
  }
}
