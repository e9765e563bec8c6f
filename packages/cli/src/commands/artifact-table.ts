/**
 * The terminal view of an artifact for `paxman normalize`: one row per contract field
 * with its status, value, confidence and where it was found (a short snippet of the
 * source line the evidence points at, or the evidence text for derived layers such as
 * PDF text), an ARRAY field's items under it (one line per item: its members and its
 * confidence), followed by the fields' unresolved reasons and the replay hash.
 */
import { type CanonicalField, type Evidence, type ExecutionArtifact, type JsonValue, listDiagnostics } from 'paxman';

const WIDE_COLUMNS = { field: 22, status: 16, value: 26, confidence: 6 } as const;
const NARROW_COLUMNS = { field: 16, status: 15, value: 16, confidence: 4 } as const;

function truncate(text: string, width: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= width ? flat : `${flat.slice(0, Math.max(0, width - 1))}…`;
}

function pad(text: string, width: number): string {
  return text.length >= width ? text : text + ' '.repeat(width - text.length);
}

/** A readable rendering of a canonical value: MONEY as `EUR 1720.74`, others as text. */
export function formatValue(value: JsonValue): string {
  if (value === null) return '—';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value) && value.length > 0 && value.every((item) => item !== null && typeof item === 'object' && !Array.isArray(item))) return `${value.length} item${value.length === 1 ? '' : 's'}`;
  if (!Array.isArray(value)) {
    const record = value as { readonly [key: string]: JsonValue };
    if (typeof record['amount'] === 'string') {
      const currency = record['currency'];
      return typeof currency === 'string' ? `${currency} ${record['amount']}` : record['amount'];
    }
  }
  return JSON.stringify(value);
}

/** A short "where found" snippet for one evidence record: its source line, from the label on when that fits. */
export function whereFound(evidence: Evidence, inputText: string | null, width: number): string {
  const [span] = evidence.spans;
  if (span !== undefined && span.layer === 'input' && inputText !== null && span.end <= inputText.length) {
    const lineStart = inputText.lastIndexOf('\n', span.start - 1) + 1;
    const lineEndIndex = inputText.indexOf('\n', span.end);
    const line = inputText.slice(lineStart, lineEndIndex === -1 ? inputText.length : lineEndIndex);
    const lineNumber = ` (L${inputText.slice(0, span.start).split('\n').length})`;
    const room = width - lineNumber.length;
    const valueEnd = span.end - lineStart;
    const labelAt = evidence.label === undefined ? -1 : line.toLowerCase().lastIndexOf(evidence.label.toLowerCase(), span.start - lineStart);
    const starts = [0, labelAt, span.start - lineStart].filter((start) => start >= 0);
    for (const start of starts) {
      const tail = truncate(line.slice(start, valueEnd), Number.MAX_SAFE_INTEGER);
      if (tail.length + (start > 0 ? 1 : 0) <= room) return `${start > 0 ? '…' : ''}${truncate(line.slice(start), room - (start > 0 ? 1 : 0))}${lineNumber}`;
    }
    return `${truncate(line.slice(span.start - lineStart, valueEnd), room)}${lineNumber}`;
  }
  const text = evidence.text ?? '';
  const described = evidence.label !== undefined ? `${evidence.label}: ${text}` : text || evidence.kind;
  return truncate(`${described}${span !== undefined ? ` [${span.layer}]` : ''}`, width);
}

/** The fields with a result of their own, in contract order: an array's item members are shown in its items. */
function flatten(fields: readonly CanonicalField[]): CanonicalField[] {
  return fields.flatMap((field) => [field, ...(field.type === 'ARRAY' ? [] : flatten(field.fields))]);
}

/** One line per item of an array of objects: its position, its members' values, its confidence. */
export function itemLines(value: readonly JsonValue[], items: readonly { readonly confidence: number }[] | undefined, columns: number): string[] {
  return value.map((item, index) => {
    const members = item !== null && typeof item === 'object' && !Array.isArray(item) ? Object.values(item as Record<string, JsonValue>).map((member) => formatValue(member)) : [formatValue(item)];
    const confidence = items?.[index]?.confidence;
    const suffix = confidence === undefined ? '' : `  ${confidence.toFixed(2)}`;
    return `  ${pad(`[${index + 1}]`, 5)}${truncate(members.join(' | '), Math.max(20, columns - 8 - suffix.length))}${suffix}`;
  });
}

