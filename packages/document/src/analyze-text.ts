/**
 * Structure detection over one region of a text layer: lines, then each line's cells,
 * then key-value pairs and aligned text tables. Linear in the region's length; regions
 * longer than `STRUCTURE_CHARACTER_LIMIT` are structured up to the limit only. What
 * depends on a line's text alone (its cells, whether it is a rule, a label or a summary
 * heading) is worked out once per distinct line text, found as the lines are split (long
 * documents repeat their headers, footers and item rows). Lines with one text share one
 * string.
 */
import type { DocumentLine, KeyValuePair, Table } from './model.js';
import { STRUCTURE_CHARACTER_LIMIT } from './limits.js';
import { linesCells } from './lines-cells.js';
import { splitLines } from './lines.js';
import { detectTextKeyValues, inRegions, summaryRegions } from './text-key-values.js';
import { detectTextTables } from './text-tables.js';
import { defaultStructureWords, type StructureWords } from './structure-words.js';

/** What `analyzeText` found in a region. */
export interface TextStructure {
  readonly lines: DocumentLine[];
  readonly keyValues: KeyValuePair[];
  readonly tables: Table[];
  readonly warnings: string[];
  /** For each line, the index (in `lines`) of the first line with its text; null when not worked out (`structures: false`). */
  readonly same: Int32Array | null;
}

/** Options of `analyzeText`. */
export interface AnalyzeTextOptions {
  readonly start?: number;
  readonly end?: number;
  /** Line number of the region's first line (regions of one layer are numbered on). */
  readonly firstLineIndex?: number;
  /** Look for key-value pairs and text tables (false for CSV and JSON, whose lines are data). */
  readonly structures?: boolean;
  /** Characters structured (default `STRUCTURE_CHARACTER_LIMIT`). */
  readonly characterLimit?: number;
  /** Line-relative ranges (in layer offsets) where text tables are not looked for (rendered HTML tables). */
  readonly tableFreeRanges?: readonly (readonly [number, number])[];
  /** The words signature blocks and tax summaries are recognized by (default: the built-in packs'). */
  readonly words?: StructureWords;
}

/** Lines, key-values and text tables of `text[start, end)` in layer `layer`. */
export function analyzeText(text: string, layer: string, options: AnalyzeTextOptions = {}): TextStructure {
  const start = options.start ?? 0;
  let end = options.end ?? text.length;
  const warnings: string[] = [];
  const limit = options.characterLimit ?? STRUCTURE_CHARACTER_LIMIT;
  if (end - start > limit) {
    warnings.push(`Layer "${layer}" has ${end - start} characters; lines, key-values and tables cover only the first ${limit}.`);
    end = start + limit;
    // End on a line boundary so no line is cut.
    const lastBreak = text.lastIndexOf('\n', end);
    if (lastBreak > start) end = lastBreak;
  }
  if (options.structures === false) return { lines: splitLines(text, layer, start, end, options.firstLineIndex ?? 0), keyValues: [], tables: [], warnings, same: null };
  // Lines and same lines in one pass: lines with one text share one string.
  const firstWithText: number[] = [];
  const lines = splitLines(text, layer, start, end, options.firstLineIndex ?? 0, firstWithText);
  const same = Int32Array.from(firstWithText);
  const cells = linesCells(text, lines, same);
  const words = options.words ?? defaultStructureWords();
  // Tax summary blocks mark both pairs and table rows: found once.
  const summaries = summaryRegions(text, lines, words, same);
  const { pairs, labelledLines } = detectTextKeyValues(text, layer, lines, cells, words, summaries, same);
  const ranges = options.tableFreeRanges ?? [];
  // The labelled lines are skipped as they are unless table-free ranges add lines.
  let skipLines = labelledLines;
  if (ranges.length > 0) {
    const withRanges = Uint8Array.from(labelledLines);
    let rangeIndex = 0;
    lines.forEach((line, index) => {
      while (rangeIndex < ranges.length && ranges[rangeIndex]![1] <= line.span.start) rangeIndex += 1;
      const range = ranges[rangeIndex];
      if (range !== undefined && line.span.start >= range[0] && line.span.start < range[1]) withRanges[index] = 1;
    });
    skipLines = withRanges;
  }
  const tables = markSummaryRows(detectTextTables(text, layer, lines, cells, skipLines, same), summaries, words.taxWords);
  // A table's header row ("Bank    Account") is not a `Label    value` pair.
  const headerStarts = new Set<number>();
  for (const table of tables) if (table.header !== null) for (const cell of table.header) headerStarts.add(cell.span.start);
  const keyValues = headerStarts.size === 0 ? pairs : pairs.filter((pair) => pair.source !== 'spaced' || !headerStarts.has(pair.keySpan.start));
  return { lines, keyValues, tables, warnings, same };
}

/**
 * The tables, with the rows of a tax summary listed in `summaryRows`: the rows that stand
 * under a tax summary heading, and every row of a table whose header opens with a tax word
 * alone ("IVA  BASE  CUOTA", "Steuer  %  Netto  Steuer  Brutto": one row per rate, then theirs).
 */
function markSummaryRows(tables: Table[], regions: readonly (readonly [number, number])[], taxWords: ReadonlySet<string>): Table[] {
  return tables.map((table) => {
    const headedByTax = table.header !== null && taxWords.has((table.header[0]?.text ?? '').trim().toLowerCase());
    const summaryRows: number[] = [];
    for (let index = 0; index < table.rows.length; index += 1) {
      const first = table.rows[index]![0];
      if (first !== undefined && (headedByTax || inRegions(regions, first.span.start))) summaryRows.push(index);
    }
    return summaryRows.length === 0 ? table : { ...table, summaryRows };
  });
}
