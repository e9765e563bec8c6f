/**
 * Key-value pairs in plain text lines: `Label: value`, `Label ..... value` (dot
 * leaders), `Label    value` (two cells split by 2+ spaces or a tab, in an aligned block),
 * a label on its own line with the value on the next line (`above`), and a block of
 * labels on their own lines followed by as many values on theirs (`block`). Several pairs
 * may share a line (`Date: 2026-01-15    Due: 2026-02-15`): the line is first split into
 * cells, and each cell is examined. Spans are trimmed and exact.
 *
 * What a line's text says by itself (its pairs, a label waiting for a value below it, its
 * `Label    value` reading) is planned once per distinct line text, in offsets from the
 * line's start, and placed on every line that prints that text with the same key and
 * value strings; only what depends on the lines around it (a value below, a block of
 * spaced lines) is asked per line. Long documents repeat their headers, footers and rows.
 */
import type { DocumentLine, KeyValuePair } from './model.js';
import { hasDigit, isLabelShape, isWhitespaceCode, skipBullet, trimBounds } from './label-shape.js';
import { firstOf, nextOccurrence, type OccurrenceSearch } from './character-search.js';
import type { LineCell } from './line-cells.js';
import type { LinesCells } from './lines-cells.js';
import { cutAtPairSeparators, mayPartPairs } from './pair-separators.js';
import { selfLabelledCells } from './self-labelled-cells.js';
import type { StructureWords } from './structure-words.js';
import { lineAnswers, sameLines } from './same-lines.js';

/** What the detector found on one line: its pairs, and whether any was `Label: value` or a leader. */
export interface LineKeyValues {
  readonly pairs: KeyValuePair[];
  /** By line number, 1 for a line holding a pair found on the line itself (text tables skip them), else 0. */
  readonly labelledLines: Uint8Array;
}

function pair(
  text: string,
  layer: string,
  key: readonly [number, number],
  value: readonly [number, number],
  source: KeyValuePair['source'],
): KeyValuePair {
  value = withoutLabelHash(text, value);
  return {
    key: text.slice(key[0], key[1]),
    value: text.slice(value[0], value[1]),
    keySpan: { start: key[0], end: key[1], layer },
    valueSpan: { start: value[0], end: value[1], layer },
    source,
  };
}

const COLON = 0x3a;
const DOT = 0x2e;
const ELLIPSIS = 0x2026;

/** Native searches for the characters that end a label, one set per stream of increasing positions. */
interface SeparatorSearches {
  readonly colon: OccurrenceSearch;
  readonly fullwidthColon: OccurrenceSearch;
  readonly dots: OccurrenceSearch;
  readonly ellipsis: OccurrenceSearch;
}

function separatorSearches(text: string): SeparatorSearches {
  return {
    colon: nextOccurrence(text, ':'),
    fullwidthColon: nextOccurrence(text, '\uff1a'),
    dots: nextOccurrence(text, '...'),
    ellipsis: nextOccurrence(text, '\u2026'),
  };
}

/** The position of a label-ending colon in the cell, or -1. */
function findLabelColon(text: string, cell: LineCell, searches: SeparatorSearches): number {
  const limit = Math.min(cell.end, cell.start + 64);
  // Only the first colon of the cell's head is examined.
  const index = firstOf(searches.colon(cell.start + 1, limit), searches.fullwidthColon(cell.start + 1, limit));
  if (index === -1) return -1;
  const after = index + 1 < cell.end ? text.charCodeAt(index + 1) : 0x20;
  // `/` `\` `:` `=` after the colon: a URL, a path, `::` or `:=`, not a label.
  if (after === 0x2f || after === 0x5c || after === COLON || after === 0x3d) return -1;
  const before = text.charCodeAt(index - 1);
  if (before >= 0x30 && before <= 0x39 && after >= 0x30 && after <= 0x39) return -1;
  return index;
}

/** The start of a run of 3+ dots (or `…`) in the cell, and its end, or null. */
function findLeader(text: string, cell: LineCell, searches: SeparatorSearches): [number, number] | null {
  const index = firstOf(searches.dots(cell.start + 1, cell.end), searches.ellipsis(cell.start + 1, cell.end));
  if (index === -1) return null;
  let end = index;
  while (end < cell.end && isLeaderAt(text, end)) end += 1;
  return [index, end];
}

/** A leader continues at `index`: a dot, `…`, or a space before one. */
function isLeaderAt(text: string, index: number): boolean {
  const code = text.charCodeAt(index);
  if (code === DOT || code === ELLIPSIS) return true;
  const next = text.charCodeAt(index + 1);
  return code === 0x20 && (next === DOT || next === ELLIPSIS);
}

