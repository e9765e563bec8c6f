/**
 * Layout from boxes: positioned pieces of text (OCR words with their boxes, pdf.js text
 * runs) laid out as lines of plain text, whatever order the reader reported them in.
 * Pieces are grouped into visual lines by vertical overlap and ordered left to right;
 * each line is placed on a character grid (the page's typical glyph width), like
 * `pdftotext -layout`: a small gap becomes one space (none inside a number split at its
 * decimal point, "50." "00"), a wide gap (over `wideGap` glyphs: 1.5 by default, 2 for
 * OCR words, whose spaces are wider) pads to the piece's grid
 * column with at least two spaces. So a label and its amount printed on the same row
 * share a line even when far apart, and table columns stay aligned for the text-table
 * detector. The offsets of every piece in the laid-out text are returned, so a reader can
 * map a span of the text back to the boxes it came from.
 */

/** A piece of text with its box, in page units with y growing downwards. */
export interface PositionedText {
  readonly text: string;
  readonly left: number;
  readonly top: number;
  readonly width: number;
  readonly height: number;
}

/** The laid-out text of one page and where each piece landed in it. */
export interface LaidOutPage {
  /** Lines joined by `\n` (trailing spaces trimmed). */
  readonly text: string;
  /** Per input piece (same index): its `[start, end)` in `text`, or null for a blank piece. */
  readonly offsets: readonly ({ readonly start: number; readonly end: number } | null)[];
  readonly lineCount: number;
}

/** A gap wider than this many glyphs separates cells (pdf.js runs: a space is narrower). */
export const WIDE_GAP_GLYPHS = 1.5;
/**
 * The same for OCR words: Tesseract's tight word boxes leave an ordinary space at 0.5–1.75
 * glyphs (measured on the sroie-dev scans: the gaps fall off at 1.75 and are fewest at 2).
 */
export const OCR_WIDE_GAP_GLYPHS = 2;

/** Share of the smaller height two pieces must overlap vertically to be on one line. */
const LINE_OVERLAP = 0.55;

function median(values: readonly number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((left, right) => left - right);
  return sorted[Math.floor(sorted.length / 2)]!;
}

function verticalOverlap(left: PositionedText, right: PositionedText): number {
  return Math.min(left.top + left.height, right.top + right.height) - Math.max(left.top, right.top);
}

/**
 * How pieces join a line: `overlap` (OCR words: boxes overlapping vertically by more than
 * half the smaller height) or `baseline` (text runs whose box bottom is their baseline, as
 * pdf.js reports them: baselines within 0.45 of the smaller glyph height, at least 1.5
 * units — a small and a large font on one baseline share the line).
 */
export type LineRule = 'overlap' | 'baseline';

function sameLine(piece: PositionedText, anchor: PositionedText, rule: LineRule): boolean {
  if (rule === 'baseline') return Math.abs(piece.top + piece.height - (anchor.top + anchor.height)) <= Math.max(1.5, 0.45 * Math.min(piece.height || 10, anchor.height || 10));
  return verticalOverlap(piece, anchor) >= Math.max(0.5, LINE_OVERLAP * Math.min(piece.height || 1, anchor.height || 1));
}

/** Visual lines (indexes into `pieces`), top to bottom, each left to right. */
export function groupLines(pieces: readonly PositionedText[], indexes: readonly number[], rule: LineRule = 'overlap'): number[][] {
  const key = rule === 'baseline' ? (index: number) => pieces[index]!.top + pieces[index]!.height : (index: number) => pieces[index]!.top + pieces[index]!.height / 2;
  const sorted = [...indexes].sort((left, right) => key(left) - key(right) || pieces[left]!.left - pieces[right]!.left || left - right);
  const lines: number[][] = [];
  let current: number[] = [];
  for (const index of sorted) {
    const piece = pieces[index]!;
    const anchor = current.length > 0 ? pieces[current[0]!]! : null;
    if (anchor !== null && sameLine(piece, anchor, rule)) {
      current.push(index);
    } else {
      if (current.length > 0) lines.push(current);
      current = [index];
    }
  }
  if (current.length > 0) lines.push(current);
  for (const line of lines) line.sort((left, right) => pieces[left]!.left - pieces[right]!.left || left - right);
  return lines;
}

/**
 * The slope (dy/dx) of the text rows of a page photographed or scanned askew, from rows
 * a reader already knows (Tesseract's own lines: `rows` holds each piece's row id, or
 * undefined): the median over rows of at least two pieces of the slope from the first
 * piece's centre to the last's. 0 when no row says.
 */
