/** Text report of an evaluation: per corpus and per field tables, wrong values with their evidence, calibration. */
import { CALIBRATION_BINS, calibrate, summarize, summarizeByField, summaryLine } from './score.mjs';
import { summarizeArrays } from './score-array.mjs';

function table(header, rows) {
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => String(row[column]).length)));
  const line = (cells) => cells.map((cell, column) => String(cell).padEnd(widths[column])).join('  ').trimEnd();
  return [line(header), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)].join('\n');
}

const fixed = (value) => value.toFixed(2);

function metricRow(name, totals) {
  return [name, totals.tp, totals.fpWrong, totals.fpSpurious, totals.fn, totals.tn, fixed(totals.precision), fixed(totals.recall), fixed(totals.f1)];
}

const METRIC_HEADER = ['', 'TP', 'FP wrong', 'FP spurious', 'FN', 'TN', 'precision', 'recall', 'F1'];

function describeEvidence(artifact, field) {
  const result = artifact?.fieldResults?.[field];
  const ids = result?.evidenceIds ?? [];
  const records = (artifact?.evidence ?? []).filter((record) => ids.includes(record.id));
  return records
    .slice(0, 3)
    .map((record) => `${record.capability} ${record.kind}${record.label ? ` label="${record.label}"` : ''}${record.text ? ` text=${JSON.stringify(record.text.slice(0, 60))}` : ''}`)
    .join('; ');
}

const CORPUS_HEADER = ['corpus', 'cases', 'precision', 'recall', 'F1', 'HIGH n', 'HIGH right', 'CERTAIN n', 'CERTAIN right', 'ECE'];

/** One line per corpus: the scores and what its bands promise (ADR 0007: CERTAIN right ≥ 98 %, ECE ≤ 0.05). */
function corpusRow(corpus) {
  const outcomes = corpus.cases.flatMap((entry) => entry.outcomes);
  const totals = summarize(outcomes);
  const calibration = calibrate(outcomes);
  const band = (name) => calibration.bins.find((bin) => bin.band === name);
  const high = band('HIGH');
  const certain = band('CERTAIN');
  const right = (bin) => (bin === undefined || bin.count === 0 ? '-' : fixed(bin.accuracy));
  return [corpus.name, corpus.cases.length, fixed(totals.precision), fixed(totals.recall), fixed(totals.f1), high?.count ?? 0, right(high), certain?.count ?? 0, right(certain), calibration.ece.toFixed(3)];
}

const ARRAY_HEADER = ['array', 'cases', 'expected', 'predicted', 'paired', 'item precision', 'item recall', 'exact items', 'count right', 'exact docs'];

/** The ARRAY fields of a corpus: items paired one to one, per-member scores, confidence against exact documents. */
function arraySection(corpus) {
  const summaries = summarizeArrays(corpus.cases.flatMap((entry) => entry.arrays ?? []));
  if (summaries.length === 0) return null;
  const parts = [
    `Arrays:\n\n${table(
      ARRAY_HEADER,
      summaries.map((summary) => [summary.field, summary.cases, summary.expectedItems, summary.predictedItems, summary.pairs, fixed(summary.precision), fixed(summary.recall), fixed(summary.exactness), fixed(summary.countAccuracy), summary.exactDocuments]),
    )}`,
  ];
  for (const summary of summaries) {
    parts.push(
      `${summary.field} members:\n\n${table(
        ['member', 'TP', 'FP', 'FN', 'precision', 'recall'],
        summary.members.map((member) => [member.name, member.tp, member.fp, member.fn, fixed(member.precision), fixed(member.recall)]),
      )}`,
    );
    const bins = CALIBRATION_BINS.map((bin) => {
      const members = summary.calibration.filter((entry) => entry.confidence >= bin.lower && entry.confidence < bin.upper);
      const right = members.filter((entry) => entry.right).length;
      return [bin.name, members.length, members.length === 0 ? '-' : fixed(right / members.length)];
    });
    parts.push(`${summary.field} confidence against exact document:\n\n${table(['confidence', 'n', 'exact'], bins)}`);
  }
  return parts.join('\n\n');
}