function keyBounds(text: string, start: number, end: number): [number, number] | null {
  const [left, right] = trimBounds(text, skipBullet(text, start, end), end);
  return isLabelShape(text, left, right) ? [left, right] : null;
}
/** "Invoice No : # 123": a `#` standing apart is label notation, not part of the value. */
function withoutLabelHash(text: string, value: readonly [number, number]): readonly [number, number] {
  if (text[value[0]] === '#' && value[1] - value[0] > 2 && (text[value[0] + 1] === ' ' || text[value[0] + 1] === '\t')) return trimBounds(text, value[0] + 1, value[1]);
  return value;
}

/**
 * A pair a line's text holds by itself, in offsets from the line's start: every line with
 * that text gets it, moved to where the line starts, with the same key and value strings.
 */
interface LinePair {
  readonly key: string;
  readonly value: string;
  readonly keyStart: number;
  readonly keyEnd: number;
  readonly valueStart: number;
  readonly valueEnd: number;
  readonly source: KeyValuePair['source'];
}

function linePair(text: string, lineStart: number, key: readonly [number, number], value: readonly [number, number], source: KeyValuePair['source']): LinePair {
  const [valueStart, valueEnd] = withoutLabelHash(text, value);
  return {
    key: text.slice(key[0], key[1]),
    value: text.slice(valueStart, valueEnd),
    keyStart: key[0] - lineStart,
    keyEnd: key[1] - lineStart,
    valueStart: valueStart - lineStart,
    valueEnd: valueEnd - lineStart,
    source,
  };
}

/** The `KeyValuePair` of `found` on a line starting at `lineStart`. */
function placePair(found: LinePair, lineStart: number, layer: string): KeyValuePair {
  return {
    key: found.key,
    value: found.value,
    keySpan: { start: lineStart + found.keyStart, end: lineStart + found.keyEnd, layer },
    valueSpan: { start: lineStart + found.valueStart, end: lineStart + found.valueEnd, layer },
    source: found.source,
  };
}

/**
 * What one cell of a line's text holds, in offsets from the line's start: a pair on the
 * line (`pair`), a label alone whose amount may stand under it (`bare`, the cell and its
 * key), or a label whose value may stand under it (`below`).
 */
type LineStep =
  | { readonly kind: 'pair'; readonly pair: LinePair }
  | { readonly kind: 'bare'; readonly keyStart: number; readonly keyEnd: number; readonly cellStart: number; readonly cellEnd: number }
  | { readonly kind: 'below'; readonly keyStart: number; readonly keyEnd: number; readonly hasNextCell: boolean };

/** The steps of a line's text, and how many cells it has once cut at pair separators. */
interface LinePlan {
  readonly steps: readonly LineStep[];
  readonly cellCount: number;
}

/**
 * The `LinePlan` of a line starting at `lineStart` with cells `lineCells`: each cell's
 * colon or leader, key and value, all read from the line's own text.
 */
function planLine(
  text: string,
  lineStart: number,
  lineCells: readonly LineCell[],
  searches: SeparatorSearches,
  isLabelCell: (cell: LineCell) => boolean,
  isBareLabelLine: () => boolean,
): LinePlan {
  const steps: LineStep[] = [];
  for (let cellIndex = 0; cellIndex < lineCells.length; cellIndex += 1) {
    const cell = lineCells[cellIndex]!;
    const colon = findLabelColon(text, cell, searches);
    const leader = colon === -1 ? findLeader(text, cell, searches) : null;
    const separatorStart = colon !== -1 ? colon : leader !== null ? leader[0] : -1;
    if (separatorStart === -1) {
      if (lineCells.length === 1 && isBareLabelLine()) {
        const key = keyBounds(text, cell.start, cell.end);
        if (key !== null) steps.push({ kind: 'bare', keyStart: key[0] - lineStart, keyEnd: key[1] - lineStart, cellStart: cell.start - lineStart, cellEnd: cell.end - lineStart });
      }
      continue;
    }
    const separatorEnd = colon !== -1 ? colon + 1 : leader![1];
    let keyEnd = separatorStart;
    if (leader !== null && text[keyEnd - 1] === ':') keyEnd -= 1;
    const key = keyBounds(text, cell.start, keyEnd);
    if (key === null) continue;
    const source: KeyValuePair['source'] = colon !== -1 ? 'colon' : 'leader';
    let value = trimBounds(text, separatorEnd, cell.end);
    // "TOTAL AMT........ RM" / "60.31": a currency marker alone after the leader, the amount on the next line.
    if (value[0] !== value[1] && SEPARATOR_LINE.test(text.slice(value[0], value[1]))) value = [value[1], value[1]];
    if (value[0] !== value[1]) {
      steps.push({ kind: 'pair', pair: linePair(text, lineStart, key, value, source) });
      continue;
    }
    const nextCell = lineCells[cellIndex + 1];
    if (nextCell !== undefined && !isLabelCell(nextCell)) {
      // "TOTAL :      RM     39.80": a currency in its own column goes with the amount after it.
      const amount = lineCells[cellIndex + 2];
      const withCurrency = amount !== undefined && currencyBeforeAmount(text, nextCell, amount);
      steps.push({ kind: 'pair', pair: linePair(text, lineStart, key, [nextCell.start, withCurrency ? amount.end : nextCell.end], source) });
      cellIndex += withCurrency ? 2 : 1;
      continue;
    }
    if (source !== 'colon' && !SEPARATOR_LINE.test(text.slice(separatorEnd, cell.end).trim())) continue;
    steps.push({ kind: 'below', keyStart: key[0] - lineStart, keyEnd: key[1] - lineStart, hasNextCell: nextCell !== undefined });
  }
  return { steps, cellCount: lineCells.length };
}


