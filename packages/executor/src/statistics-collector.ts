/**
 * Collects the wall-clock statistics of a run per capability. They are returned apart
 * from the candidate results and never reach the replay hash.
 */
import { Decimal, formatDecimal } from '@paxman/core';
import type { ExecutionStatistics, StepStatistics } from './execution-statistics.js';

interface MutableStepStatistics {
  invocations: number;
  estimatedUsd: Decimal;
  reportedUsd: Decimal;
  tokens: number;
  durationMs: number;
}

export interface StatisticsCollector {
  record(capability: string, entry: { readonly estimatedUsd: string; readonly reportedUsd: string | null; readonly tokens: number; readonly durationMs: number; readonly remoteCalls: number; readonly bookedUsd: string }): void;
  finish(durationMs: number): ExecutionStatistics;
}

const ZERO = new Decimal(0);
const add = (total: Decimal, usd: string | null): Decimal => (usd === null || usd === '0' ? total : total.plus(usd));
/** `formatDecimal(total)`; a sum nothing was added to (a run that costs nothing) is `0` without a Decimal. */
const usdText = (total: Decimal): string => (total === ZERO ? '0' : formatDecimal(total));

export function createStatisticsCollector(): StatisticsCollector {
  const byCapability = new Map<string, MutableStepStatistics>();
  let remoteInferenceCalls = 0;
  let totalUsd = ZERO;
  return {
    record(capability, entry) {
      let stats = byCapability.get(capability);
      if (stats === undefined) {
        stats = { invocations: 0, estimatedUsd: ZERO, reportedUsd: ZERO, tokens: 0, durationMs: 0 };
        byCapability.set(capability, stats);
      }
      stats.invocations += 1;
      stats.estimatedUsd = add(stats.estimatedUsd, entry.estimatedUsd);
      stats.reportedUsd = add(stats.reportedUsd, entry.reportedUsd);
      stats.tokens += entry.tokens;
      stats.durationMs += entry.durationMs;
      remoteInferenceCalls += entry.remoteCalls;
      totalUsd = add(totalUsd, entry.bookedUsd);
    },
    finish(durationMs) {
      const steps: StepStatistics[] = [...byCapability.keys()].sort().map((capability) => {
        const stats = byCapability.get(capability)!;
        return {
          capability,
          invocations: stats.invocations,
          estimatedUsd: usdText(stats.estimatedUsd),
          reportedUsd: usdText(stats.reportedUsd),
          tokens: stats.tokens,
          durationMs: stats.durationMs,
        };
      });
      return {
        steps,
        totalInvocations: steps.reduce((sum, step) => sum + step.invocations, 0),
        remoteInferenceCalls,
        totalUsd: usdText(totalUsd),
        totalTokens: steps.reduce((sum, step) => sum + step.tokens, 0),
        durationMs,
      };
    },
  };
}
