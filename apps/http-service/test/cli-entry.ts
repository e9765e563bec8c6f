/** `paxman-http` from source, for tests that run the service or a worker as a child process. */
import { main } from '../src/main.js';

const code = await main(process.argv.slice(2));
if (code !== 0) process.exitCode = code;