/**
 * The cell of `cells` (a line starting at `otherLineStart`) that sits under the label
 * `[keyStart, keyEnd)` of a line starting at `lineStart`: it starts within 3 columns of
 * the label or overlaps it. Columns only mean something in aligned text, which is what
 * a label above its value is.
 */
function cellBelow(cells: readonly LineCell[], keyStart: number, keyEnd: number, lineStart: number, otherLineStart: number): LineCell | undefined {
  const labelStart = keyStart - lineStart;
  const labelEnd = keyEnd - lineStart;
  for (const cell of cells) {
    const start = cell.start - otherLineStart;
    const end = cell.end - otherLineStart;
    if (Math.abs(start - labelStart) <= 3 || (start < labelEnd && end > labelStart)) return cell;
  }
  return undefined;
}

/** A list item (`- x`, `* x`, `1. x`, `[1] x`) or a long sentence is not the value of a label above it. */
function isValueShape(text: string, cell: LineCell): boolean {
  if (cell.end - cell.start > 80) return false;
  const head = text.slice(cell.start, Math.min(cell.end, cell.start + 6));
  return !/^(?:[-*•·–]\s|\d{1,2}[.)]\s|\[\d{1,2}\])/.test(head);
}

/** One token mixing letters and digits (`IBZY2087`, `INV-7`) is a value, not a label. */
function isCodeToken(text: string, start: number, end: number): boolean {
  const token = text.slice(start, end);
  return !token.includes(' ') && /[0-9]/.test(token);
}

const SEPARATOR_LINE = /^(?:[:：=-]+|RM|MYR|SGD|S\$|\$|€|£|USD|EUR|GBP)$/i;
/** An amount alone in a cell, with two decimals (a price, not a quantity or a count). */
const AMOUNT_ALONE = /^[-−]?(?:RM|\$|€|£)?\s?\d{1,3}(?:,\d{3})*\.\d{2}$/;

/** A cell that can only be a label: a few words of letters (a rate like "6%" allowed), no amount, no code. */
function isBareLabel(text: string, cell: LineCell): boolean {
  const label = text.slice(cell.start, cell.end).trim();
  if (label.length < 3 || label.length > 40 || !/\p{L}{3}/u.test(label)) return false;
  if (label.split(/\s+/).length > 6) return false;
  return !/\d/.test(label.replace(/\d+(?:\.\d+)?\s*%/g, ''));
}

/** A value alone on its line in a value block: an amount, or a count ("22"). */
const BLOCK_VALUE = /^[-−]?(?:RM|\$|€|£)?\s?(?:\d{1,3}(?:,\d{3})*(?:\.\d{2,3})?|\.\d{2})-?$/;

/**
 * Labels transcribed as one column and values as the next: a run of two or more lines each
 * holding only a label ("TOTAL SALES (INCLUSIVE GST)" / "CASH" / "CHANGE"), then — past
 * lines holding only a separator or a currency marker — exactly as many lines each holding
 * only a value ("3.70" / "10.00" / "6.30"), paired by order (`block`). A different count
 * pairs nothing: which label a value belongs to would be a guess. Flags the lines used in
 * `used` (by line number) and returns how many pairs were found.
 */
