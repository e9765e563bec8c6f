/**
 * @paxman/inference — model tiers behind a validation boundary: the provider SPI and
 * providers (OpenAI-compatible HTTP, Vercel AI SDK models, recordings), prompt
 * templates, `parseInferenceOutput`, and the inference capability for the local and
 * remote tiers.
 */
export type { ChatMessage, CompletionRequest, CompletionResponse, CompletionUsage, InferenceProvider, TokenPricing } from './provider.js';
export { openAICompatible, type OpenAICompatibleOptions } from './providers/openai-compatible.js';
export { recordedProvider, promptHash, type RecordedAnswer } from './providers/recorded.js';
export { fromAiSdkModel, type AiSdkLanguageModel } from './providers/ai-sdk.js';
export { DEFAULT_TEMPLATE, RECORDS_TEMPLATE, STRICT_TEMPLATE } from './templates/index.js';
export { renderPrompt, promptValuesFor, type PromptTemplate, type PromptValues } from './render-prompt.js';
export { selectExcerpt, fieldKeywords } from './excerpt.js';
export { groundQuote } from './grounding.js';
export { parseInferenceOutput, quotedValue, type InferenceVerdict } from './parse-inference-output.js';
export { parseRecordsOutput, type GroundedRow, type RecordsVerdict } from './parse-records-output.js';
export { quoteGrounds, quoteNamesField, type QuoteGrounds } from './quote-grounds.js';
export { usageCostUsd, estimateTokens } from './pricing.js';
export { createInferenceCapability, type InferenceCapabilityOptions } from './inference-capability.js';
