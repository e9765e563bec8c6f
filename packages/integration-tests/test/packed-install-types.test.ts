/**
 * The published packages type-check as users install them: every package is packed
 * (`pnpm pack`), installed with npm into an empty project next to `zod` and `@types/node`,
 * and a consumer importing from each package is compiled by `tsc` with
 * `skipLibCheck: false` under `moduleResolution` node16, nodenext and bundler. The tarballs
 * ship no tests, fixtures, snapshots or benches, and each carries the licence. Needs the
 * packages built (`pnpm build`) and the npm registry for third-party dependencies.
 */
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPackedProject, npmInstall, publishedPackageFolders, runCommand } from './support/packed-workspace.js';

const TSC = createRequire(import.meta.url).resolve('typescript/bin/tsc');
/** tsx's ESM loader, from the workspace (it runs the README examples as TypeScript). */
const TSX_LOADER = pathToFileURL(join(import.meta.dirname, '../../../node_modules/tsx/dist/loader.mjs')).href;

/** The TypeScript block under a README's `## Example` heading. */
function readmeExample(readme: string): string | undefined {
  return /^## Example\n[\s\S]*?```ts\n([\s\S]*?)```/m.exec(readme)?.[1];
}

/** Uses one thing from every published package, the way their READMEs do. */
const CONSUMER = `
import { normalize, replay, createPaxman, parseArtifact, Status, ConfidenceBand, type ExecutionArtifact, type Capability } from 'paxman';
import { money } from 'paxman/zod';
import { Decimal, parseDecimal, formatDecimal, PaxmanError } from '@paxman/core';
import { defineContract, adaptContract } from '@paxman/contract';
import { adaptZod } from '@paxman/contract/zod';
import { createCapabilityRegistry } from '@paxman/capability-spi';
import { createDefaultCapabilities } from '@paxman/capabilities';
import { buildDocument } from '@paxman/document';
import { makeProfile } from '@paxman/input-profile';
import { plan } from '@paxman/planner';
import { run as execute } from '@paxman/executor';
import { reconcile } from '@paxman/reconciler';
import { serializeArtifact } from '@paxman/artifact';
import { openAICompatible } from '@paxman/inference';
import { findValues } from '@paxman/values';
import { main } from '@paxman/cli';
import { z } from 'zod';

const half: Decimal = new Decimal('1.5');
const sum: string = formatDecimal(half.plus(parseDecimal('0.25')));
const schema = z.object({ total: money(), vendor: z.string() });
const contract = defineContract({ id: 'invoice', fields: [{ path: 'total', type: 'MONEY' }] });

export async function run(): Promise<string> {
  const artifact: ExecutionArtifact = await normalize('Total: 12.50 EUR', { contract: schema });
  const again = await replay(parseArtifact(JSON.stringify(artifact)), { contract: schema });
  const px = createPaxman();
  const other = await px.normalize('Total: 5 EUR', { contract });
  await px.close();
  const registry = createCapabilityRegistry(createDefaultCapabilities() as readonly Capability[]);
  const unused = [adaptContract, adaptZod, buildDocument, makeProfile, plan, execute, reconcile, serializeArtifact, openAICompatible, findValues, main, registry];
  const error: unknown = new PaxmanError('boom');
  return [sum, artifact.status === Status.SUCCESS, other.status, again.status, ConfidenceBand.HIGH, unused.length, error instanceof Error].join(' ');
}
`;

const RESOLUTIONS: Record<string, Record<string, string>> = {
  node16: { module: 'node16', moduleResolution: 'node16' },
  nodenext: { module: 'nodenext', moduleResolution: 'nodenext' },
  bundler: { module: 'esnext', moduleResolution: 'bundler' },
};

describe('packed packages under a user project', () => {
  let project: string;
  let tarballs: Readonly<Record<string, string>>;

  beforeAll(async () => {
    const folders = publishedPackageFolders();
    const packed = await createPackedProject('paxman-packed-types-', folders, {
      paxman: true,
      ...Object.fromEntries(folders.map((folder) => [folder === 'paxman' ? 'paxman' : `@paxman/${folder}`, true as const])),
      zod: '^4.1.0',
      '@types/node': '^20.19.0',
    });
    project = packed.dir;
    tarballs = packed.tarballs;
    await npmInstall(project);
    writeFileSync(join(project, 'consumer.ts'), CONSUMER);
    mkdirSync(join(project, 'examples'));
    for (const name of Object.keys(tarballs)) {
      const example = readmeExample(readFileSync(join(project, 'node_modules', ...name.split('/'), 'README.md'), 'utf8'));
      if (example !== undefined) writeFileSync(join(project, 'examples', `${name.replace('@paxman/', '')}.mts`), example);
    }
  }, 600_000);

  // Removing the project's installed packages takes seconds, more on a busy machine.
  afterAll(() => {
    if (project !== undefined) rmSync(project, { recursive: true, force: true });
  }, 300_000);

  it.each(Object.keys(RESOLUTIONS))('compiles with skipLibCheck: false under moduleResolution %s', async (name) => {
    const config = { compilerOptions: { ...RESOLUTIONS[name], target: 'es2022', strict: true, skipLibCheck: false, noEmit: true, types: ['node'] }, files: ['consumer.ts', ...Object.keys(tarballs).map((name) => `examples/${name.replace('@paxman/', '')}.mts`)] };
    writeFileSync(join(project, `tsconfig.${name}.json`), JSON.stringify(config, null, 2));
    let output = '';
    try {
      await runCommand(process.execPath, [TSC, '-p', `tsconfig.${name}.json`], { cwd: project });
    } catch (error) {
      const failed = error as { stdout?: string; stderr?: string };
      output = `${failed.stdout ?? ''}${failed.stderr ?? ''}`;
    }
    expect(output).toBe('');
  }, 120_000);

  it.each(publishedPackageFolders())('runs the README example of %s', async (folder) => {
    const { stdout: output } = await runCommand(process.execPath, ['--import', TSX_LOADER, join('examples', `${folder}.mts`)], { cwd: project, timeout: 60_000 });
    expect(output.trim().length).toBeGreaterThan(0);
  }, 90_000);

  it('ships no tests, fixtures, snapshots or benches, and ships the licence', () => {
    const shipped: Record<string, string[]> = {};
    for (const [name, specifier] of Object.entries(tarballs)) {
      const files = execFileSync('tar', ['tzf', specifier.slice('file:'.length)], { encoding: 'utf8' }).split('\n').filter(Boolean);
      shipped[name] = files.filter((file) => /\.test\.|\.test-d\.|\.bench\.|__fixtures__|__snapshots__|\/test\/|test-io\./.test(file));
      if (!files.includes('package/LICENSE')) shipped[name].push('(no LICENSE)');
    }
    expect(Object.fromEntries(Object.entries(shipped).filter(([, files]) => files.length > 0))).toEqual({});
  });

  it('declares every third-party package its published types import', () => {
    const manifest = JSON.parse(readFileSync(join(project, 'node_modules', 'paxman', 'package.json'), 'utf8'));
    expect(manifest.peerDependencies?.zod).toBeDefined();
  });
});
