/** USD cost of token usage under a provider's pricing, in exact decimals. */
import { Decimal, formatDecimal } from '@paxman/core';
import type { CompletionUsage, TokenPricing } from './provider.js';

const MILLION = new Decimal(1_000_000);

/** USD as a decimal string; `"0"` without pricing. */
export function usageCostUsd(usage: CompletionUsage, pricing: TokenPricing | undefined): string {
  if (!pricing) return '0';
  const cost = new Decimal(pricing.inputPerMillionTokens)
    .times(usage.inputTokens)
    .plus(new Decimal(pricing.outputPerMillionTokens).times(usage.outputTokens))
    .dividedBy(MILLION);
  return formatDecimal(cost);
}

/** Rough token count of a text (about four characters per token), for budgeting before a call. */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}
