import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkLayers, importSpecifiers, readWorkspace } from '../src/check-layers.mjs';

const repositoryRoot = resolve(import.meta.dirname, '../../..');

type Workspace = { packages: { name: string; kind: 'package' | 'app' | 'tooling'; dependencies: string[]; files: { path: string; text: string }[] }[] };

function withEdit(workspace: Workspace, name: string, edit: (pkg: Workspace['packages'][number]) => void): Workspace {
  const copy: Workspace = structuredClone(workspace);
  const pkg = copy.packages.find((candidate) => candidate.name === name)!;
  edit(pkg);
  return copy;
}

describe('layer check', () => {
  const workspace: Workspace = readWorkspace(repositoryRoot);

  it('passes on the repository as it is', () => {
    expect(workspace.packages.map((pkg) => pkg.name)).toContain('@paxman/core');
    expect(checkLayers(workspace)).toEqual([]);
  });

  it('fails on an upward import from core to planner, naming both packages', () => {
    const broken = withEdit(workspace, '@paxman/core', (pkg) => {
      pkg.files.push({ path: 'packages/core/src/oops.ts', text: "import { plan } from '@paxman/planner';\n" });
    });
    const problems: string[] = checkLayers(broken);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain('@paxman/core');
    expect(problems[0]).toContain('@paxman/planner');
  });

  it('fails on an upward dependency declared in package.json', () => {
    const broken = withEdit(workspace, '@paxman/reconciler', (pkg) => pkg.dependencies.push('@paxman/executor'));
    expect(checkLayers(broken)).toEqual([expect.stringMatching(/@paxman\/reconciler must not depend on @paxman\/executor/)]);
  });

  it('fails on an allowed but undeclared import, and on deep imports', () => {
    const undeclared = withEdit(workspace, '@paxman/input-profile', (pkg) => {
      pkg.dependencies = pkg.dependencies.filter((name) => name !== '@paxman/core');
      pkg.files.push({ path: 'packages/input-profile/src/uses-core.ts', text: "import { sha256Hex } from '@paxman/core';\n" });
    });
    expect(checkLayers(undeclared).join('\n')).toMatch(/imports @paxman\/core .* does not declare it/);
    const deep = withEdit(workspace, '@paxman/contract', (pkg) => {
      pkg.files.push({ path: 'packages/contract/src/deep.ts', text: "export { money } from '@paxman/core/src/money/money';\n" });
    });
    expect(checkLayers(deep).join('\n')).toMatch(/deep-imports @paxman\/core\/src\/money\/money/);
  });

  it('reads static, dynamic, side-effect, type and re-export specifiers', () => {
    const text = "import a from 'x';\nexport * from \"y\";\nconst z = await import('z');\nimport 'side';\nimport type { T } from 't';";
    expect([...importSpecifiers(text)].sort()).toEqual(['side', 't', 'x', 'y', 'z']);
  });
});
