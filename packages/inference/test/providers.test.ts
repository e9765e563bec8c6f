import { describe, expect, it } from 'vitest';
import { InferenceProviderError } from '@paxman/core';
import { fromAiSdkModel } from '../src/providers/ai-sdk.js';
import { promptHash, recordedProvider } from '../src/providers/recorded.js';

const messages = [
  { role: 'system' as const, content: 'rules' },
  { role: 'user' as const, content: 'Field: total' },
];

describe('fromAiSdkModel', () => {
  it('maps messages, options and usage of an AI SDK language model', async () => {
    const calls: unknown[] = [];
    const model = {
      modelId: 'mini',
      async doGenerate(options: unknown) {
        calls.push(options);
        return { content: [{ type: 'text', text: '{"absent": ' }, { type: 'text', text: 'true}' }], usage: { inputTokens: 40, outputTokens: 5 }, response: { modelId: 'mini-2026' } };
      },
    };
    const provider = fromAiSdkModel(model, { pricing: { inputPerMillionTokens: '1', outputPerMillionTokens: '2' } });
    const response = await provider.complete({ messages, maxTokens: 64, temperature: 0 });
    expect(response).toEqual({ text: '{"absent": true}', model: 'mini-2026', usage: { inputTokens: 40, outputTokens: 5 } });
    expect(calls[0]).toMatchObject({
      prompt: [{ role: 'system', content: 'rules' }, { role: 'user', content: [{ type: 'text', text: 'Field: total' }] }],
      maxOutputTokens: 64,
      temperature: 0,
    });
    expect(provider).toMatchObject({ id: 'ai-sdk', defaultModel: 'mini' });
  });

  it('wraps a model failure in a typed provider error', async () => {
    const provider = fromAiSdkModel({ modelId: 'x', doGenerate: async () => Promise.reject(new Error('quota')) });
    await expect(provider.complete({ messages, maxTokens: 8, temperature: 0 })).rejects.toBeInstanceOf(InferenceProviderError);
  });
});

describe('recordedProvider', () => {
  it('answers by prompt hash or predicate and fails loudly on an unknown prompt', async () => {
    const provider = recordedProvider({ answers: [{ match: promptHash(messages), text: '{"absent": true}', usage: { inputTokens: 3, outputTokens: 2 } }] });
    expect(await provider.complete({ messages, maxTokens: 8, temperature: 0 })).toEqual({ text: '{"absent": true}', model: 'recorded', usage: { inputTokens: 3, outputTokens: 2 } });
    await expect(provider.complete({ messages: [{ role: 'user', content: 'other' }], maxTokens: 8, temperature: 0 })).rejects.toThrow(/No recorded answer/);
    expect(provider.requests).toHaveLength(2);
  });

  it('honours an abort while simulating latency', async () => {
    const provider = recordedProvider({ answers: [{ match: () => true, text: 'x', delayMs: 10_000 }] });
    const controller = new AbortController();
    const pending = provider.complete({ messages, maxTokens: 8, temperature: 0, signal: controller.signal });
    controller.abort(new Error('stop'));
    await expect(pending).rejects.toThrow('stop');
  });
});
