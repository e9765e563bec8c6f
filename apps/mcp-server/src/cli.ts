/** Entry point of `paxman-mcp` (bin/ runs the built copy; tests run this file from source). */
import { main } from './main.js';

const code = await main(process.argv.slice(2));
if (code !== 0) process.exitCode = code;
