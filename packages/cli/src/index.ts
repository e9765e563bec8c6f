/**
 * @paxman/cli — the `paxman` command line. `main(argv, io)` runs it in-process and
 * resolves to the exit code; `bin/paxman.js` wires it to the real process.
 */
export { main, buildProgram, runProcess } from './main.js';
export type { CliIo } from './io.js';
export { contractSummary } from './commands/contract.js';
