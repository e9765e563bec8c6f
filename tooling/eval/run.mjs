#!/usr/bin/env node
/**
 * `pnpm eval [corpus-dir...] [--json] [--report] [--artifacts <dir>]`: normalizes every
 * case of the corpora (default: every corpus under ../shared/eval) with the
 * deterministic tiers only and prints precision, recall, F1, wrong values with their
 * evidence, and calibration. `--report` also writes a markdown report under
 * tooling/eval/reports/ (never needed by tests).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { close, normalize } from 'paxman';
import { listCorpora } from './src/corpus.mjs';
import { evaluate } from './src/evaluate.mjs';
import { evaluationJson, renderReport } from './src/report.mjs';

const here = fileURLToPath(new URL('.', import.meta.url));
const argv = process.argv.slice(2);
const json = argv.includes('--json');
const writeReport = argv.includes('--report');
const artifactsIndex = argv.indexOf('--artifacts');
const artifactsFolder = artifactsIndex >= 0 ? argv[artifactsIndex + 1] : null;
const folders = argv.filter((argument, index) => !argument.startsWith('--') && (artifactsIndex < 0 || index !== artifactsIndex + 1));
const corpusFolders = folders.length > 0 ? folders.map((folder) => resolve(folder)) : listCorpora(resolve(here, '../../../shared/eval'));

const evaluation = await evaluate({ corpusFolders, normalize });
// OCR workers (photo and scan corpora) would keep the process alive.
await close();
if (artifactsFolder) {
  for (const corpus of evaluation.corpora) {
    const folder = join(artifactsFolder, corpus.name);
    mkdirSync(folder, { recursive: true });
    for (const entry of corpus.cases) if (entry.artifact) writeFileSync(join(folder, `${entry.id}.artifact.json`), `${JSON.stringify(entry.artifact, null, 2)}\n`);
  }
}
const report = renderReport(evaluation);
if (writeReport) {
  const reports = join(here, 'reports');
  mkdirSync(reports, { recursive: true });
  writeFileSync(join(reports, 'latest.md'), `# Evaluation report\n\n${report}\n`);
}
console.log(json ? JSON.stringify(evaluationJson(evaluation), null, 2) : report);
