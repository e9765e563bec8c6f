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
  JSON.stringify({ id: 'cli-provider', version: '1', fields: [{ name: 'invoice_number', type: 'STRING', required: true }, { name: 'project_code', type: 'STRING', required: false, description: 'Project the work was for.' }] }),
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
  ])('rejects %j as a usage error', async (flags, message) => {
    const capture = captureIo();
    expect(await main(['normalize', input, '--contract', contractFile, ...flags], capture.io)).toBe(2);
    expect(capture.stderr()).toMatch(message);
  });
});
