/**
 * The batch's summary: `summary.json` (counts and one row per document), `summary.csv`
 * (the rows), `review-queue.json` (the documents with fields that need a person, in order,
 * each with its fields and why) and with `--report` a self-contained HTML report — status
 * counts, a confidence histogram, the slowest documents and the review queue (each
 * document linked to the inspector when `--inspector-url` is given), as inline SVG, no
 * script, no network.
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
  /** Documents with fields that need a person, and how many such fields in all. */
  readonly review: { readonly documents: number; readonly fields: number };
}

/** One document of the review queue: its artifact (in the output folder) and the fields to look at. */
export interface ReviewQueueEntry {
  readonly name: string;
  readonly path: string;
  readonly artifact: string;
  readonly fields: NonNullable<SummaryRow['review']>;
  /** The contract file it was normalized with. */
  readonly contract?: string;
  /** The inspector page for it (`<inspector-url>?review=<name>`), when the batch was given one. */
  readonly inspector?: string;
}

/** The documents that need a person, in the summary's (name) order; the queue the inspector walks. */
export function reviewQueue(summary: BatchSummary, inspectorUrl?: string): ReviewQueueEntry[] {
  return summary.rows
    .filter((row) => row.review !== undefined && row.review.length > 0)
    .map((row) => ({
      name: row.name,
      path: row.path,
      artifact: `${row.name}.artifact.json`,
      fields: row.review!,
      ...(row.contract === undefined ? {} : { contract: row.contract }),
      ...(inspectorUrl === undefined ? {} : { inspector: inspectorLink(inspectorUrl, row.name) }),
    }));
}

/** `<inspector-url>?review=<name>`: the inspector opens that document of the queue. */
export function inspectorLink(inspectorUrl: string, name: string): string {
  const url = new URL(inspectorUrl);
  url.searchParams.set('review', name);
  return url.href;
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
    review: { documents: sorted.filter((row) => (row.review?.length ?? 0) > 0).length, fields: sorted.reduce((sum, row) => sum + (row.review?.length ?? 0), 0) },
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

function reviewSection(queue: readonly ReviewQueueEntry[]): string {
  if (queue.length === 0) return '<h2>Needs a person</h2><p>No field needs a person.</p>';
  const rows = queue.map((entry) => {
    const fields = entry.fields.map((field) => `${escapeHtml(field.fieldPath)} <small>(${escapeHtml(field.reason)})</small>`).join(', ');
    const name = entry.inspector === undefined ? escapeHtml(entry.name) : `<a href="${escapeHtml(entry.inspector)}">${escapeHtml(entry.name)}</a>`;
    return `<tr data-review="${escapeHtml(entry.name)}"><td>${name}</td><td>${fields}</td></tr>`;
  });
  return `<h2>Needs a person</h2><p>${queue.length} documents, ${queue.reduce((sum, entry) => sum + entry.fields.length, 0)} fields, in the order of the review queue (review-queue.json).</p><table><tr><th>document</th><th>fields</th></tr>${rows.join('')}</table>`;
}

export function summaryHtml(summary: BatchSummary, inspectorUrl?: string): string {
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
${reviewSection(reviewQueue(summary, inspectorUrl))}
${failed.length === 0 ? '' : `<h2>Failures</h2><table><tr><th>document</th><th>error</th></tr>${failed.map((row) => `<tr><td>${escapeHtml(row.name)}</td><td>${escapeHtml(row.error ?? '')}</td></tr>`).join('')}</table>`}
</body></html>
`;
}

/** Writes summary.json, summary.csv and review-queue.json (and the report when asked) through the store. */
export async function writeSummary(store: ArtifactStore, summary: BatchSummary, reportPath: string | undefined, writeReport: (path: string, html: string) => Promise<void>, inspectorUrl?: string): Promise<void> {
  await store.write('summary.json', `${JSON.stringify(summary, null, 2)}\n`);
  await store.write('summary.csv', summaryCsv(summary));
  await store.write('review-queue.json', `${JSON.stringify(reviewQueue(summary, inspectorUrl), null, 2)}\n`);
  if (reportPath !== undefined) await writeReport(reportPath, summaryHtml(summary, inspectorUrl));
}
