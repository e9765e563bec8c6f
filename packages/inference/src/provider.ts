/**
 * The provider SPI (ARCHITECTURE §10): one call, `complete`, that turns chat messages
 * into text plus token usage. Providers know nothing about fields or documents; the
 * inference capability renders the prompt and validates the answer.
 */

export interface ChatMessage {
  readonly role: 'system' | 'user' | 'assistant';
  readonly content: string;
}

export interface CompletionRequest {
  readonly messages: readonly ChatMessage[];
  readonly model?: string;
  readonly maxTokens: number;
  readonly temperature: number;
  readonly signal?: AbortSignal;
  /**
   * The most HTTP requests this completion may make, retries included (a budget's
   * `maxRemoteInferenceCalls` holds on requests, not on completions). Default: the
   * provider's own retry setting.
   */
  readonly maxAttempts?: number;
}

export interface CompletionUsage {
  readonly inputTokens: number;
  readonly outputTokens: number;
}

export interface CompletionResponse {
  readonly text: string;
  /** The model that actually answered (as the server reports it). */
  readonly model: string;
  readonly usage: CompletionUsage;
  /** HTTP requests made for this completion, retries included (1 when the provider makes none). */
  readonly attempts?: number;
}

/** USD per million tokens, as decimal strings (`"0.15"`). */
export interface TokenPricing {
  readonly inputPerMillionTokens: string;
  readonly outputPerMillionTokens: string;
}

export interface InferenceProvider {
  /** Short identifier for artifacts and diagnostics (`openai-compatible`, `recorded`, `ai-sdk`). */
  readonly id: string;
  /** The model asked for when a request names none. */
  readonly defaultModel: string;
  /** Pricing used to estimate and book USD; absent means free (a local model). */
  readonly pricing?: TokenPricing;
  complete(request: CompletionRequest): Promise<CompletionResponse>;
}
