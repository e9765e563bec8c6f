/**
 * A provider that answers from a recording instead of a model: for tests, demos and
 * replay audits. Each entry matches the rendered prompt (exactly, or by a predicate on
 * the messages); an unmatched request fails loudly rather than inventing an answer.
 */
import { InferenceProviderError, sha256Hex } from '@paxman/core';
import type { ChatMessage, CompletionRequest, CompletionResponse, CompletionUsage, InferenceProvider, TokenPricing } from '../provider.js';

export interface RecordedAnswer {
  /** sha256 of the concatenated message contents, or a predicate over the messages. */
  readonly match: string | ((messages: readonly ChatMessage[]) => boolean);
  readonly text: string;
  readonly usage?: CompletionUsage;
  /** Simulated latency in ms (resolved through the given signal-aware delay). */
  readonly delayMs?: number;
}

/** sha256 of a request's messages, the key a recording is matched by. */
export function promptHash(messages: readonly ChatMessage[]): string {
  return sha256Hex(messages.map((message) => `${message.role}\n${message.content}`).join('\n\n'));
}

export function recordedProvider(options: { readonly answers: readonly RecordedAnswer[]; readonly model?: string; readonly pricing?: TokenPricing }): InferenceProvider & { readonly requests: readonly CompletionRequest[] } {
  const requests: CompletionRequest[] = [];
  const model = options.model ?? 'recorded';
  return {
    id: 'recorded',
    defaultModel: model,
    pricing: options.pricing,
    requests,
    async complete(request: CompletionRequest): Promise<CompletionResponse> {
      requests.push(request);
      const hash = promptHash(request.messages);
      const answer = options.answers.find((candidate) => (typeof candidate.match === 'string' ? candidate.match === hash : candidate.match(request.messages)));
      if (!answer) throw new InferenceProviderError(`No recorded answer for prompt ${hash.slice(0, 12)}.`, { context: { provider: 'recorded', promptHash: hash } });
      if (answer.delayMs) {
        await new Promise<void>((resolve, reject) => {
          const timer = setTimeout(resolve, answer.delayMs);
          request.signal?.addEventListener('abort', () => {
            clearTimeout(timer);
            reject(request.signal?.reason);
          }, { once: true });
        });
      }
      return { text: answer.text, model: request.model ?? model, usage: answer.usage ?? { inputTokens: 0, outputTokens: 0 } };
    },
  };
}