export function estimateSlope(pieces: readonly PositionedText[], rows: readonly (number | undefined)[]): number {
  const byRow = new Map<number, number[]>();
  rows.forEach((row, index) => {
    if (row === undefined || pieces[index] === undefined) return;
    const members = byRow.get(row);
    if (members === undefined) byRow.set(row, [index]);
    else members.push(index);
  });
  const slopes: number[] = [];
  for (const members of byRow.values()) {
    if (members.length < 2) continue;
    const sorted = members.sort((left, right) => pieces[left]!.left - pieces[right]!.left);
    const first = pieces[sorted[0]!]!;
    const last = pieces[sorted[sorted.length - 1]!]!;
    const dx = last.left + last.width / 2 - (first.left + first.width / 2);
    if (dx <= 0) continue;
    slopes.push((last.top + last.height / 2 - (first.top + first.height / 2)) / dx);
  }
  if (slopes.length === 0) return 0;
  const slope = median(slopes);
  // Beyond ~15° the rows are not read as rows anyway; keep the layout as printed.
  return Math.abs(slope) > 0.27 ? 0 : slope;
}

/**
 * The pieces with the page's skew taken out (each moved up or down by `slope` times its
 * centre's x), for grouping askew rows into lines; boxes for evidence stay as read.
 */
export function deskewPieces(pieces: readonly PositionedText[], slope: number): PositionedText[] {
  if (slope === 0) return [...pieces];
  return pieces.map((piece) => ({ ...piece, top: piece.top - (piece.left + piece.width / 2) * slope }));
}

/**
 * True when the piece `next` is the cents of the amount the piece `previous` ends with its
 * point ("50." then "00", "RM12." then "90"): a reader that split one number at its decimal
 * point, joined back without a space.
 */
function splitDecimal(previous: string, next: string): boolean {
  return /^\D{0,3}\d{1,4}[.,]$/.test(previous) && /^\d{2}$/.test(next);
}

/**
 * Lays out one page's pieces as lines of text, recording each piece's offsets.
 *
 * @example
 * layoutPieces([{ text: 'Total', left: 10, top: 50, width: 50, height: 12 },
 *               { text: '9.00', left: 400, top: 52, width: 40, height: 12 }]).text
 * // 'Total' + ' '.repeat(n) + '9.00' — one line
 */
export function layoutPieces(pieces: readonly PositionedText[], rule: LineRule = 'overlap', wideGap: number = WIDE_GAP_GLYPHS): LaidOutPage {
  const offsets: ({ start: number; end: number } | null)[] = pieces.map(() => null);
  const visible: number[] = [];
  pieces.forEach((piece, index) => {
    if (piece.text.trim().length > 0) visible.push(index);
  });
  if (visible.length === 0) return { text: '', offsets, lineCount: 0 };
  const glyphWidth = Math.max(1e-6, median(visible.map((index) => pieces[index]!.width / Math.max(1, pieces[index]!.text.length))));
  const minimumLeft = Math.min(...visible.map((index) => pieces[index]!.left));
  const lines = groupLines(pieces, visible, rule);
  let text = '';
  lines.forEach((line, lineNumber) => {
    if (lineNumber > 0) text += '\n';
    const lineStart = text.length;
    let previousEnd = Number.NaN;
    let previousValue = '';
    for (const index of line) {
      const piece = pieces[index]!;
      const value = piece.text.replace(/[\r\n]+/g, ' ');
      const lineLength = text.length - lineStart;
      let padding = '';
      if (lineLength === 0) {
        padding = ' '.repeat(Math.max(0, Math.round((piece.left - minimumLeft) / glyphWidth)));
      } else {
        const gap = piece.left - previousEnd;
        const ownGlyph = Math.max(1e-6, piece.width / Math.max(1, value.length));
        if (gap > wideGap * Math.max(ownGlyph, glyphWidth)) {
          const column = Math.round((piece.left - minimumLeft) / glyphWidth);
          padding = ' '.repeat(Math.max(2, column - lineLength));
        } else if (gap > 0.15 * ownGlyph && !text.endsWith(' ') && !value.startsWith(' ') && !splitDecimal(previousValue, value)) {
          padding = ' ';
        }
      }
      text += padding;
      offsets[index] = { start: text.length, end: text.length + value.length };
      text += value;
      previousValue = value;
      previousEnd = Math.max(Number.isNaN(previousEnd) ? -Infinity : previousEnd, piece.left + piece.width);
    }
    text = text.trimEnd();
    // A piece that ended in spaces lost them with the line's trailing space.
    for (const index of line) {
      const placed = offsets[index];
      if (placed !== null && placed !== undefined && placed.end > text.length) offsets[index] = { start: Math.min(placed.start, text.length), end: text.length };
    }
  });
  return { text, offsets, lineCount: lines.length };
}
