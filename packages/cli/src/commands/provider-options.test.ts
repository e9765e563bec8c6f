import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type FakeServer, startFakeServer } from '../../../inference/test/fake-openai-server.js';
import { main } from '../main.js';
import { captureIo } from './test-io.js';

const folder = mkdtempSync(join(tmpdir(), 'paxman-provider-'));
const input = join(folder, 'note.txt');
writeFileSync(input, 'Northwind Traders Ltd\nInvoice No.: NW-5531\nWork for the harbour project (ref HARB-77).\n');
const contractFile = join(folder, 'contract.json');
writeFileSync(
  contractFile,
  JSON.stringify({ id: 'cli-provider', version: '1', fields: [{ name: 'invoice_number', type: 'STRING', required: true }, { name: 'project_code', type: 'STRING', required: false, description: 'Project the work was for.', confidence_threshold: 0.6 }] }),
);

describe('paxman normalize --provider', () => {
  let server: FakeServer | undefined;
  afterEach(async () => server?.close());

  it('asks a local OpenAI-compatible server for the fields the deterministic tiers leave open', async () => {
    server = await startFakeServer(() => ({ content: '{"value": "HARB-77", "quote": "harbour project (ref HARB-77)"}' }));
    const capture = captureIo();
    const code = await main(['normalize', input, '--contract', contractFile, '--provider', 'openai-compatible', '--base-url', server.baseUrl, '--model', 'tiny', '--json'], capture.io);
    expect(capture.stderr()).toBe('');
    expect(code).toBe(0);
    const artifact = JSON.parse(capture.stdout());
    expect(artifact.normalizedData).toMatchObject({ invoice_number: 'NW-5531', project_code: 'HARB-77' });
    expect(server.requests).toHaveLength(1);
    expect(artifact.plan.policy.allowLocalInference).toBe(true);
  });

  it.each([
    [['--provider', 'magic'], /--provider must be openai-compatible/],
    [['--provider', 'openai-compatible', '--model', 'm'], /needs --base-url/],
    [['--provider', 'openai-compatible', '--base-url', 'http://127.0.0.1:1/v1'], /needs --model/],
    [['--provider', 'openai-compatible', '--base-url', 'not a url', '--model', 'm'], /not a URL/],
    [['--provider', 'openai-compatible', '--base-url', 'http://127.0.0.1:1/v1', '--model', 'm', '--tier', 'cloud'], /--tier must be local or remote/],
    [['--provider', 'openai-compatible', '--base-url', 'http://127.0.0.1:1/v1', '--model', 'm', '--api-key-env', 'sk-123'], /must name an environment variable/],
    [['--provider', 'openai-compatible', '--base-url', 'http://127.0.0.1:1/v1', '--model', 'm', '--price-input', '0.15'], /--price-input and --price-output go together/],
    [['--provider', 'openai-compatible', '--base-url', 'http://127.0.0.1:1/v1', '--model', 'm', '--price-input', 'cheap', '--price-output', '1'], /--price-input must be a non-negative decimal/],
  ])('rejects %j as a usage error', async (flags, message) => {
    const capture = captureIo();
    expect(await main(['normalize', input, '--contract', contractFile, ...flags], capture.io)).toBe(2);
    expect(capture.stderr()).toMatch(message);
  });

  it('with --price-input/--price-output a USD cap books real cost; without pricing a remote provider is not called under one', async () => {
    server = await startFakeServer(() => ({ content: '{"absent": true}' }));
    const budgetFile = join(folder, 'budget.json');
    writeFileSync(budgetFile, JSON.stringify({ maxTotalCostUsd: '0' }));
    const unpriced = captureIo();
    await main(['normalize', input, '--contract', contractFile, '--provider', 'openai-compatible', '--base-url', server.baseUrl, '--model', 'tiny', '--tier', 'remote', '--budget', budgetFile, '--json'], unpriced.io);
    expect(server.requests).toHaveLength(0);
    writeFileSync(budgetFile, JSON.stringify({ maxTotalCostUsd: '1' }));
    const priced = captureIo();
    await main(['normalize', input, '--contract', contractFile, '--provider', 'openai-compatible', '--base-url', server.baseUrl, '--model', 'tiny', '--tier', 'remote', '--price-input', '0.15', '--price-output', '0.60', '--budget', budgetFile, '--json'], priced.io);
    expect(server.requests.length).toBeGreaterThan(0);
    expect(Number(JSON.parse(priced.stdout()).statistics.counters.costUsd)).toBeGreaterThan(0);
  });
});
