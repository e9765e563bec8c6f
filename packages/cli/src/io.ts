/**
 * What a command needs from the process, injectable so commands run in-process in tests:
 * the streams, and a way to report a non-zero exit status without `process.exit`.
 */
export interface CliIo {
  readonly stdout: NodeJS.WritableStream & { isTTY?: boolean; columns?: number };
  readonly stderr: NodeJS.WritableStream & { isTTY?: boolean };
  readonly stdin?: NodeJS.ReadableStream;
}

export interface CommandContext {
  readonly io: CliIo;
  /** Records the exit status; the highest one set during a run wins. */
  setExitCode(code: number): void;
}