/** Renders the full text report. */
export function renderReport(evaluation) {
  const sections = [];
  for (const corpus of evaluation.corpora) {
    const outcomes = corpus.cases.flatMap((entry) => entry.outcomes);
    const rows = summarizeByField(outcomes).map((totals) => metricRow(totals.field, totals));
    rows.push(metricRow('ALL', summarize(outcomes)));
    sections.push(`## ${corpus.name} (${corpus.cases.length} cases, ${corpus.crashes} crashes)\n\n${table(METRIC_HEADER.map((title, index) => (index === 0 ? 'field' : title)), rows)}`);
    const wrong = corpus.cases.flatMap((entry) =>
      entry.outcomes
        .filter((outcome) => outcome.outcome.startsWith('FP'))
        .map((outcome) => `- ${entry.id}.${outcome.field} [${outcome.status}, ${outcome.confidence?.toFixed(3)}]: got ${JSON.stringify(outcome.actual)}, expected ${JSON.stringify(outcome.expected)} — ${describeEvidence(entry.artifact, outcome.field) || 'no evidence'}`),
    );
    if (wrong.length > 0) sections.push(`Wrong values:\n${wrong.join('\n')}`);
    const arrays = arraySection(corpus);
    if (arrays !== null) sections.push(arrays);
    const crashed = corpus.cases.filter((entry) => entry.error);
    if (crashed.length > 0) sections.push(`Crashes:\n${crashed.map((entry) => `- ${entry.id}: ${entry.error}`).join('\n')}`);
  }
  const allOutcomes = evaluation.corpora.flatMap((corpus) => corpus.cases.flatMap((entry) => entry.outcomes));
  sections.push(`## Per corpus\n\n${table(CORPUS_HEADER, evaluation.corpora.map((corpus) => corpusRow(corpus)))}`);
  const calibration = calibrate(allOutcomes);
  sections.push(
    `## Calibration (all corpora, ${calibration.count} resolved fields)\n\n${table(
      ['confidence', 'band', 'n', 'accuracy', 'mean conf.', 'meets lower bound'],
      calibration.bins.map((bin) => [bin.name, bin.band, bin.count, fixed(bin.accuracy), fixed(bin.meanConfidence), bin.count === 0 ? '-' : bin.meetsLowerBound ? 'yes' : 'NO']),
    )}\n\nECE = ${calibration.ece.toFixed(4)}`,
  );
  const successWrong = allOutcomes.filter((outcome) => outcome.outcome.startsWith('FP') && outcome.status === 'SUCCESS').length;
  sections.push(`Wrong values reported with SUCCESS status: ${successWrong}`);
  const cases = evaluation.corpora.reduce((sum, corpus) => sum + corpus.cases.length, 0);
  const crashes = evaluation.corpora.reduce((sum, corpus) => sum + corpus.crashes, 0);
  sections.push(summaryLine({ outcomes: allOutcomes, cases, crashes }));
  return sections.join('\n\n');
}

/** Machine-readable form (no artifacts). */
export function evaluationJson(evaluation) {
  const allOutcomes = evaluation.corpora.flatMap((corpus) => corpus.cases.flatMap((entry) => entry.outcomes));
  return {
    corpora: evaluation.corpora.map((corpus) => {
      const outcomes = corpus.cases.flatMap((entry) => entry.outcomes);
      return {
        name: corpus.name,
        cases: corpus.cases.length,
        crashes: corpus.crashes,
        totals: summarize(outcomes),
        fields: summarizeByField(outcomes),
        arrays: summarizeArrays(corpus.cases.flatMap((entry) => entry.arrays ?? [])),
        outcomes: corpus.cases.flatMap((entry) => entry.outcomes.map((outcome) => ({ case: entry.id, ...outcome }))),
      };
    }),
    totals: summarize(allOutcomes),
    calibration: calibrate(allOutcomes),
    calibrationByCorpus: Object.fromEntries(evaluation.corpora.map((corpus) => [corpus.name, calibrate(corpus.cases.flatMap((entry) => entry.outcomes))])),
    successWrong: allOutcomes.filter((outcome) => outcome.outcome.startsWith('FP') && outcome.status === 'SUCCESS').length,
  };
}
