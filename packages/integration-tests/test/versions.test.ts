import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { PAXMAN_VERSION } from 'paxman';
import { describe, expect, it } from 'vitest';

const packagesFolder = resolve(import.meta.dirname, '../..');

describe('published versions', () => {
  it('the facade reports the version every published package shares (one changesets group)', () => {
    const names = ['core', 'contract', 'input-profile', 'capabilities', 'inference', 'planner', 'executor', 'reconciler', 'artifact', 'paxman', 'cli'];
    const versions = names.map((name) => JSON.parse(readFileSync(resolve(packagesFolder, name, 'package.json'), 'utf8')).version);
    expect(new Set(versions)).toEqual(new Set([PAXMAN_VERSION]));
  });
});
