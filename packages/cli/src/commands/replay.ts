/**
 * `paxman replay <artifact.json> --contract <file> [--amendments <file>]`: verifies an
 * artifact against the contract it claims (hash, contract fingerprint, versions, capability
 * versions) and, with `--amendments`, its chain of review amendments (`paxman amend`),
 * printing each amended field with its value, reviewer, time and reason. Exit 0
 * and the verified hash on stdout, or exit 1 with the error code and what differs on
 * stderr (also when the artifact cannot be read; `-` reads it from standard input); 2 for
 * usage errors (an unreadable contract file, bad options).
 */
import type { Command } from 'commander';
import { PaxmanError, createPaxman, replay } from 'paxman';
import type { CommandContext } from '../io.js';
import { UsageError, readInputFile } from './option-files.js';
import { InputError, readCommandInput } from './read-input.js';
import { readKnowledgePacks } from './knowledge-options.js';
import { collectPlugin, loadCommandPlugins } from './plugin-options.js';

interface ReplayCommandOptions {
  readonly contract: string;
  readonly plugin?: readonly string[];
  readonly knowledge?: readonly string[];
  readonly schema?: string;
  readonly format?: string;
  readonly input?: string;
  readonly amendments?: string;
}

export function registerReplayCommand(program: Command, context: CommandContext): void {
  program
    .command('replay')
    .description('verify an artifact against its contract and print its replay hash')
    .argument('<artifact>', 'artifact JSON file (from paxman normalize)')
    .requiredOption('-c, --contract <file>', 'the contract the artifact was produced with')
    .option('--schema <name>', 'OpenAPI: the component schema to use')
    .option('--format <format>', 'contract format, skipping detection')
    .option('--plugin <module>', 'an ES module exporting `capabilities` and/or `adapters` arrays the artifact was made with (repeatable)', collectPlugin)
    .option('--knowledge <pack.json>', 'a knowledge pack the artifact was read with, besides the built-in ones (repeatable)', collectPlugin)
    .option('--amendments <file>', 'the chain of review amendments (paxman amend) to verify and apply')
    .option('--input <file>', 're-run the recorded plan on this input and show that the same artifact (but id and time) comes out')
    .action(async (file: string, options: ReplayCommandOptions) => {
      let artifactText: string;
      let contractText: string;
      let input: Buffer | undefined;
      let amendments: string | undefined;
      let plugins: Awaited<ReturnType<typeof loadCommandPlugins>>;
      let knowledge: unknown[];
      try {
        plugins = await loadCommandPlugins(options.plugin);
        knowledge = await readKnowledgePacks(options.knowledge);
        contractText = (await readInputFile(options.contract, 'contract')).toString('utf8');
        artifactText = (await readCommandInput(file, { what: 'artifact', io: context.io })).toString('utf8');
        if (options.input !== undefined) input = await readCommandInput(options.input, { what: 'input', io: context.io });
        if (options.amendments !== undefined) amendments = (await readCommandInput(options.amendments, { what: 'amendments', io: context.io })).toString('utf8');
      } catch (error) {
        if (!(error instanceof UsageError || error instanceof InputError)) throw error;
        context.io.stderr.write(`paxman replay: ${error.message}\n`);
        context.setExitCode(error instanceof UsageError ? 2 : 1);
        return;
      }
      const replayOptions = {
        contract: contractText,
        ...(plugins.capabilities.length > 0 ? { capabilities: plugins.capabilities } : {}),
        ...(plugins.adapters.length > 0 ? { adapters: plugins.adapters } : {}),
        ...(knowledge.length > 0 ? { knowledge } : {}),
        ...(options.format === undefined ? {} : { format: options.format }),
        ...(options.schema === undefined ? {} : { schemaName: options.schema }),
        ...(amendments === undefined ? {} : { amendments }),
      };
      try {
        if (input === undefined) {
          const artifact = await replay(artifactText, replayOptions);
          context.io.stdout.write(`verified ${artifact.replayHash}\n`);
          const review = artifact.review;
          if (review !== undefined) {
            context.io.stdout.write(`amendments: ${review.amendments.length} verified\n`);
            for (const [path, field] of Object.entries(review.amendedFields)) {
              const reviewer = field.reviewerName === undefined ? field.reviewerKeyId : `${field.reviewerName} (${field.reviewerKeyId})`;
              context.io.stdout.write(`amended ${path}: ${field.action} ${JSON.stringify(field.original)} -> ${JSON.stringify(field.value)} by ${reviewer} at ${field.amendedAt}: ${field.reason}\n`);
            }
            context.io.stdout.write(`${JSON.stringify(review.data)}\n`);
          }
          return;
        }
        const px = createPaxman({ capabilities: plugins.capabilities, adapters: plugins.adapters, knowledge });
        try {
          const reproduction = await px.reproduce(artifactText, input, replayOptions);
          if (reproduction.identical) context.io.stdout.write(`reproduced ${reproduction.replayHash}: the input gives the same artifact, byte for byte (but id and time)\n`);
          else {
            context.io.stderr.write(`paxman replay: NOT REPRODUCED: the input gives a different artifact (${reproduction.rerun.replayHash}); it differs in ${reproduction.differences.join(', ')}\n`);
            context.setExitCode(1);
          }
        } finally {
          await px.close();
        }
      } catch (error) {
        if (!PaxmanError.isInstance(error)) throw error;
        context.io.stderr.write(`paxman replay: ${error.code}: ${error.message}\n`);
        context.setExitCode(1);
      }
    });
}
