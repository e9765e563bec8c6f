/**
 * The `paxman` command: parses arguments with commander and dispatches to one module
 * per subcommand (`commands/*.ts`, each exporting `register…Command(program, context)`).
 * Returns the exit code instead of calling `process.exit`, so tests run it in-process.
 */
import { Command, CommanderError } from 'commander';
import { PAXMAN_VERSION } from 'paxman';
import { registerProfileCommand } from './commands/profile.js';
import { registerNormalizeCommand } from './commands/normalize.js';
import { registerReplayCommand } from './commands/replay.js';
import { registerContractCommand } from './commands/contract.js';
import type { CliIo, CommandContext } from './io.js';

export function buildProgram(context: CommandContext): Command {
  const program = new Command('paxman')
    .description('Turn messy documents into evidence-backed, replayable data that conforms to your contract.')
    .version(PAXMAN_VERSION, '-v, --version', 'print the Paxman version')
    .helpOption('-h, --help', 'show help')
    .exitOverride()
    .configureOutput({
      writeOut: (text) => context.io.stdout.write(text),
      writeErr: (text) => context.io.stderr.write(text),
    })
    .showHelpAfterError('(run paxman --help for usage)');
  // Subcommands, one line each.
  registerProfileCommand(program, context);
  registerNormalizeCommand(program, context);
  registerReplayCommand(program, context);
  registerContractCommand(program, context);
  return program;
}

/** Runs the command line and resolves to the process exit code. */
export async function main(argv: readonly string[], io: CliIo): Promise<number> {
  let exitCode = 0;
  const context: CommandContext = { io, setExitCode: (code) => (exitCode = Math.max(exitCode, code)) };
  const program = buildProgram(context);
  if (argv.length === 0) {
    program.outputHelp();
    return 0;
  }
  try {
    await program.parseAsync([...argv], { from: 'user' });
    return exitCode;
  } catch (error) {
    if (error instanceof CommanderError) {
      return error.code === 'commander.helpDisplayed' || error.code === 'commander.version' ? 0 : error.exitCode || 2;
    }
    io.stderr.write(`paxman: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
}
