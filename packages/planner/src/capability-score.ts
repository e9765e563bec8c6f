/**
 * The planner's score for a capability (ARCHITECTURE §5): `tier × 10000 + usd × 1000000
 * + ms`, lower is better. USD is a decimal string and is multiplied exactly, so the
 * score is the same number in every process.
 */
import { type CapabilityTier, Decimal, formatDecimal, parseDecimal } from '@paxman/core';
import type { CapabilitySpec, CostHint } from '@paxman/capability-spi';

export const TIER_WEIGHT = 10_000;
export const USD_WEIGHT = 1_000_000;
export const MS_WEIGHT = 1;

/** A cost hint checked and normalized (USD as a plain decimal string), or why it cannot be read. */
export function normalizeCostHint(costHint: CostHint | undefined): { readonly costHint: CostHint } | { readonly problem: string } {
  if (costHint === undefined || costHint === null || typeof costHint !== 'object') return { problem: 'the spec has no costHint' };
  const { tokens, ms, usd } = costHint;
  if (typeof tokens !== 'number' || !Number.isInteger(tokens) || tokens < 0) return { problem: `costHint.tokens must be a non-negative integer, got ${String(tokens)}` };
  if (typeof ms !== 'number' || !Number.isFinite(ms) || ms < 0) return { problem: `costHint.ms must be a non-negative number, got ${String(ms)}` };
  let parsed: Decimal;
  try {
    parsed = parseDecimal(usd);
  } catch {
    return { problem: `costHint.usd must be a decimal string, got ${String(usd)}` };
  }
  if (parsed.isNegative() && !parsed.isZero()) return { problem: `costHint.usd must not be negative, got ${String(usd)}` };
  return { costHint: { tokens, ms, usd: formatDecimal(parsed) } };
}

/**
 * The score of a capability with a normalized cost hint.
 * @example scoreCapability(2, { tokens: 0, ms: 1, usd: '0' }) // 20001
 */
export function scoreCapability(tier: CapabilityTier, costHint: CostHint): number {
  return new Decimal(tier).times(TIER_WEIGHT).plus(new Decimal(costHint.usd).times(USD_WEIGHT)).plus(new Decimal(costHint.ms).times(MS_WEIGHT)).toNumber();
}

/** Orders specs by score, then id, then version (code units); used within one tier. */
export function compareScored(left: { readonly score: number; readonly spec: CapabilitySpec }, right: { readonly score: number; readonly spec: CapabilitySpec }): number {
  if (left.score !== right.score) return left.score - right.score;
  if (left.spec.id !== right.spec.id) return left.spec.id < right.spec.id ? -1 : 1;
  return left.spec.version < right.spec.version ? -1 : left.spec.version > right.spec.version ? 1 : 0;
}
