/**
 * Splitting one line into cells: runs of two or more spaces, tabs and `|` pipes separate
 * cells; each cell is trimmed. Used for aligned text tables and `Label    value` pairs.
 */

/** A cell of a line: absolute offsets in the layer, trimmed, never empty. */
export interface LineCell {
  readonly start: number;
  readonly end: number;
}

function isSpace(code: number): boolean {
  return code === 0x20 || code === 0xa0 || code === 0x3000 || code === 0x2007 || code === 0x202f;
}

/**
 * The cells of `text[start, end)`. `separators` tells whether a tab, pipe or a run of 2+
 * spaces occurred between two cells (a single cell has none).
 */
export function splitCells(text: string, start: number, end: number): LineCell[] {
  const cells: LineCell[] = [];
  let cellStart = -1;
  let lastNonSpace = -1;
  let index = start;
  while (index < end) {
    const code = text.charCodeAt(index);
    // Fast path: printable ASCII other than `|` is cell text.
    if (code > 0x20 && code < 0x7f && code !== 0x7c) {
      if (cellStart === -1) cellStart = index;
      lastNonSpace = index;
      index += 1;
      continue;
    }
    let separatorEnd = -1;
    if (code === 0x09 || code === 0x7c) {
      separatorEnd = index + 1;
    } else if (isSpace(code) && index + 1 < end && (isSpace(text.charCodeAt(index + 1)) || text.charCodeAt(index + 1) === 0x09)) {
      separatorEnd = index + 2;
    }
    if (separatorEnd !== -1) {
      if (cellStart !== -1) cells.push({ start: cellStart, end: lastNonSpace + 1 });
      cellStart = -1;
      index = separatorEnd;
      continue;
    }
    if (!isSpace(code) && code !== 0x0d && code !== 0x0c && code !== 0x0b) {
      if (cellStart === -1) cellStart = index;
      lastNonSpace = index;
    }
    index += 1;
  }
  if (cellStart !== -1) cells.push({ start: cellStart, end: lastNonSpace + 1 });
  return cells;
}

/** True when the line is a rule: only `-`, `=`, `_`, `+`, `|`, `*`, `~`, `:` and spaces (at least 3 rule characters). */
export function isRuleLine(text: string, start: number, end: number): boolean {
  let ruleCharacters = 0;
  for (let index = start; index < end; index += 1) {
    const code = text.charCodeAt(index);
    if (code === 0x2d || code === 0x3d || code === 0x5f || code === 0x2b || code === 0x7c || code === 0x2a || code === 0x7e || code === 0x3a) {
      ruleCharacters += 1;
    } else if (!(isSpace(code) || code === 0x09 || code === 0x0d)) {
      return false;
    }
  }
  return ruleCharacters >= 3;
}
