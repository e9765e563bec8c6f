/**
 * `paxman contract <file> [--format dict-dsl|json-schema|openapi] [--schema <name>]`:
 * reads a contract (JSON or YAML), adapts and validates it, and prints its canonical
 * form as JSON — `{ id, version, fingerprint, fields: [...] }`, where `fields` nests the
 * members of OBJECT fields and of ARRAY items. An invalid contract prints every problem
 * (code, path, message) on stderr and exits 1; a missing file is named.
 */
import { Option, type Command } from 'commander';
import { PaxmanError, adaptContract, fingerprintContract, type CanonicalContract, type CanonicalField, type ContractProblem } from 'paxman';
import type { CommandContext } from '../io.js';
import { InputError, readCommandInput } from './read-input.js';

/** The file formats the command accepts with `--format` (Zod schemas are code, not files). */
export const CONTRACT_FILE_FORMATS = ['dict-dsl', 'json-schema', 'openapi'] as const;

export function registerContractCommand(program: Command, context: CommandContext): void {
  program
    .command('contract')
    .description('adapt and validate a contract file (JSON or YAML) and print its canonical form as JSON')
    .argument('<file>', 'contract file: Dict DSL, JSON Schema or OpenAPI, as JSON or YAML')
    .addOption(new Option('--format <format>', 'skip detection and read the file as this format').choices(CONTRACT_FILE_FORMATS))
    .option('--schema <name>', 'OpenAPI: the component schema to use (default: the first)')
    .action(async (file: string, options: { format?: string; schema?: string }) => {
      let text: string;
      try {
        text = (await readCommandInput(file, { what: 'contract', io: context.io })).toString('utf8');
      } catch (error) {
        if (!(error instanceof InputError)) throw error;
        context.io.stderr.write(`paxman contract: ${error.message}\n`);
        context.setExitCode(1);
        return;
      }
      let contract: CanonicalContract;
      try {
        contract = adaptContract(text, { ...(options.format === undefined ? {} : { format: options.format }), ...(options.schema === undefined ? {} : { schemaName: options.schema }) });
      } catch (error) {
        context.io.stderr.write(describeFailure(file, error));
        context.setExitCode(1);
        return;
      }
      context.io.stdout.write(`${JSON.stringify(contractSummary(contract), null, 2)}\n`);
    });
}

/** The printed form of a contract. */
export function contractSummary(contract: CanonicalContract): Record<string, unknown> {
  return { id: contract.id, version: contract.version, fingerprint: fingerprintContract(contract), fields: contract.fields.map(fieldSummary) };
}

function fieldSummary(field: CanonicalField): Record<string, unknown> {
  return {
    path: field.path,
    name: field.name,
    type: field.type,
    required: field.required,
    nullable: field.nullable,
    description: field.description,
    labels: field.labels,
    constraints: field.constraints,
    enumValues: field.enumValues,
    default: field.hasDefault ? field.default : null,
    confidenceThreshold: field.confidenceThreshold,
    fallback: field.fallback,
    fields: field.fields.map(fieldSummary),
  };
}

/** Every problem of a contract error, one per line; any other error on one line. */
function describeFailure(file: string, error: unknown): string {
  if (!PaxmanError.isInstance(error)) return `paxman contract: ${file}: ${error instanceof Error ? error.message : String(error)}\n`;
  const problems = error.context.problems;
  if (Array.isArray(problems) && problems.length > 0) {
    const lines = (problems as readonly ContractProblem[]).map((problem) => `  ${problem.code} ${problem.path || '(contract)'}: ${problem.message}\n`);
    return `paxman contract: ${file} is not a valid contract (${problems.length} problem(s)):\n${lines.join('')}`;
  }
  return `paxman contract: ${file}: ${error.code}: ${error.message}\n`;
}
