/** Reading Paxman's typed errors at the HTTP edge. */
import { PaxmanError } from 'paxman';

export function isAbortedError(error: unknown): boolean {
  return PaxmanError.isInstance(error) && error.code === 'ABORTED';
}

/** The code of a Paxman error, or null for any other error. */
export function paxmanCode(error: unknown): string | null {
  return PaxmanError.isInstance(error) ? error.code : null;
}

/** `context.problems` of a contract error, as (code, path, message). */
export function problemsOf(error: unknown): { code: string; path: string; message: string }[] | undefined {
  if (!PaxmanError.isInstance(error)) return undefined;
  const problems = error.context['problems'];
  if (!Array.isArray(problems)) return undefined;
  return problems.map((problem) => {
    const record = (typeof problem === 'object' && problem !== null ? problem : {}) as Record<string, unknown>;
    return { code: String(record['code'] ?? error.code), path: String(record['path'] ?? ''), message: String(record['message'] ?? error.message) };
  });
}
