/**
 * Rendering HTML to its visible text (the `html-text` layer) with htmlparser2, which
 * reports each token's source offsets. Script, style and similar content is skipped,
 * block elements break lines, whitespace collapses as a browser collapses it (kept in
 * `<pre>`), table cells are separated by a tab. While rendering it records:
 * - an offset map from the rendered text back to the HTML source (per text run: exact
 *   for literal text, whole-run for an entity such as `&amp;`);
 * - every `<table>` (header from a `<th>` row or a header-like first row), with cell
 *   spans in the rendered text;
 * - `<dt>/<dd>` pairs and two-cell `<th>/<td>` rows as key-value pairs;
 * - the rendered ranges of tables, so text-table detection leaves them alone.
 * Spans are in the rendered layer; `relocateSpan` moves them to the source when exact.
 */
import type { HtmlParserConstructor } from './lazy-libraries.js';
import type { KeyValuePair, LayerMapSegment, Table, TableCell } from './model.js';
import { hasDigit, isLabelShape, isLetterAt, isWhitespaceCode, trimBounds } from './label-shape.js';

/** The rendered HTML. */
export interface HtmlRendering {
  readonly text: string;
  readonly segments: readonly LayerMapSegment[];
  readonly tables: readonly Table[];
  readonly keyValues: readonly KeyValuePair[];
  /** Rendered ranges covered by tables. */
  readonly tableRanges: readonly (readonly [number, number])[];
  /** Where (offset in the rendered source) reading stopped because elements nested deeper than `MAX_HTML_DEPTH`; null when read whole. */
  readonly cutAt: number | null;
}

/**
 * The deepest element nesting rendered. Real pages nest a few dozen deep; a document of
 * 400 000 unclosed `<b>` or a million nested `<div>` would make the parser's element stack
 * cost quadratic time, so reading stops there (the caller says so in a warning).
 */
export const MAX_HTML_DEPTH = 512;

const SKIPPED = new Set(['script', 'style', 'noscript', 'template', 'title', 'head', 'svg', 'math', 'object', 'iframe', 'select']);
const BLOCKS = new Set([
  'address', 'article', 'aside', 'blockquote', 'body', 'caption', 'center', 'dd', 'details', 'dialog', 'div', 'dl', 'dt',
  'fieldset', 'figcaption', 'figure', 'footer', 'form', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'header', 'hr', 'html', 'legend',
  'li', 'main', 'nav', 'ol', 'p', 'pre', 'section', 'summary', 'table', 'tbody', 'tfoot', 'thead', 'tr', 'ul',
]);

/** A pending space with no source character (a block element inside a table cell). */
const SYNTHETIC_SPACE = -2;

interface CellState {
  start: number;
  end: number;
  readonly isHeader: boolean;
}

interface TableState {
  readonly start: number;
  readonly rows: CellState[][];
  row: CellState[] | null;
  cell: CellState | null;
}

/**
 * Renders `source[start, end)` (HTML) to text with htmlparser2's `Parser` (loaded lazily by the caller); structure spans are in `layer` (the name
 * the caller gives the rendered layer). Offsets in the map point into `source`.
 */
