/**
 * Safe invocation of one capability: a synchronous throw, an asynchronous rejection and
 * a non-Error throw all come back as `{ error }`; cancellation through the signal
 * resolves at once as `{ aborted }` even when the capability ignores the signal (its
 * late result or rejection is then observed and discarded, never left unhandled).
 */
import { PaxmanError, type DiagnosticCode } from '@paxman/core';
import type { Capability, CapabilityContext, CapabilityResult } from '@paxman/capability-spi';

export type StepInvocation = { readonly result: unknown } | { readonly error: unknown } | { readonly aborted: true };

function isPromiseLike(value: unknown): value is PromiseLike<unknown> {
  return typeof value === 'object' && value !== null && typeof (value as { then?: unknown }).then === 'function';
}

export function invokeStep(capability: Capability, context: CapabilityContext, signal: AbortSignal | undefined): StepInvocation | Promise<StepInvocation> {
  let output: CapabilityResult | Promise<CapabilityResult>;
  try {
    output = capability.invoke(context);
  } catch (error) {
    return { error };
  }
  if (!isPromiseLike(output)) return { result: output };
  const pending = Promise.resolve(output);
  if (signal === undefined) return pending.then((result) => ({ result }), (error: unknown) => ({ error }));
  return new Promise<StepInvocation>((resolve) => {
    const onAbort = (): void => resolve({ aborted: true });
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
    pending.then(
      (result) => {
        signal.removeEventListener('abort', onAbort);
        resolve({ result });
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        resolve({ error });
      },
    );
  });
}

/** True when a value has the shape of a `CapabilityResult`. */
export function isCapabilityResult(value: unknown): value is CapabilityResult {
  if (typeof value !== 'object' || value === null) return false;
  const result = value as Record<string, unknown>;
  return Array.isArray(result['candidates']) && Array.isArray(result['evidence']) && Array.isArray(result['diagnostics']);
}

/** The error code (a PaxmanError's own, else `fallbackCode`) and a printable message of anything thrown. */
export function describeThrown(error: unknown, fallbackCode: DiagnosticCode): { readonly code: DiagnosticCode; readonly name: string; readonly message: string } {
  if (PaxmanError.isInstance(error)) return { code: error.code, name: error.name, message: error.message };
  if (error instanceof Error) return { code: fallbackCode, name: error.name, message: error.message };
  let message: string;
  try {
    message = String(error);
  } catch {
    message = '[unprintable value]';
  }
  return { code: fallbackCode, name: typeof error, message };
}
