/**
 * RFC 9457 problem details: every error the service returns is
 * `application/problem+json` with `type`, `title`, `status`, `detail`, the typed Paxman
 * `code` and, for a contract, every problem with its path.
 */
import type { FastifyReply } from 'fastify';

/** One problem of a contract (code, path, message), as the adapters report them. */
export interface ContractProblemDetail {
  readonly code: string;
  readonly path: string;
  readonly message: string;
}

export interface Problem {
  readonly status: number;
  readonly title: string;
  readonly detail: string;
  /** The typed error code (`INVALID_CONTRACT`, `HASH_MISMATCH`, `PAYLOAD_TOO_LARGE`, …). */
  readonly code: string;
  readonly problems?: readonly ContractProblemDetail[];
}

/** An error a route throws to answer with a problem. */
export class ProblemError extends Error {
  constructor(readonly problem: Problem) {
    super(problem.detail);
    this.name = 'ProblemError';
  }
}

/** Sends `problem` as `application/problem+json`. */
export function sendProblem(reply: FastifyReply, problem: Problem, instance: string): FastifyReply {
  const type = `https://paxman.dev/problems/${problem.code.toLowerCase().replace(/_/g, '-')}`;
  return reply
    .code(problem.status)
    .type('application/problem+json')
    .send({ type, title: problem.title, status: problem.status, detail: problem.detail, instance, code: problem.code, ...(problem.problems === undefined ? {} : { problems: problem.problems }) });
}

/** The HTTP status for a Paxman error a request caused (by its class name and code). */
export function statusOfError(name: string, code: string): number {
  if (name === 'InvalidPolicyError' || name === 'InvalidBudgetError' || name === 'InvalidInputError') return 400;
  switch (code) {
    case 'INVALID_INPUT':
    case 'INVALID_POLICY':
    case 'INVALID_BUDGET':
    case 'INVALID_FX_RATE':
    case 'INVALID_POLICY_KEY':
      return 400;
    case 'INPUT_TOO_LARGE':
      return 413;
    case 'ABORTED':
      return 503;
    default:
      return 422;
  }
}
