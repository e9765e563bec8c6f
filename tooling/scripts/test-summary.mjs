#!/usr/bin/env node
/** Prints the closing line `tests: N passed, N failed[, N skipped]` from vitest's JSON report. */
import { readFileSync } from 'node:fs';

const report = JSON.parse(readFileSync(process.argv[2] ?? 'node_modules/.cache/vitest-results.json', 'utf8'));
const skipped = (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
console.log(`tests: ${report.numPassedTests} passed, ${report.numFailedTests} failed${skipped > 0 ? `, ${skipped} skipped` : ''}`);
if (report.numTotalTests === 0) {
  console.error('No test ran.');
  process.exit(1);
}
