/**
 * `paxman profile <file>...`: prints the InputProfile of each file as one JSON line
 * `{"file", "inputType", "size", "contentHash", "density", "isEmpty"}` with exact values
 * (`-` profiles standard input). A missing or unreadable file (or a folder) is reported on
 * stderr by name; the others still run, and the exit status is 1 at the end.
 */
import type { Command } from 'commander';
import { makeProfile } from 'paxman';
import type { CommandContext } from '../io.js';
import { InputError, readCommandInput } from './read-input.js';

export function registerProfileCommand(program: Command, context: CommandContext): void {
  program
    .command('profile')
    .description('print the input profile (type, size, sha256, density, emptiness) of each file as JSON lines')
    .argument('<file...>', 'files to profile')
    .action(async (files: string[]) => {
      for (const file of files) {
        let bytes: Uint8Array;
        try {
          bytes = await readCommandInput(file, { what: 'file', io: context.io });
        } catch (error) {
          if (!(error instanceof InputError)) throw error;
          context.io.stderr.write(`paxman profile: ${error.message}\n`);
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