function blockPairs(text: string, layer: string, cells: LinesCells, same: Int32Array, pairs: KeyValuePair[], used: Uint8Array): number {
  let paired = 0;
  const single = (line: number): LineCell | null => (cells.count(line) === 1 ? cells.of(line)[0]! : null);
  // Whether a line is a label depends on its text alone: a text repeated on many lines is judged once.
  const labelLines = lineAnswers(same, (line) => {
    const cell = single(line);
    if (cell === null) return false;
    const cellText = text.slice(cell.start, cell.end).trim();
    return !SEPARATOR_LINE.test(cellText) && isBareLabel(text, { ...cell, end: cellText.endsWith(':') ? cell.end - 1 : cell.end });
  });
  const isLabelLine = (line: number): boolean => labelLines.get(line);
  const separatorLines = lineAnswers(same, (line) => {
    const cell = single(line);
    return cell !== null && SEPARATOR_LINE.test(text.slice(cell.start, cell.end).trim());
  });
  const valueLines = lineAnswers(same, (line) => {
    const cell = single(line);
    return cell !== null && BLOCK_VALUE.test(text.slice(cell.start, cell.end).trim());
  });
  const isSeparator = (line: number): boolean => separatorLines.get(line);
  const isValue = (line: number): boolean => valueLines.get(line);
  let line = 0;
  while (line < cells.lineCount) {
    if (!isLabelLine(line)) {
      line += 1;
      continue;
    }
    const labels: number[] = [];
    while (line < cells.lineCount && (cells.count(line) === 0 || isLabelLine(line))) {
      if (cells.count(line) > 0) labels.push(line);
      line += 1;
    }
    while (line < cells.lineCount && (cells.count(line) === 0 || isSeparator(line))) line += 1;
    const values: number[] = [];
    while (line < cells.lineCount && (cells.count(line) === 0 || isValue(line) || isSeparator(line))) {
      if (isValue(line)) values.push(line);
      line += 1;
    }
    if (labels.length < 2 || values.length !== labels.length) continue;
    labels.forEach((labelLine, index) => {
      const label = single(labelLine)!;
      const key = keyBounds(text, label.start, text.slice(label.start, label.end).trimEnd().endsWith(':') ? text.lastIndexOf(':', label.end) : label.end);
      const value = single(values[index]!)!;
      if (key === null) return;
      pairs.push(pair(text, layer, key, trimBounds(text, value.start, value.end), 'block'));
      used[labelLine] = 1;
      used[values[index]!] = 1;
      paired += 1;
    });
  }
  return paired;
}

/**
 * Finds the key-value pairs of `lines` (all in `layer`), given each line's cells
 * (`cells.of(i)` for `lines[i]`; none for lines too long to split).
 */
