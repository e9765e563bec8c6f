/**
 * An injectable clock. Nothing that reaches the replay hash reads time; the clock feeds
 * only `createdAt` and wall-clock statistics, and tests inject a manual one.
 */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
  /** A monotonic reading in milliseconds, for durations. */
  monotonic(): number;
}

export const systemClock: Clock = Object.freeze({
  now: () => Date.now(),
  monotonic: () => performance.now(),
});

/** A clock that only moves when told to; `advance` moves both readings. */
export interface ManualClock extends Clock {
  advance(milliseconds: number): void;
}

export function manualClock(startMs = 0): ManualClock {
  let current = startMs;
  return {
    now: () => current,
    monotonic: () => current,
    advance: (milliseconds: number) => {
      current += milliseconds;
    },
  };
}
