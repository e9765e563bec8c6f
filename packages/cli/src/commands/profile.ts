/**
 * `paxman profile <file>...`: prints the InputProfile of each file as one JSON line
 * `{"file", "inputType", "size", "contentHash", "density", "isEmpty"}` with exact values.
 * A missing or unreadable file is reported on stderr by name; the others still run, and
 * the exit status is 1 at the end.
 */
import { readFile } from 'node:fs/promises';
import type { Command } from 'commander';
import { makeProfile } from 'paxman';
import type { CommandContext } from '../io.js';

export function registerProfileCommand(program: Command, context: CommandContext): void {
  program
    .command('profile')
    .description('print the input profile (type, size, sha256, density, emptiness) of each file as JSON lines')
    .argument('<file...>', 'files to profile')
    .action(async (files: string[]) => {
      for (const file of files) {
        let bytes: Uint8Array;
        try {
          bytes = await readFile(file);
        } catch (error) {
          const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message;
          context.io.stderr.write(`paxman profile: cannot read ${file}: ${reason}\n`);
          context.setExitCode(1);
          continue;
        }
        const profile = makeProfile(bytes);
        context.io.stdout.write(
          `${JSON.stringify({ file, inputType: profile.inputType, size: profile.size, contentHash: profile.contentHash, density: profile.density, isEmpty: profile.isEmpty })}\n`,
        );
      }
    });
}