export function detectTextKeyValues(
  text: string,
  layer: string,
  lines: readonly DocumentLine[],
  cells: LinesCells,
  words: StructureWords,
  summaries: readonly (readonly [number, number])[] = summaryRegions(text, lines, words),
  same: Int32Array = sameLines(lines),
): LineKeyValues {
  const pairs: KeyValuePair[] = [];
  // Flags by line number (a line is asked about as it comes, and thousands come): typed arrays, not sets.
  const labelledLines = new Uint8Array(lines.length);
  // Lines taken as the value of a label above them; such a line is not a label itself.
  const valueLines = new Uint8Array(lines.length);
  // Lines paired in a block of labels and a block of values.
  const inBlocks = new Uint8Array(lines.length);
  // Whether a line holds only a separator or a currency marker depends on its text alone: judged once per distinct text.
  const markerLines = lineAnswers(same, (line) => {
    const lineCells = cells.split(line);
    return lineCells.length === 1 && SEPARATOR_LINE.test(text.slice(lineCells[0]!.start, lineCells[0]!.end));
  });
  /** The aligned cell under a label on one of the next two non-blank lines (and its line), or null. */
  const valueBelow = (lineIndex: number, key: readonly [number, number]): { cell: LineCell; line: number } | null => {
    let seen = 0;
    for (let next = lineIndex + 1; next < lines.length && next <= lineIndex + 4 && seen < 2; next += 1) {
      if (cells.count(next) === 0) continue;
      // The cells as split for the first line with that text: only the cell found is moved onto this line.
      const nextCells = cells.split(next);
      const shift = cells.shift(next);
      // A line holding only the separator or a currency marker (receipts transcribed
      // column by column: "TOTAL" / ":" / "55.10") stands between a label and its value.
      if (nextCells.length === 1 && markerLines.get(next)) continue;
      seen += 1;
      const cell = cellBelow(nextCells, key[0], key[1], lines[lineIndex]!.span.start, lines[next]!.span.start - shift);
      if (cell !== undefined) return { cell: shift === 0 ? cell : { start: cell.start + shift, end: cell.end + shift }, line: next };
    }
    return null;
  };
  // Cells are examined in order; cells looked at ahead of that (below a label, or next on
  // its line) are searched separately, so each search moves forward only.
  const inOrder = separatorSearches(text);
  const ahead = separatorSearches(text);
  const isLabelCell = (cell: LineCell): boolean => findLabelColon(text, cell, ahead) !== -1;
  // Whether a line's one cell is a bare label depends on its text alone: a text repeated on many lines is judged once.
  const bareLabelLines = lineAnswers(same, (line) => isBareLabel(text, cells.of(line)[0]!));
  // Label and value blocks are paired first; their lines are neither labels nor values of anything else.
  const blockPairCount = blockPairs(text, layer, cells, same, pairs, inBlocks);
  if (blockPairCount > 0) valueLines.set(inBlocks);

  // Lines that print a pair separator, asked once per distinct text (none asked when the text prints none).
  const partedLines = mayPartPairs(text) ? lineAnswers(same, (line) => mayPartPairs(lines[line]!.text)) : null;
  // What a line's text alone says (its pairs, its labels waiting for a value below) is worked
  // out once per distinct text; only what depends on the lines around it is asked per line.
  const plans = new Array<LinePlan | undefined>(lines.length);
  const planOf = (lineIndex: number): LinePlan => {
    const first = same[lineIndex]!;
    let plan = plans[first];
    if (plan === undefined) {
      // "Date : 20260815 · Échéance : 20260914": pairs parted by a separator are cells of their own.
      const lineCells = partedLines?.get(first) === true ? cutAtPairSeparators(text, cells.of(first), isLabelCell) : cells.of(first);
      plan = planLine(text, lines[first]!.span.start, lineCells, inOrder, isLabelCell, () => bareLabelLines.get(first));
      plans[first] = plan;
    }
    return plan;
  };
  const spacedPlans = new Array<SpacedPlan | undefined>(lines.length);
  const abovePlans = new Array<LabelAlone | null | undefined>(lines.length);
  for (let lineIndex = 0; lineIndex < lines.length; lineIndex += 1) {
    if (cells.count(lineIndex) === 0 || inBlocks[lineIndex] === 1) continue;
    const { steps, cellCount } = planOf(lineIndex);
    const lineStart = lines[lineIndex]!.span.start;
    let found = false;
    for (let stepIndex = 0; stepIndex < steps.length; stepIndex += 1) {
      const step = steps[stepIndex]!;
      if (step.kind === 'pair') {
        pairs.push(placePair(step.pair, lineStart, layer));
        found = true;
      } else if (step.kind === 'bare') {
        // A label alone on its line with an amount alone under it ("TOTAL AMT ROUNDED" /
        // "15.90"): receipts read by OCR print their totals column by column.
        if (valueLines[lineIndex] === 1) continue;
        const key: [number, number] = [lineStart + step.keyStart, lineStart + step.keyEnd];
        const below = valueBelow(lineIndex, [lineStart + step.cellStart, lineStart + step.cellEnd]);
        if (below !== null && cells.count(below.line) === 1 && AMOUNT_ALONE.test(text.slice(below.cell.start, below.cell.end))) {
          valueLines[below.line] = 1;
          pairs.push(pair(text, layer, key, [below.cell.start, below.cell.end], 'above'));
          found = true;
        }
      } else {
        // A row of labels ("Invoice Date:    Due Date:") above a row of values, or a label alone above its value.
        const key: [number, number] = [lineStart + step.keyStart, lineStart + step.keyEnd];
        const below = valueBelow(lineIndex, key);
        if (below === null || isLabelCell(below.cell) || !isValueShape(text, below.cell)) continue;
        const belowCount = cells.count(below.line);
        // A list under a heading ("Items:" above a table row) is not a value.
        if (belowCount > 1 && belowCount !== cellCount) continue;
        if (step.hasNextCell && belowCount !== cellCount) continue;
        valueLines[below.line] = 1;
        pairs.push(pair(text, layer, key, [below.cell.start, below.cell.end], 'above'));
        found = true;
      }
    }
    if (found) {
      labelledLines[lineIndex] = 1;
      continue;
    }
    const first = same[lineIndex]!;
    const spaced = (spacedPlans[first] ??= planSpacedPairs(text, lines[first]!.span.start, cells.of(first)));
    placeSpacedPairs(spaced, cells, lineIndex, lineStart, layer, pairs);
    if (valueLines[lineIndex] !== 1) {
      let aboveKey = abovePlans[first];
      if (aboveKey === undefined) {
        aboveKey = labelAlone(text, lines[first]!.span.start, cells.of(first));
        abovePlans[first] = aboveKey;
      }
      const valueLine = aboveKey === null ? -1 : abovePair(text, layer, cells, lineIndex, [lineStart + aboveKey.keyStart, lineStart + aboveKey.keyEnd], valueBelow, pairs, isLabelCell);
      if (valueLine !== -1) valueLines[valueLine] = 1;
    }
  }
  // Block pairs were found ahead of the lines around them: pairs go in the order of their keys.
  if (blockPairCount > 0) pairs.sort((left, right) => left.keySpan.start - right.keySpan.start);
  return { pairs: markSignatureBlocks(lines, markSummaryRegions(summaries, pairs), words), labelledLines };
}

