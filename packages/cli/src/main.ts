/**
 * The `paxman` command: parses arguments with commander and dispatches to one module
 * per subcommand (`commands/*.ts`, each exporting `register…Command(program, context)`).
 * Returns the exit code instead of calling `process.exit`, so tests run it in-process.
 * Exit status, for every command: 0 done, 1 an input could not be processed (or a check
 * failed), 2 the command was called wrongly (usage).
 */
import { Command, CommanderError } from 'commander';
import { PAXMAN_VERSION } from 'paxman';
import { registerProfileCommand } from './commands/profile.js';
import { registerNormalizeCommand } from './commands/normalize.js';
import { registerReplayCommand } from './commands/replay.js';
import { registerContractCommand } from './commands/contract.js';
import { registerSignCommands } from './commands/sign.js';
import { registerAmendCommand } from './commands/amend.js';
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
  registerSignCommands(program, context);
  registerAmendCommand(program, context);
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
    // Every mistake in how the command was called (unknown command or option, missing argument) is a usage error.
    if (error instanceof CommanderError) return error.code === 'commander.helpDisplayed' || error.code === 'commander.version' || error.code === 'commander.help' ? 0 : 2;
    io.stderr.write(`paxman: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
}

/**
 * Runs the command line as the `paxman` process with the real streams. A reader that
 * closes the output early (`paxman profile * | head -1`) ends the process at once and
 * quietly (exit 0: the reader has what it wanted) instead of with an EPIPE stack trace.
 */
export async function runProcess(argv: readonly string[]): Promise<number> {
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
    process.exit(0);
  });
  return main(argv, { stdout: process.stdout, stderr: process.stderr, stdin: process.stdin });
}
