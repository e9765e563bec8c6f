/**
 * One `InvalidContractError` for a list of problems. Its code is the problems' code when
 * they all share one (so a caller can branch on `MISSING_TYPE` or `INVALID_REGEX_PATTERN`),
 * otherwise `INVALID_CONTRACT`; `context.problems` always lists every problem.
 */
import { InvalidContractError, isErrorCode, type ErrorCode } from '@paxman/core';
import type { ContractProblem } from './adapter.js';
import type { CanonicalContract } from './model.js';
import { validateContract } from './validator/validate-contract.js';

/**
 * The error for a non-empty list of problems found while adapting a `format` contract.
 * @example throw invalidContractError([{ code: 'MISSING_TYPE', path: 'fields[0].type', message: '…' }], 'dict-dsl')
 */
export function invalidContractError(problems: readonly ContractProblem[], format: string | null = null): InvalidContractError {
  const distinctCodes = [...new Set(problems.map((problem) => problem.code))];
  const code: ErrorCode = distinctCodes.length === 1 && isErrorCode(distinctCodes[0]) ? distinctCodes[0] : 'INVALID_CONTRACT';
  const listed = problems.slice(0, 5).map((problem) => (problem.path.length > 0 ? `${problem.path}: ${problem.message}` : problem.message));
  const more = problems.length > listed.length ? ` (and ${problems.length - listed.length} more)` : '';
  const subject = format === null ? 'Contract' : `${format} contract`;
  return new InvalidContractError(`${subject} is invalid — ${problems.length} problem(s): ${listed.join('; ')}${more}`, {
    code,
    context: {
      format,
      problems: problems.map((problem) => ({ code: problem.code, path: problem.path, message: problem.message })),
    },
  });
}

/**
 * Runs the validator and throws one `InvalidContractError` listing every problem; returns
 * the contract unchanged when it is valid. Adapters call this at the end of `adapt`.
 */
export function assertValidContract<T extends CanonicalContract>(contract: T, format: string | null = contract?.source?.format ?? null): T {
  const problems = validateContract(contract);
  if (problems.length > 0) throw invalidContractError(problems, format);
  return contract;
}