/** The region a signature block's pairs are marked with. */
const SIGNATURE_REGION: KeyValuePair['region'] = 'signature';
/** The region a tax summary's pairs are marked with. */
const SUMMARY_REGION: KeyValuePair['region'] = 'summary';

/** Pairs of a signature block ("By: … / Name: … / Title: … / Date: …", keys of the structure words) marked `region: 'signature'`. */
function markSignatureBlocks(lines: readonly DocumentLine[], pairs: KeyValuePair[], words: StructureWords): KeyValuePair[] {
  const lineOf = (offset: number): number => {
    let low = 0;
    let high = lines.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (lines[middle]!.span.start <= offset) low = middle;
      else high = middle - 1;
    }
    return low;
  };
  // A document repeats its keys: each distinct key is cut down once.
  const keys = new Map<string, string>();
  const keyOf = (pair: KeyValuePair): string => {
    let key = keys.get(pair.key);
    if (key === undefined) {
      key = pair.key.trim().replace(/[\s:.]+$/, '').toLowerCase();
      keys.set(pair.key, key);
    }
    return key;
  };
  // Signature-like pairs by line; a block is a run of them (at most one line apart) that
  // holds an anchor ("By", "Its", "Signature") or a "Name" next to a "Title".
  const candidates: { index: number; line: number; key: string }[] = [];
  pairs.forEach((pair, index) => {
    if (pair.region !== undefined) return;
    const key = keyOf(pair);
    if (words.signatureKeys.has(key)) candidates.push({ index, line: lineOf(pair.keySpan.start), key });
  });
  const marked = new Set<number>();
  let run: typeof candidates = [];
  const close = () => {
    const anchored = run.some((entry) => words.signatureAnchors.has(entry.key)) || words.signatureKeySets.some((keys) => keys.every((key) => run.some((entry) => entry.key === key)));
    if (anchored && run.length >= 2) for (const entry of run) marked.add(entry.index);
    run = [];
  };
  for (const entry of candidates) {
    if (run.length > 0 && entry.line - run[run.length - 1]!.line > 2) close();
    run.push(entry);
  }
  close();
  if (marked.size === 0) return pairs;
  return pairs.map((pair, index) => (marked.has(index) ? { ...pair, region: SIGNATURE_REGION } : pair));
}

/** The first two words of a line: the first up to a space, the second a run of letters and digits. */
const FIRST_TWO_WORDS = /^\s*(\S+)\s+([\p{L}\p{N}_]+)/u;

/**
 * True when the line `text[start, end)` opens a tax summary block: a tax word, then a
 * summary word ("GST Summary", "VAT analysis"). Its first word is looked up before the
 * line is cut out and matched: almost no line starts with a tax word.
 */
function isSummaryHeading(text: string, start: number, end: number, words: StructureWords, longestTaxWord: number): boolean {
  let first = start;
  while (first < end && isWhitespaceCode(text.charCodeAt(first))) first += 1;
  let firstEnd = first;
  while (firstEnd < end && firstEnd - first <= longestTaxWord && !isWhitespaceCode(text.charCodeAt(firstEnd))) firstEnd += 1;
  if (firstEnd === first || firstEnd === end || firstEnd - first > longestTaxWord || !words.taxWords.has(text.slice(first, firstEnd).toLowerCase())) return false;
  const match = FIRST_TWO_WORDS.exec(text.slice(start, end));
  return match !== null && words.taxWords.has(match[1]!.toLowerCase()) && words.summaryWords.has(match[2]!.toLowerCase());
}
/** How many lines under its heading a summary block may reach. */
const SUMMARY_LINES = 15;

/** The `[start, end)` ranges of the layer under each tax summary heading (its next lines; `same` from `sameLines`). */
export function summaryRegions(text: string, lines: readonly DocumentLine[], words: StructureWords, same: Int32Array = sameLines(lines)): [number, number][] {
  const regions: [number, number][] = [];
  // A first word longer than every tax word is none (lower-casing never shortens a word): most lines are let go unsliced.
  let longestTaxWord = 0;
  for (const word of words.taxWords) longestTaxWord = Math.max(longestTaxWord, word.length);
  // A heading is one by its text alone: a repeated line is judged once.
  const headings = lineAnswers(same, (index) => isSummaryHeading(text, lines[index]!.span.start, lines[index]!.span.end, words, longestTaxWord));
  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index]!;
    if (!headings.get(index)) continue;
    const last = lines[Math.min(lines.length - 1, index + SUMMARY_LINES)]!;
    regions.push([line.span.end, last.span.end]);
  }
  return regions;
}