export function renderHtml(Parser: HtmlParserConstructor, source: string, layer: string, start = 0, end = source.length): HtmlRendering {
  const html = start === 0 && end === source.length ? source : source.slice(start, end);
  const chunks: string[] = [];
  let length = 0;
  let lastCharacter = '\n';
  const segments: LayerMapSegment[] = [];
  let pendingSpace = -1;
  let skipDepth = 0;
  let preDepth = 0;
  const tableStack: TableState[] = [];
  const tableResults: { table: TableState; end: number }[] = [];
  const tableRanges: [number, number][] = [];
  const definitions: { key: [number, number]; value: [number, number] }[] = [];
  let definitionTerm: [number, number] | null = null;
  let termStart = -1;
  let descriptionStart = -1;
  let depth = 0;
  let cutAt: number | null = null;

  const append = (text: string, targetStart: number, targetEnd: number, mapped: boolean): void => {
    if (text.length === 0) return;
    if (mapped) {
      const last = segments[segments.length - 1];
      if (
        last !== undefined &&
        last.end === length &&
        last.targetEnd === targetStart &&
        last.end - last.start === last.targetEnd - last.targetStart &&
        text.length === targetEnd - targetStart
      ) {
        segments[segments.length - 1] = { start: last.start, end: length + text.length, targetStart: last.targetStart, targetEnd };
      } else {
        segments.push({ start: length, end: length + text.length, targetStart, targetEnd });
      }
    }
    chunks.push(text);
    length += text.length;
    lastCharacter = text[text.length - 1]!;
  };
  /** Inside a table cell a block element or `<br>` separates words, not lines: a row stays on one line. */
  const insideCell = (): boolean => tableStack.length > 0 && tableStack[tableStack.length - 1]!.cell !== null;
  const lineBreak = (): void => {
    if (insideCell()) {
      if (pendingSpace === -1) pendingSpace = SYNTHETIC_SPACE;
      return;
    }
    pendingSpace = -1;
    if (lastCharacter !== '\n') append('\n', 0, 0, false);
  };
  const flushSpace = (): void => {
    if (pendingSpace === SYNTHETIC_SPACE) {
      if (lastCharacter !== '\n' && lastCharacter !== '\t') append(' ', 0, 0, false);
    } else if (pendingSpace !== -1 && lastCharacter !== '\n' && lastCharacter !== '\t') {
      append(' ', pendingSpace, pendingSpace + 1, true);
    }
    pendingSpace = -1;
  };

  const onText = (text: string, rawStart: number, rawEnd: number): void => {
    if (skipDepth > 0) return;
    const raw = html.slice(rawStart, rawEnd);
    if (raw !== text) {
      // An entity: one unit, mapped as a whole.
      if (text.trim().length === 0 && preDepth === 0) {
        if (pendingSpace < 0) pendingSpace = start + rawStart;
        return;
      }
      flushSpace();
      append(text, start + rawStart, start + rawEnd, true);
      return;
    }
    if (preDepth > 0) {
      flushSpace();
      append(text, start + rawStart, start + rawEnd, true);
      return;
    }
    let index = 0;
    while (index < text.length) {
      if (isWhitespaceCode(text.charCodeAt(index))) {
        if (pendingSpace < 0) pendingSpace = start + rawStart + index;
        index += 1;
        continue;
      }
      let runEnd = index + 1;
      while (runEnd < text.length && !isWhitespaceCode(text.charCodeAt(runEnd))) runEnd += 1;
      flushSpace();
      append(text.slice(index, runEnd), start + rawStart + index, start + rawStart + runEnd, true);
      index = runEnd;
    }
  };

  const closeCell = (table: TableState): void => {
    if (table.cell !== null) {
      table.cell.end = length;
      table.cell = null;
    }
  };
  const closeRow = (table: TableState): void => {
    closeCell(table);
    if (table.row !== null && table.row.length > 0) table.rows.push(table.row);
    table.row = null;
  };

  const parser = new Parser(
    {
      onopentag(name) {
        depth += 1;
        if (depth > MAX_HTML_DEPTH) {
          if (cutAt === null) cutAt = parser.startIndex;
          parser.pause();
          return;
        }
        if (SKIPPED.has(name)) {
          skipDepth += 1;
          return;
        }
        if (skipDepth > 0) return;
        if (name === 'pre') preDepth += 1;
        if (name === 'br') {
          lineBreak();
          return;
        }
        const table = tableStack[tableStack.length - 1];
        if (name === 'table') {
          lineBreak();
          tableStack.push({ start: length, rows: [], row: null, cell: null });
          return;
        }
        if (table !== undefined && name === 'tr') {
          closeRow(table);
          lineBreak();
          table.row = [];
          return;
        }
        if (table !== undefined && (name === 'td' || name === 'th')) {
          closeCell(table);
          if (table.row === null) {
            lineBreak();
            table.row = [];
          }
          if (table.row.length > 0) {
            pendingSpace = -1;
            append('\t', 0, 0, false);
          }
          pendingSpace = -1;
          table.cell = { start: length, end: length, isHeader: name === 'th' };
          table.row.push(table.cell);
          return;
        }
        if (BLOCKS.has(name)) lineBreak();
        if (name === 'dt') termStart = length;
        if (name === 'dd') descriptionStart = length;
      },
      ontext(text) {
        onText(text, parser.startIndex, parser.endIndex + 1);
      },
      onclosetag(name) {
        depth = Math.max(0, depth - 1);
        if (cutAt !== null) return;
        if (SKIPPED.has(name)) {
          skipDepth = Math.max(0, skipDepth - 1);
          return;
        }
        if (skipDepth > 0) return;
        if (name === 'pre') preDepth = Math.max(0, preDepth - 1);
        const table = tableStack[tableStack.length - 1];
        if (table !== undefined && (name === 'td' || name === 'th')) {
          closeCell(table);
          return;
        }
        if (table !== undefined && name === 'tr') {
          closeRow(table);
          lineBreak();
          return;
        }
        if (table !== undefined && name === 'table') {
          closeRow(table);
          tableStack.pop();
          tableResults.push({ table, end: length });
          tableRanges.push([table.start, length]);
          lineBreak();
          return;
        }
        if (name === 'dt' && termStart !== -1) {
          definitionTerm = [termStart, length];
          termStart = -1;
        }
        if (name === 'dd' && descriptionStart !== -1 && definitionTerm !== null) {
          definitions.push({ key: definitionTerm, value: [descriptionStart, length] });
          descriptionStart = -1;
        }
        if (name === 'dl') definitionTerm = null;
        if (BLOCKS.has(name)) lineBreak();
      },
    },
    { decodeEntities: true, lowerCaseTags: true, recognizeSelfClosing: true },
  );
  parser.write(html);
  if (cutAt === null) parser.end();
  // Tables left open at the end of the input still count.
  while (tableStack.length > 0) {
    const table = tableStack.pop()!;
    closeRow(table);
    tableResults.push({ table, end: length });
    tableRanges.push([table.start, length]);
  }
  const text = chunks.join('');
  const keyValues: KeyValuePair[] = [];
  const tables: Table[] = [];
  for (const { table } of tableResults.sort((left, right) => left.table.start - right.table.start)) {
    const rendered = renderTable(text, layer, table, keyValues);
    if (rendered !== null) tables.push(rendered);
  }
  for (const definition of definitions) {
    const key = trimLabel(text, definition.key[0], definition.key[1]);
    const value = trimBounds(text, definition.value[0], definition.value[1]);
    if (key[1] > key[0] && value[1] > value[0]) keyValues.push(keyValue(text, layer, key, value, 'definition-list'));
  }
  tableRanges.sort((left, right) => left[0] - right[0]);
  return { text, segments, tables, keyValues, tableRanges, cutAt: cutAt === null ? null : start + cutAt };
}

