/**
 * What the routes share on one server: the run limits (a slot and a deadline for every
 * normalization or replay, 503 when saturated or too slow) and the policy a request may
 * set (inference only as far as the operator allows).
 */
import { isAbortedError } from './paxman-errors.js';
import { ProblemError } from './problem.js';
import { type RunLimits, createRunLimits } from './run-limits.js';
import type { ServerOptions } from './server-options.js';

export interface RunService {
  readonly maxInputBytes: number;
  /** Runs `work` in a slot with a deadline; 503 problems when saturated or past the deadline. */
  limited<T>(work: (signal: AbortSignal) => Promise<T>): Promise<T>;
  /** The request's policy with inference switched off unless the operator allows it. */
  allowedPolicy(policy: unknown): Record<string, unknown>;
  readonly limits: RunLimits;
}

export function createRunService(options: ServerOptions): RunService {
  const limits = createRunLimits(options.concurrency, options.requestTimeoutMs);
  return {
    maxInputBytes: options.maxBodyBytes,
    limits,
    async limited(work) {
      const running = limits.run(work);
      if (running === null) {
        throw new ProblemError({ status: 503, title: 'Busy', detail: `All ${options.concurrency} run slots are taken; retry shortly.`, code: 'SERVICE_BUSY' });
      }
      try {
        return await running;
      } catch (error) {
        if (isAbortedError(error)) {
          throw new ProblemError({ status: 503, title: 'Run took too long', detail: `The run was stopped after ${options.requestTimeoutMs} ms.`, code: 'ABORTED' });
        }
        throw error;
      }
    },
    allowedPolicy(policy) {
      if (policy !== undefined && (typeof policy !== 'object' || policy === null || Array.isArray(policy))) {
        throw new ProblemError({ status: 400, title: 'Bad request', detail: 'policy must be an object.', code: 'INVALID_POLICY' });
      }
      const given = (policy ?? {}) as Record<string, unknown>;
      return {
        ...given,
        allowLocalInference: options.allowLocalInference && given['allowLocalInference'] !== false,
        allowRemoteInference: options.allowRemoteInference && given['allowRemoteInference'] !== false,
      };
    },
  };
}
