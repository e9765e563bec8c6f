/**
 * Reserve before a model call, settle after it. A call's real cost is known only once the
 * server answers, and a server may report any usage; so the capability reserves the worst
 * case the request allows — every prompt byte a token (no tokenizer makes more tokens than
 * bytes, plus a few per message for the chat template) and `max_tokens` of completion, per
 * HTTP attempt — and does not call when that could exceed the run's allowance (shrinking
 * `max_tokens` or the retries first). Afterwards it books the reported usage capped by the
 * reservation, so what a run books never exceeds its budget whatever the server says.
 */
import { Decimal, formatDecimal, type JsonValue } from '@paxman/core';
import type { StepAllowance } from '@paxman/capability-spi';
import { estimateTokens, usageCostUsd } from './pricing.js';
import type { ChatMessage, CompletionResponse, TokenPricing } from './provider.js';

/** Chat-template tokens a server may add per message, and per request. */
const TOKENS_PER_MESSAGE = 8;
const TOKENS_PER_REQUEST = 8;
/** A completion shorter than this is not worth a call. */
const MIN_COMPLETION_TOKENS = 16;
const MILLION = new Decimal(1_000_000);

export interface CallReservation {
  /** The most prompt tokens the request can count. */
  readonly promptTokens: number;
  /** `max_tokens` of the request (possibly lowered to fit the allowance). */
  readonly maxTokens: number;
  /** HTTP attempts the provider may make (possibly lowered to fit the allowance). */
  readonly maxAttempts: number | undefined;
}

export type Reservation = CallReservation | { readonly refused: string; readonly context: Readonly<Record<string, JsonValue>> };

export interface ReserveOptions {
  readonly messages: readonly ChatMessage[];
  readonly maxTokens: number;
  readonly pricing: TokenPricing | undefined;
  readonly remote: boolean;
  readonly allowance: StepAllowance | undefined;
}

/** The worst case a call may cost within the allowance, or why no call fits. */
export function reserveCall(options: ReserveOptions): Reservation {
  const { messages, pricing, remote, allowance } = options;
  const promptTokens = messages.reduce((sum, message) => sum + Buffer.byteLength(message.content, 'utf8') + TOKENS_PER_MESSAGE, TOKENS_PER_REQUEST);
  let maxTokens = options.maxTokens;
  let maxAttempts: number | undefined;
  if (allowance === undefined) return { promptTokens, maxTokens, maxAttempts };
  if (allowance.ms !== null && allowance.ms <= 0) return { refused: "the run's deadline for model calls has passed", context: { cap: 'deadline' } };
  if (remote && allowance.remoteCalls !== null) {
    if (allowance.remoteCalls < 1) return { refused: 'budget.maxRemoteInferenceCalls is spent', context: { cap: 'maxRemoteInferenceCalls', left: 0 } };
    maxAttempts = allowance.remoteCalls;
  }
  if (allowance.tokens !== null) {
    const room = allowance.tokens - promptTokens;
    if (room < MIN_COMPLETION_TOKENS) {
      return { refused: `the prompt may count up to ${promptTokens} tokens and budget.maxTotalTokens leaves ${allowance.tokens}`, context: { cap: 'maxTotalTokens', left: allowance.tokens, promptTokens } };
    }
    maxTokens = Math.min(maxTokens, room);
  }
  if (allowance.usd !== null) {
    if (pricing === undefined) {
      if (remote) return { refused: 'budget.maxTotalCostUsd is set and the remote provider has no pricing, so the cost of a call is unknown', context: { cap: 'maxTotalCostUsd', left: allowance.usd } };
    } else {
      const left = new Decimal(allowance.usd);
      const promptCost = new Decimal(pricing.inputPerMillionTokens).times(promptTokens).dividedBy(MILLION);
      const outputPrice = new Decimal(pricing.outputPerMillionTokens).dividedBy(MILLION);
      const affordable = outputPrice.isZero() ? maxTokens : Math.floor(left.minus(promptCost).dividedBy(outputPrice).toNumber());
      if (affordable < MIN_COMPLETION_TOKENS) {
        return { refused: `one call may cost up to ${formatDecimal(promptCost.plus(outputPrice.times(MIN_COMPLETION_TOKENS)))} USD and budget.maxTotalCostUsd leaves ${allowance.usd}`, context: { cap: 'maxTotalCostUsd', left: allowance.usd } };
      }
      maxTokens = Math.min(maxTokens, affordable);
      const perAttempt = new Decimal(usageCostUsd({ inputTokens: promptTokens, outputTokens: maxTokens }, pricing));
      if (!perAttempt.isZero()) {
        const attemptsAffordable = Math.max(1, Math.floor(left.dividedBy(perAttempt).toNumber()));
        maxAttempts = Math.min(maxAttempts ?? attemptsAffordable, attemptsAffordable);
      }
    }
  }
  return { promptTokens, maxTokens, maxAttempts };
}

export interface SettledUsage {
  readonly inputTokens: number;
  readonly outputTokens: number;
  /** What was above the reservation, in words, or null when the report fit. */
  readonly capped: string | null;
}

/**
 * The usage to book: what the server reported, each count capped by the reservation; a
 * count the server did not report is estimated from the text (never above the cap).
 */
export function settleUsage(response: CompletionResponse, promptText: string, reservation: CallReservation): SettledUsage {
  const reportedInput = response.usage.inputTokens > 0 ? response.usage.inputTokens : estimateTokens(promptText);
  const reportedOutput = response.usage.outputTokens > 0 ? response.usage.outputTokens : estimateTokens(response.text);
  const inputTokens = Math.min(reportedInput, reservation.promptTokens);
  const outputTokens = Math.min(reportedOutput, reservation.maxTokens);
  const over: string[] = [];
  if (reportedInput > inputTokens) over.push(`${reportedInput} prompt tokens for at most ${inputTokens}`);
  if (reportedOutput > outputTokens) over.push(`${reportedOutput} completion tokens for max_tokens ${outputTokens}`);
  return { inputTokens, outputTokens, capped: over.length === 0 ? null : over.join(', ') };
}
