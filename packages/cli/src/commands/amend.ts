/**
 * `paxman amend <artifact> --contract <file> --field <path> (--value <v> | --confirm |
 * --clear) --reason <text> [--key <file>]`: a reviewer's decision on one field, recorded
 * as the next signed amendment of the artifact's chain. The artifact and the chain so far
 * are replayed first; the value is checked against the contract (`--value` is read as
 * JSON when it is an object, an array, true, false or null, else as text the field's type
 * reads: `"12.50 EUR"`, `"2024-03-01"`). The chain is read from and written back to
 * `--amendments` (default: the artifact's path with `.amendments.json` for `.json`),
 * atomically; the artifact is never changed. The key is the Ed25519 PEM `paxman sign`
 * uses (`--key`, else `PAXMAN_SIGNING_KEY`). Exit 0, 1 when the artifact or the chain does
 * not verify or the value is refused, 2 for usage.
 */
import { existsSync } from 'node:fs';
import type { Command } from 'commander';
import { type AmendmentAction, PaxmanError, amend } from 'paxman';
import type { CommandContext } from '../io.js';
import { UsageError, readInputFile } from './option-files.js';
import { InputError, readCommandInput } from './read-input.js';
import { writeFileAtomically } from './write-file.js';

interface AmendCommandOptions {
  readonly contract: string;
  readonly field: string;
  readonly value?: string;
  readonly confirm?: boolean;
  readonly clear?: boolean;
  readonly reason: string;
  readonly key?: string;
  readonly reviewer?: string;
  readonly box?: string;
  readonly amendments?: string;
  readonly format?: string;
  readonly schema?: string;
}

/** Where the chain of `artifact` lives unless `--amendments` says: `a.json` → `a.amendments.json`. */
export function defaultAmendmentsPath(artifact: string): string {
  return artifact.endsWith('.json') ? `${artifact.slice(0, -'.json'.length)}.amendments.json` : `${artifact}.amendments.json`;
}

/** `--value` as the value: JSON for an object, array, boolean or null, else the text. */
function valueOf(text: string): unknown {
  const trimmed = text.trim();
  if (/^[[{]/.test(trimmed) || trimmed === 'true' || trimmed === 'false' || trimmed === 'null') {
    try {
      return JSON.parse(trimmed) as unknown;
    } catch {
      throw new UsageError(`--value ${text} looks like JSON but does not parse`);
    }
  }
  return text;
}

function boxOf(text: string): { page: number; x: number; y: number; width: number; height: number } {
  const numbers = text.split(',').map((part) => Number(part.trim()));
  if (numbers.length !== 5 || !numbers.every(Number.isFinite) || !Number.isSafeInteger(numbers[0]) || numbers[0]! < 1) throw new UsageError(`--box takes page,x,y,width,height (PDF points or pixels), got ${text}`);
  const [page, x, y, width, height] = numbers as [number, number, number, number, number];
  return { page, x, y, width, height };
}

function actionOf(options: AmendCommandOptions): AmendmentAction {
  const given = [options.value !== undefined, options.confirm === true, options.clear === true].filter(Boolean).length;
  if (given !== 1) throw new UsageError('give exactly one of --value <value>, --confirm or --clear');
  return options.value !== undefined ? 'CORRECT' : options.confirm === true ? 'CONFIRM' : 'CLEAR';
}

async function keyText(file: string | undefined): Promise<string> {
  if (file !== undefined) return (await readInputFile(file, 'signing key')).toString('utf8');
  const fromEnvironment = process.env['PAXMAN_SIGNING_KEY'];
  if (fromEnvironment !== undefined && fromEnvironment.trim().length > 0) return fromEnvironment;
  throw new UsageError("no reviewer's key: give --key <file> or set PAXMAN_SIGNING_KEY");
}

export function registerAmendCommand(program: Command, context: CommandContext): void {
  program
    .command('amend')
    .description("confirm, correct or clear a field of an artifact as a reviewer: a signed amendment appended to the artifact's chain")
    .argument('<artifact>', 'artifact JSON file (from paxman normalize)')
    .requiredOption('-c, --contract <file>', 'the contract the artifact was produced with')
    .requiredOption('--field <path>', 'the field amended (e.g. total_amount)')
    .option('--value <value>', 'the corrected value (text the field type reads, or JSON)')
    .option('--confirm', 'keep the value as it is')
    .option('--clear', 'remove the value')
    .requiredOption('--reason <text>', 'why')
    .option('--key <file>', "the reviewer's PEM Ed25519 private key (default: PAXMAN_SIGNING_KEY)")
    .option('--reviewer <name>', "the reviewer's name, recorded beside the key id")
    .option('--box <page,x,y,width,height>', 'where on the page the value is (evidence of the decision)')
    .option('--amendments <file>', 'the chain to extend (default: <artifact>.amendments.json)')
    .option('--schema <name>', 'OpenAPI: the component schema to use')
    .option('--format <format>', 'contract format, skipping detection')
    .action(async (file: string, options: AmendCommandOptions) => {
      try {
        const action = actionOf(options);
        const key = await keyText(options.key);
        const contract = (await readInputFile(options.contract, 'contract')).toString('utf8');
        const artifact = (await readCommandInput(file, { what: 'artifact', io: context.io })).toString('utf8');
        const chainFile = options.amendments ?? defaultAmendmentsPath(file);
        const amendments = existsSync(chainFile) ? (await readCommandInput(chainFile, { what: 'amendments', io: context.io })).toString('utf8') : '[]';
        const value = options.value === undefined ? undefined : valueOf(options.value);
        const chain = await amend(artifact, {
          contract,
          key,
          amendments,
          ...(options.format === undefined ? {} : { format: options.format }),
          ...(options.schema === undefined ? {} : { schemaName: options.schema }),
          decision: {
            fieldPath: options.field,
            action,
            reason: options.reason,
            ...(value === undefined ? {} : { value: value as never }),
            ...(options.reviewer === undefined ? {} : { reviewerName: options.reviewer }),
            ...(options.box === undefined ? {} : { box: boxOf(options.box) }),
          },
        });
        await writeFileAtomically(chainFile, `${JSON.stringify(chain, null, 2)}\n`);
        const last = chain[chain.length - 1]!;
        context.io.stdout.write(`amended ${last.fieldPath} (${last.action}) ${JSON.stringify(last.before)} -> ${JSON.stringify(last.after)} by ${last.reviewer.keyId}; amendment ${last.sequence} of ${chainFile}\n`);
      } catch (error) {
        if (error instanceof UsageError) {
          context.io.stderr.write(`paxman amend: ${error.message}\n`);
          context.setExitCode(2);
          return;
        }
        if (error instanceof InputError || PaxmanError.isInstance(error)) {
          context.io.stderr.write(`paxman amend: ${PaxmanError.isInstance(error) ? `${error.code}: ` : ''}${error.message}\n`);
          context.setExitCode(1);
          return;
        }
        throw error;
      }
    });
}
