/**
 * The batch's summary: `summary.json` (counts and one row per document), `summary.csv`
 * (the rows), and with `--report` a self-contained HTML report — status counts, a
 * confidence histogram and the slowest documents, as inline SVG, no script, no network.
 */
import type { ArtifactStore } from './artifact-store.js';
import type { SummaryRow } from './normalize-task.js';

export interface BatchSummary {
  readonly documents: number;
  readonly statuses: Readonly<Record<string, number>>;
  readonly failed: number;
  readonly skipped: number;
  readonly resolvedFields: number;
  readonly totalFields: number;
  readonly seconds: number;
  readonly documentsPerSecond: number;
  readonly rows: readonly SummaryRow[];
}

/** Statuses that count as done: every required field resolved or acceptably unresolved. */
const ACCEPTABLE = new Set(['SUCCESS', 'PARTIAL_SUCCESS', 'UNRESOLVED', 'SKIPPED']);

export function summarize(rows: readonly SummaryRow[], seconds: number): BatchSummary {
  const sorted = [...rows].sort((left, right) => (left.name < right.name ? -1 : left.name > right.name ? 1 : 0));
  const statuses: Record<string, number> = {};
  for (const row of sorted) statuses[row.status] = (statuses[row.status] ?? 0) + 1;
  return {
    documents: sorted.length,
    statuses,
    failed: sorted.filter((row) => !ACCEPTABLE.has(row.status)).length,
    skipped: statuses['SKIPPED'] ?? 0,
    resolvedFields: sorted.reduce((sum, row) => sum + row.resolvedFields, 0),
    totalFields: sorted.reduce((sum, row) => sum + row.totalFields, 0),
    seconds: Number(seconds.toFixed(3)),
    documentsPerSecond: seconds > 0 ? Number((sorted.length / seconds).toFixed(1)) : 0,
    rows: sorted,
  };
}

function csvCell(value: unknown): string {
  const text = value === null || value === undefined ? '' : String(value);
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function summaryCsv(summary: BatchSummary): string {
  const header = ['name', 'path', 'status', 'resolved_fields', 'total_fields', 'confidence', 'ms', 'replay_hash', 'error'];
  const lines = summary.rows.map((row) => [row.name, row.path, row.status, row.resolvedFields, row.totalFields, row.confidence, row.ms, row.replayHash, row.error].map(csvCell).join(','));
  return `${[header.join(','), ...lines].join('\n')}\n`;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

function barChart(title: string, bars: readonly (readonly [string, number])[]): string {
  const max = Math.max(1, ...bars.map(([, value]) => value));
  const rows = bars.map(([label, value], index) => `<g transform="translate(0,${index * 26})"><text x="0" y="17" font-size="13">${escapeHtml(label)}</text><rect x="170" y="4" height="18" width="${Math.round((value / max) * 360)}" fill="#4c7bd9"/><text x="${176 + Math.round((value / max) * 360)}" y="17" font-size="13">${value}</text></g>`);
  return `<figure><figcaption>${escapeHtml(title)}</figcaption><svg role="img" aria-label="${escapeHtml(title)}" width="600" height="${bars.length * 26 + 6}">${rows.join('')}</svg></figure>`;
}

export function summaryHtml(summary: BatchSummary): string {
  const histogram = Array.from({ length: 10 }, (_, bucket) => {
    const low = bucket / 10;
    const count = summary.rows.filter((row) => row.resolvedFields > 0 && row.confidence >= low && (bucket === 9 ? row.confidence <= 1 : row.confidence < low + 0.1)).length;
    return [`${low.toFixed(1)}–${(low + 0.1).toFixed(1)}`, count] as const;
  });
  const slowest = [...summary.rows].sort((left, right) => right.ms - left.ms).slice(0, 10);
  const failed = summary.rows.filter((row) => row.error !== undefined);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Paxman batch report</title>
<style>body{font-family:system-ui,sans-serif;margin:2rem;color:#1d1d1f}table{border-collapse:collapse}td,th{padding:.25rem .6rem;border-bottom:1px solid #ddd;text-align:left}figure{margin:1.5rem 0}figcaption{font-weight:600;margin-bottom:.4rem}</style></head>
<body><h1>Paxman batch report</h1>
<p>${summary.documents} documents in ${summary.seconds} s (${summary.documentsPerSecond} documents/s); ${summary.resolvedFields} of ${summary.totalFields} fields resolved; ${summary.failed} failed; ${summary.skipped} skipped (already done).</p>
${barChart('Documents by status', Object.entries(summary.statuses).sort())}
${barChart('Mean confidence of resolved fields, per document', histogram)}
<h2>Slowest documents</h2><table><tr><th>document</th><th>ms</th><th>status</th></tr>${slowest.map((row) => `<tr><td>${escapeHtml(row.name)}</td><td>${row.ms}</td><td>${escapeHtml(row.status)}</td></tr>`).join('')}</table>
${failed.length === 0 ? '' : `<h2>Failures</h2><table><tr><th>document</th><th>error</th></tr>${failed.map((row) => `<tr><td>${escapeHtml(row.name)}</td><td>${escapeHtml(row.error ?? '')}</td></tr>`).join('')}</table>`}
</body></html>
`;
}

/** Writes summary.json and summary.csv (and the report when asked) through the store. */
export async function writeSummary(store: ArtifactStore, summary: BatchSummary, reportPath: string | undefined, writeReport: (path: string, html: string) => Promise<void>): Promise<void> {
  await store.write('summary.json', `${JSON.stringify(summary, null, 2)}\n`);
  await store.write('summary.csv', summaryCsv(summary));
  if (reportPath !== undefined) await writeReport(reportPath, summaryHtml(summary));
}
