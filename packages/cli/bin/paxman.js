#!/usr/bin/env node
// The `paxman` command. Runs the built CLI (dist/); `pnpm build` produces it.
import { runProcess } from '../dist/index.js';

process.exitCode = await runProcess(process.argv.slice(2));
