/**
 * The Python reference (Paxman v1.0.2) timed on the same bench inputs in the same run, and
 * the ratio of our normalize medians to its. Needs the reference set up once
 * (`../shared/reference/python-bench/README.md`: fetch nexusnv/paxman, run
 * setup_reference.sh); without it the suite fails with that instruction.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { sharedFolder } from './inputs.mjs';

const SCRIPT = `${sharedFolder}reference/python-bench/py_ref_bench.py`;
const REFERENCE_TREE = '/tmp/ref/paxman/src';

/** `{ 'input-100kb.txt': ms, 'input-small.txt': ms }` from the reference, or throws with how to set it up. */
export function pythonReferenceMedians() {
  if (!existsSync(SCRIPT) || !existsSync(REFERENCE_TREE)) {
    throw new Error(`Python reference not set up: fetch github:nexusnv/paxman, then run bash ${sharedFolder}reference/python-bench/setup_reference.sh`);
  }
  const output = execFileSync('python3', [SCRIPT, `${sharedFolder}bench`], { encoding: 'utf8', timeout: 120_000 });
  const parsed = JSON.parse(output.trim().split('\n').pop());
  return { large: parsed['input-100kb.txt'].median_ms, small: parsed['input-small.txt'].median_ms };
}

/**
 * Result rows for the reference and the ratios, given our medians measured in the same run
 * (after the harness's five warm-up runs) and, when given, our warm medians (after hundreds).
 */
export function pythonReferenceResults(ours, warm) {
  const reference = pythonReferenceMedians();
  const row = (name, medianMs, note) => ({ name, iterations: 30, medianMs, p10Ms: Number.NaN, p90Ms: Number.NaN, note });
  const ratio = (label, value, referenceMs) => `${label} ${value.toFixed(2)} ms = ${(value / referenceMs).toFixed(2)}× its time`;
  const note = (key) => [ratio('ours', ours[key], reference[key]), ...(warm === undefined ? [] : [ratio('warm', warm[key], reference[key])])].join('; ');
  return [row('python reference, 20 fields, 100 KB', reference.large, note('large')), row('python reference, 20 fields, small input', reference.small, note('small'))];
}
