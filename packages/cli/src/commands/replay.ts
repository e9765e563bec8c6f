/**
 * `paxman replay <artifact.json> --contract <file>`: verifies an artifact against the
 * contract it claims (hash, contract fingerprint, versions, capability versions). Exit 0
 * and the verified hash on stdout, or exit 1 with the error code and what differs on
 * stderr; 2 for usage errors (unreadable files).
 */
import type { Command } from 'commander';
import { PaxmanError, replay } from 'paxman';
import type { CommandContext } from '../io.js';
import { UsageError, readInputFile } from './option-files.js';

interface ReplayCommandOptions {
  readonly contract: string;
  readonly schema?: string;
  readonly format?: string;
}

export function registerReplayCommand(program: Command, context: CommandContext): void {
  program
    .command('replay')
    .description('verify an artifact against its contract and print its replay hash')
    .argument('<artifact>', 'artifact JSON file (from paxman normalize)')
    .requiredOption('-c, --contract <file>', 'the contract the artifact was produced with')
    .option('--schema <name>', 'OpenAPI: the component schema to use')
    .option('--format <format>', 'contract format, skipping detection')
    .action(async (file: string, options: ReplayCommandOptions) => {
      let artifactText: string;
      let contractText: string;
      try {
        artifactText = (await readInputFile(file, 'artifact')).toString('utf8');
        contractText = (await readInputFile(options.contract, 'contract')).toString('utf8');
      } catch (error) {
        if (!(error instanceof UsageError)) throw error;
        context.io.stderr.write(`paxman replay: ${error.message}\n`);
        context.setExitCode(2);
        return;
      }
      try {
        const artifact = await replay(artifactText, {
          contract: contractText,
          ...(options.format === undefined ? {} : { format: options.format }),
          ...(options.schema === undefined ? {} : { schemaName: options.schema }),
        });
        context.io.stdout.write(`verified ${artifact.replayHash}\n`);
      } catch (error) {
        if (!PaxmanError.isInstance(error)) throw error;
        context.io.stderr.write(`paxman replay: ${error.code}: ${error.message}\n`);
        context.setExitCode(1);
      }
    });
}
