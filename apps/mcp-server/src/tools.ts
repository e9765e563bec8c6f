/**
 * The tools and resources: `normalize_document`, `start_normalization` /
 * `get_normalization` (for long documents), `replay_artifact`, `validate_contract`,
 * and the contracts of the configured folder as `contract://<id>`. Every result carries
 * `structuredContent` (checked against the tool's output schema) and the same JSON as text;
 * a refused call is a tool error naming the reason, never a crash.
 */
import { readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { contractSummary } from '@paxman/cli';
import { McpServer, ResourceTemplate } from '@modelcontextprotocol/sdk/server/mcp.js';
import { type ExecutionArtifact, type Paxman, type PolicyInput, PAXMAN_VERSION, PaxmanError, adaptContract, serializeArtifact } from 'paxman';
import { z } from 'zod';
import { ToolInputError, confinedPath, readConfined, writeAtomically } from './confined-files.js';
import { type NormalizationJobs, createNormalizationJobs } from './normalization-jobs.js';
import type { McpServerOptions } from './server-options.js';

const contractInput = z.union([z.record(z.string(), z.unknown()), z.string()]).describe('A contract (Dict DSL, JSON Schema or OpenAPI object, or its JSON/YAML text), or the path of a contract file in the contracts folder.');

const fieldOutput = z.object({
  name: z.string(),
  status: z.string(),
  value: z.unknown(),
  confidence: z.number(),
  band: z.string(),
  evidence: z.array(z.object({ quote: z.string(), line: z.number().nullable() })),
});

const normalizeOutput = {
  status: z.string(),
  data: z.record(z.string(), z.unknown()),
  fields: z.array(fieldOutput),
  unresolved: z.array(z.object({ name: z.string(), reason: z.string() })),
  replayHash: z.string(),
  artifactPath: z.string().optional(),
};

/** A contract string that names a file rather than holding one. */
function looksLikePath(text: string): boolean {
  return !text.includes('\n') && !text.trimStart().startsWith('{') && /\.(json|ya?ml)$/i.test(text.trim());
}

async function resolveContract(contract: unknown, options: McpServerOptions): Promise<unknown> {
  if (typeof contract !== 'string' || !looksLikePath(contract)) return contract;
  const roots = options.contractsFolder === undefined ? options.roots : [options.contractsFolder, ...options.roots];
  return new TextDecoder().decode(await readConfined(contract.trim(), roots, options.maxInputBytes));
}

/** Line numbers (1-based) of input offsets, from the input's text. */
function lineOf(text: string | null, offset: number): number | null {
  if (text === null) return null;
  let line = 1;
  for (let index = text.indexOf('\n'); index !== -1 && index < offset; index = text.indexOf('\n', index + 1)) line += 1;
  return line;
}

function describeResult(artifact: ExecutionArtifact, inputText: string | null) {
  const byId = new Map(artifact.evidence.map((record) => [record.id, record]));
  const fields = Object.entries(artifact.fieldResults).map(([name, result]) => ({
    name,
    status: result.status,
    value: result.value,
    confidence: result.confidence,
    band: result.band,
    evidence: result.evidenceIds.flatMap((id) => {
      const record = byId.get(id);
      if (record === undefined) return [];
      const span = record.spans.find((candidate) => candidate.layer === 'input');
      return [{ quote: record.text ?? '', line: span === undefined ? null : lineOf(inputText, span.start) }];
    }),
  }));
  const unresolved = Object.entries(artifact.fieldResults)
    .filter(([, result]) => result.status === 'UNRESOLVED' || result.status === 'EXECUTION_FAILED')
    .map(([name, result]) => ({ name, reason: result.unresolvedReason ?? result.status }));
  return { status: artifact.status, data: artifact.normalizedData as Record<string, unknown>, fields, unresolved, replayHash: artifact.replayHash };
}

function result<T extends Record<string, unknown>>(structured: T) {
  return { structuredContent: structured, content: [{ type: 'text' as const, text: JSON.stringify(structured, null, 2) }] };
}

function failure(error: unknown) {
  const message = error instanceof ToolInputError || PaxmanError.isInstance(error) ? error.message : `The call failed: ${error instanceof Error ? error.message : String(error)}`;
  const code = PaxmanError.isInstance(error) ? ` (${error.code})` : '';
  return { isError: true, content: [{ type: 'text' as const, text: `${message}${code}` }] };
}


interface NormalizeArguments {
  readonly text?: string | undefined;
  readonly path?: string | undefined;
  readonly contract: unknown;
  readonly policy?: Record<string, unknown> | undefined;
}

/** What `normalize_document` (and a finished `start_normalization`) answers. */
async function normalizeWith(paxman: Paxman, options: McpServerOptions, { text, path, contract, policy }: NormalizeArguments) {
  if ((text === undefined) === (path === undefined)) throw new ToolInputError('Give exactly one of `text` and `path`.');
  let input: string | Uint8Array;
  if (text !== undefined) {
    if (Buffer.byteLength(text) > options.maxInputBytes) throw new ToolInputError(`The text is over this server's limit of ${options.maxInputBytes} bytes.`);
    input = text;
  } else input = await readConfined(path!, options.roots, options.maxInputBytes);
  const inputText = typeof input === 'string' ? input : /\.(txt|csv|json|eml|html?|md)$/i.test(path!) ? new TextDecoder().decode(input) : null;
  const allowed = { ...options.policy, ...(policy ?? {}) };
  const artifact = await paxman.normalize(input, {
    contract: await resolveContract(contract, options),
    policy: { ...allowed, allowLocalInference: options.provider?.tier === 'local' && allowed['allowLocalInference'] !== false, allowRemoteInference: options.provider?.tier === 'remote' && allowed['allowRemoteInference'] !== false } as PolicyInput,
    budget: { maxInputBytes: options.maxInputBytes },
  });
  if (artifact.status === 'INVALID_CONTRACT') {
    const problems = artifact.diagnostics.filter((diagnostic) => diagnostic.stage === 'contract').map((diagnostic) => `${String(diagnostic.context?.['path'] ?? '') || '(root)'}: ${diagnostic.message}`);
    throw new ToolInputError(`The contract cannot be used:\n${problems.join('\n')}`);
  }
  const described = describeResult(artifact, inputText);
  if (options.outFolder === undefined) return described;
  const artifactPath = await writeAtomically(options.outFolder, `${artifact.replayHash.slice(0, 16)}.artifact.json`, serializeArtifact(artifact));
  return { ...described, artifactPath };
}

/** The result of `normalize_document`, as a started normalization keeps it. */
type NormalizeResult = Awaited<ReturnType<typeof normalizeWith>>;

/** The registry of `start_normalization` jobs of one server process. */
export function createServerJobs(): NormalizationJobs<NormalizeResult> {
  return createNormalizationJobs<NormalizeResult>((error) => failure(error).content[0]!.text);
}

/**
 * The MCP server over `paxman`. `jobs` holds the normalizations started with
 * `start_normalization`; give every server of one process the same registry.
 */
export function createMcpServer(paxman: Paxman, options: McpServerOptions, jobs: NormalizationJobs<NormalizeResult> = createServerJobs()): McpServer {
  const server = new McpServer({ name: 'paxman', version: PAXMAN_VERSION }, { instructions: 'Paxman extracts the fields of a contract from a document with evidence for every value and an honest UNRESOLVED when the document does not say. Read `unresolved` and ask a person or another tool for those fields; never guess them.' });

  server.registerTool(
    'normalize_document',
    {
      title: 'Normalize a document',
      description: 'Extracts the fields of a contract from a document (its text, or the path of a file in the allowed folders). Every value comes with its evidence (the quoted text and its line) and a confidence; fields the document does not state are listed in `unresolved` with the reason.',
      inputSchema: { text: z.string().optional().describe('The document text.'), path: z.string().optional().describe('Path of the document (text, PDF, HTML, e-mail, CSV, JSON) inside the allowed folders.'), contract: contractInput, policy: z.record(z.string(), z.unknown()).optional().describe('Policy overrides, e.g. {"confidenceFloor": 0.9}.') },
      outputSchema: normalizeOutput,
      annotations: { readOnlyHint: options.outFolder === undefined, openWorldHint: false },
    },
    async (args) => {
      try {
        return result(await normalizeWith(paxman, options, args));
      } catch (error) {
        return failure(error);
      }
    },
  );

  server.registerTool(
    'start_normalization',
    {
      title: 'Start normalizing a long document',
      description: 'Like normalize_document, for a document that takes long (a scanned contract read by OCR, many pages): checks the call, starts the normalization and answers at once with its `id`. Ask `get_normalization` with the id until its status is `done` (the same result as normalize_document) or `failed` (the reason).',
      inputSchema: { text: z.string().optional().describe('The document text.'), path: z.string().optional().describe('Path of the document inside the allowed folders.'), contract: contractInput, policy: z.record(z.string(), z.unknown()).optional().describe('Policy overrides.') },
      outputSchema: { id: z.string(), status: z.string() },
      annotations: { readOnlyHint: false, openWorldHint: false },
    },
    async (args) => {
      try {
        if ((args.text === undefined) === (args.path === undefined)) throw new ToolInputError('Give exactly one of `text` and `path`.');
        if (args.path !== undefined) confinedPath(args.path, options.roots);
        const id = jobs.start(() => normalizeWith(paxman, options, args));
        return result({ id, status: jobs.get(id)!.status });
      } catch (error) {
        return failure(error);
      }
    },
  );

  server.registerTool(
    'get_normalization',
    {
      title: 'Follow a started normalization',
      description: 'The status of a normalization started with start_normalization (`queued`, `running`, `done`, `failed`); when done, its result (as normalize_document answers), when failed, the reason.',
      inputSchema: { id: z.string().describe('The id start_normalization answered with.') },
      outputSchema: { id: z.string(), status: z.string(), createdAt: z.string(), result: z.object(normalizeOutput).optional(), error: z.string().optional() },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async ({ id }) => {
      try {
        const job = jobs.get(id);
        if (job === undefined) throw new ToolInputError(`No normalization ${id} (started in this server process, and not yet forgotten).`);
        return result({ ...job });
      } catch (error) {
        return failure(error);
      }
    },
  );

  server.registerTool(
    'replay_artifact',
    {
      title: 'Verify an artifact',
      description: 'Checks that an artifact (object, JSON text, or the path of an artifact file) is untouched and was made with the given contract.',
      inputSchema: { artifact: z.union([z.record(z.string(), z.unknown()), z.string()]).describe('The artifact, its JSON text, or the path of its file.'), contract: contractInput },
      outputSchema: { ok: z.boolean(), reason: z.string().optional(), code: z.string().optional(), replayHash: z.string().optional() },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async ({ artifact, contract }) => {
      try {
        let value: unknown = artifact;
        if (typeof artifact === 'string' && !artifact.trimStart().startsWith('{')) value = new TextDecoder().decode(await readConfined(artifact.trim(), options.roots, options.maxInputBytes));
        try {
          const verified = await paxman.replay(value, { contract: await resolveContract(contract, options) });
          return result({ ok: true, replayHash: verified.replayHash });
        } catch (error) {
          if (!PaxmanError.isInstance(error) || error.code === 'INVALID_INPUT') throw error;
          return result({ ok: false, reason: error.message, code: error.code });
        }
      } catch (error) {
        return failure(error);
      }
    },
  );

  server.registerTool(
    'validate_contract',
    {
      title: 'Validate a contract',
      description: 'Adapts and validates a contract; answers with its canonical form, or with every problem and its path.',
      inputSchema: { contract: contractInput },
      outputSchema: { ok: z.boolean(), contract: z.record(z.string(), z.unknown()).optional(), problems: z.array(z.object({ code: z.string(), path: z.string(), message: z.string() })).optional() },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async ({ contract }) => {
      try {
        const source = await resolveContract(contract, options);
        try {
          return result({ ok: true, contract: contractSummary(adaptContract(source)) });
        } catch (error) {
          if (!PaxmanError.isInstance(error)) throw error;
          const listed = Array.isArray(error.context['problems']) ? (error.context['problems'] as Record<string, unknown>[]) : [{ code: error.code, path: '', message: error.message }];
          return result({ ok: false, problems: listed.map((problem) => ({ code: String(problem['code'] ?? error.code), path: String(problem['path'] ?? ''), message: String(problem['message'] ?? '') })) });
        }
      } catch (error) {
        return failure(error);
      }
    },
  );

  if (options.contractsFolder !== undefined) {
    const folder = options.contractsFolder;
    const contracts = async () => {
      const found: { id: string; file: string; text: string }[] = [];
      for (const file of readdirSync(folder).filter((name) => /\.(json|ya?ml)$/i.test(name)).sort()) {
        const text = await readFile(confinedPath(join(folder, file), [folder]), 'utf8');
        try {
          found.push({ id: adaptContract(text).id, file, text });
        } catch {
          // A file that is not a valid contract is not offered.
        }
      }
      return found;
    };
    server.registerResource(
      'contract',
      new ResourceTemplate('contract://{id}', { list: async () => ({ resources: (await contracts()).map((entry) => ({ uri: `contract://${entry.id}`, name: entry.id, description: `Contract ${entry.id} (${entry.file})`, mimeType: 'application/json' })) }) }),
      { title: 'Contracts', description: 'The contracts this server was started with.' },
      async (uri, variables) => {
        const entry = (await contracts()).find((candidate) => candidate.id === variables['id']);
        if (entry === undefined) throw new Error(`No contract ${String(variables['id'])}.`);
        return { contents: [{ uri: uri.href, mimeType: /\.ya?ml$/i.test(entry.file) ? 'application/yaml' : 'application/json', text: entry.text }] };
      },
    );
  }
  return server;
}
