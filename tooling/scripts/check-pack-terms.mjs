#!/usr/bin/env node
/**
 * Command: `node tooling/scripts/check-pack-terms.mjs [--update]` — exits 1 when capability,
 * document or reconciler source gains a word of a built-in knowledge pack (see
 * src/check-pack-terms.mjs); `--update` rewrites the baseline (only ever to lower counts).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { resolve } from 'node:path';
import { findPackTerms, overBaseline } from './src/check-pack-terms.mjs';

const root = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const baselineFile = resolve(root, 'tooling/scripts/pack-terms-baseline.json');
const byFile = findPackTerms(root);
const baseline = JSON.parse(readFileSync(baselineFile, 'utf8'));
if (process.argv.includes('--update')) {
  const counts = Object.fromEntries(Object.entries(byFile).map(([file, found]) => [file, Math.min(found.length, baseline[file] ?? found.length)]).sort(([a], [b]) => a.localeCompare(b)));
  writeFileSync(baselineFile, `${JSON.stringify(counts, null, 2)}\n`);
  console.log(`Pack-terms baseline written: ${Object.values(counts).reduce((sum, count) => sum + count, 0)} literals in ${Object.keys(counts).length} files.`);
  process.exit(0);
}
const over = overBaseline(byFile, baseline);
if (over.length > 0) {
  console.error('Pack-terms check failed: words of a language belong in a knowledge pack (docs/guides/knowledge-pack.md), not in code.');
  for (const { file, baseline: allowed, found } of over) {
    console.error(`  ${file}: ${found.length} literal(s) with pack terms, the baseline allows ${allowed}:`);
    for (const hit of found) console.error(`    line ${hit.line}: ${JSON.stringify(hit.literal)} (${hit.terms.join(', ')})`);
  }
  process.exit(1);
}
const total = Object.values(byFile).reduce((sum, found) => sum + found.length, 0);
console.log(`Pack-terms check passed: no new word of a knowledge pack in capability, document or reconciler code (${total} older literal(s) left to move, see pack-terms-baseline.json).`);
