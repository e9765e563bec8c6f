/**
 * `paxman normalize <input>... --contract <file>`: normalizes documents against a
 * contract. One input: on a terminal a readable table (field, status, value, confidence,
 * where found), otherwise (piped, or `--json`) the artifact's canonical JSON on stdout.
 * Several inputs (or folders: their files, in name order) with `--out <dir>`: one `<dir>/<name>.artifact.json` per input, a
 * progress bar on a terminal (stderr), and a summary; an input that fails still gets
 * its EXECUTION_FAILED artifact and the batch goes on. `-` reads the input from standard
 * input. Artifacts are written atomically (a temporary file in the target folder, then a
 * rename: a reader never sees half an artifact, a symbolic link at the path is replaced,
 * never followed); an existing artifact is kept unless `--overwrite`. Exit status: 2 for
 * usage errors (bad options, unreadable or invalid contract), 1 when an input could not
 * be processed or its artifact not written, 0 otherwise — whatever the artifacts' statuses.
 */
import { lstat, mkdir, stat } from 'node:fs/promises';
import { basename, extname, join } from 'node:path';
import type { Command } from 'commander';
import { type CanonicalContract, type ExecutionArtifact, type Paxman, PaxmanError, adaptContract, createPaxman, listDiagnostics, serializeArtifact } from 'paxman';
import type { CommandContext } from '../io.js';
import { renderArtifactTable } from './artifact-table.js';
import { UsageError, expandFolders, readInputFile, readJsonOption } from './option-files.js';
import { InputError, describeErrno, readCommandInput } from './read-input.js';
import { writeFileAtomically } from './write-file.js';
import { instanceWithKnowledge, readKnowledgePacks } from './knowledge-options.js';
import { adapterRegistryWith, collectPlugin, loadCommandPlugins } from './plugin-options.js';
import { type ProviderCommandOptions, inferenceSetup } from './provider-options.js';

interface NormalizeCommandOptions extends ProviderCommandOptions {
  readonly contract: string;
  readonly schema?: string;
  readonly format?: string;
  readonly policy?: string;
  readonly budget?: string;
  readonly json?: boolean;
  readonly out?: string;
  readonly overwrite?: boolean;
  readonly plugin?: readonly string[];
  readonly knowledge?: readonly string[];
}

interface PreparedRun {
  /** The run's own instance (its OCR workers are stopped when the command ends). */
  readonly paxman: Paxman;
  readonly contract: CanonicalContract;
  readonly policy: Record<string, unknown> | undefined;
  readonly budget: Record<string, unknown> | undefined;
}

/** The contract adapted once up front, so an invalid contract is reported as a usage error with every problem. */
async function prepare(options: NormalizeCommandOptions): Promise<PreparedRun> {
  const contractText = (await readInputFile(options.contract, 'contract')).toString('utf8');
  const plugins = await loadCommandPlugins(options.plugin);
  let contract: CanonicalContract;
  try {
    contract = adaptContract(contractText, {
      registry: adapterRegistryWith(plugins.adapters),
      ...(options.format === undefined ? {} : { format: options.format }),
      ...(options.schema === undefined ? {} : { schemaName: options.schema }),
    });
  } catch (error) {
    if (!PaxmanError.isInstance(error)) throw error;
    const problems = Array.isArray(error.context['problems']) ? (error.context['problems'] as { code: string; path: string; message: string }[]) : [];
    const lines = problems.length > 0 ? problems.map((problem) => `  ${problem.code} at ${problem.path || '(root)'}: ${problem.message}`) : [`  ${error.code}: ${error.message}`];
    throw new UsageError(`invalid contract ${options.contract}:\n${lines.join('\n')}`);
  }
  const inference = inferenceSetup(options);
  const policy = await readJsonOption(options.policy, 'policy');
  const knowledge = await readKnowledgePacks(options.knowledge);
  return {
    paxman: instanceWithKnowledge(() => createPaxman({ capabilities: plugins.capabilities, adapters: plugins.adapters, knowledge, ...(inference ? { providers: inference.providers } : {}) })),
    contract,
    policy: inference ? { ...inference.policyDefaults, ...(policy ?? {}) } : policy,
    budget: await readJsonOption(options.budget, 'budget'),
  };
}

