/**
 * Packs workspace packages as users get them (`pnpm pack`: workspace ranges replaced, the
 * `files` list applied) into a fresh temporary project, and installs them there with npm.
 * Used by the tests that check what an installed package brings and how its types resolve.
 * Commands run asynchronously: a test worker blocked in `execFileSync` for a minute (npm or
 * tsc on a busy machine) cannot answer vitest's RPC, which times out after 60 s.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/** Runs a command to its end without blocking the event loop; its output (throws with it on failure). */
export async function runCommand(command: string, args: readonly string[], options: { readonly cwd?: string; readonly timeout?: number } = {}): Promise<{ stdout: string; stderr: string }> {
  return promisify(execFile)(command, [...args], { ...options, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
}

/** The workspace's `packages/` folder. */
export const PACKAGES_DIR = resolve(import.meta.dirname, '../../..');

/** Every package folder under `packages/` that is published (not private). */
export function publishedPackageFolders(): string[] {
  return readdirSync(PACKAGES_DIR)
    .filter((folder) => existsSync(join(PACKAGES_DIR, folder, 'package.json')))
    .filter((folder) => JSON.parse(readFileSync(join(PACKAGES_DIR, folder, 'package.json'), 'utf8')).private !== true)
    .sort();
}

export interface PackedProject {
  /** The temporary project folder (remove it when done). */
  readonly dir: string;
  /** Package name → `file:` specifier of its tarball. */
  readonly tarballs: Readonly<Record<string, string>>;
}

/**
 * Packs `folders` (names under `packages/`) into `<project>/tarballs` and writes a
 * `package.json` that depends on `dependencies` (names of packed packages or registry
 * specifiers) with every packed package pinned to its tarball through `overrides`.
 * Throws when a package is not built: the tarballs would ship no `dist/`.
 */
export async function createPackedProject(prefix: string, folders: readonly string[], dependencies: Readonly<Record<string, string | true>>): Promise<PackedProject> {
  const unbuilt = folders.filter((folder) => !existsSync(join(PACKAGES_DIR, folder, 'dist', 'index.js')));
  if (unbuilt.length > 0) throw new Error(`This test packs the built packages; run \`pnpm build\` first (no dist in: ${unbuilt.join(', ')}).`);
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const tarballDir = join(dir, 'tarballs');
  mkdirSync(tarballDir);
  const tarballs: Record<string, string> = {};
  for (const folder of folders) {
    const name = JSON.parse(readFileSync(join(PACKAGES_DIR, folder, 'package.json'), 'utf8')).name as string;
    const before = new Set(readdirSync(tarballDir));
    await runCommand('pnpm', ['pack', '--pack-destination', tarballDir], { cwd: join(PACKAGES_DIR, folder) });
    const file = readdirSync(tarballDir).find((candidate) => !before.has(candidate));
    if (file === undefined) throw new Error(`pnpm pack wrote no tarball for ${name}.`);
    tarballs[name] = `file:${join(tarballDir, file)}`;
  }
  const resolved = Object.fromEntries(Object.entries(dependencies).map(([name, spec]) => [name, spec === true ? tarballs[name] : spec]));
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: `${prefix}project`, private: true, type: 'module', dependencies: resolved, overrides: tarballs }, null, 2));
  return { dir, tarballs };
}

/** `npm install` in a packed project (the registry is used for third-party dependencies). */
export async function npmInstall(dir: string): Promise<void> {
  await runCommand('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts', '--loglevel=error'], { cwd: dir, timeout: 300_000 });
}
