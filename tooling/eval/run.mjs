#!/usr/bin/env node
/**
 * `pnpm eval [corpus-dir...] [--json] [--report] [--artifacts <dir>] [--exclude-fields a,b]`:
 * normalizes every case of the corpora (default: every corpus under ../shared/eval and, when
 * built, under .cache/eval-data — the real-dev corpora, see ../shared/eval/real-dev) with the
 * deterministic tiers only and prints precision, recall, F1, wrong values with their
 * evidence, a per-corpus table of scores and band accuracy, and calibration.
 * `--exclude-fields` leaves fields out of the scores (kleister's `term`, the noisiest
 * label). `--report` also writes a markdown report under tooling/eval/reports/ (never
 * needed by tests).
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
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
const optionValue = (name) => {
  const index = argv.indexOf(name);
  return index >= 0 ? { index, value: argv[index + 1] ?? null } : null;
};
const artifactsOption = optionValue('--artifacts');
const excludeOption = optionValue('--exclude-fields');
const artifactsFolder = artifactsOption?.value ?? null;
const excludedFields = new Set((excludeOption?.value ?? '').split(',').filter((field) => field.length > 0));
const optionValues = new Set([artifactsOption, excludeOption].filter((option) => option !== null).map((option) => option.index + 1));
const folders = argv.filter((argument, index) => !argument.startsWith('--') && !optionValues.has(index));
const cached = resolve(here, '../../.cache/eval-data');
const corpusFolders =
  folders.length > 0 ? folders.map((folder) => resolve(folder)) : [...listCorpora(resolve(here, '../../../shared/eval')), ...(existsSync(cached) ? listCorpora(cached) : [])];

const evaluated = await evaluate({ corpusFolders, normalize });
// Excluded fields are left out of every score (the artifacts keep them).
const evaluation =
  excludedFields.size === 0
    ? evaluated
    : { corpora: evaluated.corpora.map((corpus) => ({ ...corpus, cases: corpus.cases.map((entry) => ({ ...entry, outcomes: entry.outcomes.filter((outcome) => !excludedFields.has(outcome.field)) })) })) };
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
