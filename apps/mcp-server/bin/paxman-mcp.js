#!/usr/bin/env node
// The `paxman-mcp` command. Runs the built server (dist/); `pnpm build` produces it.
import '../dist/cli.js';
