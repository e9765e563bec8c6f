/**
 * A position-tracking CSV scanner (RFC 4180 plus `;`, tab and `|` delimiters, CRLF/LF,
 * leading blank lines, quoted cells with `""` escapes and line breaks). Written by hand
 * because csv-parse reports no per-cell offsets, and every cell must carry the span of
 * its source text: an unquoted cell's span is its trimmed text, a quoted cell's span is
 * the text between the quotes (`value` holds the unescaped text when `""` occurs).
 */
import type { TableCell } from './model.js';
import { isWhitespaceCode } from './label-shape.js';

/** The CSV grid: the first non-blank record is the header. */
export interface CsvGrid {
  readonly delimiter: string;
  readonly header: readonly TableCell[];
  readonly rows: readonly (readonly TableCell[])[];
  /** Records the scanner had to repair (an unterminated quote). */
  readonly warnings: readonly string[];
}

const CANDIDATE_DELIMITERS = [',', ';', '\t', '|'] as const;

/** The delimiter of the first non-blank line: the candidate occurring most often outside quotes (`,` on ties or none). */
export function detectCsvDelimiter(text: string, start = 0): string {
  let lineStart = start;
  while (lineStart < text.length) {
    let lineEnd = text.indexOf('\n', lineStart);
    if (lineEnd === -1) lineEnd = text.length;
    const line = text.slice(lineStart, Math.min(lineEnd, lineStart + 65_536));
    if (line.trim().length > 0) {
      let best = ',';
      let bestCount = 0;
      for (const delimiter of CANDIDATE_DELIMITERS) {
        let count = 0;
        let quoted = false;
        for (const character of line) {
          if (character === '"') quoted = !quoted;
          else if (!quoted && character === delimiter) count += 1;
        }
        if (count > bestCount) {
          best = delimiter;
          bestCount = count;
        }
      }
      return best;
    }
    lineStart = lineEnd + 1;
  }
  return ',';
}

/**
 * Scans `text[start, end)` as CSV into cells with spans in `layer`. Blank records are
 * skipped; ragged records are kept as they are.
 */
export function scanCsv(text: string, layer: string, options: { readonly start?: number; readonly end?: number; readonly delimiter?: string } = {}): CsvGrid {
  const start = options.start ?? 0;
  const end = options.end ?? text.length;
  const delimiter = options.delimiter ?? detectCsvDelimiter(text, start);
  const delimiterCode = delimiter.charCodeAt(0);
  const records: TableCell[][] = [];
  const warnings: string[] = [];
  let record: TableCell[] = [];
  let recordHasText = false;
  let index = start;

  const pushCell = (cellStart: number, cellEnd: number, value?: string): void => {
    let left = cellStart;
    let right = cellEnd;
    if (value === undefined) {
      while (left < right && isWhitespaceCode(text.charCodeAt(left)) && text.charCodeAt(left) !== delimiterCode) left += 1;
      while (right > left && isWhitespaceCode(text.charCodeAt(right - 1)) && text.charCodeAt(right - 1) !== delimiterCode) right -= 1;
    }
    if (right > left || value !== undefined) recordHasText = true;
    const cell: TableCell = { text: text.slice(left, right), span: { start: left, end: right, layer } };
    record.push(value !== undefined && value !== cell.text ? { ...cell, value } : cell);
  };
  const endRecord = (): void => {
    if (recordHasText) records.push(record);
    record = [];
    recordHasText = false;
  };

  while (index < end) {
    // Skip leading spaces before a possible opening quote.
    let cellStart = index;
    while (cellStart < end && (text.charCodeAt(cellStart) === 0x20 || (text.charCodeAt(cellStart) === 0x09 && delimiterCode !== 0x09))) cellStart += 1;
    if (cellStart < end && text.charCodeAt(cellStart) === 0x22) {
      const contentStart = cellStart + 1;
      let cursor = contentStart;
      let hasEscape = false;
      let closed = false;
      while (cursor < end) {
        const quote = text.indexOf('"', cursor);
        if (quote === -1 || quote >= end) break;
        if (text.charCodeAt(quote + 1) === 0x22 && quote + 1 < end) {
          hasEscape = true;
          cursor = quote + 2;
          continue;
        }
        cursor = quote;
        closed = true;
        break;
      }
      if (!closed) {
        warnings.push(`CSV: unterminated quoted cell at offset ${cellStart}; read to the end of the input.`);
        cursor = end;
      }
      const raw = text.slice(contentStart, cursor);
      pushCell(contentStart, cursor, hasEscape ? raw.replaceAll('""', '"') : raw);
      index = closed ? cursor + 1 : end;
      // Anything between the closing quote and the delimiter is dropped (lenient).
      while (index < end) {
        const code = text.charCodeAt(index);
        if (code === delimiterCode || code === 0x0a || code === 0x0d) break;
        index += 1;
      }
    } else {
      let cursor = index;
      while (cursor < end) {
        const code = text.charCodeAt(cursor);
        if (code === delimiterCode || code === 0x0a || code === 0x0d) break;
        cursor += 1;
      }
      pushCell(index, cursor);
      index = cursor;
    }
    if (index >= end) break;
    const code = text.charCodeAt(index);
    if (code === delimiterCode) {
      index += 1;
      if (index >= end) pushCell(index, index);
      continue;
    }
    // Record end: CRLF, LF or CR.
    index += code === 0x0d && text.charCodeAt(index + 1) === 0x0a ? 2 : 1;
    endRecord();
  }
  endRecord();
  const [header = [], ...rows] = records;
  return { delimiter, header, rows, warnings };
}