async function normalizeBytes(bytes: Uint8Array, run: PreparedRun): Promise<ExecutionArtifact> {
  try {
    return await run.paxman.normalize(bytes, { contract: run.contract, ...(run.policy === undefined ? {} : { policy: run.policy }), ...(run.budget === undefined ? {} : { budget: run.budget }) });
  } catch (error) {
    // Invalid budget or policy options are usage errors, not failures of one input.
    if (PaxmanError.isInstance(error) && (error.code === 'INVALID_POLICY' || error.code === 'INVALID_BUDGET' || error.code === 'INVALID_CONFIDENCE_FLOOR' || error.code === 'INVALID_FX_RATE')) {
      throw new UsageError(error.message);
    }
    throw error;
  }
}

async function normalizeOne(file: string, options: NormalizeCommandOptions, context: CommandContext): Promise<void> {
  const run = await prepare(options);
  let bytes: Buffer;
  let artifact: ExecutionArtifact;
  try {
    bytes = await readCommandInput(file, { what: 'input', io: context.io });
    artifact = await normalizeBytes(bytes, run);
  } finally {
    await run.paxman.close();
  }
  const stdout = context.io.stdout;
  if (options.json === true || stdout.isTTY !== true) {
    stdout.write(`${serializeArtifact(artifact)}\n`);
    return;
  }
  const inputText = new TextDecoder('utf-8').decode(bytes);
  stdout.write(renderArtifactTable(artifact, { fields: run.contract.fields, inputText, columns: stdout.columns ?? 120 }));
}

function outputName(file: string): string {
  const name = basename(file);
  const extension = extname(name);
  return `${extension.length > 0 && extension.length < name.length ? name.slice(0, -extension.length) : name}.artifact.json`;
}

function progressBar(done: number, total: number, label: string): string {
  const width = 24;
  const filled = Math.round((done / total) * width);
  return `\r[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${done}/${total} ${label.slice(0, 40).padEnd(40)}`;
}

async function normalizeBatch(files: readonly string[], outDirectory: string, options: NormalizeCommandOptions, context: CommandContext): Promise<void> {
  const names = files.map(outputName);
  const clashes = names.filter((name, index) => names.indexOf(name) !== index);
  if (clashes.length > 0) throw new UsageError(`several inputs would write the same artifact file: ${[...new Set(clashes)].join(', ')}`);
  const existing = await stat(outDirectory).catch(() => null);
  if (existing !== null && !existing.isDirectory()) throw new UsageError(`--out ${outDirectory} is a file; give a folder (it is created when missing)`);
  const run = await prepare(options);
  await mkdir(outDirectory, { recursive: true }).catch((error: NodeJS.ErrnoException) => {
    throw new UsageError(`--out ${outDirectory}: cannot create the folder: ${describeErrno(error)}`);
  });

  const { stderr, stdout } = context.io;
  const showProgress = stderr.isTTY === true;
  const started = performance.now();
  const statusCounts = new Map<string, number>();
  let fieldsResolved = 0;
  let fieldsTotal = 0;
  const failures: string[] = [];
  async function normalizeFiles(): Promise<void> {
    for (const [index, file] of files.entries()) {
      if (showProgress) stderr.write(progressBar(index, files.length, basename(file)));
      let artifact: ExecutionArtifact;
      const report = (problem: string): void => {
        failures.push(`${file}: ${problem}`);
        if (showProgress) stderr.write('\n');
        stderr.write(`paxman normalize: ${file} could not be processed: ${problem}\n`);
      };
      try {
        const bytes = await readCommandInput(file, { what: 'input', io: context.io });
        artifact = await normalizeBytes(bytes, run);
      } catch (error) {
        if (error instanceof UsageError) throw error;
        report(error instanceof Error ? error.message : String(error));
        continue;
      }
      const written = await writeArtifactFile(join(outDirectory, names[index]!), `${serializeArtifact(artifact)}\n`, options.overwrite === true);
      if (written !== null) {
        report(written);
        continue;
      }
      statusCounts.set(artifact.status, (statusCounts.get(artifact.status) ?? 0) + 1);
      const results = Object.values(artifact.fieldResults);
      fieldsTotal += results.length;
      fieldsResolved += results.filter((result) => result.status === 'SUCCESS' || result.status === 'PARTIAL_SUCCESS').length;
      if (artifact.status === 'EXECUTION_FAILED') {
        const reason = listDiagnostics(artifact).find((diagnostic) => diagnostic.severity === 'ERROR')?.message ?? 'execution failed';
        if (showProgress) stderr.write('\n');
        stderr.write(`paxman normalize: ${file} failed (artifact written): ${reason}\n`);
      }
    }
  }
  try {
    await normalizeFiles();
  } finally {
    await run.paxman.close();
  }
  if (showProgress) stderr.write(`${progressBar(files.length, files.length, 'done')}\n`);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const counts = [...statusCounts.entries()].sort(([left], [right]) => (left < right ? -1 : 1)).map(([status, count]) => `${status} ${count}`);
  stdout.write(`normalized ${files.length - failures.length}/${files.length} inputs in ${seconds} s → ${outDirectory}\n`);
  stdout.write(`  statuses: ${counts.join(', ') || 'none'}\n`);
  stdout.write(`  fields resolved: ${fieldsResolved}/${fieldsTotal}\n`);
  if (failures.length > 0) {
    stdout.write(`  could not be processed: ${failures.length}\n`);
    context.setExitCode(1);
  }
}

