/**
 * The `paxman` command: parses arguments with commander and dispatches to one module
 * per subcommand. Returns the exit code instead of calling `process.exit`, so tests run
 * it in-process.
 */
import { Command, CommanderError } from 'commander';
import { PAXMAN_VERSION } from 'paxman';
import type { CliIo } from './io.js';

export function buildProgram(io: CliIo): Command {
  const program = new Command('paxman')
    .description('Turn messy documents into evidence-backed, replayable data that conforms to your contract.')
    .version(PAXMAN_VERSION, '-v, --version', 'print the Paxman version')
    .helpOption('-h, --help', 'show help')
    .exitOverride()
    .configureOutput({
      writeOut: (text) => io.stdout.write(text),
      writeErr: (text) => io.stderr.write(text),
    })
    .showHelpAfterError('(run paxman --help for usage)');
  return program;
}

/** Runs the command line and resolves to the process exit code. */
export async function main(argv: readonly string[], io: CliIo): Promise<number> {
  const program = buildProgram(io);
  if (argv.length === 0) {
    program.outputHelp();
    return 0;
  }
  try {
    await program.parseAsync([...argv], { from: 'user' });
    return typeof process.exitCode === 'number' ? process.exitCode : 0;
  } catch (error) {
    if (error instanceof CommanderError) {
      return error.code === 'commander.helpDisplayed' || error.code === 'commander.version' ? 0 : error.exitCode || 2;
    }
    io.stderr.write(`paxman: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
}
