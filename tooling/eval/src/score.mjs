/**
 * Scoring of artifacts against ground truth (`../shared/eval/README.md`): per field and
 * case TP / FP (wrong value or spurious) / FN / TN, precision, recall, F1, crashes,
 * inconsistencies, and calibration over confidence bins with the expected calibration
 * error. Pure functions over plain JSON; the runner feeds them.
 */
import { comparisonOf, valuesEqual } from './compare.mjs';

export const CALIBRATION_BINS = Object.freeze([
  { name: '[0.00, 0.60)', lower: 0, upper: 0.6, band: 'LOW/UNTRUSTED' },
  { name: '[0.60, 0.80)', lower: 0.6, upper: 0.8, band: 'MEDIUM' },
  { name: '[0.80, 0.95)', lower: 0.8, upper: 0.95, band: 'HIGH' },
  { name: '[0.95, 1.00]', lower: 0.95, upper: Infinity, band: 'CERTAIN' },
]);

function isDefaulted(result) {
  return result !== undefined && (result.defaulted === true || result.status === 'DEFAULTED' || result.status === 'USE_DEFAULT');
}

/**
 * What an artifact claims for one field: `{ resolved, value, confidence, status, inconsistent }`.
 * A default is not a claim from the document, so it counts as unresolved.
 */
export function readClaim(artifact, fieldName) {
  const result = artifact?.fieldResults?.[fieldName];
  const status = result?.status ?? null;
  const confidence = typeof result?.confidence === 'number' ? result.confidence : null;
  if (isDefaulted(result)) return { resolved: false, value: null, confidence, status, inconsistent: false };
  const normalized = artifact?.normalizedData?.[fieldName];
  const listedUnresolved = Array.isArray(artifact?.unresolvedFields) && artifact.unresolvedFields.includes(fieldName);
  if (normalized !== undefined && normalized !== null) {
    return { resolved: true, value: normalized, confidence, status, inconsistent: listedUnresolved };
  }
  if (result && result.value !== null && result.value !== undefined && (status === 'SUCCESS' || status === 'PARTIAL_SUCCESS')) {
    return { resolved: true, value: result.value, confidence, status, inconsistent: listedUnresolved };
  }
  return { resolved: false, value: null, confidence, status, inconsistent: false };
}

/**
 * Scores one case. `artifact` null means a crash (every field unresolved).
 * @returns {{ outcomes: { field, type, outcome, expected, actual, confidence, status, inconsistent }[] }}
 */
export function scoreCase({ artifact, expected, fieldTypes }) {
  const outcomes = [];
  for (const [field, expectedValue] of Object.entries(expected)) {
    const type = fieldTypes[field];
    if (type === undefined || type === 'OBJECT' || type === 'ARRAY') continue;
    const claim = artifact ? readClaim(artifact, field) : { resolved: false, value: null, confidence: null, status: null, inconsistent: false };
    let outcome;
    if (claim.resolved) {
      if (expectedValue === null) outcome = 'FP_SPURIOUS';
      else outcome = valuesEqual(comparisonOf(field, type), claim.value, expectedValue) ? 'TP' : 'FP_WRONG';
    } else {
      outcome = expectedValue === null ? 'TN' : 'FN';
    }
    outcomes.push({ field, type, outcome, expected: expectedValue, actual: claim.value, confidence: claim.confidence, status: claim.status, inconsistent: claim.inconsistent });
  }
  return { outcomes };
}

function ratio(numerator, denominator) {
  return denominator === 0 ? 0 : numerator / denominator;
}

/** Precision/recall/F1 and counts over a list of outcomes. */
export function summarize(outcomes) {
  const count = (kind) => outcomes.filter((outcome) => outcome.outcome === kind).length;
  const tp = count('TP');
  const fpWrong = count('FP_WRONG');
  const fpSpurious = count('FP_SPURIOUS');
  const fn = count('FN');
  const tn = count('TN');
  const fp = fpWrong + fpSpurious;
  const precision = ratio(tp, tp + fp);
  const recall = ratio(tp, tp + fn);
  const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  return { tp, fp, fpWrong, fpSpurious, fn, tn, precision, recall, f1, inconsistencies: outcomes.filter((outcome) => outcome.inconsistent).length };
}

/** Calibration over resolved, scored fields (those with a confidence). */
export function calibrate(outcomes) {
  const resolved = outcomes.filter((outcome) => outcome.outcome === 'TP' || outcome.outcome.startsWith('FP'));
  const withConfidence = resolved.filter((outcome) => typeof outcome.confidence === 'number');
  const bins = CALIBRATION_BINS.map((bin) => {
    const members = withConfidence.filter((outcome) => outcome.confidence >= bin.lower && outcome.confidence < bin.upper);
    const correct = members.filter((outcome) => outcome.outcome === 'TP').length;
    const accuracy = ratio(correct, members.length);
    const meanConfidence = ratio(members.reduce((sum, outcome) => sum + outcome.confidence, 0), members.length);
    return { ...bin, count: members.length, correct, accuracy, meanConfidence, meetsLowerBound: members.length === 0 || accuracy >= bin.lower };
  });
  const total = withConfidence.length;
  const ece = bins.reduce((sum, bin) => sum + ratio(bin.count, total) * Math.abs(bin.accuracy - bin.meanConfidence), 0);
  return { bins, ece, count: total };
}

/** Per-field summaries, sorted by field name. */
export function summarizeByField(outcomes) {
  const fields = [...new Set(outcomes.map((outcome) => outcome.field))].sort();
  return fields.map((field) => ({ field, ...summarize(outcomes.filter((outcome) => outcome.field === field)) }));
}

/** The README's one-line summary. */
export function summaryLine({ outcomes, cases, crashes }) {
  const totals = summarize(outcomes);
  const { ece } = calibrate(outcomes);
  return `precision=${totals.precision.toFixed(2)} recall=${totals.recall.toFixed(2)} f1=${totals.f1.toFixed(2)} fp=${totals.fp} ece=${ece.toFixed(2)} cases=${cases} crashes=${crashes}`;
}