function keyValue(text: string, layer: string, key: readonly [number, number], value: readonly [number, number], source: KeyValuePair['source']): KeyValuePair {
  return {
    key: text.slice(key[0], key[1]),
    value: text.slice(value[0], value[1]),
    keySpan: { start: key[0], end: key[1], layer: layer },
    valueSpan: { start: value[0], end: value[1], layer: layer },
    source,
  };
}

/** Trims a label and a trailing colon. */
function trimLabel(text: string, start: number, end: number): [number, number] {
  const [left, right] = trimBounds(text, start, end);
  if (right > left && (text[right - 1] === ':' || text[right - 1] === '：')) return trimBounds(text, left, right - 1);
  return [left, right];
}

function headerLike(text: string, cells: readonly CellState[]): boolean {
  if (cells.every((cell) => cell.isHeader)) return true;
  return cells.every((cell) => {
    const [left, right] = trimBounds(text, cell.start, cell.end);
    return right > left && isLetterAt(text, left) && !hasDigit(text, left, right);
  });
}

function renderTable(text: string, layer: string, table: TableState, keyValues: KeyValuePair[]): Table | null {
  const rows = table.rows.map((row) =>
    row.map((cell): TableCell => {
      const [left, right] = trimBounds(text, cell.start, cell.end);
      return { text: text.slice(left, right), span: { start: left, end: right, layer: layer } };
    }),
  );
  // Label/value rows: two cells (a header cell or a label-shaped cell, then its value),
  // or label/value/label/value… where every label is a `<th>` or a label without digits.
  table.rows.forEach((row, rowIndex) => {
    if (row.length < 2 || row.length % 2 !== 0) return;
    const cells = rows[rowIndex]!;
    const found: KeyValuePair[] = [];
    for (let index = 0; index < row.length; index += 2) {
      const first = cells[index]!;
      const second = cells[index + 1]!;
      if (first.text.length === 0 || second.text.length === 0 || row[index + 1]!.isHeader) return;
      const key = trimLabel(text, first.span.start, first.span.end);
      const endsWithColon = text[first.span.end - 1] === ':';
      const labelled =
        row[index]!.isHeader ||
        (isLabelShape(text, key[0], key[1]) && (!hasDigit(text, key[0], key[1]) || (row.length === 2 && endsWithColon)));
      if (!labelled) return;
      found.push(keyValue(text, layer, key, [second.span.start, second.span.end], 'html-table-row'));
    }
    for (const pair of found) keyValues.push(pair);
  });
  if (rows.length === 0) return null;
  const firstRow = table.rows[0]!;
  const hasHeader = rows.length >= 2 && firstRow.length >= 2 && headerLike(text, firstRow);
  return { source: 'html', header: hasHeader ? rows[0]! : null, rows: hasHeader ? rows.slice(1) : rows };
}
