/**
 * Root test configuration: one vitest project per workspace package (every folder under
 * packages/, apps/ and tooling/ that has a package.json). Packages are read from source
 * through the `@paxman/source` export condition, so tests need no build.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { defineConfig } from 'vitest/config';

const sourceConditions = ['@paxman/source', 'module', 'node', 'development|production'];

const projectFolders = ['packages', 'apps', 'tooling'].flatMap((group) =>
  existsSync(group)
    ? readdirSync(group)
        .filter((name) => existsSync(join(group, name, 'package.json')))
        .map((name) => join(group, name))
    : [],
);

export default defineConfig({
  resolve: { conditions: sourceConditions },
  ssr: { resolve: { conditions: sourceConditions } },
  test: {
    // Property tests over the whole pipeline are CPU-bound; a loaded 2-core machine needs headroom.
    testTimeout: 60_000,
    // Hooks start servers and browsers and remove installed test projects: the same headroom
    // (the default 10 s timed out removing a packed project's node_modules under load).
    hookTimeout: 60_000,
    // The tests read ../shared (fixtures, corpora): stop with one clear message when it is missing.
    globalSetup: [resolve(import.meta.dirname, 'tooling/scripts/require-shared.ts')],
    // One turn of the event loop before each test, so the worker reads the runner's RPC
    // replies in time on a busy machine (see the file).
    setupFiles: [resolve(import.meta.dirname, 'tooling/scripts/yield-between-tests.ts')],
    projects: projectFolders.map((root) => ({
      extends: true,
      test: {
        name: root.split('/').pop()!,
        root,
        include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
        typecheck: { enabled: true, include: ['src/**/*.test-d.ts', 'test/**/*.test-d.ts'], tsconfig: resolve(import.meta.dirname, root, 'tsconfig.json') },
      },
    })),
  },
});
