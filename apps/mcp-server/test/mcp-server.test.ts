/**
 * The MCP server as a client sees it: the SDK's client over stdio against the real server
 * process (run from source), listing tools and resources, calling each tool, and the
 * refusals (a path outside the allowed folders, an input over the limit, a bad contract).
 */
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const examples = fileURLToPath(new URL('../../../examples/', import.meta.url));
const cli = fileURLToPath(new URL('../src/cli.ts', import.meta.url));

interface ToolResult {
  readonly isError?: boolean;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- checked field by field
  readonly structuredContent?: any;
  readonly content: { type: string; text?: string }[];
}

describe('paxman-mcp over stdio', () => {
  let folder: string;
  let client: Client;
  const call = async (name: string, args: Record<string, unknown>): Promise<ToolResult> => (await client.callTool({ name, arguments: args })) as ToolResult;

  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), 'paxman-mcp-'));
    for (const name of ['contracts', 'inbox', 'out', 'outside']) mkdirSync(join(folder, name));
    copyFileSync(join(examples, 'invoice-contract.json'), join(folder, 'contracts', 'invoice.json'));
    copyFileSync(join(examples, 'invoice-northwind.txt'), join(folder, 'inbox', 'invoice.txt'));
    writeFileSync(join(folder, 'outside', 'secret.txt'), 'Total: 1.00 EUR\n');
    writeFileSync(join(folder, 'inbox', 'big.txt'), 'x'.repeat(2 * 1024 * 1024));
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: ['--conditions=@paxman/source', '--import', 'tsx', cli, '--contracts', join(folder, 'contracts'), '--root', join(folder, 'inbox'), '--out', join(folder, 'out'), '--max-input-mb', '1'],
      stderr: 'pipe',
    });
    client = new Client({ name: 'paxman-test', version: '1.0.0' });
    await client.connect(transport);
  }, 60_000);

  afterAll(async () => {
    await client?.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it('lists its five tools with input and output schemas, and the contracts as resources', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(['get_normalization', 'normalize_document', 'replay_artifact', 'start_normalization', 'validate_contract']);
    for (const tool of tools) {
      expect(tool.inputSchema.type).toBe('object');
      expect(tool.outputSchema?.type).toBe('object');
    }
    const { resources } = await client.listResources();
    expect(resources.map((resource) => resource.uri)).toEqual(['contract://demo-invoice']);
    const read = await client.readResource({ uri: 'contract://demo-invoice' });
    expect(JSON.parse((read.contents[0] as { text: string }).text).id).toBe('demo-invoice');
  });

  it('normalizes a document by path with a contract by path: values, evidence with lines, unresolved stated, an artifact written', async () => {
    const result = await call('normalize_document', { path: 'invoice.txt', contract: 'invoice.json' });
    expect(result.isError).toBeFalsy();
    const output = result.structuredContent;
    expect(output.status).toBe('SUCCESS');
    expect(output.data.total_amount).toEqual({ amount: '1720.74', currency: 'EUR' });
    const total = output.fields.find((field: { name: string }) => field.name === 'total_amount');
    expect(total.band).toBe('CERTAIN');
    expect(total.evidence[0].quote).toBe('EUR 1,720.74');
    expect(readFileSync(join(folder, 'inbox', 'invoice.txt'), 'utf8').split('\n')[total.evidence[0].line - 1]).toContain('1,720.74');
    expect(Array.isArray(output.unresolved)).toBe(true);
    expect(output.artifactPath.startsWith(join(folder, 'out'))).toBe(true);
    expect(JSON.parse(readFileSync(output.artifactPath, 'utf8')).replayHash).toBe(output.replayHash);
    expect(JSON.parse(result.content[0]!.text!)).toEqual(output);
  });

  it('starts a normalization and answers at once with its id; get_normalization follows it to the same result', async () => {
    const started = await call('start_normalization', { path: 'invoice.txt', contract: 'invoice.json' });
    expect(started.isError).toBeFalsy();
    expect(started.structuredContent).toMatchObject({ id: expect.stringMatching(/^norm_[0-9a-f]{32}$/), status: expect.stringMatching(/^(queued|running)$/) });
    const id = started.structuredContent.id;
    // Bounded only so a broken server stops the test; not a claim about speed.
    const deadline = Date.now() + 60_000;
    let job = (await call('get_normalization', { id })).structuredContent;
    while (job.status !== 'done' && job.status !== 'failed' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      job = (await call('get_normalization', { id })).structuredContent;
    }
    expect(job.status).toBe('done');
    const direct = (await call('normalize_document', { path: 'invoice.txt', contract: 'invoice.json' })).structuredContent;
    expect(job.result.replayHash).toBe(direct.replayHash);
    expect(job.result.data).toEqual(direct.data);

    const failing = (await call('start_normalization', { text: 'Total: 1 EUR', contract: { id: 'bad', fields: [{ name: 'x', type: 'NOT_A_TYPE' }] } })).structuredContent.id;
    let failed = (await call('get_normalization', { id: failing })).structuredContent;
    while (failed.status !== 'failed' && failed.status !== 'done' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      failed = (await call('get_normalization', { id: failing })).structuredContent;
    }
    expect(failed.status).toBe('failed');
    expect(failed.error).toMatch(/contract cannot be used/);
    expect((await call('get_normalization', { id: 'norm_unknown' })).isError).toBe(true);
    expect((await call('start_normalization', { path: join(folder, 'outside', 'secret.txt'), contract: 'invoice.json' })).isError).toBe(true);
  });

  it('states plainly what the document does not say', async () => {
    const result = await call('normalize_document', { text: 'Hello, nothing to see here.', contract: { id: 'c', fields: [{ name: 'total_amount', type: 'MONEY', required: true }] } });
    expect(result.structuredContent.unresolved).toEqual([{ name: 'total_amount', reason: 'NO_CANDIDATE' }]);
    expect(result.structuredContent.data).toEqual({});
  });

  it('verifies an artifact, and says why a tampered one is not', async () => {
    const made = await call('normalize_document', { text: readFileSync(join(examples, 'invoice-northwind.txt'), 'utf8'), contract: 'invoice.json' });
    const path = made.structuredContent.artifactPath as string;
    const verified = await call('replay_artifact', { artifact: path, contract: 'invoice.json' });
    expect(verified.structuredContent).toEqual({ ok: true, replayHash: made.structuredContent.replayHash });
    const tampered = JSON.parse(readFileSync(path, 'utf8'));
    tampered.status = 'PARTIAL_SUCCESS';
    const rejected = await call('replay_artifact', { artifact: tampered, contract: 'invoice.json' });
    expect(rejected.structuredContent.ok).toBe(false);
    expect(rejected.structuredContent.code).toBe('HASH_MISMATCH');
  });

  it('validates contracts: the canonical form, or every problem with its path', async () => {
    const ok = await call('validate_contract', { contract: 'invoice.json' });
    expect(ok.structuredContent.ok).toBe(true);
    expect(ok.structuredContent.contract.fingerprint).toMatch(/^[0-9a-f]{64}$/);
    const bad = await call('validate_contract', { contract: { id: 'bad', fields: [{ name: 'x', type: 'NOPE', required: true }] } });
    expect(bad.structuredContent.ok).toBe(false);
    expect(bad.structuredContent.problems[0].path).toMatch(/fields/);
  });

  it('refuses paths outside its folders, inputs over the limit, and unusable calls, with the reason', async () => {
    const outside = await call('normalize_document', { path: join(folder, 'outside', 'secret.txt'), contract: 'invoice.json' });
    expect(outside.isError).toBe(true);
    expect(outside.content[0]!.text).toMatch(/outside the folders/);
    const escape = await call('normalize_document', { path: '../outside/secret.txt', contract: 'invoice.json' });
    expect(escape.isError).toBe(true);
    const big = await call('normalize_document', { path: 'big.txt', contract: 'invoice.json' });
    expect(big.isError).toBe(true);
    expect(big.content[0]!.text).toMatch(/over this server's limit/);
    const both = await call('normalize_document', { contract: 'invoice.json' });
    expect(both.isError).toBe(true);
    const badContract = await call('normalize_document', { text: 'Total: 5 EUR', contract: { id: 'bad', fields: [] } });
    expect(badContract.isError).toBe(true);
    expect(badContract.content[0]!.text).toMatch(/contract cannot be used/);
    const missing = await call('normalize_document', { path: 'nope.txt', contract: 'invoice.json' });
    expect(missing.content[0]!.text).toMatch(/no such file/);
  });
});
