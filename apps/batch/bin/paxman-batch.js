#!/usr/bin/env node
// The `paxman-batch` command. Runs the built app (dist/); `pnpm build` produces it.
import { main } from '../dist/cli.js';

const code = await main(process.argv.slice(2));
if (code !== 0) process.exitCode = code;
