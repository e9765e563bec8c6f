#!/usr/bin/env node
// The `paxman-http` command. Runs the built service (dist/); `pnpm build` produces it.
import { main } from '../dist/main.js';

const code = await main(process.argv.slice(2));
if (code !== 0) process.exitCode = code;
