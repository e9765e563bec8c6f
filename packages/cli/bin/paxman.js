#!/usr/bin/env node
// The `paxman` command. Runs the built CLI (dist/); `pnpm build` produces it.
import { main } from '../dist/index.js';

process.exitCode = await main(process.argv.slice(2), { stdout: process.stdout, stderr: process.stderr, stdin: process.stdin });
