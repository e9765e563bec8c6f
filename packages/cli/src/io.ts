/** The streams a command writes to, injectable so commands are testable in-process. */
export interface CliIo {
  readonly stdout: NodeJS.WritableStream & { isTTY?: boolean; columns?: number };
  readonly stderr: NodeJS.WritableStream & { isTTY?: boolean };
  readonly stdin?: NodeJS.ReadableStream;
}
