/**
 * Turns a contract that cannot be used into diagnostics: one per problem the adapter
 * and validator reported (`context.problems`), each with its code and the path of the
 * offending node, so an `INVALID_CONTRACT` artifact says everything that is wrong.
 */
import { type Diagnostic, type JsonValue, PaxmanError, isErrorCode, isPlainObject } from '@paxman/core';
import { parseContractSource } from '@paxman/contract';

/** Diagnostics (stage `contract`, severity ERROR) for an error thrown while adapting a contract. */
export function contractDiagnostics(error: unknown): Diagnostic[] {
  if (!PaxmanError.isInstance(error)) {
    return [{ code: 'INVALID_CONTRACT', severity: 'ERROR', stage: 'contract', message: error instanceof Error ? error.message : String(error) }];
  }
  const problems = error.context['problems'];
  if (Array.isArray(problems) && problems.length > 0) {
    return problems.map((problem: JsonValue) => {
      const record = isPlainObject(problem) ? problem : {};
      const path = typeof record['path'] === 'string' ? record['path'] : '';
      return {
        code: isErrorCode(record['code']) ? record['code'] : error.code,
        severity: 'ERROR',
        stage: 'contract',
        message: typeof record['message'] === 'string' ? record['message'] : error.message,
        context: { path },
      } satisfies Diagnostic;
    });
  }
  const context: Record<string, JsonValue> = { ...error.context };
  if (typeof context['path'] !== 'string') context['path'] = '';
  return [{ code: error.code, severity: 'ERROR', stage: 'contract', message: error.message, context }];
}

/** The id and version a contract source (object, or JSON / YAML text) states, when it can be read at all (for an INVALID_CONTRACT artifact). */
export function statedContractIdentity(source: unknown): { id: string | null; version: string | null } {
  let value = source;
  if (typeof source === 'string') {
    try {
      value = parseContractSource(source);
    } catch {
      return { id: null, version: null };
    }
  }
  if (!isPlainObject(value)) return { id: null, version: null };
  const info = isPlainObject(value['info']) ? value['info'] : {};
  const id = typeof value['id'] === 'string' ? value['id'] : typeof value['$id'] === 'string' ? value['$id'] : typeof info['title'] === 'string' ? info['title'] : null;
  const rawVersion = value['version'] ?? info['version'];
  const version = typeof rawVersion === 'string' || typeof rawVersion === 'number' ? String(rawVersion) : null;
  return { id, version };
}
