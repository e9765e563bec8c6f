/**
 * Installing `@paxman/planner` alone brings no format reader (ARCHITECTURE §2 rev 2): the
 * planner's workspace dependencies are packed as users get them (`pnpm pack`), installed
 * with npm into an empty project, and its `node_modules` holds neither pdf.js, the HTML and
 * MIME parsers nor the native canvas package. Needs the packages built (`pnpm build`) and
 * the npm registry for their third-party dependencies.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPackedProject, npmInstall } from './support/packed-workspace.js';

/** The planner and every workspace package it reaches. */
const CLOSURE = ['planner', 'capability-spi', 'document', 'values', 'knowledge', 'contract', 'core', 'input-profile'];
const HEAVY = ['pdfjs-dist', 'htmlparser2', 'postal-mime', '@napi-rs/canvas', 'canvas'];

describe('npm install @paxman/planner', () => {
  let project: string;

  beforeAll(async () => {
    project = (await createPackedProject('paxman-planner-alone-', CLOSURE, { '@paxman/planner': true })).dir;
    await npmInstall(project);
  }, 300_000);

  afterAll(() => {
    if (project !== undefined) rmSync(project, { recursive: true, force: true });
  });

  it('installs no format reader and no native canvas', () => {
    const installed = (name: string) => existsSync(join(project, 'node_modules', ...name.split('/')));
    expect(installed('@paxman/planner')).toBe(true);
    expect(installed('@paxman/document')).toBe(true);
    expect(HEAVY.filter(installed)).toEqual([]);
  });

  it('plans from the installed packages', () => {
    const script = [
      "import { plan } from '@paxman/planner';",
      "import { createCapabilityRegistry } from '@paxman/capability-spi';",
      "import { defineContract } from '@paxman/contract';",
      "import { makeProfile } from '@paxman/input-profile';",
      "const contract = defineContract({ id: 'c', fields: [{ path: 'total', type: 'MONEY' }] });",
      "const result = plan({ contract, profile: makeProfile(new TextEncoder().encode('Total: 5 EUR')), registry: createCapabilityRegistry([]) });",
      'console.log(JSON.stringify({ fields: result.fieldPlans.length }));',
    ].join('\n');
    writeFileSync(join(project, 'plan.mjs'), script);
    expect(JSON.parse(execFileSync('node', ['plan.mjs'], { cwd: project, encoding: 'utf8' }))).toEqual({ fields: 1 });
  });
});
