/**
 * Bounded concurrency and a time limit per run: at most `concurrency` normalizations or
 * replays at once (the next request is refused at once, so the service answers 503 with
 * Retry-After instead of queueing without bound), each aborted through the pipeline's
 * `AbortSignal` once it has taken `timeoutMs`. State of one server instance.
 */
export interface RunLimits {
  /** Runs `work` with a slot and a deadline signal; null when every slot is taken. */
  run<T>(work: (signal: AbortSignal) => Promise<T>): Promise<T> | null;
  /** Runs in progress. */
  readonly active: number;
}

export function createRunLimits(concurrency: number, timeoutMs: number): RunLimits {
  let active = 0;
  return {
    get active() {
      return active;
    },
    run<T>(work: (signal: AbortSignal) => Promise<T>): Promise<T> | null {
      if (active >= concurrency) return null;
      active += 1;
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(new Error(`the run took longer than ${timeoutMs} ms`)), timeoutMs);
      return work(controller.signal).finally(() => {
        clearTimeout(timer);
        active -= 1;
      });
    },
  };
}
