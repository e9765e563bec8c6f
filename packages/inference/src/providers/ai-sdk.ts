/**
 * Adapter for Vercel AI SDK language models (`LanguageModelV2`-style objects with
 * `doGenerate`). Structural: it needs no import of `ai`, so the SDK stays an optional
 * peer; pass any model from an AI SDK provider package.
 *
 * @example
 * import { openai } from '@ai-sdk/openai';
 * const provider = fromAiSdkModel(openai('gpt-4o-mini'), { pricing });
 */
import { InferenceProviderError } from '@paxman/core';
import type { CompletionRequest, CompletionResponse, InferenceProvider, TokenPricing } from '../provider.js';

/** The part of an AI SDK language model this adapter uses. */
export interface AiSdkLanguageModel {
  readonly modelId: string;
  readonly provider?: string;
  doGenerate(options: {
    prompt: { role: 'system' | 'user' | 'assistant'; content: string | { type: 'text'; text: string }[] }[];
    maxOutputTokens?: number;
    temperature?: number;
    abortSignal?: AbortSignal;
  }): PromiseLike<{
    content?: readonly { type: string; text?: string }[];
    text?: string;
    usage?: { inputTokens?: number; outputTokens?: number; promptTokens?: number; completionTokens?: number };
    response?: { modelId?: string };
  }>;
}

export function fromAiSdkModel(model: AiSdkLanguageModel, options: { readonly pricing?: TokenPricing } = {}): InferenceProvider {
  return Object.freeze({
    id: 'ai-sdk',
    defaultModel: model.modelId,
    pricing: options.pricing,
    async complete(request: CompletionRequest): Promise<CompletionResponse> {
      let result;
      try {
        result = await model.doGenerate({
          prompt: request.messages.map((message) =>
            message.role === 'system' ? { role: 'system' as const, content: message.content } : { role: message.role, content: [{ type: 'text' as const, text: message.content }] },
          ),
          maxOutputTokens: request.maxTokens,
          temperature: request.temperature,
          abortSignal: request.signal,
        });
      } catch (error) {
        if (request.signal?.aborted) throw request.signal.reason;
        throw new InferenceProviderError(`AI SDK model ${model.modelId} failed: ${error instanceof Error ? error.message : String(error)}`, { context: { provider: 'ai-sdk' }, cause: error });
      }
      const text = result.text ?? (result.content ?? []).filter((part) => part.type === 'text').map((part) => part.text ?? '').join('');
      const usage = result.usage ?? {};
      return {
        text,
        model: result.response?.modelId ?? model.modelId,
        usage: { inputTokens: usage.inputTokens ?? usage.promptTokens ?? 0, outputTokens: usage.outputTokens ?? usage.completionTokens ?? 0 },
      };
    },
  });
}