export function registerNormalizeCommand(program: Command, context: CommandContext): void {
  program
    .command('normalize')
    .description('normalize documents against a contract: a table on a terminal, artifact JSON when piped, or one artifact file per input with --out')
    .argument('<input...>', 'input files (text, HTML, e-mail, CSV, JSON, PDF, or a photo or scan: PNG, JPEG, TIFF, WebP, BMP), or folders of them')
    .requiredOption('-c, --contract <file>', 'contract file (Dict DSL, JSON Schema or OpenAPI; JSON or YAML)')
    .option('--schema <name>', 'OpenAPI: the component schema to use')
    .option('--format <format>', 'contract format, skipping detection (dict-dsl, json-schema, openapi)')
    .option('--policy <file|json>', 'call-site policy as a JSON file or inline JSON, e.g. \'{"confidenceFloor":0.9}\'')
    .option('--budget <file|json>', 'budget as a JSON file or inline JSON, e.g. \'{"maxInputBytes":1000000}\'')
    .option('--json', 'print the artifact JSON even on a terminal')
    .option('--provider <name>', 'model provider for fields the deterministic tiers leave unresolved: openai-compatible')
    .option('--base-url <url>', 'provider base URL, e.g. http://127.0.0.1:11434/v1 (Ollama) or https://api.example.com/v1')
    .option('--model <name>', 'model name to ask')
    .option('--api-key-env <VAR>', 'environment variable holding the API key (the key itself is never passed on the command line)')
    .option('--tier <tier>', 'local or remote (default: local for a loopback URL, else remote)')
    .option('--price-input <usd>', 'provider price in USD per million prompt tokens (with --price-output; budgets book real cost with it)')
    .option('--price-output <usd>', 'provider price in USD per million completion tokens')
    .option('-o, --out <dir>', 'write <dir>/<input name>.artifact.json per input (batch mode)')
    .option('--overwrite', 'with --out: replace artifacts that already exist (default: keep them and report the input)')
    .option('--plugin <module>', 'an ES module exporting `capabilities` and/or `adapters` arrays (path or package name; repeatable)', collectPlugin)
    .option('--knowledge <pack.json>', 'a knowledge pack read besides the built-in ones: a lexicon for another language, or business terms (repeatable)', collectPlugin)
    .action(async (inputs: string[], options: NormalizeCommandOptions) => {
      try {
        const { files, folders } = await expandFolders(inputs);
        if (options.out !== undefined) await normalizeBatch(files, options.out, options, context);
        else if (files.length > 1 || folders > 0) throw new UsageError('several inputs (or a folder) need --out <dir> (one artifact file per input)');
        else await normalizeOne(files[0]!, options, context);
      } catch (error) {
        if (!(error instanceof UsageError || error instanceof InputError)) throw error;
        context.io.stderr.write(`paxman normalize: ${error.message}\n`);
        context.setExitCode(error instanceof UsageError ? 2 : 1);
      }
    });
}

/**
 * Writes an artifact file atomically (`writeFileAtomically`), keeping an existing file
 * unless `overwrite`. Returns null, or why nothing was written.
 */
async function writeArtifactFile(path: string, text: string, overwrite: boolean): Promise<string | null> {
  const present = await lstat(path).catch(() => null);
  if (present !== null && !overwrite) return `${path} already exists (use --overwrite to replace it)`;
  if (present !== null && present.isDirectory()) return `${path} is a folder`;
  try {
    await writeFileAtomically(path, text);
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}