/** True when `offset` lies in one of the `regions`. */
export function inRegions(regions: readonly (readonly [number, number])[], offset: number): boolean {
  // An index loop without destructuring: asked for every pair and table row, and a destructured
  // pair allocates an iterator each time until the code is optimized.
  for (let index = 0; index < regions.length; index += 1) {
    const region = regions[index]!;
    if (offset >= region[0] && offset <= region[1]) return true;
  }
  return false;
}

/** The pairs, those inside a tax summary block (`regions`, from `summaryRegions`) marked `region: 'summary'`. */
function markSummaryRegions(regions: readonly (readonly [number, number])[], pairs: KeyValuePair[]): KeyValuePair[] {
  if (regions.length === 0) return pairs;
  return pairs.map((pair) => (inRegions(regions, pair.keySpan.start) ? { ...pair, region: SUMMARY_REGION } : pair));
}

/**
 * What may stand apart between a label and its amount: a currency code or symbol printed
 * in its own column ("TOTAL   RM   33.92", "Amount   $   12.00") or a separator set off by
 * spaces ("CASH   :   50.00", as scans and column layouts often place them).
 */
const CURRENCY_CELL = /^(?:[A-Z]{1,3}|Rp|[A-Z]{0,2}[$€£¥₹₩₱฿])\.?$/;
const SEPARATOR_CELL = /^[:;=*]$/;
/** How an amount's cell starts: a digit, after a sign or an opening bracket. */
const AMOUNT_START = /^[-+(]?\d/;

/** True when `currency` is a cell holding only a currency and `amount` a cell starting with a number. */
function currencyBeforeAmount(text: string, currency: LineCell, amount: LineCell): boolean {
  return CURRENCY_CELL.test(text.slice(currency.start, currency.end)) && AMOUNT_START.test(text.slice(amount.start, amount.end));
}

/**
 * A line's cells read as label / value alternation where the split missed it: an amount's
 * currency joined to it (`RM` + `33.92` → `RM 33.92`), a separator standing alone dropped,
 * a first cell "label 1" split before its number; otherwise the cells as split.
 */
function joinAmountCells(text: string, lineCells: readonly LineCell[]): readonly LineCell[] {
  if (lineCells.length !== 3) return lineCells;
  const [key, middle, value] = lineCells as [LineCell, LineCell, LineCell];
  // "Item Count 1      Change Amt      44.10": a label and its number one space apart, then a pair.
  const leading = /^(\p{L}[^\d]*?) (\d[\d.,]*)$/u.exec(text.slice(key.start, key.end));
  if (leading !== null && !hasDigit(text, middle.start, middle.end) && hasDigit(text, value.start, value.end)) {
    const split = key.start + leading[1]!.length;
    return [{ start: key.start, end: split }, { start: split + 1, end: key.end }, middle, value];
  }
  if (hasDigit(text, key.start, key.end) || !AMOUNT_START.test(text.slice(value.start, value.end))) return lineCells;
  const between = text.slice(middle.start, middle.end);
  if (SEPARATOR_CELL.test(between)) return [key, value];
  if (currencyBeforeAmount(text, middle, value)) return [key, { start: middle.start, end: value.end }];
  return lineCells;
}

/**
 * What a line's text says about `Label    value` pairs: cells that each hold a label and a
 * number (`selfLabelledCells`), two cells (kept when the gap is wide or the line sits in a
 * block of such lines, `placeSpacedPairs`), or an even number alternating label /
 * value-with-digits. Offsets from the line's start.
 */
type SpacedPlan =
  | { readonly kind: 'none' }
  | { readonly kind: 'two'; readonly pair: LinePair; readonly gapIsWide: boolean; readonly valueHasDigit: boolean }
  | { readonly kind: 'alternating'; readonly pairs: readonly LinePair[] };

const NO_SPACED_PAIRS: SpacedPlan = { kind: 'none' };

/** The `SpacedPlan` of a line starting at `lineStart` with cells `cells`. */
function planSpacedPairs(text: string, lineStart: number, cells: readonly LineCell[]): SpacedPlan {
  const selfLabelled = selfLabelledCells(text, cells);
  if (selfLabelled !== null) return { kind: 'alternating', pairs: selfLabelled.map(({ key, value }) => linePair(text, lineStart, key, value, 'spaced')) };
  const lineCells = joinAmountCells(text, cells);
  if (lineCells.length < 2 || lineCells.length % 2 !== 0) return NO_SPACED_PAIRS;
  if (lineCells.length === 2) {
    const [keyCell, valueCell] = lineCells as [LineCell, LineCell];
    const key = keyBounds(text, keyCell.start, keyCell.end);
    if (key === null || isCodeToken(text, key[0], key[1])) return NO_SPACED_PAIRS;
    const valueHasDigit = hasDigit(text, valueCell.start, valueCell.end);
    // Prose with a double space after a full stop is not a pair.
    if (text[keyCell.end - 1] === '.' && !valueHasDigit) return NO_SPACED_PAIRS;
    const gapIsWide = valueCell.start - keyCell.end >= 3 || text.slice(keyCell.end, valueCell.start).includes('\t');
    return { kind: 'two', pair: linePair(text, lineStart, key, [valueCell.start, valueCell.end], 'spaced'), gapIsWide, valueHasDigit };
  }
  for (let index = 0; index < lineCells.length; index += 2) {
    const keyCell = lineCells[index]!;
    const valueCell = lineCells[index + 1]!;
    if (hasDigit(text, keyCell.start, keyCell.end) || !hasDigit(text, valueCell.start, valueCell.end)) return NO_SPACED_PAIRS;
    if (keyBounds(text, keyCell.start, keyCell.end) === null) return NO_SPACED_PAIRS;
  }
  const pairs: LinePair[] = [];
  for (let index = 0; index < lineCells.length; index += 2) {
    const keyCell = lineCells[index]!;
    const valueCell = lineCells[index + 1]!;
    pairs.push(linePair(text, lineStart, keyBounds(text, keyCell.start, keyCell.end)!, [valueCell.start, valueCell.end], 'spaced'));
  }
  return { kind: 'alternating', pairs };
}

/** `Label    value` pairs of line `lineIndex` (starting at `lineStart`) by its `SpacedPlan`. */
function placeSpacedPairs(plan: SpacedPlan, cells: LinesCells, lineIndex: number, lineStart: number, layer: string, pairs: KeyValuePair[]): void {
  if (plan.kind === 'alternating') {
    for (const linePairFound of plan.pairs) pairs.push(placePair(linePairFound, lineStart, layer));
    return;
  }
  if (plan.kind !== 'two') return;
  const inBlock = cells.count(lineIndex - 1) >= 2 || cells.count(lineIndex + 1) >= 2;
  if (!plan.gapIsWide && !inBlock) return;
  // A lone line of two spaced phrases ("ACME CORP      INVOICE") is a layout, not a pair.
  if (!inBlock && !plan.valueHasDigit) return;
  pairs.push(placePair(plan.pair, lineStart, layer));
}

/** A key in offsets from its line's start. */
interface LabelAlone {
  readonly keyStart: number;
  readonly keyEnd: number;
}

/**
 * The key of a line that may be a label alone (no colon, no digits, ≤ 5 words) above its
 * value, in offsets from the line's start; null when the text cannot be one.
 */
function labelAlone(text: string, lineStart: number, lineCells: readonly LineCell[]): LabelAlone | null {
  if (lineCells.length !== 1) return null;
  const cell = lineCells[0]!;
  if (cell.end - cell.start > 40 || hasDigit(text, cell.start, cell.end)) return null;
  const key = keyBounds(text, cell.start, cell.end);
  if (key === null || text.slice(key[0], key[1]).split(' ').length > 5 || /[.!?,;]$/.test(text[key[1] - 1]!)) return null;
  // A lone currency marker between a label and its value is not a label itself.
  if (SEPARATOR_LINE.test(text.slice(key[0], key[1]))) return null;
  return { keyStart: key[0] - lineStart, keyEnd: key[1] - lineStart };
}

/** A label alone on its line (`key`, from `labelAlone`) above a short value with digits; returns the value's line or -1. */
function abovePair(
  text: string,
  layer: string,
  cells: LinesCells,
  lineIndex: number,
  key: readonly [number, number],
  valueBelow: (lineIndex: number, key: readonly [number, number]) => { cell: LineCell; line: number } | null,
  pairs: KeyValuePair[],
  isLabelCell: (cell: LineCell) => boolean,
): number {
  const below = valueBelow(lineIndex, key);
  if (below === null || cells.count(below.line) !== 1) return -1;
  const valueCell = below.cell;
  if (valueCell.end - valueCell.start > 60 || !hasDigit(text, valueCell.start, valueCell.end) || isLabelCell(valueCell)) return -1;
  // A value below a bare label is a number, date, amount or code, not a phrase that starts with a word.
  if (!isValueShape(text, valueCell)) return -1;
  // A value under a bare label is a number, date, amount or code: at most one plain word
  // ("15 Jan 2026", "€ 1.250,00 EUR"), not a phrase ("123 Industrial Way").
  const words = text.slice(valueCell.start, valueCell.end).split(' ');
  if (words.filter((word) => /^\p{L}{2,}$/u.test(word)).length > 1) return -1;
  pairs.push(pair(text, layer, key, [valueCell.start, valueCell.end], 'above'));
  return below.line;
}
