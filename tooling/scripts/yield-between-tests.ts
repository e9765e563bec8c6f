/**
 * Vitest setup file (every project): before each test, one turn of the event loop.
 *
 * A test worker answers the runner over an RPC channel whose calls time out after 60 s
 * (vitest's fixed birpc timeout, not configurable). The replies are read only when the
 * worker's event loop reaches its poll phase; a run of tests that never gives the loop a
 * turn — synchronous code, or awaits of promises that are already settled, as a pipeline
 * over text is — leaves the replies unread, and on a busy machine (CPU hogs beside the
 * suite) that stretch passed 60 s: "[vitest-worker]: Timeout calling onTaskUpdate", with
 * every test green. With a turn before each test the stretch is at most one test (or one
 * hook; long hooks yield inside themselves, e.g. the evaluation pipeline's per case).
 */
import { setImmediate } from 'node:timers/promises';
import { beforeEach } from 'vitest';

beforeEach(async () => {
  await setImmediate();
});
