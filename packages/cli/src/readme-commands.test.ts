/**
 * The command lines the READMEs show run as written, from the repository root: every
 * `paxman …` line of the root README's command-line block and of this package's README
 * (paths resolved against the root, `artifacts/` redirected to a temporary folder, shell
 * globs expanded). The provider line needs a model server and is only parsed.
 */
import { existsSync, mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { captureIo } from './commands/test-io.js';
import { main } from './main.js';

const root = resolve(import.meta.dirname, '../../..');

/** `paxman …` command lines in a README's sh blocks, continuation lines joined, comments dropped. */
function commandLines(readme: string): string[] {
  const blocks = [...readme.matchAll(/```sh\n([\s\S]*?)```/g)].map((match) => match[1]!.replace(/\\\n\s*/g, ' '));
  return blocks
    .flatMap((block) => block.split('\n'))
    .map((line) => line.replace(/\s+#.*$/, '').trim())
    .filter((line) => /(^|\| )(pnpm exec )?paxman /.test(line) && !line.includes('<'));
}

/** The argv of a line, with its stdin when the line pipes a file in (`cat f | paxman …`). */
function argvOf(line: string, artifacts: string): { argv: string[]; stdinFile?: string } {
  const piped = /^cat (\S+) \| (.*)$/.exec(line);
  const command = (piped ? piped[2]! : line).replace(/^pnpm exec /, '').replace(/ > \S+$/, '');
  const words = command.split(/\s+/).slice(1);
  const argv = words.flatMap((word) => {
    if (word.startsWith('artifacts/')) return [join(artifacts, word.slice('artifacts/'.length))];
    if (word.endsWith('/*')) {
      const folder = resolve(root, word.slice(0, -2));
      return readdirSync(folder).sort().map((name) => join(folder, name));
    }
    return existsSync(resolve(root, word)) && !word.startsWith('-') ? [resolve(root, word)] : [word];
  });
  return piped ? { argv, stdinFile: resolve(root, piped[1]!) } : { argv };
}

describe.each([
  ['README.md', join(root, 'README.md')],
  ['packages/cli/README.md', join(root, 'packages/cli/README.md')],
])('the command lines of %s', (_name, file) => {
  const lines = commandLines(readFileSync(file, 'utf8'));
  const artifacts = mkdtempSync(join(tmpdir(), 'paxman-readme-'));

  it('has some', () => expect(lines.length).toBeGreaterThan(3));

  it.each(lines.map((line) => [line]))('%s', async (line) => {
    const { argv, stdinFile } = argvOf(line, artifacts);
    for (const word of argv) if (/^(examples|packages)\//.test(word)) throw new Error(`${word} does not exist in the repository`);
    if (argv.includes('--provider')) return; // needs a model server: parsed above, not run
    const capture = captureIo();
    const io = stdinFile === undefined ? capture.io : { ...capture.io, stdin: PassThrough.from([readFileSync(stdinFile)]) };
    const code = await main(argv, io);
    expect({ code, stderr: capture.stderr() }).toEqual({ code: 0, stderr: '' });
  });
});
