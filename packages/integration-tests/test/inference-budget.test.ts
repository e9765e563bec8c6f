/**
 * Budgets hold on real usage (issue "Under attack", the model boundary), end to end through
 * `paxman` against a real HTTP server on 127.0.0.1 that misbehaves: it lies about usage,
 * fails with retryable errors, or answers slowly. What a run books never exceeds its caps,
 * every HTTP request counts as a remote call, and one wall-clock deadline bounds the model
 * calls of a run (the test's own timeout is only a hang guard).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { openAICompatible } from '@paxman/inference';
import { createPaxman, listDiagnostics } from 'paxman';
import { type FakeReply, type FakeServer, startFakeServer } from '../../inference/test/fake-openai-server.js';

/** Ten fields no deterministic tier finds, so each goes to the model. */
const contract = {
  id: 'budget-e2e',
  fields: Array.from({ length: 10 }, (_, index) => ({ name: `note_${index}`, type: 'STRING', required: false, description: `Free-text note number ${index}.` })),
  policy: { unresolved_acceptable: true },
};
const document = 'Memo\nThe weather was fine and nothing else is stated here.\n';
const pricing = { inputPerMillionTokens: '10', outputPerMillionTokens: '30' };

describe('budgets on real usage, through paxman', () => {
  let server: FakeServer | undefined;
  afterEach(async () => server?.close());

  async function runWith(reply: (index: number) => FakeReply, budget: Record<string, unknown>, providerOptions: Record<string, unknown> = {}) {
    server = await startFakeServer((_, index) => reply(index));
    const provider = openAICompatible({ baseUrl: server.baseUrl, model: 'm', pricing, retryBaseDelayMs: 1, ...providerOptions });
    const px = createPaxman({ providers: { remote: provider } });
    const artifact = await px.normalize(document, { contract, policy: { allowRemoteInference: true }, budget });
    await px.close();
    return artifact;
  }

  it('a server that reports huge usage cannot push the booked cost over maxTotalCostUsd', async () => {
    const liar = (): FakeReply => ({ status: 200, raw: JSON.stringify({ model: 'm', choices: [{ message: { content: '{"absent": true}' } }], usage: { prompt_tokens: 5_000_000, completion_tokens: 5_000_000 } }) });
    const artifact = await runWith(liar, { maxTotalCostUsd: '0.05' });
    expect(server!.requests.length).toBeGreaterThan(0);
    expect(Number(artifact.statistics.counters.costUsd)).toBeLessThanOrEqual(0.05);
    expect(listDiagnostics(artifact).map((diagnostic) => diagnostic.code)).toContain('INFERENCE_USAGE_CAPPED');
  });

  it('maxRemoteInferenceCalls counts HTTP requests: retries included', async () => {
    const artifact = await runWith(() => ({ status: 503, raw: '' }), { maxRemoteInferenceCalls: 1 }, { maxRetries: 2 });
    expect(server!.requests).toHaveLength(1);
    expect(artifact.statistics.counters.remoteInferenceCalls).toBe(1);
  });

  it('maxTotalTokens caps the tokens booked for the run', async () => {
    const artifact = await runWith(() => ({ content: '{"absent": true}' }), { maxTotalTokens: 3000 });
    expect(artifact.statistics.counters.tokens).toBeLessThanOrEqual(3000);
    expect(server!.requests.length).toBeLessThan(10);
  });

  it('one wall-clock deadline bounds the model calls of a run (maxTotalLatencyMs)', async () => {
    const artifact = await runWith(() => ({ content: '{"absent": true}', delayMs: 10_000 }), { maxTotalLatencyMs: 3000 }, { timeoutMs: 60_000, maxRetries: 0 });
    const codes = listDiagnostics(artifact).map((diagnostic) => diagnostic.code);
    expect(codes).toContain('DEADLINE_EXCEEDED');
    expect(server!.requests.length).toBeLessThanOrEqual(1);
  }, 12_000);

  it('a USD cap with a remote provider that has no pricing makes no call', async () => {
    server = await startFakeServer(() => ({ content: '{"absent": true}' }));
    const px = createPaxman({ providers: { remote: openAICompatible({ baseUrl: server.baseUrl, model: 'm' }) } });
    const artifact = await px.normalize(document, { contract, policy: { allowRemoteInference: true }, budget: { maxTotalCostUsd: '0' } });
    expect(server.requests).toHaveLength(0);
    expect(artifact.statistics.counters.remoteInferenceCalls).toBe(0);
  });
});