/** Renders the table. `fields` gives the row order (contract order); `inputText` the decoded input for snippets. */
export function renderArtifactTable(artifact: ExecutionArtifact, options: { readonly fields: readonly CanonicalField[] | null; readonly inputText: string | null; readonly columns?: number }): string {
  const evidenceById = new Map(artifact.evidence.map((record) => [record.id, record] as const));
  const paths = options.fields === null ? Object.keys(artifact.fieldResults) : flatten(options.fields).map((field) => field.path);
  const columns = options.columns ?? 120;
  const COLUMN_WIDTHS = columns < 110 ? NARROW_COLUMNS : WIDE_COLUMNS;
  const whereWidth = Math.max(20, columns - (COLUMN_WIDTHS.field + COLUMN_WIDTHS.status + COLUMN_WIDTHS.value + COLUMN_WIDTHS.confidence + 9));
  const header = [pad('FIELD', COLUMN_WIDTHS.field), pad('STATUS', COLUMN_WIDTHS.status), pad('VALUE', COLUMN_WIDTHS.value), pad('CONF', COLUMN_WIDTHS.confidence), 'WHERE FOUND'].join('  ');
  const lines: string[] = [];
  const resolved = Object.values(artifact.fieldResults).filter((result) => result.status === 'SUCCESS' || result.status === 'PARTIAL_SUCCESS').length;
  lines.push(`${artifact.contract.id ?? 'contract'}@${artifact.contract.version ?? '?'}  ${artifact.status}  ${resolved}/${paths.length} fields resolved  (${artifact.input.inputType}, ${artifact.input.size} bytes)`);
  lines.push('');
  lines.push(header);
  lines.push('-'.repeat(Math.max(header.length, Math.min(header.length + whereWidth - 'WHERE FOUND'.length, columns - 1))));
  for (const path of paths) {
    const result = artifact.fieldResults[path];
    if (result === undefined) continue;
    const status = result.defaulted ? 'DEFAULTED' : result.requiresHuman ? 'NEEDS_HUMAN' : result.status;
    const firstEvidence = result.evidenceIds.map((id) => evidenceById.get(id)).find((record) => record !== undefined);
    // An unresolved field says why first; the evidence it had (if any) follows.
    const reason = result.unresolvedReason !== null && result.status !== 'SUCCESS' && result.status !== 'PARTIAL_SUCCESS' ? `(${result.unresolvedReason.toLowerCase().replaceAll('_', ' ')})` : '';
    const snippetWidth = whereWidth - (reason.length > 0 ? reason.length + 1 : 0);
    const snippet = firstEvidence !== undefined && snippetWidth >= 12 ? whereFound(firstEvidence, options.inputText, snippetWidth) : '';
    const where = [reason, snippet].filter((part) => part.length > 0).join(' ');
    lines.push(
      [
        pad(truncate(path, COLUMN_WIDTHS.field), COLUMN_WIDTHS.field),
        pad(status, COLUMN_WIDTHS.status),
        pad(truncate(formatValue(result.value), COLUMN_WIDTHS.value), COLUMN_WIDTHS.value),
        pad(result.confidence.toFixed(2), COLUMN_WIDTHS.confidence),
        where,
      ].join('  ').trimEnd(),
    );
    if (Array.isArray(result.value)) lines.push(...itemLines(result.value, result.items, columns));
  }
  const problems = listDiagnostics(artifact).filter((diagnostic) => diagnostic.severity === 'ERROR');
  if (problems.length > 0) {
    lines.push('');
    for (const problem of problems.slice(0, 10)) lines.push(`error ${problem.code}${problem.fieldPath !== undefined ? ` (${problem.fieldPath})` : ''}: ${problem.message}`);
    if (problems.length > 10) lines.push(`… and ${problems.length - 10} more errors (see --json)`);
  }
  lines.push('');
  lines.push(`replayHash ${artifact.replayHash}`);
  return `${lines.join('\n')}\n`;
}
